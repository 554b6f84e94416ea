"""One builder and one load path for every game kind (simulator.games.saves, record):
recordings and saves replay to the hash they record, a save loads back to the same game,
seats and hand, and an edited or damaged save is refused in one line naming the file."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from simulator.cli import main
from simulator.games import saves
from simulator.games.match import Match, PhysicalMatch
from simulator.games.record import scenario_text
from simulator.games.registry import GAMES
from simulator.scenario.errors import ScenarioError

SEED = 3


def _run(argv: list[str]) -> tuple[int, dict[str, Any]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    return code, json.loads(out.getvalue())


@dataclass(frozen=True)
class Recorded:
    kind: str
    path: Path  # the recording of a whole headless game
    report: dict[str, Any]  # what `play --json` printed
    halfway: Match  # the game loaded and taken back to half its actions: a game in play


@pytest.fixture(scope="module", params=GAMES.kinds())
def recorded(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Recorded:
    kind = request.param
    path = tmp_path_factory.mktemp(kind) / "game.toml"
    code, report = _run(
        ["play", kind, "--headless", "--json", "--seed", str(SEED), "--record", str(path)]
    )
    assert code == 0
    halfway = saves.load_saved(path).match
    halfway.truncate(halfway.action_count // 2)
    return Recorded(kind, path, report, halfway)


def _one_line_refusal(path: Path, *fragments: str) -> None:
    with pytest.raises(ScenarioError) as error:
        saves.load_saved(path)
    message = str(error.value)
    assert "\n" not in message and message.startswith(f"{path}:")
    for fragment in fragments:
        assert fragment in message


def test_a_recording_replays_and_loads_to_the_hash_it_records(recorded: Recorded) -> None:
    kind, path, report = recorded.kind, recorded.path, recorded.report
    text = path.read_text(encoding="utf-8")
    assert f'kind = "{kind}"' in text and report["state_hash"] in text
    code, replayed = _run(["replay", "--json", str(path)])
    assert code == 0 and replayed["ok"] and replayed["expect"]["checked"]
    assert replayed["state_hash"] == report["state_hash"]
    loaded = saves.load_saved(path, kind)
    assert loaded.match.kind == kind and loaded.seed == SEED
    assert loaded.match.state_hash() == report["state_hash"]
    # a played game's seats are all computers, and the recording says which levels
    players = loaded.match.summary()["players"]
    assert loaded.computers == dict.fromkeys(players, "random") and loaded.hand is None


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_save_loads_back_to_the_same_state_seats_and_hand(
    recorded: Recorded, tmp_path: Path, suffix: str
) -> None:
    kind, match = recorded.kind, recorded.halfway
    players = match.summary()["players"]
    computers = {players[-1]: "easy"}
    hand = "clumsy" if isinstance(match, PhysicalMatch) else None
    save = tmp_path / f"save{suffix}"
    saves.save(save, match, name="a game in play", computers=computers, hand=hand)
    again = saves.load_saved(save, kind)
    assert again.match.state_hash() == match.state_hash()
    assert again.match.actions == match.actions
    assert (again.seed, again.computers, again.hand) == (SEED, computers, hand)
    code, replayed = _run(["replay", "--json", str(save)])
    assert code == 0 and replayed["ok"] and replayed["state_hash"] == match.state_hash()
    assert [p.name for p in tmp_path.iterdir()] == [save.name]  # no temporary file left


def test_a_hand_is_recorded_only_for_a_physical_game(recorded: Recorded) -> None:
    match = recorded.halfway
    if isinstance(match, PhysicalMatch):
        setup = saves.document(match, name="g", hand="shaky")["setup"]
        assert setup["hand"] == "shaky"
    else:
        with pytest.raises(ValueError, match="no hand"):
            saves.document(match, name="g", hand="shaky")


def test_a_save_with_another_state_hash_is_refused_in_one_line(
    recorded: Recorded, tmp_path: Path
) -> None:
    tampered = tmp_path / "tampered.toml"
    text = recorded.path.read_text(encoding="utf-8")
    tampered.write_text(text.replace(recorded.report["state_hash"], "0" * 64), encoding="utf-8")
    _one_line_refusal(tampered, "do not lead to the state_hash it records")


def test_an_edited_action_is_refused_naming_the_action(recorded: Recorded, tmp_path: Path) -> None:
    """The first action given to another player: the rules refuse it, so the file no
    longer reaches its state, and the message says where it went wrong."""
    document = saves.document(recorded.halfway, name="edited")
    players = document["setup"]["players"]
    names = [p if isinstance(p, str) else p["name"] for p in players]
    first = document["action"][0]
    first["player"] = next(n for n in names if n != first["player"])
    edited = tmp_path / "edited.toml"
    edited.write_text(scenario_text(document, edited), encoding="utf-8")
    _one_line_refusal(edited, "do not lead to the state_hash", "action #1 is refused by the rules")


def test_a_save_of_another_kind_or_no_game_is_refused(recorded: Recorded) -> None:
    kind, path = recorded.kind, recorded.path
    other = next(k for k in GAMES.kinds() if k != kind)
    with pytest.raises(ScenarioError, match=f"a {kind} scenario is not a .* game"):
        saves.load_saved(path, other)
    sandbox = Path("scenarios/sandbox").glob("*.toml")
    _one_line_refusal(next(iter(sorted(sandbox))), "a sandbox scenario is not a game to play on")


def test_a_damaged_file_is_refused_in_one_line(tmp_path: Path) -> None:
    for text in ("", 'format = "towersim/1"\nkind = "lots"\n[setup\n', "\x00"):
        damaged = tmp_path / "damaged.toml"
        damaged.write_text(text, encoding="utf-8")
        _one_line_refusal(damaged)
    _one_line_refusal(tmp_path / "missing.toml", "no such file")


@pytest.mark.parametrize("keep", [0.25, 0.5, 0.75, 0.95])
def test_a_save_cut_short_is_refused_not_taken_for_an_earlier_game(
    recorded: Recorded, tmp_path: Path, keep: float
) -> None:
    """A save that lost its end (a full disk, a copy cut short) no longer parses as the
    game it held a few moves earlier: its state hash comes before its actions."""
    save = tmp_path / "save.toml"
    saves.save(save, recorded.halfway, name="a game in play")
    text = save.read_text(encoding="utf-8")
    if "[[action]]" in text:  # actions too long to inline come last, after [expect]
        assert text.index("[expect]") < text.index("[[action]]")
    cut = text[: int(len(text) * keep)]
    save.write_text(cut[: cut.rfind("\n") + 1], encoding="utf-8")  # whole lines only
    with pytest.raises(ScenarioError) as error:
        saves.load_saved(save)
    assert "\n" not in str(error.value) and str(error.value).startswith(f"{save}:")


def test_a_save_too_costly_to_load_is_refused_before_it_runs(tmp_path: Path) -> None:
    """A load runs while the window waits: work that would take hours is refused first."""
    path = tmp_path / "heavy.toml"
    path.write_text(
        'format = "towersim/1"\nkind = "lots"\n[physics]\ndt = 0.0001\niterations = 1000\n'
        '[setup]\nplayers = ["Ann", "Ben"]\n' + '[[action]]\ntype = "computer"\nmoves = 5000\n' * 3,
        encoding="utf-8",
    )
    _one_line_refusal(path, "too much work to load")
