"""The desktop app: pyglet windows for playing the games live with the mouse.

Physics is stepped at the profile's fixed dt from an accumulator (app/loop.py); screens
read the world through simulator.render and never pass a frame's delta to the physics.

Shared here: the window, the Screen protocol (screen.py), GameScreen (game_screen.py),
the computer seats (computer_seats.py, workers.py), the start screen and where saves go
(save_folder.py). Each game has a folder of its own (lots/, crazy_tower/, filled_in/):
its screen, panel, words and session; the registry names each game's screen.
"""
