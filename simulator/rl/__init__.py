"""Research environments: Gymnasium and PettingZoo (the optional extra towersim[rl]).

Each environment is a thin layer over a game's match (simulator/games/match.py): an
adapter (``simulator.rl.lots`` and its siblings) numbers the game's decisions and
placements as one Discrete action space, says which are legal, and reads the match as
arrays; ``simulator.rl.aec`` (PettingZoo) and ``simulator.rl.solo`` (Gymnasium) drive
any adapter the same way; importing ``simulator.rl.registration`` registers the
Gymnasium ids (``gymnasium.make("simulator.rl.registration:towersim/LotsSolo-v0")``).
docs/research.md documents every space. Nothing outside this package imports gymnasium
or pettingzoo, and nothing here imports the app.
"""
