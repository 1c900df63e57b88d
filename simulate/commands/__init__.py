"""The commands' work behind `simulate/cli.py`: planning and playing arms (run, compare), sweeps,
ladders, strength checks, benchmarks and the new-game scaffold."""
