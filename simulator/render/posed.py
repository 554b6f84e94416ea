"""Bodies moved by the GPU: each body's mesh is written once with a slot number, and a
frame writes only a table of poses (x, y, cos, sin a slot) that the shader reads.

With pyglet's shape shader every vertex carries its body's translation and rotation, so
a frame rewrote and uploaded three floats a vertex (about 20 000 with 60 wooden pieces
and their shadows) and paid a Python call per body; here a frame writes four floats a
body and uploads the table once a group. A drop shadow shares its body's slot and is
shifted by a uniform, so it costs nothing a frame.
"""

from __future__ import annotations

import math
from typing import Any

import pyglet
from pyglet import gl

from simulator.render.film import Pose3
from simulator.render.mesh import Mesh

MOST_SLOTS = 1024  # bodies, shadows share theirs, hands and arms: far more than a table holds
_RESERVED = 128  # uniform components kept for the window block and the shift

_VERTEX = """#version 150 core
in vec2 position;
in vec4 colors;
in float slot;
out vec4 vertex_colors;

uniform WindowBlock
{
    mat4 projection;
    mat4 view;
} window;

uniform vec4 poses[SLOTS];  // x, y, cos(angle), sin(angle)
uniform vec2 shift;  // a drop shadow's offset in the world (cm)

void main()
{
    vec4 pose = poses[int(slot + 0.5)];
    vec2 turned = vec2(pose.z * position.x - pose.w * position.y,
                       pose.w * position.x + pose.z * position.y);
    gl_Position = window.projection * window.view * vec4(turned + pose.xy + shift, 0.0, 1.0);
    vertex_colors = colors;
}
"""

_FRAGMENT = """#version 150 core
in vec4 vertex_colors;
out vec4 final_color;

void main()
{
    final_color = vertex_colors;
    if (final_color.a < 0.01) {
        discard;
    }
}
"""


def slots_available() -> int:
    """How many poses the vertex shader can hold on this GL (at least 240 on GL 3.3)."""
    found = gl.GLint()
    gl.glGetIntegerv(gl.GL_MAX_VERTEX_UNIFORM_COMPONENTS, found)
    return max(16, min(MOST_SLOTS, (found.value - _RESERVED) // 4))


def posed_program() -> Any:
    """The posed-mesh shader of the current context (pyglet caches it by its source)."""
    source = _VERTEX.replace("SLOTS", str(slots_available()))
    context = pyglet.gl.current_context
    assert context is not None, "a GL context is needed to draw"
    return context.create_program((source, "vertex"), (_FRAGMENT, "fragment"))


class PoseTable:
    """The poses one scene's bodies are drawn at, one slot each; slot 0 is the origin
    (the statics and the overlays that never move)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._data = (gl.GLfloat * (4 * size))()
        self._data[0:4] = [0.0, 0.0, 1.0, 0.0]
        self.poses: dict[int, Pose3] = {0: (0.0, 0.0, 0.0)}
        self._free = list(range(size - 1, 0, -1))  # handed out lowest first
        self._used = 1  # slots below this are uploaded

    def take(self, pose: Pose3) -> int:
        if not self._free:
            raise RuntimeError(f"the scene draws more than {self.size - 1} moving things at once")
        slot = self._free.pop()
        self._used = max(self._used, slot + 1)
        self.put(slot, pose)
        return slot

    def give_back(self, slot: int) -> None:
        if slot and self.poses.pop(slot, None) is not None:
            self._free.append(slot)
            self._free.sort(reverse=True)

    def put(self, slot: int, pose: Pose3) -> None:
        x, y, angle = pose
        self._data[4 * slot : 4 * slot + 4] = [x, y, math.cos(angle), math.sin(angle)]
        self.poses[slot] = pose

    def upload(self, location: int) -> None:
        gl.glUniform4fv(location, self._used, self._data)


class BlendedGroup(pyglet.graphics.Group):
    """A shader program with alpha blending, at a draw order (the world's groups)."""

    program: Any

    def set_state(self) -> None:
        self.program.bind()
        gl.glEnable(gl.GL_BLEND)
        gl.glBlendFunc(gl.GL_SRC_ALPHA, gl.GL_ONE_MINUS_SRC_ALPHA)

    def unset_state(self) -> None:
        gl.glDisable(gl.GL_BLEND)
        self.program.unbind()


class PosedGroup(BlendedGroup):
    """The posed shader with alpha blending at a draw order, reading ``table``;
    ``shift`` moves every vertex of the group (a drop shadow)."""

    def __init__(
        self,
        order: int,
        table: PoseTable,
        program: Any,
        parent: pyglet.graphics.Group | None = None,
        shift: tuple[float, float] = (0.0, 0.0),
    ) -> None:
        super().__init__(order=order, parent=parent)
        self.program = program
        self.table = table
        self.shift = shift
        self._poses = gl.glGetUniformLocation(program.id, b"poses[0]")
        self._shift = gl.glGetUniformLocation(program.id, b"shift")

    def set_state(self) -> None:
        super().set_state()  # the program is bound before its uniforms are set
        self.table.upload(self._poses)
        gl.glUniform2f(self._shift, *self.shift)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, PosedGroup)
            and self.order == other.order
            and self.parent == other.parent
            and self.table is other.table
            and self.shift == other.shift
        )

    def __hash__(self) -> int:
        return hash((self.order, self.parent, id(self.table), self.shift))


def posed_list(mesh: Mesh, batch: pyglet.graphics.Batch, group: PosedGroup, slot: int) -> Any:
    """A vertex list for ``mesh`` drawn at ``slot``'s pose: written once, never again."""
    n = mesh.count
    return group.program.vertex_list(
        n,
        gl.GL_TRIANGLES,
        batch=batch,
        group=group,
        position=("f", mesh.positions),
        colors=("Bn", mesh.colours),
        slot=("f", (float(slot),) * n),
    )
