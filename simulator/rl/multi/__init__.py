"""The PettingZoo environments, one module each as PettingZoo lays its own out:
``raw_env`` (the AEC environment), ``env`` (in PettingZoo's order check) and
``parallel_env``."""
