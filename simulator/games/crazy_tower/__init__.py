"""Crazy Tower: the rules state bound to a physics world (match), the computer player,
``kind = "crazy-tower"`` scenarios and ``towersim play crazy-tower``."""
