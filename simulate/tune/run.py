"""`simulate tune`: plan a tune (everything checked before a file is written), search, confirm, write.

A tune's folder, `OUT/<game>/tune-<knobs>[+variant][+sets].<agents>.seed<S>/`:

- `study.db`: the Optuna study (SQLite through `optuna.storages.RDBStorage`);
- `settings/<setting>/games.csv`: each setting's search games, seeded from S;
- `confirm/<arm>/games.csv`: the confirmation's games, seeded from S + 1000
  (`confirm/<level>/<arm>/` and `confirm/strength/` on a skill axis);
- `tune.json` (what the tune is, checked on resume), `tune.md`, `tune.png`
  and `tuned.toml` (the `[variants.tuned]` table), written at the end.

Running the same command again resumes an interrupted tune (`--fresh`
starts over); a folder holding a tune of other settings is refused.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printkit.errors import DataError
from simulate.engines import game_class
from simulate.play.progress import Progress
from simulate.play.runner import folder_lock
from simulate.tune.search import Book, Halving, OptunaSearch
from simulate.words import naming, say

if TYPE_CHECKING:
    from simulate.tune.report import Written

from simulate.tune.plan import Games, Searched, TuneOptions, TunePlan, plan_tune


def run_tune(
    game: str, knobs: Sequence[str], targets: Sequence[str], requires: Sequence[str], options: TuneOptions
) -> Written:
    """Plan, then search, confirm and write a tune."""
    from simulate.tune.confirm import confirm_games

    plan = plan_tune(game, knobs, targets, requires, options)
    with folder_lock(plan.folder):
        _open_folder(plan)
        arms = confirm_games(plan)
        label = f"{plan.data.title}: tune, {options.budget:,} games of search and up to {arms:,} to confirm"
        with Progress(options.budget + arms, label, options.quiet) as progress:
            searched = search(plan, progress.update)
            from simulate.tune.report import confirm_and_write

            engine = game_class(plan.data.engine)
            with naming(engine.names_ja, engine.names_en):  # the game's own names, in its language
                return confirm_and_write(plan, searched, progress.update)


def _open_folder(plan: TunePlan) -> None:
    """Start the folder afresh, or check that its tune is this one (so it can be resumed)."""
    meta = plan.folder / "tune.json"
    if plan.options.fresh:
        for part in ("settings", "confirm"):
            shutil.rmtree(plan.folder / part, ignore_errors=True)
        for name in ("study.db", "tune.json", "tune.md", "tune.png", "tuned.toml", "result.json"):
            (plan.folder / name).unlink(missing_ok=True)
    elif meta.exists():
        try:
            earlier = json.loads(meta.read_text())
        except json.JSONDecodeError:
            earlier = None
        if earlier != plan.identity():
            raise DataError(
                f"{meta}: holds a tune of other settings; pass --fresh to replace it or --out to write "
                "elsewhere"
            )
    elif (plan.folder / "study.db").exists():
        raise DataError(f"{plan.folder}: holds a study without its tune.json; pass --fresh to start over")
    meta.write_text(json.dumps(plan.identity(), indent=2, sort_keys=True))


def search(plan: TunePlan, on_games: Any = None) -> Searched:
    """Run the chosen search over the plan's space within its budget."""
    options = plan.options
    book = Book(Games(plan), options.budget, on_games=on_games)
    if options.search == "ntbea":
        from simulate.tune.ntbea import ntbea_search

        history, best = ntbea_search(plan.space, book, options.seed, options.first)
        ranked = book.ranked()
        finalists = ([best] if best is not None else []) + [s for s in ranked if s != best]
        stopped = say("tune.stopped.spent")
    else:
        history = OptunaSearch(
            open_study(plan.folder / "study.db"), plan.space, book, options.seed, halving(options)
        ).run()
        finalists = book.ranked()
        stopped = say("tune.stopped.settled" if book.left else "tune.stopped.spent")
    return Searched(history, book, finalists[: options.finalists], stopped)


def halving(options: TuneOptions) -> Halving:
    """The race's plan: `--games` first, then twice and four times as many."""
    return Halving(first=options.first)


def open_study(path: Path) -> Any:
    """The tune's Optuna study in the SQLite file `path`, created or loaded."""
    from simulate.tune.search import load_optuna

    optuna = load_optuna()
    storage = optuna.storages.RDBStorage(f"sqlite:///{path}")
    return optuna.create_study(storage=storage, study_name="tune", direction="minimize", load_if_exists=True)
