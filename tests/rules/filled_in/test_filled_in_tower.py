"""The drawn tower as LOTS pieces, for the physics ("would this tower stand?")."""

from fi_helpers import I_FACES, draw, game, row, square, to_placement

from rules.filled_in import place, placed_tetrominoes
from rules.filled_in.tower import Tower


def test_placed_tetrominoes_lists_blocks_and_purple_cubes_in_drawing_order():
    state = game(2)
    draw(state, "Ann", "O", "blue", square(0, 4))
    state = to_placement(state, I_FACES[:5], [0, 1, 3, 4])
    state = place(state, "Ann", "I", "red", row(0, 0, 3), purples=[(1, 0)])
    pieces = placed_tetrominoes(state.player("Ann").tower)
    assert pieces == [
        {"piece": "lots-O", "colour": "blue", "cells": [[0, 4], [0, 5], [1, 4], [1, 5]]},
        {"piece": "lots-I", "colour": "red", "cells": [[0, 0], [0, 1], [0, 2], [0, 3]]},
        {"piece": "lots-cube", "colour": "purple", "cells": [[1, 0]]},
    ]
    # The same from a saved game's plain data.
    saved = state.to_dict()["players"][0]["tower"]
    assert placed_tetrominoes(saved) == pieces
    assert Tower.from_dict(saved).to_dict() == saved
