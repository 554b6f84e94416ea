"""One rule for a player's name (simulator.names), the same in a hello, a scenario or
save file, the command line and the chat."""

from __future__ import annotations

import pytest

from simulator.names import MAX_NAME, BadName, name_key, names_problem, player_name
from simulator.replay import load_document
from simulator.scenario.document import Document
from simulator.scenario.errors import ScenarioError
from simulator.scenario.header import FORMAT

HOSTILE = [
    ("Ann\x00", "control"),
    ("Ann\x1b[31m", "control"),
    ("\u202eennA", "direction-changing"),
    ("A\u200bnn", "invisible"),
    ("Ann\u2066", "direction-changing"),
    ("x" * 10_000, f"at most {MAX_NAME} characters"),
    ("", "visible character"),
    ("   ", "visible character"),
    ("\u3164\u2800", "visible character"),
    (42, "must be text"),
]


@pytest.mark.parametrize(("name", "said"), HOSTILE)
def test_a_hostile_name_is_refused_with_its_reason(name, said):
    with pytest.raises(BadName, match=said):
        player_name(name)


def test_a_name_is_nfc_normalised_and_a_twin_reads_the_same():
    assert player_name("Zoe\u0301") == "Zo\u00e9"
    assert name_key("Ann\u3164") == name_key("Ann") == name_key(" Ann ")
    assert "reads the same as 'Ann'" in (names_problem(["Ann", "Ann\u3164"]) or "")
    assert "reads the same" in (names_problem(["Ann Lee", "Ann  Lee"]) or "")
    assert names_problem(["Ann", "Bob", "Zoé", "李"]) is None


def _setup(kind: str, players: list) -> dict:
    setup = {"players": players}
    if kind == "crazy-tower":
        setup["mode"] = "competitive"
    return {"format": FORMAT, "kind": kind, "seed": 1, "setup": setup}


@pytest.mark.parametrize("kind", ["lots", "crazy-tower", "filled-in"])
@pytest.mark.parametrize(
    ("players", "said"),
    [
        (["Ann", "B\x00b"], "control"),
        (["Ann", "\u202eboB"], "direction-changing"),
        (["Ann", "Ann\u3164"], "reads the same"),
        (["Ann", "b" * 10_000], "at most 24 characters"),
        (["Ann", "Zoe\u0301"], "NFC"),
    ],
)
def test_scenario_files_hold_players_to_the_same_rule(kind, players, said):
    with pytest.raises(ScenarioError, match=said) as refused:
        load_document(Document("save.json", "", _setup(kind, players), "json"))
    assert refused.value.file == "save.json" and "players" in refused.value.message


def test_a_crazy_tower_player_table_is_held_to_the_rule_too():
    players = [{"name": "Ann"}, {"name": "A\u200bnn"}]
    with pytest.raises(ScenarioError, match="invisible"):
        load_document(Document("save.json", "", _setup("crazy-tower", players), "json"))
