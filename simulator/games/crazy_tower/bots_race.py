"""The race in competitive Crazy Tower: what a placement does to who moves most.

Between two bots that do not collapse, a competitive game is a race to place the last
block, one block a turn, and the only way to gain a turn is a loop box (the player
plays again): the first player wins unless the second takes more loops (20 of 20 bot
games read for issue 42, docs/bots.md "Crazy Tower, the race"). So a placement that
takes a loop box is worth a turn, and one that leaves a loop box on the top card that
the next player's blocks can take costs one. Both read the planned position only (no
physics). A card revealed can bring a loop box the mover takes at once (expert counts
its odds, Level.deck_odds). A diamonds pull of another player's block hands it back to
them, one more block to place: a turn too (``pulls``).
"""

from __future__ import annotations

from typing import Any

from rules.crazy_tower import covered_boxes, get_block, get_card, legal_moves
from rules.crazy_tower.state import COMPETITIVE, DIAMONDS
from simulator.games.crazy_tower.bodies import block_span, card_half_length
from simulator.games.crazy_tower.match import CrazyTowerMatch
from simulator.games.crazy_tower.player import (
    BALANCE_MARGIN,
    GAP,
    RED_MARGIN,
    STEP,
    TowerBalance,
)
from simulator.games.crazy_tower.survey import shadow

LOOP = "loop"
DIAMONDS_BOX = "diamonds"
# Points a turn is worth: more than any block's points (1 to 5), less than a collapse (40).
TEMPO = 10.0
# cm of static slack the tower must keep without a block before it is pulled: twice the
# random player's careful margin (player.BALANCE_MARGIN), since a collapse loses the game.
PULL_MARGIN = 1.6


def racing(match: CrazyTowerMatch) -> bool:
    """Whether the race counts: a competitive game (a saboteur plays another game)."""
    return match.state.mode == COMPETITIVE


def loop_boxes(card_id: str) -> frozenset[int]:
    return frozenset(i for i, kind in enumerate(get_card(card_id).boxes) if kind == LOOP)


def diamonds_boxes(card_id: str) -> frozenset[int]:
    return frozenset(i for i, kind in enumerate(get_card(card_id).boxes) if kind == DIAMONDS_BOX)


def surely_covered(at: float, span: float) -> frozenset[int]:
    """The boxes a block at ``at`` covers even RED_MARGIN off to either side: a plan a
    hair over a box's line (cover_fraction) is as likely to settle short of it."""
    return covered_boxes(at + RED_MARGIN, at + span - RED_MARGIN)


def takes_loop(match: CrazyTowerMatch, action: dict[str, Any]) -> bool:
    """Whether a block placed as planned surely covers a loop box of the top card."""
    if action["type"] != "place_block":
        return False
    span = block_span(action["block"], _angle(match))
    return bool(surely_covered(float(action["at"]), span) & loop_boxes(match.state.top_card))


def took_loop(twin: CrazyTowerMatch, before: int) -> bool:
    """Whether the move a copy played after its first ``before`` events won a turn: the
    loop acted, or waits behind a diamonds or exchange box (flow.EFFECT_ORDER)."""
    state = twin.state
    return LOOP in state.pending or any(e["type"] == LOOP for e in state.events[before:])


def leaves_loop(match: CrazyTowerMatch, action: dict[str, Any]) -> bool:
    """Whether, after ``action`` as planned, the next player could take a loop box of
    the top card: a block of theirs, of a colour the card does not hold yet, fits
    beside the blocks there over the box without covering a red one. A revealed card
    goes on top and hides the old top's boxes; a loop taken means the mover plays on."""
    if action["type"] != "place_block" or takes_loop(match, action):
        return False
    state, world = match.state, match.world
    card_id = state.top_card
    loops = loop_boxes(card_id)
    if not loops:
        return False
    card = world.entry(card_id)
    taken = [shadow(world.entry(b), card) for b in state.blocks_on(card_id) if b in world]
    angle = _angle(match)
    at = float(action["at"])
    taken.append((at, at + block_span(action["block"], angle)))
    colours = {get_block(b).colour for b in state.blocks_on(card_id)}
    colours.add(get_block(action["block"]).colour)
    players = state.players
    following = players[(players.index(state.current_player) + 1) % len(players)]
    spans = {
        block_span(b, angle)
        for b in state.hands.get(following, ())
        if get_block(b).colour not in colours
    }
    red = get_card(card_id).red_boxes()
    length = 2 * card_half_length()
    return any(_fits_over(span, loops, taken, red, length) for span in spans)


