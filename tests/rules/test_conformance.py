"""One conformance suite for every registered rules engine (rules/engine.py).

Random legal playouts to the end, with the invariants checked at every step: a move is
by a player to act, a refused move changes nothing, the event log only grows, every
piece stays somewhere exactly once, and a score goes down only after an event the
engine names. A game survives JSON at every power-of-two step and plays on the same; a
seed is a game. Each engine invents its physical outcomes as plain data.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rules.chance import Chance
from rules.engine import Engine, GameOptions
from rules.errors import IllegalMove
from simulator.games.registry import GAMES

ENGINES = {game.kind: game.load("engine") for game in GAMES.games()}

# A few setups per built-in game; a game registered later gets the plainest one.
SETUPS: dict[str, list[GameOptions]] = {
    "lots": [
        GameOptions(("Ann", "Ben")),
        GameOptions(("Ann", "Ben", "Cy", "Di"), settings={"footprint": "3B"}),
        GameOptions(("Sol",), mode="solo", settings={"footprint": "2A", "start_player": "Sol"}),
    ],
    "crazy-tower": [
        GameOptions(("Ann", "Ben")),
        GameOptions(("Ann", "Ben", "Cy"), mode="saboteur"),
        GameOptions(("Sol",), mode="solo", settings={"challenge": 7}),
    ],
    "filled-in": [
        GameOptions(("Ann", "Ben")),
        GameOptions(("Ann", "Ben", "Cy"), mode="remote", settings={"sheet": [1, 2, 3]}),
    ],
}
SEEDS = (1, 2)
MAX_MOVES = 5000

CASES = [
    pytest.param(kind, n, id=f"{kind}-{n}")
    for kind in ENGINES
    for n in range(len(SETUPS.get(kind, [GameOptions(("P1", "P2"))])))
]

Step = Callable[[Any, dict[str, Any], Any], None]


def _setup(kind: str, n: int) -> tuple[Engine, GameOptions]:
    return ENGINES[kind], SETUPS.get(kind, [GameOptions(("P1", "P2"))])[n]


def playout(engine: Engine, state: Any, chance: Chance, on_step: Step | None = None) -> Any:
    for _ in range(MAX_MOVES):
        if engine.outcome(state).over:
            return state
        move = engine.random_move(state, chance)
        after = engine.apply(state, move)
        if on_step is not None:
            on_step(state, move, after)
        state = after
    raise AssertionError(f"no end after {MAX_MOVES} moves")


def pieces(engine: Engine, state: Any) -> list[str]:
    return sorted(p for located in engine.inventory(state).values() for p in located)


def saved(engine: Engine, state: Any) -> dict[str, Any]:
    """The state's dict after a trip through JSON text."""
    return json.loads(json.dumps(engine.to_dict(state)))


def refuse(engine: Engine, state: Any, move: dict[str, Any]) -> None:
    """``move`` is refused with a reason, and the state is left exactly as it was."""
    before, data = engine.digest(state), engine.to_dict(state)
    with pytest.raises(IllegalMove) as refused:
        engine.apply(state, move)
    assert refused.value.reason
    assert engine.digest(state) == before and engine.to_dict(state) == data, move


def illegal_samples(engine: Engine, state: Any, move: dict[str, Any]) -> list[dict[str, Any]]:
    """Moves the rules must refuse now, made from the legal ``move``."""
    acting = engine.to_act(state)
    players = list(engine.scores(state))
    samples = [
        {"type": "no-such-move", "player": acting[0]},
        {**move, "player": "nobody at this table"},
    ]
    idle = [p for p in players if p not in acting]
    if idle:
        samples.append({**move, "player": idle[0]})
    if "outcome" in move:  # a physical move needs what the physics decided
        samples.append({k: v for k, v in move.items() if k != "outcome"})
    return samples


