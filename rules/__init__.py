"""The rules of the three games: pure Python, fed plain data by the simulator.

Nothing in this package imports pymunk or pyglet (see DESIGN.md, "Layering").
"""
