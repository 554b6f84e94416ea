"""Matches: each game's rules bound to the physics world, its scenarios and `play` command.

One subpackage per game (``lots``, ...), each with the same parts: ``match`` (rules state
+ world), ``player`` (computer players), ``scenario`` (parse and run a scenario file of
that kind) and ``play`` (the ``towersim play GAME`` command).
"""
