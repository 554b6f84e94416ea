"""The Filled In screen's table (simulator/app/filled_in/table.py), read from the engine,
against the rules' own objects: the printed sheets, and along a game whose move it is,
the dice, each sheet and score, and the winner. No window."""

from __future__ import annotations

from rules.chance import Chance
from rules.engine import GameOptions
from rules.filled_in import drafter, roller, to_move, winner
from rules.filled_in.scoring import largest_areas, score_breakdowns
from rules.filled_in.sheets import tower_sheets
from simulator.app.filled_in.content import ENGINE
from simulator.app.filled_in.table import DRAFT, ENDED, PLACE, ROLL, SHEETS, Table


def test_the_sheets_are_the_printed_ones() -> None:
    assert sorted(SHEETS) == sorted(tower_sheets())
    for number, spec in tower_sheets().items():
        sheet = SHEETS[number]
        assert (sheet.id, sheet.name, sheet.width, sheet.height) == (
            spec.id,
            spec.name,
            spec.width,
            spec.height,
        )
        assert sheet.boxes == spec.boxes and sheet.crane == spec.crane
        assert dict(sheet.levels) == {n: spec.level_cells(n) for n in spec.level_numbers}
        assert dict(sheet.tools) == {box: (n, colour) for box, n, colour in spec.tools}


def test_the_table_is_the_state_the_rules_hold() -> None:
    state = ENGINE.new_game(GameOptions(("Ann", "Bo", "Cy"), seed=3))
    chance, phases = Chance.from_seed(4), set()
    while True:
        table = Table.of(state)
        phases.add(table.phase)
        assert table.phase == state.phase and table.round == state.round
        assert list(table.to_act) == to_move(state)
        assert table.roller == roller(state) and table.drafter == drafter(state)
        if table.phase == DRAFT:
            assert (table.picked, table.picks) == (state.draft_pos, len(state.draft_order))
        if table.phase in (DRAFT, PLACE):
            for pos, face in enumerate(table.faces):
                rolled = state.face(pos)
                assert face is not None and (face.shape, face.colour) == (
                    rolled.shape,
                    rolled.colour,
                )
                assert face.wild == rolled.wild and face.label == rolled.label
        breakdowns = score_breakdowns(state)
        for seat, player in enumerate(state.players):
            shown = table.players[seat]
            assert table.index(player.name) == seat and table.player(player.name) is shown
            assert shown.sheet == SHEETS[player.tower.sheet]
            assert dict(shown.ink) == player.tower.grid()
            assert [cells for _, cells in shown.blocks] == [b.cells for b in player.tower.blocks]
            assert list(shown.purples) == [space.cell for space in player.tower.purples]
            assert shown.breakdown.total == breakdowns[player.name].total
            assert dict(shown.areas) == largest_areas(player.tower.grid())
            assert all(table.owners()[pos] == player.name for pos in player.hand)
        assert table.winner == winner(state)
        if table.phase == ENDED:
            assert table.end_reason == state.end_reason is not None
            break
        state = ENGINE.apply(state, ENGINE.random_move(state, chance))
    assert phases == {ROLL, DRAFT, PLACE, ENDED}
