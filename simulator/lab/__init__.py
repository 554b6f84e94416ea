"""The balance lab: bot tournaments, their report and what-if forks."""
