"""Benchmark scripts (run them as modules, see benchmarks/README.md); not timed tests."""