@pytest.mark.parametrize(("kind", "n"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_and_keep_the_invariants(kind: str, n: int, seed: int) -> None:
    engine, options = _setup(kind, n)
    state = engine.new_game(options, seed)
    players = list(options.players)
    assert list(engine.scores(state)) == players
    stock = pieces(engine, state)
    assert len(stock) == len(set(stock)) > 0, "a piece is in two places"
    steps = 0

    def check(before: Any, move: dict[str, Any], after: Any) -> None:
        nonlocal steps
        steps += 1
        assert move.get("player") in engine.to_act(before), move
        assert pieces(engine, after) == stock, "a piece was created or lost"
        old, new = engine.events(before), engine.events(after)
        assert list(new[: len(old)]) == list(old), "the event log was rewritten"
        kinds = {e["type"] for e in new[len(old) :]}
        was, now = engine.scores(before), engine.scores(after)
        lowered = [p for p in players if now[p] < was[p]]
        assert not lowered or kinds & engine.score_lowering, (lowered, kinds)
        if steps % 7 == 1:  # a sample keeps it fast
            assert move["type"] in {m["type"] for m in engine.legal_moves(before)}, move
            for wrong in illegal_samples(engine, before, move):
                refuse(engine, before, wrong)

    final = playout(engine, state, Chance.from_seed(seed * 7919), check)
    result = engine.outcome(final)
    assert result.over and result.reason
    assert set(result.winners) <= set(players)
    assert engine.to_act(final) == [] and engine.legal_moves(final) == []
    refuse(engine, final, {"type": "no-such-move", "player": players[0]})
    assert steps > 0


@pytest.mark.parametrize(("kind", "n"), CASES)
def test_saved_at_every_power_of_two_step_a_game_plays_on_the_same(kind: str, n: int) -> None:
    """Restored at step k (0, 1, 2, 4, ...), a game plays on to step 2k, or the end, just
    as the original did, given the same random choices."""
    engine, options = _setup(kind, n)
    chance = Chance.from_seed(n + 11)
    start = engine.new_game(options, 5)
    digests: dict[int, str] = {}
    restored: dict[int, tuple[Any, int]] = {}  # step -> (state, playout chance state)
    steps = 0

    def save(state: Any) -> None:
        data = saved(engine, state)
        assert data["game"] == engine.kind and isinstance(data["chance"], int)
        back = engine.from_dict(data)
        digests[steps] = engine.digest(state)
        assert engine.digest(back) == digests[steps] and back == state
        assert saved(engine, back) == data
        restored[steps] = (back, chance.state)

    def record(before: Any, move: dict[str, Any], after: Any) -> None:
        nonlocal steps
        steps += 1
        if steps & (steps - 1) == 0:
            save(after)

    save(start)
    final = playout(engine, start, chance, record)
    digests[steps] = engine.digest(final)
    assert len(restored) >= 4
    for step, (state, stream) in restored.items():
        chance = Chance(stream)
        end = min(2 * step, steps) if step else 1
        for _ in range(end - step):
            state = engine.apply(state, engine.random_move(state, chance))
        assert engine.digest(state) == digests[end], f"from step {step} on"
    assert list(engine.events(state)) == list(engine.events(final))


@pytest.mark.parametrize(("kind", "n"), CASES)
def test_a_clone_is_equal_and_independent(kind: str, n: int) -> None:
    engine, options = _setup(kind, n)
    chance = Chance.from_seed(3)
    state = engine.new_game(options, 8)
    for _ in range(30):
        if engine.outcome(state).over:
            break
        before, twin = engine.digest(state), engine.clone(state)
        assert twin == state and engine.digest(twin) == before
        moved = engine.apply(twin, engine.random_move(twin, Chance(chance.state)))
        assert engine.digest(state) == before and engine.digest(twin) == before
        state = engine.apply(state, engine.random_move(state, chance))
        assert state == moved


@pytest.mark.parametrize(("kind", "n"), CASES)
def test_a_seed_is_a_game(kind: str, n: int) -> None:
    engine, options = _setup(kind, n)

    def game(seed: int) -> Any:
        return playout(engine, engine.new_game(options, seed), Chance.from_seed(99))

    one, two = game(4), game(4)
    assert engine.digest(one) == engine.digest(two)
    assert list(engine.events(one)) == list(engine.events(two))
    # the seed reaches the game's chance, not only its recorded options
    plays = [[e for e in engine.events(g) if e["type"] != "setup"] for g in (one, game(5))]
    assert plays[0] != plays[1]
    assert engine.new_game(options.with_seed(4)) == engine.new_game(options, 4)


@pytest.mark.parametrize("kind", list(ENGINES))
def test_options_are_checked_and_round_trip(kind: str) -> None:
    engine, options = _setup(kind, 0)
    assert GameOptions.from_dict(json.loads(json.dumps(options.to_dict()))) == options
    assert engine.kind == kind and engine.modes
    with pytest.raises(ValueError):
        engine.new_game(GameOptions(options.players, settings={"no_such_option": 1}))
    with pytest.raises(ValueError):
        engine.new_game(GameOptions(options.players, mode="no-such-mode"))
    other = next((e for k, e in ENGINES.items() if k != kind), None)
    if other is not None:
        with pytest.raises(ValueError):
            engine.from_dict(other.to_dict(other.new_game(_setup(other.kind, 0)[1])))


# -- the queries for the app, the bots, the lab and the environments ---------------------


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("kind", list(ENGINES))
def test_content_is_plain_data_describing_every_piece(kind: str) -> None:
    engine = ENGINES[kind]
    content = engine.content()
    assert _json(content) == content
    described = content["pieces"]
    assert all(isinstance(piece.get("kind"), str) for piece in described.values())
    for options in SETUPS.get(kind, [GameOptions(("P1", "P2"))]):
        missing = set(pieces(engine, engine.new_game(options, 3))) - set(described)
        assert not missing, f"{kind} content lacks {sorted(missing)}"
    described.clear()  # a caller's copy: the engine's own stays whole
    assert engine.content()["pieces"]


@pytest.mark.parametrize(("kind", "n"), CASES)
def test_the_queries_agree_with_the_moves(kind: str, n: int) -> None:
    """Along a random game: ``describe`` says what ``to_act`` and ``scores`` say, by
    name; every physical choice is a legal move without outcome, and every move with an
    outcome is of a physical type; ``preview`` is ``apply`` with nothing committed."""
    engine, options = _setup(kind, n)
    names = list(options.players)
    steps = 0

    def check(before: Any, move: dict[str, Any], after: Any) -> None:
        nonlocal steps
        steps += 1
        if steps % 5 != 1:  # a sample keeps it fast
            return
        described = engine.describe(before)
        assert _json(described) == described
        assert isinstance(described["phase"], str)
        assert described["to_act"] == engine.to_act(before)
        assert described["scores"] == engine.scores(before)
        assert list(described["players"]) == names
        legal = engine.legal_moves(before)
        physical = engine.physical_choices(before)
        assert all(choice in legal and "outcome" not in choice for choice in physical)
        if "outcome" in move:
            assert move["type"] in {choice["type"] for choice in physical}, move
        digest = engine.digest(before)
        preview = engine.preview(before, move)
        assert preview.legal and preview.after is not None and preview.reason is None
        assert engine.digest(preview.after) == engine.digest(after)
        was, now = engine.scores(before), engine.scores(after)
        assert dict(preview.gains) == {name: now[name] - was[name] for name in names}
        refused = engine.preview(before, {"type": "no-such-move", "player": names[0]})
        assert not refused.legal and refused.after is None and refused.reason
        assert engine.digest(before) == digest
        assert engine.plan_check(before)({"type": "no-such-move", "player": names[0]})

    final = playout(engine, engine.new_game(options, 6), Chance.from_seed(n + 21), check)
    assert engine.physical_choices(final) == [] and steps > 0


def _placing(kind: str, chance_seed: int) -> Any:
    """A state of ``kind`` with a physical choice open, reached by random moves."""
    engine, options = _setup(kind, 0)
    state, chance = engine.new_game(options, 2), Chance.from_seed(chance_seed)
    while not engine.physical_choices(state):
        state = engine.apply(state, engine.random_move(state, chance))
    return state


def test_a_lots_plan_is_judged_as_the_match_judges_a_candidate() -> None:
    from rules.lots.placement import candidate_problem

    engine, state = ENGINES["lots"], _placing("lots", 1)
    judge, problem = engine.plan_check(state), candidate_problem(state)
    block = next(c["block"] for c in engine.physical_choices(state) if c["block"])
    for cells in ([(0, 0), (0, 1), (0, 2), (0, 3)], [(0, -1)], [(40, 2)], [(5, 5)]):
        plan = {"type": "place", "piece": block, "cells": cells}
        assert judge(plan) == problem(block, cells)
    assert judge({"type": "place", "piece": "nonesuch-1", "cells": [(0, 0)]})
    assert judge({"type": "roll", "piece": block, "cells": []})


def test_a_crazy_tower_plan_is_judged_by_the_boxes_it_covers() -> None:
    from rules.crazy_tower.cards import covered_boxes
    from rules.crazy_tower.placement import block_problem, placement_problem

    engine, state = ENGINES["crazy-tower"], _placing("crazy-tower", 1)
    judge = engine.plan_check(state)
    block = next(c["block"] for c in engine.physical_choices(state) if "block" in c)
    verdicts = set()
    for at in (-30.0, -1.0, 0.0, 4.0, 8.0, 12.0, 17.0, 40.0):
        verdict = judge({"type": "place_block", "block": block, "at": at, "span": 3.0})
        boxes = covered_boxes(at, at + 3.0)
        assert verdict == (placement_problem(state, block, boxes) if boxes else verdict)
        assert boxes or "miss" in str(verdict)
        verdicts.add(verdict is None)
    assert verdicts == {True, False}, "some plans pass and some are refused"
    assert judge({"type": "place_block", "block": "red-9z", "at": 5.0, "span": 3.0})
    for piece in [*state.hands[state.current_player], "red-9z"]:  # without "at": the block
        assert judge({"type": "place_block", "block": piece}) == block_problem(state, piece)


def test_describe_keeps_hidden_things_hidden() -> None:
    """A LOTS hand of crew cards is counted, a Filled In crew card unnamed till played,
    a Crazy Tower saboteur unnamed till the end."""
    lots = ENGINES["lots"]
    state = lots.new_game(GameOptions(("Ann", "Ben")), 1)
    assert lots.describe(state)["players"]["Ann"]["crew"] == len(state.crew_hands[0]) > 0
    filled_in = ENGINES["filled-in"]
    state = filled_in.new_game(GameOptions(("Ann", "Ben")), 1)
    assert {p["crew"] for p in filled_in.describe(state)["players"].values()} == {None}
    crazy = ENGINES["crazy-tower"]
    state = crazy.new_game(GameOptions(("Ann", "Ben", "Cy"), mode="saboteur"), 1)
    assert state.saboteur in ("Ann", "Ben", "Cy")
    assert crazy.describe(state)["saboteur"] is None
    final = playout(crazy, state, Chance.from_seed(4))
    assert crazy.describe(final)["saboteur"] == state.saboteur


def test_lots_content_names_and_shapes_every_piece_and_gives_the_track() -> None:
    """What the LOTS screen reads of the material: each piece's name and catalogue
    piece, each crew card's text, the score track's bonus spots, and which of its cube
    spots still hold their cube."""
    from rules.lots.content import crew_cards, score_track
    from rules.lots.placement import piece_name
    from rules.pieces import get_piece

    content = ENGINES["lots"].content()
    pieces = content["pieces"]
    assert pieces["green-2"]["name"] == piece_name("green-2") == "the green L"
    assert pieces["purple-1"]["name"] == "the purple cube"
    for piece in ("red-1", "green-6", "purple-3"):
        spec = get_piece(pieces[piece]["spec"])
        assert sorted([r, c] for r, c in spec.cells) == pieces[piece]["cells"]
        assert spec.colour == pieces[piece]["colour"]
    for card in crew_cards().values():
        assert pieces[card.id]["text"] == card.text and card.text
    track = score_track()
    assert content["track"] == {
        "length": track.length,
        "cube_spots": list(track.cube_spots),
        "crew_spots": list(track.crew_spots),
    }
    lots = ENGINES["lots"]
    state = lots.new_game(GameOptions(("Ann", "Ben")), 1)
    on_track = lots.describe(state)["track_cubes"]
    assert sorted(map(int, on_track)) == content["track"]["cube_spots"]
    assert sorted(on_track.values()) == sorted(lots.inventory(state)["track"])


def test_filled_in_content_is_the_sheets_and_shapes_the_rules_play_on() -> None:
    """The printed sheets, the shapes' turns and flips (in the rules' numbering) and the
    purple spaces, as plain data, are the rules' own."""
    from rules.filled_in.config import rules_config
    from rules.filled_in.shapes import orientations
    from rules.filled_in.sheets import tower_sheets

    content, cfg = ENGINES["filled-in"].content(), rules_config()
    sheets = tower_sheets()
    assert [sheet["id"] for sheet in content["sheets"]] == sorted(sheets)
    for sheet in content["sheets"]:
        spec = sheets[sheet["id"]]
        assert (sheet["width"], sheet["height"]) == (spec.width, spec.height)
        assert {tuple(box) for box in sheet["boxes"]} == spec.boxes
        levels = [{tuple(box) for box in level} for level in sheet["levels"]]
        assert levels == list(spec.levels)
        tools = [(tuple(t["box"]), t["number"], t["colour"]) for t in sheet["tools"]]
        assert tools == list(spec.tools) and sheet["crane"] == list(spec.crane)
    assert [(s["letter"], s["piece"]) for s in content["shapes"]] == list(cfg.shapes)
    for shape in content["shapes"]:
        turns = [{tuple(cell) for cell in cells} for cells in shape["orientations"]]
        assert turns == list(orientations(shape["letter"]))
    assert content["colours"] == list(cfg.colours)
    assert content["purple"]["colour"] == cfg.purple
    assert (content["purple"]["per_turn"], content["purple"]["per_game"]) == (
        cfg.purple_per_turn,
        cfg.purple_per_game,
    )


def test_filled_in_placing_offers_the_moves_the_rules_accept() -> None:
    """Along a random game, each placing player's steps hold every block the rules list
    (with its drawing), and following the first choice of each step makes a ``place``
    move the rules accept."""
    engine = ENGINES["filled-in"]
    state, chance = engine.new_game(GameOptions(("Ann", "Ben", "Cy")), 4), Chance.from_seed(9)
    rounds = 0
    while rounds < 5 and not engine.outcome(state).over:
        if engine.describe(state)["phase"] == "place":
            rounds += 1
            for name in engine.to_act(state):
                placing = engine.placing(state, name)
                crafts = placing.crafts()
                for move in engine.legal_moves(state):
                    if move["type"] != "place" or move["player"] != name:
                        continue
                    crew, swap = bool(move.get("crew")), move.get("swap")
                    craft = (move["shape"], move["colour"], crew, swap)
                    cells = tuple(sorted(tuple(c) for c in move["cells"]))
                    assert craft in crafts
                    assert cells in {spot.cells for spot in placing.draws(craft)}
                for craft in crafts:
                    cells, purples = placing.draws(craft)[0].cells, ()
                    while not placing.complete(craft, cells, purples):
                        purples = (*purples, placing.purples(craft, cells, purples)[0])
                    engine.apply(state, placing.move(craft, cells, purples))  # accepted
        state = engine.apply(state, engine.random_move(state, chance))
    assert rounds == 5


def test_filled_in_description_is_the_table_as_the_players_see_it() -> None:
    """Along a random game: each sheet's ink is its tower's boxes, the roller and the
    drafter are who the rules wait for in their phase, and a crew card stays unnamed
    until played (the engine's inventory still places it with its player)."""
    engine = ENGINES["filled-in"]
    state = engine.new_game(GameOptions(("Ann", "Ben"), mode="remote"), 6)
    chance, phases = Chance.from_seed(2), set()
    while not engine.outcome(state).over:
        seen = engine.describe(state)
        phases.add(seen["phase"])
        if seen["phase"] in ("roll", "draft"):
            mover = seen["roller"] if seen["phase"] == "roll" else seen["drafter"]
            assert engine.to_act(state) == [mover]
        for player in state.players:
            described = seen["players"][player.name]
            ink = {(r, c): colour for r, c, colour in described["ink"]}
            assert ink == player.tower.grid() and described["sheet"] == player.tower.sheet
            assert described["crew"] == (player.crew if player.crew_used else None)
            assert f"crew-{player.crew}" in engine.inventory(state)[player.name]
        assert seen["start"] == state.players[state.start].name
        state = engine.apply(state, engine.random_move(state, chance))
    assert phases == {"roll", "draft", "place"}


def test_crazy_tower_content_and_description_serve_a_screen() -> None:
    """What the Crazy Tower screen reads instead of the rules: every piece's catalogue
    shape and its name as the refusals give it, every box kind's effect; along a game
    the phase and mode among the content's, and the result (why, who won) once over."""
    from rules.crazy_tower.names import piece_name
    from rules.pieces import get_piece

    engine = ENGINES["crazy-tower"]
    content = engine.content()
    for piece_id, piece in content["pieces"].items():
        assert piece["named"] == piece_name(piece_id)
        assert get_piece(piece["piece"]).id == piece["piece"]
    assert list(content["box_effects"]) == content["box_kinds"]
    assert all(content["box_effects"].values())
    seen: set[str] = set()

    def check(before: Any, move: dict[str, Any], after: Any) -> None:
        described = engine.describe(before)
        assert described["phase"] in content["phases"] and described["mode"] in content["modes"]
        assert described["result"] is None
        seen.add(described["phase"])

    for n in range(len(SETUPS["crazy-tower"])):
        options = SETUPS["crazy-tower"][n]
        final = playout(engine, engine.new_game(options, 5), Chance.from_seed(n + 9), check)
        described, outcome = engine.describe(final), engine.outcome(final)
        assert described["phase"] == "over" and described["result"]["reason"] == outcome.reason
    assert len(seen) >= 4, seen  # a random game passes through most phases


def test_filled_in_description_draws_the_sheets_and_scores_as_the_rules_hold_them() -> None:
    """Along a game with purple spaces and crew cards: each player's described blocks
    and purple spaces are their tower's, in the order drawn; the score breakdown, the
    largest colour areas and the end's reason are the rules' own."""
    from rules.filled_in.scoring import largest_areas, score_breakdowns

    engine = ENGINES["filled-in"]
    state = engine.new_game(GameOptions(("Ann", "Ben", "Cy")), 4)
    chance, purples = Chance.from_seed(9), 0
    while True:
        seen = engine.describe(state)
        breakdowns = score_breakdowns(state)
        for player in state.players:
            described = seen["players"][player.name]
            blocks = [(b["colour"], tuple(map(tuple, b["cells"]))) for b in described["blocks"]]
            assert blocks == [(b.colour, b.cells) for b in player.tower.blocks]
            spaces = [tuple(cell) for cell in described["purple_spaces"]]
            assert spaces == [space.cell for space in player.tower.purples]
            assert described["breakdown"] == breakdowns[player.name].to_dict()
            assert described["breakdown"]["total"] == seen["scores"][player.name]
            assert described["areas"] == largest_areas(player.tower.grid())
            purples = max(purples, len(spaces))
        if engine.outcome(state).over:
            break
        state = engine.apply(state, engine.random_move(state, chance))
    assert seen["end_reason"] == engine.outcome(state).reason == state.end_reason is not None
    assert purples > 0 and any(p["blocks"] for p in seen["players"].values())


def test_lots_inventory_names_each_crew_hand_and_content_lists_every_phase() -> None:
    """Along a random LOTS game: each player's crew hand is in the inventory under their
    name (``describe`` only counts it), the rest of the crew cards under "crew", and the
    described phase is always one of the content's ``phases``."""
    lots = ENGINES["lots"]
    phases = lots.content()["phases"]
    state = lots.new_game(GameOptions(("Ann", "Ben", "Cy")), 3)
    chance, seen, dealt = Chance.from_seed(4), set(), 0
    while True:
        described, held = lots.describe(state), lots.inventory(state)
        for seat, name in enumerate(state.players):
            assert held[name] == state.crew_hands[seat]
            assert described["players"][name]["crew"] == len(held[name])
            dealt = max(dealt, len(held[name]))
        assert held["crew"] == state.crew_deck + state.crew_discard
        assert described["phase"] in phases
        seen.add(described["phase"])
        if lots.outcome(state).over:
            break
        state = lots.apply(state, lots.random_move(state, chance))
    assert dealt > 0 and {"roll", "place", "over"} <= seen


def test_crazy_tower_description_is_the_state_the_environments_read() -> None:
    """Along random saboteur games: the described hands, floors, pieces on cards, the
    pending box effects, extra turn and passes are the state's; the deck is counted and
    the inventory lists it; the saboteur is named only once the game is over."""
    engine = ENGINES["crazy-tower"]
    for seed in range(3):
        state = engine.new_game(GameOptions(("Ann", "Ben", "Cy"), mode="saboteur"), seed)
        chance = Chance.from_seed(seed)
        while True:
            seen = engine.describe(state)
            assert {name: p["hand"] for name, p in seen["players"].items()} == state.hands
            assert (seen["floors"], seen["on_card"]) == (state.floors, state.on_card)
            assert seen["pending"] == list(state.pending)
            assert (seen["extra_turn"], seen["passes"]) == (state.extra_turn, state.passes)
            assert seen["deck"] == len(state.deck) and engine.inventory(state)["deck"] == state.deck
            over = engine.outcome(state).over
            assert seen["saboteur"] == (state.saboteur if over else None)
            if over:
                break
            state = engine.apply(state, engine.random_move(state, chance))
