"""The game registry (simulator/games/registry.py): the one list of kinds, its parts,
and plug-in games from TOWERSIM_GAMES."""

from __future__ import annotations

import dataclasses
import importlib.util
import sys
import types
from pathlib import Path

import pytest

from simulator.cli import main
from simulator.games.registry import (
    GAMES,
    PARTS,
    SCREEN_FUNCTIONS,
    GameKind,
    MissingPart,
    PluginError,
    Registry,
    UnknownGame,
)
from simulator.lab.play import mode_option, play_parser
from tests.games.tiny import GAME as TINY
from tests.games.tiny.cli import towersim

SCENARIO = Path(__file__).parent / "tiny" / "three_boxes.toml"
BUILT_IN = ["lots", "crazy-tower", "filled-in"]


def _copy(kind: str, **parts: str | None) -> GameKind:
    return dataclasses.replace(TINY, kind=kind, **parts)


@pytest.mark.parametrize("game", GAMES.games(), ids=lambda g: g.kind)
def test_every_part_of_every_registered_game_loads(game: GameKind) -> None:
    for part in PARTS:
        if part == "screen":  # GL when imported (a display): its source is read instead
            assert game.screen_lacks() == []
        elif part == "replay_table":  # GL when imported (a display): found will do
            path = getattr(game, part)
            assert path is None or importlib.util.find_spec(path.partition(":")[0]) is not None
        elif part in ("picture", "fallen", "profile", "named_hands"):  # optional
            assert getattr(game, part) is None or callable(game.load(part))
        elif part == "envs":  # optional: a tuple of Gymnasium ids
            assert game.envs is None or all(e.id.startswith("towersim/") for e in game.load(part))
        elif part == "words":  # optional: the app's words (plain words without)
            assert game.words is None or callable(game.load(part).ending_words)
        else:
            assert game.load(part) is not None
    assert game.load("engine").kind == game.kind
    assert "computer" in game.load("action_keys") and game.modes


def test_the_built_in_games_come_first_and_tiny_is_registered_for_the_tests() -> None:
    assert GAMES.kinds() == [*BUILT_IN, "tiny"]
    assert GAMES.get("tiny") is TINY and TINY.screen == "tests.games.tiny.screen"


def test_an_unknown_kind_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame) as error:
        GAMES.get("chess")
    assert str(error.value) == "unknown game 'chess' (known: lots, crazy-tower, filled-in, tiny)"


def test_a_kind_registered_twice_or_reserved_is_refused() -> None:
    with pytest.raises(ValueError, match="'tiny' is registered already"):
        GAMES.register(TINY)
    with pytest.raises(ValueError, match="scenario layer's own"):
        GAMES.register(_copy("sandbox"))
    with pytest.raises(ValueError, match="lower-case letters"):
        _copy("Tiny Tower")
    registry = Registry(())
    registry.register(_copy("sheets", commands={"sheet": "x"}))
    with pytest.raises(ValueError, match="command 'sheet' belongs to another game"):
        registry.register(_copy("other", commands={"sheet": "y"}))


def test_unregistering_removes_a_game_everywhere() -> None:
    with GAMES.registered(_copy("tiny-two")):
        assert "tiny-two" in GAMES.kinds()
    assert "tiny-two" not in GAMES.kinds()
    with pytest.raises(UnknownGame):
        GAMES.get("tiny-two")


def test_a_missing_part_is_one_clear_error() -> None:
    game = _copy("broken", match="tests.games.tiny.match:no_such_factory", screen=None)
    with pytest.raises(MissingPart, match=r"the match of the game 'broken' \(.*\): .* has no"):
        game.load("match")
    with pytest.raises(MissingPart, match="the game 'broken' has no screen"):
        game.load("screen")
    gone = _copy("gone", setup="tests.games.no_such_module:parse")
    with pytest.raises(MissingPart, match="cannot be imported: No module named"):
        gone.load("setup")


def test_a_game_without_its_command_module_is_absent_from_the_build() -> None:
    with GAMES.registered(_copy("ghost", command="tests.games.no_such_module.play")):
        assert "ghost" not in GAMES.kinds()
        with pytest.raises(UnknownGame):
            GAMES.get("ghost")


def test_a_registered_game_is_a_play_command(capsys: pytest.CaptureFixture[str]) -> None:
    with GAMES.registered(_copy("tiny-two", title="Tiny Two")), pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "tiny-two" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "tiny-two" not in capsys.readouterr().out


