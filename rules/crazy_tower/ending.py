"""How a game ends and who wins, for each mode (rulebook "Game End" and "Victory")."""

from __future__ import annotations

from rules.crazy_tower import constraints
from rules.crazy_tower.scoring import lowest_scores, scores, winner_value
from rules.crazy_tower.state import COMPETITIVE, OVER, SABOTEUR, CrazyTowerState

LAST_BLOCK = "last_block"  # a player placed their last block without a collapse
COLLAPSE = "collapse"  # at least one block and one floor card fell
STALEMATE = "stalemate"  # the deck is empty and nobody can place a block (house rule)
OUT_OF_TIME = "out_of_time"  # a timed solo challenge ran over its limit
CHALLENGE_FAILED = "challenge_failed"  # a solo tower was completed but breaks the challenge


def _finish(state: CrazyTowerState, reason: str, winners: list[str], detail: str) -> None:
    state.result = {
        "reason": reason,
        "winner": winner_value(winners),
        "detail": detail,
        "scores": scores(state),
    }
    state.phase = OVER
    state.events.append(
        {
            "turn": state.turn,
            "player": state.current_player,
            "type": "game_over",
            "reason": reason,
            "winner": winner_value(winners),
        }
    )


def _architects(state: CrazyTowerState) -> list[str]:
    return [p for p in state.players if p != state.saboteur]


def _saboteur(state: CrazyTowerState) -> list[str]:
    return [state.saboteur] if state.saboteur else []


def end_collapse(state: CrazyTowerState) -> None:
    player = state.current_player
    state.lost, state.down = list(state.down), []
    state.home = {}
    state.events.append(
        {"turn": state.turn, "player": player, "type": "collapse", "fallen": list(state.lost)}
    )
    if state.mode == COMPETITIVE:
        # the collapsing player scores nothing: the rest compete on lowest score
        others = [p for p in state.players if p != player]
        winners = lowest_scores(state, others)
        detail = f"{player} collapsed the tower; lowest score among the others wins"
    elif state.mode == SABOTEUR:
        if player == state.saboteur:
            winners, detail = _architects(state), "the tower collapsed on the saboteur's turn"
        else:
            winners = _saboteur(state)
            detail = "the tower collapsed on an architect's turn"
    else:
        winners, detail = [], "the tower collapsed"
    _finish(state, COLLAPSE, winners, detail)


def end_last_block(state: CrazyTowerState) -> None:
    player = state.current_player
    if state.mode == COMPETITIVE:
        _finish(state, LAST_BLOCK, [player], f"{player} placed their last block")
    elif state.mode == SABOTEUR:
        if player == state.saboteur:
            _finish(state, LAST_BLOCK, [player], "the saboteur placed all of his blocks")
        else:
            _finish(
                state,
                LAST_BLOCK,
                _architects(state),
                f"the architect {player} placed their last block",
            )
    else:
        problem = constraints.completion_problem(state)
        if problem:
            _finish(state, CHALLENGE_FAILED, [], problem)
        else:
            _finish(state, LAST_BLOCK, [player], f"challenge {state.challenge} completed")


def end_stalemate(state: CrazyTowerState) -> None:
    if state.mode == COMPETITIVE:
        winners = lowest_scores(state, state.players)
        detail = "nobody can place a block; lowest score wins"
    elif state.mode == SABOTEUR:
        winners = _saboteur(state)
        detail = "nobody can place a block: the architects failed"
    else:
        winners, detail = [], "the tower cannot be completed"
    _finish(state, STALEMATE, winners, detail)


def end_out_of_time(state: CrazyTowerState) -> None:
    _finish(state, OUT_OF_TIME, [], f"{state.elapsed:.1f} s is over the time limit")
