"""`simulate tune`: search a game's rule values for balance, then confirm the answer on fresh games.

- `space`: the knobs (`--knob`) and their values, checked against the data file;
- `targets`: the measures of the report with goals (`--target`, `--require`), one objective;
- `search`: Optuna's sampler with successive halving over a budget of games, its study in SQLite;
- `ntbea`: TAG's NTBEA over the same space and budget, to compare with;
- `confirm`: the finalists against the rules as they were, on fresh seeds, tested;
- `run`: plan, search and resume; `report`: `tune.md`, `tune.png`, `tuned.toml`.
"""
