"""The desktop app: pyglet windows for playing the games live with the mouse.

Physics is stepped at the profile's fixed dt from an accumulator (app/loop.py); screens
read the world through simulator.render and never pass a frame's delta to the physics.
"""
