"""The moves: pure functions from a state to a new state.

Each move validates against a copy and returns the copy; the state it is given is
never changed, so a refused move (IllegalMove) leaves the caller's state as it was.
Physical moves take the outcome the simulator observed once the tower settled.
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.crazy_tower import constraints, ending
from rules.crazy_tower.blocks import get_block, is_block
from rules.crazy_tower.cards import get_card
from rules.crazy_tower.flow import (
    EFFECTS,
    after_action,
    effects_for,
    end_turn,
    log,
    resolve_effects,
    take_fallen,
)
from rules.crazy_tower.legal import (
    block_choices,
    can_reveal,
    exchange_choices,
    removal_choices,
)
from rules.crazy_tower.outcome import BlockOutcome, FloorCardOutcome, RemovalOutcome
from rules.crazy_tower.placement import block_problem, check_placement
from rules.crazy_tower.state import (
    DIAMONDS,
    EXCHANGE,
    LAY_CARD,
    PLACE,
    REPLACE,
    TODO,
    TURN,
    CrazyTowerState,
)
from rules.errors import IllegalMove

State = CrazyTowerState


def _begin(state: State, player: str, phases: Iterable[str]) -> State:
    if state.is_over:
        raise IllegalMove("the game is over")
    if player != state.current_player:
        raise IllegalMove(f"it is {state.current_player}'s turn, not {player}'s")
    phases = tuple(phases)
    if state.phase not in phases:
        raise IllegalMove(f"{player} must {TODO[state.phase]} now")
    return state.copy()


def _check_block_outcome(state: State, outcome: BlockOutcome) -> bool:
    """Validate where a laid block settled; True when the block itself fell."""
    if outcome.block in outcome.fallen:
        if outcome.floor is not None or outcome.boxes:
            raise IllegalMove(f"{outcome.block} fell, so it rests on no floor and covers no box")
        problem = block_problem(state, outcome.block)
        if problem:
            raise IllegalMove(problem)
        return True
    if outcome.floor is None:
        raise IllegalMove(f"the outcome must say which floor {outcome.block} rests on")
    check_placement(state, outcome.block, outcome.boxes, outcome.floor)
    return False


def place_block(state: State, player: str, outcome: BlockOutcome) -> State:
    """Move A (or the block of move B): a block from the hand onto the top floor card."""
    s = _begin(state, player, (TURN, PLACE))
    block = outcome.block
    fell = _check_block_outcome(s, outcome)
    card = s.top_card
    s.hands[player].remove(block)
    s.passes = 0
    kinds: list[str] = []
    if fell:
        s.home[block] = card
    else:
        s.on_card[block] = card
        s.covers[block] = sorted(outcome.boxes)
        kinds = sorted(get_card(card).kinds_covered(outcome.boxes))
    log(
        s,
        "block_placed",
        block=block,
        card=card,
        floor=len(s.floors) - 1,
        boxes=sorted(outcome.boxes),
        kinds=kinds,
    )
    s.target = card
    s.pending = effects_for(kinds)
    s.resume = EFFECTS
    take_fallen(s, outcome.fallen, acting=block)
    after_action(s)
    return s


def reveal_card(state: State, player: str) -> State:
    """Move B, first step: turn over the deck's top card."""
    s = _begin(state, player, (TURN,))
    if not s.deck:
        raise IllegalMove("the deck is empty")
    problem = constraints.reveal_problem(s)
    if problem:
        raise IllegalMove(problem)
    s.revealed = s.deck.pop(0)
    s.passes = 0
    s.phase = LAY_CARD
    log(s, "card_revealed", card=s.revealed, boxes=list(get_card(s.revealed).boxes))
    return s


def lay_card(state: State, player: str, outcome: FloorCardOutcome) -> State:
    """Move B, second step: the revealed card laid on the tower."""
    s = _begin(state, player, (LAY_CARD,))
    card = outcome.card
    if card != s.revealed:
        raise IllegalMove(f"the revealed card is {s.revealed}, not {card}")
    s.revealed = None
    if card not in outcome.fallen:
        s.floors.append(card)
    log(s, "card_laid", card=card, floor=len(s.floors) - 1)
    s.resume = PLACE
    take_fallen(s, outcome.fallen, acting=card)
    after_action(s)
    return s