def _fits_over(
    span: float,
    boxes: frozenset[int],
    taken: list[tuple[float, float]],
    red: frozenset[int],
    length: float,
) -> bool:
    """Whether a block ``span`` long has a tidy spot covering one of ``boxes`` (as the
    bots' and the random player's candidates keep clear of red boxes and blocks)."""
    at = 0.0
    while at <= length - span + 1e-9:
        free = all(at + span + GAP <= a or at >= b + GAP for a, b in taken)
        near = covered_boxes(at - RED_MARGIN, at + span + RED_MARGIN)
        if free and not (near & red) and covered_boxes(at, at + span) & boxes:
            return True
        at += STEP
    return False


def pulls(match: CrazyTowerMatch, moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The diamonds pulls that win a turn and leave the tower standing on paper: blocks
    of the other players (a pulled block goes back to its owner, who has one more to
    place) whose going leaves the tower PULL_MARGIN of static slack, or all it has now
    (a block the leaning floors do not rest on), never less than the random player's
    careful margin; most slack first."""
    state = match.state
    me = state.current_player
    balance = TowerBalance(match)
    now = balance.slack([])
    found = []
    for move in moves:
        if move["type"] != "remove_block":
            continue
        if state.colour_owner(get_block(move["block"]).colour) == me:
            continue
        slack = balance.slack([], without=move["block"])
        if slack >= min(PULL_MARGIN, now) and slack >= BALANCE_MARGIN:
            found.append((slack, move))
    found.sort(key=lambda item: -item[0])
    return [move for _, move in found]


def pull_offered(match: CrazyTowerMatch) -> bool:
    """Whether a block covering a diamonds box of the top card now would be offered a
    pull that wins a turn (``pulls`` over the blocks on the floors below the top)."""
    state = match.state
    if not diamonds_boxes(state.top_card):
        return False
    top = len(state.floors) - 1
    me = state.current_player
    below = [
        {"type": "remove_block", "player": me, "block": b}
        for b in state.on_card
        if state.floor_of(b) < top
    ]
    return bool(below) and bool(pulls(match, below))


def takes_pull(match: CrazyTowerMatch, action: dict[str, Any]) -> bool:
    """Whether a block placed as planned surely covers a diamonds box of the top card
    (a pull is then offered: the caller knows whether one wins a turn, pull_offered)."""
    if action["type"] != "place_block":
        return False
    span = block_span(action["block"], _angle(match))
    covered = surely_covered(float(action["at"]), span)
    return bool(covered & diamonds_boxes(match.state.top_card))


def pulling(twin: CrazyTowerMatch) -> bool:
    """Whether a copy's move left its mover a pull that wins a turn (the diamonds box
    acted and ``pulls`` has one)."""
    state = twin.state
    return state.phase == DIAMONDS and bool(pulls(twin, legal_moves(state)))


def loop_odds(match: CrazyTowerMatch) -> float:
    """The chance that the next card revealed has a loop box: the share of the deck's
    cards with one (which cards are left is public; their order is not looked at)."""
    deck = match.state.deck
    return sum(1 for card in deck if loop_boxes(card)) / len(deck) if deck else 0.0


def _angle(match: CrazyTowerMatch) -> float:
    return match.handicap.block_angle_deg if match.handicap else 0.0