def test_a_game_without_a_screen_is_not_played_in_the_app(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with GAMES.registered(_copy("tiny-bare", title="Tiny Bare", screen=None)):
        assert main(["play", "tiny-bare"]) == 2
    said = "towersim play tiny-bare: Tiny Bare is not in the app; use --headless"
    assert capsys.readouterr().err.startswith(said)


def test_replay_accepts_a_registered_kind_and_refuses_it_once_unregistered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "two.toml"
    path.write_text(SCENARIO.read_text().replace('kind = "tiny"', 'kind = "tiny-two"'))
    with GAMES.registered(_copy("tiny-two")):
        assert main(["replay", str(path)]) == 0
    assert "PASS" in capsys.readouterr().out
    assert main(["replay", str(path)]) == 2
    assert "tiny-two" in capsys.readouterr().err


def test_a_plug_in_game_is_listed_and_replayed_in_a_fresh_process() -> None:
    listed = towersim("play", "--help")
    assert listed.returncode == 0 and "play Tiny Tower" in listed.stdout
    plain = towersim("play", "--help", games="")
    assert "tiny" not in plain.stdout
    refused = towersim("replay", str(SCENARIO), games="")
    assert refused.returncode == 2
    assert "kind: must be one of 'sandbox', 'lots', 'crazy-tower', 'filled-in', not 'tiny'" in (
        refused.stderr
    )


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ("no.such.module", "cannot be imported: No module named 'no'"),
        ("tests games", "'tests games' is not a module name"),
        ("json", "json has no 'GAME'"),
        ("tests.games.tiny.clash", "a game's command clashes"),
    ],
)
def test_a_bad_plug_in_is_one_line(games: str, message: str) -> None:
    result = towersim("play", "--help", games=games)
    lines = result.stderr.splitlines()
    assert result.returncode == 2 and len(lines) == 1, result.stderr
    assert lines[0].startswith("towersim: TOWERSIM_GAMES: ") and message in lines[0]


def test_a_plug_in_whose_game_is_not_a_game_kind_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = types.ModuleType("not_a_game")
    module.GAME = "tiny"  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "not_a_game", module)
    with pytest.raises(PluginError, match="'not_a_game': its GAME is not a GameKind"):
        Registry(()).load_plugins({"TOWERSIM_GAMES": "not_a_game"})


def test_loading_plug_ins_twice_is_harmless_and_a_clash_is_refused() -> None:
    GAMES.load_plugins({"TOWERSIM_GAMES": "tests.games.tiny, tests.games.tiny"})
    assert GAMES.kinds().count("tiny") == 1
    registry = Registry((_copy("tiny", title="Another"),))
    with pytest.raises(PluginError, match="'tiny' is registered already"):
        registry.load_plugins({"TOWERSIM_GAMES": "tests.games.tiny"})


@pytest.mark.parametrize("game", GAMES.games(), ids=lambda g: g.kind)
def test_the_registry_facts_are_what_the_play_command_offers(game: GameKind) -> None:
    """The lab reads ``hands`` and ``mode_key`` from the registry: the command agrees."""
    flags = {o: a for a in play_parser(game.kind)._actions for o in a.option_strings}
    assert ("--dexterity" in flags) == game.hands
    mode = mode_option(game.kind)
    assert mode is None or set(flags[mode].choices or ()) == set(game.modes)
    assert (mode is None) == (len(game.modes) == 1)


def test_a_screen_module_without_the_contracts_functions_is_caught_and_not_hosted(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The screen contract is read from the module's source (importing it needs a
    display): a module without ``around`` (here the tiny engine's) is caught, and
    ``towersim host`` refuses the game in one line."""
    assert _copy("odd", screen="tests.games.tiny.engine").screen_lacks() == list(SCREEN_FUNCTIONS)
    assert _copy("bare", screen=None).screen_lacks() == []
    with pytest.raises(MissingPart, match="is not found"):
        _copy("lost", screen="tests.games.no_such_screen").screen_lacks()
    with GAMES.registered(_copy("tiny-odd", title="Odd", screen="tests.games.tiny.engine")):
        assert main(["host", "tiny-odd", "--headless", "--players", "Ann,Bob"]) == 2
    said = "towersim host: Odd cannot be played over the network: its screen has no open_screen()"
    assert capsys.readouterr().err.splitlines() == [said]