def replace_piece(state: State, player: str, outcome: BlockOutcome | FloorCardOutcome) -> State:
    """Put back a piece that fell alone: a block on its own card, a card on the top."""
    s = _begin(state, player, (REPLACE,))
    if isinstance(outcome, BlockOutcome):
        piece = outcome.block
        if piece not in s.down:
            raise IllegalMove(f"{piece} is not waiting to be put back")
        fell = _check_block_outcome(s, outcome)
        s.down.remove(piece)
        if fell:
            where = None
        else:
            where = s.home.pop(piece)
            s.on_card[piece] = where
            s.covers[piece] = sorted(outcome.boxes)
    else:
        piece = outcome.card
        if piece not in s.down or is_block(piece):
            raise IllegalMove(f"{piece} is not a floor card waiting to be put back")
        s.down.remove(piece)
        fell = piece in outcome.fallen
        where = None if fell else piece
        if not fell:
            s.floors.append(piece)
    log(s, "piece_replaced", piece=piece, card=where, held=not fell)
    take_fallen(s, outcome.fallen, acting=piece)
    after_action(s)
    return s


def remove_block(state: State, player: str, outcome: RemovalOutcome) -> State:
    """Diamonds box: pull a block out of a lower floor and give it back to its owner."""
    s = _begin(state, player, (DIAMONDS,))
    block = outcome.block
    if block not in removal_choices(s):
        problem = (
            constraints.removal_problem(s, block) if block in s.on_card else None
        ) or f"{block} is not on a floor card below {s.target}"
        raise IllegalMove(problem)
    owner = s.colour_owner(get_block(block).colour)
    floor = s.floor_of(block)
    del s.on_card[block]
    s.covers.pop(block, None)
    s.hands[owner].append(block)
    s.pending.pop(0)
    s.resume = EFFECTS
    log(s, "block_removed", block=block, floor=floor, to=owner)
    take_fallen(s, outcome.fallen, acting=None)
    after_action(s)
    return s


def skip_removal(state: State, player: str) -> State:
    """Diamonds box: the player chooses not to remove a block."""
    s = _begin(state, player, (DIAMONDS,))
    s.pending.pop(0)
    log(s, "removal_declined")
    resolve_effects(s)
    return s


def exchange(state: State, player: str, give: str, take: str) -> State:
    """Exchange box: swap one of the player's unplayed blocks with another player's."""
    s = _begin(state, player, (EXCHANGE,))
    match = [o for g, t, o in exchange_choices(s) if (g, t) == (give, take)]
    if not match:
        raise IllegalMove(
            f"{player} cannot swap {give} for {take}: give one of your unplayed blocks "
            "for another player's unplayed block"
        )
    other = match[0]
    mine, theirs = s.hands[player], s.hands[other]
    mine[mine.index(give)] = take
    theirs[theirs.index(take)] = give
    s.pending.pop(0)
    log(s, "exchange", give=give, take=take, other=other)
    resolve_effects(s)
    return s


def pass_turn(state: State, player: str) -> State:
    """Only when the player can do nothing else (house rule); all passing in a row
    ends the game (stalemate)."""
    s = _begin(state, player, (TURN, PLACE))
    if block_choices(s) or can_reveal(s):
        raise IllegalMove(f"{player} can still play and may not pass")
    s.passes += 1
    log(s, "pass")
    if s.passes >= len(s.players):
        ending.end_stalemate(s)
    else:
        end_turn(s, passed=True)
    return s


def report_time(state: State, elapsed: float) -> State:
    """The caller's clock: seconds since the game began (app: wall clock; headless: a
    time budget). In a timed challenge, going over the limit loses the game."""
    if state.is_over:
        raise IllegalMove("the game is over")
    elapsed = float(elapsed)
    if elapsed < state.elapsed:
        raise IllegalMove(f"time cannot run backwards ({elapsed} < {state.elapsed})")
    s = state.copy()
    s.elapsed = elapsed
    if constraints.out_of_time(s):
        ending.end_out_of_time(s)
    return s
