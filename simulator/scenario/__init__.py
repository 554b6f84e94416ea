"""Scenario files (SCENARIO_FORMAT.md): reading, validating and running them headless."""
