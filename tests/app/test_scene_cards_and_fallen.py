"""Crazy Tower's table reads (issue 43): a floor card is drawn over the tops of the blocks
it lies on, so its boxes show whole; and a body that left the world (a piece the rules
took away as fallen) stays drawn where it was until the turn is over."""

from __future__ import annotations

from PIL import Image

from simulator.games.crazy_tower.bodies import add_block, add_card, build_table
from simulator.physics.profile import load_profile
from simulator.physics.world import Pose, World
from simulator.render.camera import Camera
from simulator.render.offscreen import Surface
from simulator.render.palette import BACKGROUND, BOX_TONES, colour
from simulator.render.scene import WorldScene
from tests.app.test_hand_view import _near

SIZE = (800, 600)
REGION = (-16.0, -1.0, 32.0, 24.0)


def _world() -> World:
    world = World(load_profile())
    build_table(world)
    return world


def _draw(surface: Surface, scene: WorldScene) -> Image.Image:
    surface.begin(BACKGROUND)
    surface.window.view = Camera(REGION, (0, 0, *SIZE)).matrix()
    scene.batch.draw()
    data = surface.rgba()
    surface.end()
    return Image.frombytes("RGBA", SIZE, data).transpose(Image.FLIP_TOP_BOTTOM).convert("RGB")


def _at(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    px, py = Camera(REGION, (0, 0, *SIZE)).to_screen(x, y)
    return image.getpixel((round(px), SIZE[1] - 1 - round(py)))


def test_a_floor_card_is_drawn_over_the_blocks_it_lies_on():
    world = _world()
    block = add_block(world, "blue-1a", Pose(-6.5, 1.3, 0.0))  # a cube on the ground card
    under = max(s.bb.top for s in block.shapes)
    card = add_card(world, "fc-03", Pose(0.0, under + 0.15, 0.0))  # its first box is red
    top = max(s.bb.top for s in card.shapes)
    surface = Surface(*SIZE)
    try:
        scene = WorldScene(world)
        image = _draw(surface, scene)
        scene.delete()
    finally:
        surface.close()
    # half a centimetre under the card's top face, over the cube: the card's first box,
    # drawn thick, as beside the cube; lower down, the cube
    box = BOX_TONES["red"][0]
    assert _near(_at(image, -9.0, top - 0.5), box)
    assert _near(_at(image, -6.5, top - 0.5), box), _at(image, -6.5, top - 0.5)
    assert _near(_at(image, -6.5, top - 1.6), colour("blue").rgb)


def test_a_body_gone_from_the_world_is_drawn_until_forgotten():
    world = _world()
    add_block(world, "red-1a", Pose(8.0, 1.3, 0.0))
    surface = Surface(*SIZE)
    try:
        scene = WorldScene(world, keep_gone=True)
        world.remove("red-1a")  # fallen: the rules took it away
        scene.sync()
        assert scene.gone == ["red-1a"]
        assert _near(_at(_draw(surface, scene), 7.3, 0.6), colour("red").rgb)
        scene.forget_gone()  # the turn is over
        assert scene.gone == [] and _at(_draw(surface, scene), 7.3, 0.6) == BACKGROUND
        scene.delete()
        plain = WorldScene(world)  # a replay's picture keeps nothing
        add_block(world, "red-1b", Pose(8.0, 1.3, 0.0))
        plain.sync()
        world.remove("red-1b")
        plain.sync()
        assert plain.gone == [] and _at(_draw(surface, plain), 7.3, 0.6) == BACKGROUND
        plain.delete()
    finally:
        surface.close()
