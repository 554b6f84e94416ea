"""Drawing worlds with pyglet: batched shapes at every body's real pose.

Physics never imports this package; it reads a World and never steps it.
"""
