"""The race in competitive Crazy Tower (bots_race): a placement on a loop box takes a
turn, one beside it leaves the turn to the next player, and the levels that look ahead
take it."""

from __future__ import annotations

from typing import Any

from rules.crazy_tower import legal_moves
from rules.crazy_tower.cards import deck_cards
from rules.crazy_tower.state import DIAMONDS
from simulator.bots.levels import level
from simulator.games.crazy_tower.bodies import tower_profile
from simulator.games.crazy_tower.bots import CrazyTowerBot
from simulator.games.crazy_tower.bots_race import (
    PULL_MARGIN,
    TEMPO,
    leaves_loop,
    loop_boxes,
    loop_odds,
    pull_offered,
    pulls,
    racing,
    takes_loop,
    takes_pull,
)
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.player import TowerBalance
from simulator.physics.profile import load_profile

LOOP_CARD = "fc-11"  # "Spiral stair": a loop at its left end (box 0, 0 to 4 cm), red box 4


def _on_loop_card(mode: str = "competitive") -> CrazyTowerMatch:
    """Player 1 has revealed and laid the loop card and must place a block on it."""
    deck = [LOOP_CARD, *(c for c in deck_cards() if c != LOOP_CARD)]
    options: dict[str, Any] = {"mode": mode, "players": ["P1", "P2"], "seed": 4, "deck": deck}
    if mode == "solo":
        options["players"] = ["P1"]
    match = CrazyTowerMatch(options, tower_profile(load_profile(), sleep_given=False))
    match.perform({"type": "reveal_card", "player": "P1"})
    match.perform({"type": "lay_card", "player": "P1", "offset": 0.0})
    assert match.state.top_card == LOOP_CARD
    return match


def _place(at: float) -> dict[str, Any]:
    return {"type": "place_block", "player": "P1", "block": "red-1a", "at": at}


def test_a_block_on_the_loop_box_takes_a_turn_and_one_beside_it_leaves_one() -> None:
    match = _on_loop_card()
    assert racing(match)
    assert loop_boxes(LOOP_CARD) == {0}
    assert takes_loop(match, _place(1.0)) and not leaves_loop(match, _place(1.0))
    # in the middle the loop box stays open, and P2's green and yellow blocks fit it
    assert not takes_loop(match, _place(9.0)) and leaves_loop(match, _place(9.0))
    assert not leaves_loop(match, {"type": "reveal_card", "player": "P1"})


def test_the_race_counts_in_competitive_play_only() -> None:
    assert not racing(_on_loop_card("solo"))


def test_normal_takes_the_loop_box_at_the_card_end_where_easy_keeps_to_the_middle() -> None:
    match = _on_loop_card()
    easy = CrazyTowerBot(7, level("easy")).plan(match)
    assert not takes_loop(match, easy)  # the steadiest spots are near the middle
    action = CrazyTowerBot(7, level("normal")).plan(match)
    assert takes_loop(match, action)
    before = len(match.state.events)
    match.perform(action)  # as planned: the block covers the loop box, P1 plays again
    assert any(e["type"] == "loop" for e in match.state.events[before:])
    assert match.state.current_player == "P1"


def test_expert_reveals_for_the_deck_odds_of_a_loop_where_hard_places_a_block() -> None:
    options = {"mode": "competitive", "players": ["P1", "P2"], "seed": 4}
    match = CrazyTowerMatch(options, tower_profile(load_profile(), sleep_given=False))
    assert loop_odds(match) == 6 / 20  # six of the twenty deck cards have a loop box
    assert CrazyTowerBot(3, level("hard")).plan(match)["type"] == "place_block"
    # the ground floor has no loop box: a reveal places a block all the same and may
    # bring one (1.5 + 10 * 0.3 + 4 points of the red 4-cube block beat its 5.9)
    assert CrazyTowerBot(3, level("expert")).plan(match)["type"] == "reveal_card"


def test_expert_rehearses_a_reveal_and_keeps_off_a_lay_that_tips_the_tower() -> None:
    """P2 took the loop box at the left end of "Spiral stair" with a 2-cube block; the
    card rests on P1's 4-cube block in the middle of the ground floor. A card laid over
    the lone block loads that end of the card below, which tips over (as the lab's
    expert-hard seed 9 collapsed on turn 4). The deck's odds alone made the reveal the
    best move; rehearsed, the lay collapses in the copy and expert places a block,
    leaving the match as it was, and decides the same way again."""
    deck = [LOOP_CARD, *(c for c in deck_cards() if c != LOOP_CARD)]
    options: dict[str, Any] = {"mode": "competitive", "players": ["P1", "P2"], "seed": 4}
    match = CrazyTowerMatch({**options, "deck": deck}, tower_profile(load_profile(), False))
    for action in (
        {"type": "place_block", "player": "P1", "block": "red-4a", "at": 6.0},
        {"type": "reveal_card", "player": "P2"},
        {"type": "lay_card", "player": "P2", "offset": 0.0},
        {"type": "place_block", "player": "P2", "block": "green-2a", "at": 0.0},
    ):
        match.perform(action)
    assert match.state.current_player == "P2"  # the loop: P2 plays again
    before = match.state_hash()
    bot = CrazyTowerBot(5, level("expert"))
    action = bot.plan(match)
    assert match.state_hash() == before
    assert action["type"] == "place_block"
    reveal = next(e for e in bot.last_estimates if e.candidate["type"] == "reveal_card")
    assert reveal.prior > max(e.prior for e in bot.last_estimates if e is not reveal)
    assert reveal.samples and reveal.samples[0].fell and reveal.mean < 0
    assert CrazyTowerBot(5, level("expert")).plan(match) == action


