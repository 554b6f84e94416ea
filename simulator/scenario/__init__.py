"""Scenario files (docs/scenario-format.md): reading, validating and running them headless."""
