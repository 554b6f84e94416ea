""" "Measure my hand": an ISO 9241-9 multi-directional aiming test with the mouse
(task.py, screen.py), its reading against the population of hands (compare.py), a plot
of movement time against the effective index (plot.py) and the result page that saves
the player's hand as "me" (results.py; simulator/motor/personal.py keeps it)."""