def _green_between_reds(card: str, *after: dict[str, Any]) -> CrazyTowerMatch:
    """``card`` laid first on a ground floor where P2's green 1-cube block stands
    between P1's two 4-cube blocks, then the ``after`` actions."""
    deck = [card, *(c for c in deck_cards() if c != card)]
    options: dict[str, Any] = {"mode": "competitive", "players": ["P1", "P2"], "seed": 4}
    match = CrazyTowerMatch({**options, "deck": deck}, tower_profile(load_profile(), False))
    for action in (
        {"type": "place_block", "player": "P1", "block": "red-4a", "at": 0.5},
        {"type": "place_block", "player": "P2", "block": "green-1a", "at": 9.0},
        {"type": "place_block", "player": "P1", "block": "blue-4a", "at": 11.5},
        {"type": "reveal_card", "player": "P2"},
        {"type": "lay_card", "player": "P2", "offset": 0.0},
        *after,
    ):
        match.perform(action)
    return match


def _offered_a_pull() -> CrazyTowerMatch:
    """P1 has covered the diamonds box of "fc-20" and may pull a block from the ground
    floor, where P2's green 1-cube block stands between P1's two 4-cube blocks."""
    match = _green_between_reds(
        "fc-20",
        {"type": "place_block", "player": "P2", "block": "yellow-2a", "at": 12.0},
        {"type": "place_block", "player": "P1", "block": "red-2a", "at": 0.0},
    )
    assert match.state.phase == DIAMONDS and match.state.current_player == "P1"
    return match


def test_hard_pulls_the_other_players_block_when_the_tower_keeps_its_balance() -> None:
    match = _offered_a_pull()
    before = match.state_hash()
    moves = legal_moves(match.state)
    assert [m["block"] for m in pulls(match, moves)] == ["green-1a"]  # P1's own stay
    assert CrazyTowerBot(2, level("normal")).plan(match)["type"] == "skip_removal"
    action = CrazyTowerBot(2, level("hard")).plan(match)
    assert match.state_hash() == before  # the rehearsal left the match as it was
    assert action == {"type": "remove_block", "player": "P1", "block": "green-1a"}
    assert CrazyTowerBot(2, level("hard")).plan(match) == action  # the same again
    events = len(match.state.events)
    match.perform(action)
    assert "green-1a" in match.state.hands["P2"]  # one more block for P2 to place
    assert not any(e["type"] == "piece_fell" for e in match.state.events[events:])


def test_hard_declines_a_pull_the_tower_leans_on() -> None:
    """Without P1's blocks the card above rests on the green block alone: only P2's
    blocks are pulled, and only those the tower does not need."""
    match = _offered_a_pull()
    balance = TowerBalance(match)
    assert balance.slack([], without="green-1a") >= PULL_MARGIN
    assert balance.slack([], without="red-4a") < balance.slack([])
    state = match.state
    state.colours = {"P1": ["green", "yellow"], "P2": ["red", "blue"]}  # swap owners
    moves = legal_moves(state)
    assert all(m["block"] != "green-1a" for m in pulls(match, moves))


def test_hard_covers_a_diamonds_box_whose_pull_wins_a_turn() -> None:
    """ "fc-07" has a diamonds box (box 2, 4 to 8 cm) and P2's green block stands below
    between P1's blocks: covering the box offers a pull of it, a turn, which hard takes
    as it takes a loop; normal keeps to the steadiest spot."""
    match = _green_between_reds(
        "fc-07", {"type": "place_block", "player": "P2", "block": "yellow-2a", "at": 8.0}
    )
    assert pull_offered(match)
    normal = CrazyTowerBot(5, level("normal")).plan(match)
    assert not takes_pull(match, normal)
    bot = CrazyTowerBot(5, level("hard"))
    action = bot.plan(match)
    assert takes_pull(match, action)
    assert all(s.value > TEMPO for s in bot.last_estimates[0].samples)  # the pull counted
    match.perform(action)
    assert match.state.phase == DIAMONDS and match.state.current_player == "P1"
