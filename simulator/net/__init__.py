"""Network play: lockstep games between desktops (docs/network.md)."""
