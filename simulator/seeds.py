"""Where the seeded streams of a game come from: the computer players' seeds and the human
hand's noise, each derived from the game's seed in one place.

The CLI, the app, the scenario runners and the benchmarks must derive a seat's seed the
same way, or the same seed would play a different game in each of them; recorded games
and the golden hashes depend on these exact numbers.
"""

from __future__ import annotations

from rules.chance import Chance

# A prime stride between games' seeds: games seeded n and n + 1 never share a seat's
# seed while the seat (or action) numbers stay below it.
SEAT_STRIDE = 7919
# A LOTS scenario's "computer" actions: each gets fresh random players, 31 seeds apart.
COMPUTER_ACTION_STRIDE = 31

# Seeds a command line accepts: 0 up to the largest a 64-bit integer holds, so that a
# recording's seed is an ordinary integer in every TOML and JSON reader.
MAX_SEED = 2**63 - 1


def seed_option(text: str) -> int:
    """An argparse ``type`` for --seed, the same for every command: an integer, 0 to
    MAX_SEED, or one line saying what is wrong."""
    import argparse

    try:
        seed = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"must be 0 to {MAX_SEED}, not {seed}")
    return seed


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the computer player at ``seat`` (its index) in a game seeded ``seed``."""
    return seed * SEAT_STRIDE + seat


def computer_action_seed(seed: int, index: int, seat: int) -> int:
    """The seed of ``seat``'s random player in a LOTS scenario's ``index``-th action (a
    "computer" action): each such action plays with fresh players."""
    return seed * SEAT_STRIDE + index * COMPUTER_ACTION_STRIDE + seat


def takeover_seed(seed: int, actions: int) -> int:
    """The seed of the random player taking over a Crazy Tower seat whose computer failed
    after ``actions`` actions of the match."""
    return seed * SEAT_STRIDE + actions


def hand_chance(seed: int, salt: int, actions: int) -> Chance:
    """The human hand's noise stream for the placement after ``actions`` actions: a
    stream per action, so a loaded game draws what the unsaved one would have. Each
    game keeps its own ``salt`` (simulator/games/lots/hand.py, crazy_tower/handicap.py):
    a save records the noise drawn, but a live game with a given seed shows which salt
    it used."""
    return Chance.from_seed(seed).fork(salt + actions)


# The research environments' hands (simulator/rl): one noise stream per seat, forked
# from the episode's seed, so an episode's placements depend on nothing but its seed.
RL_HAND_SALT = 0x52_4C_00


def rl_hand_chance(seed: int, seat: int) -> Chance:
    """The noise stream of seat ``seat``'s hand in a research environment's episode."""
    return Chance.from_seed(seed).fork(RL_HAND_SALT + seat)
