"""simulate: seeded Monte Carlo games through a rules engine per game, and balance reports."""
