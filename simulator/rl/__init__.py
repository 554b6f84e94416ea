"""Research environments: Gymnasium and PettingZoo (the optional extra towersim[rl])."""
