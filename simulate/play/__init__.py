"""Playing a run's games: the runner and its worker processes, a dask cluster, progress, and the
conformance check of the compiled cores against the Python engines."""
