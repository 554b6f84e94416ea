"""towersim's engine and program: physics, hand, replay, CLI (and later match, app, bots)."""
