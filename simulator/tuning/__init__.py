"""The physics-tuning lab: sweeps over physics parameters against physical truth
(docs/tuning.md)."""
