"""The `simulate` command: run and compare rules variants, benchmark engines, and the demo."""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import functools
import gc
from pathlib import Path
from typing import Any

import click

from printkit.datafile.gamedata import available_games, load_game
from printkit.errors import DataError, run_cli
from simulate.agents import GENERIC, agent_kinds, describe_agents, parse_agents
from simulate.analysis.min_effect import parse_min_effect
from simulate.commands.agent_speed import time_agent
from simulate.commands.arms import Outcome, run_arms
from simulate.commands.bench import measure, table
from simulate.commands.options import (
    DEFAULT_MAX_GAMES,
    DEFAULT_SWEEP_GAMES,
    DEMO_BUDGET,
    Budget,
    PlayOptions,
    check_resume,
    parse_budget,
)
from simulate.commands.runs import headline_arms, worker_count
from simulate.engines import ENGINES, make_game, require_engine
from simulate.fast import ENGINES as ENGINE_NAMES
from simulate.fast import engine_choice
from simulate.play.cluster import on_cluster
from simulate.play.runner import ENGINE_CAP
from simulate.words import language

MAX_GAMES = 100_000_000  # per arm: days of play; a larger number is a typo
GAMES = click.IntRange(1, MAX_GAMES)
SEED_OPTION = click.option(
    "--seed",
    type=click.IntRange(min=0),
    default=1,
    show_default=True,
    help="Seed of the run (0 or more).",
)
JOBS_OPTION = click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    help="Worker processes (default: this machine's cores); results do not depend on it.",
)
FORCE_OPTION = click.option(
    "--force",
    is_flag=True,
    help="Allow --jobs beyond 4 per core (up to 16), and more than a million games in one command.",
)
ENGINE_OPTION = click.option(
    "--engine",
    type=click.Choice(ENGINE_NAMES),
    default="fast",
    show_default=True,
    help="fast: a game's compiled core where it has one (docs/guides/engines.md), "
    "the same games as the Python engine; python: the Python engines, the rules' reference.",
)
REPAIR_OPTION = click.option(
    "--repair",
    is_flag=True,
    help="Keep the games of an earlier run whose run.json is damaged: its first and last game are "
    "played again to check them, then run.json is written anew from this command's settings.",
)
LANG_OPTION = click.option(
    "--lang",
    type=click.Choice(["en", "ja"]),
    default="en",
    show_default=True,
    help="Language of the bottom line, the report's pages and its figures' words (ja: Japanese, "
    "in the font of the printed pieces).",
)


def out_option(help_text: str) -> Any:
    """`--out FOLDER` (default `output`), with what the command writes there."""
    return click.option(
        "--out",
        type=click.Path(file_okay=False, path_type=Path),
        default=Path("output"),
        show_default=True,
        help=help_text,
    )


MAX_MOVES_OPTION = click.option(
    "--max-moves",
    type=click.IntRange(1, ENGINE_CAP),
    default=ENGINE_CAP,
    show_default="the engine's max_moves",
    help="Stop a game after this many moves (counted as capped), and every search agent's playout too, "
    "where the engine's own max_moves is higher.",
)
SCHEDULER_OPTION = click.option(
    "--scheduler",
    metavar="ADDRESS",
    default=None,
    help="Play the games on the dask.distributed cluster at ADDRESS (e.g. tcp://10.0.0.5:8786) "
    "instead of local processes; the same rows as a local run. Needs the [dask] extra.",
)


OWN_AGENTS = "<each game's own agents>"  # in --agents help, worked out only when the help is shown
AGENTS_HELP = (
    "One agent spec for every seat, or one per seat (random,mcts:200,c=0.7). "
    "Every game: random; greedy (one ply on the game's evaluation); mc:N (N playouts per move); "
    "mcts:N[,c=C,rollout=greedy,depth=D] (UCT); ismcts:N[,...] (information-set MCTS). "
    f"Games' own: {OWN_AGENTS}. `simulate agents GAME` explains each."
)


class AgentsOption(click.Option):
    """`--agents`, whose help names every game's own agents.

    Naming them imports every engine, which would cost each command about
    0.06 s at start for a help text it does not show.
    """

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        if self.help and OWN_AGENTS in self.help:
            own = []
            for engine in sorted(ENGINES):
                names = [name for name in agent_kinds(engine) if name not in GENERIC]
                if names:  # most games have none of their own: no "game: ;" in the help
                    own.append(f"{engine}: {', '.join(names)}")
            self.help = self.help.replace(OWN_AGENTS, "; ".join(own))
        return super().get_help_record(ctx)


SKILL_OPTIONS = [
    click.option(
        "--skill",
        is_flag=False,
        flag_value="",
        default=None,
        metavar="[LEVELS]",
        help="Play every arm at each level of a skill axis, weakest first, and check that the levels are "
        "ordered (adjacent levels head to head): alone, the game's levels and games from its data file "
        "([game.skill]); or name them, e.g. --skill random,greedy,mcts:200. Not with --agents.",
    ),
    click.option(
        "--strength-games",
        type=GAMES,
        default=None,
        help="With --skill: games per strength check of two adjacent levels (default: the data file's).",
    ),
    click.option(
        "--min-effect",
        "min_effect",
        metavar="MEASURE=X,...",
        default=None,
        help="The smallest difference that matters to players: share=2 (percentage points of a share of "
        "games), length=5% (of the baseline's median; or length=2 moves), margin=1 (points). Smaller "
        "called differences read 'smaller than players would notice'; equivalence tests use them.",
    ),
    click.option(
        "--paper",
        type=click.Choice(["a4", "letter"]),
        default="a4",
        show_default=True,
        help="Paper of every page of report.pdf (figures scaled to fit).",
    ),
    click.option(
        "--budget",
        metavar="GAMES|TIME",
        default=None,
        help="Without --games the arms play in rounds until every headline question is settled (called, "
        "or shown within --min-effect); the budget bounds them: games per arm at every level (20000) or a "
        "time for the whole command (90s, 10m, 1h). Default: 20,000 games per arm, or with --skill each "
        "level's games from the data file.",
    ),
]


def speaking(lang: str) -> contextlib.AbstractContextManager[None]:
    """`simulate.report.plotting.speaking(lang)`, or in English only the sentences' language: English
    figures need no font of their own, and matplotlib (a second or more to import) is then imported only
    once games are played, while the workers play, not by a command that stops at a mistake in its input."""
    if lang == "en":
        return language(lang)
    from simulate.report.plotting import speaking as drawing_in

    return drawing_in(lang)


def _skill_fields(given: dict) -> dict:
    """`--skill`, `--strength-games`, `--min-effect`, `--paper` and `--budget` as PlayOptions' fields (in
    rounds unless `--games` is given); refuse --skill beside --agents, whose place the levels take."""
    if "skill" not in given:
        return {}
    ctx = click.get_current_context()
    skill = given.pop("skill")
    if skill is not None and ctx.get_parameter_source("agents") == click.core.ParameterSource.COMMANDLINE:
        raise DataError("--skill: the levels give the agents; drop --agents, or name the levels in --skill")
    games_given = ctx.get_parameter_source("games") != click.core.ParameterSource.DEFAULT
    return {
        "skill": skill,
        "games_given": games_given,
        "strength_games": given.pop("strength_games"),
        "min_effect": parse_min_effect(given.pop("min_effect")),
        "paper": given.pop("paper"),
        "budget": parse_budget(given.pop("budget")),
        "until_settled": not games_given,
    }


def _play_options(
    games: int, games_help: str, agents_help: str, several_agents: bool, paths_said: str, skill: bool = False
):
    """The options run, compare and sweep share, gathered into one `options: PlayOptions` argument.

    The decorated command also gets `--jobs` resolved (`--force`) and runs
    inside `--scheduler`'s cluster when one is named. With `skill`, it takes
    `--skill`, `--strength-games`, `--min-effect` and `--paper` too.
    """
    options = [
        click.option(
            "--set",
            "sets",
            multiple=True,
            metavar="KEY=VALUE",
            help="Override a rule for every arm (repeatable), e.g. --set board=7.",
        ),
        click.option(
            "--players", type=int, default=None, help="Player count (default: the variant's or the game's)."
        ),
        click.option(
            "--agents",
            cls=AgentsOption,
            multiple=several_agents,
            default=("greedy",) if several_agents else "greedy",
            show_default=True,
            help=agents_help,
        ),
        click.option("--games", type=GAMES, default=games, show_default=True, help=games_help),
        SEED_OPTION,
        JOBS_OPTION,
        FORCE_OPTION,
        SCHEDULER_OPTION,
        ENGINE_OPTION,
        LANG_OPTION,
        out_option("Folder for the CSVs and the report."),
        click.option(
            "--fresh", is_flag=True, help="Replace an earlier run in the same folder instead of resuming it."
        ),
        REPAIR_OPTION,
        click.option("--quiet", is_flag=True, help=f"No progress bar ({paths_said} still printed)."),
        click.option(
            "--precision",
            type=float,
            default=None,
            metavar="X",
            help="Play on, in steps of --games, until every arm's first-mover share is known to "
            "within X either side (95%), e.g. 0.02; at most --max-games per arm.",
        ),
        click.option(
            "--max-games",
            type=GAMES,
            default=DEFAULT_MAX_GAMES,
            show_default=True,
            help="Cap on games per arm for --precision.",
        ),
        MAX_MOVES_OPTION,
    ]

    if skill:
        options += SKILL_OPTIONS

    def decorate(command):
        @functools.wraps(command)
        def gathered(*, agents, jobs, force, scheduler, engine, lang, **given):
            extra = _skill_fields(given)
            shared = {name: given.pop(name) for name in PLAY_FIELDS if name in given}
            agent_sets = tuple(agents) if several_agents else (agents,)
            options = PlayOptions(
                agents=agent_sets, jobs=worker_count(jobs, force), force=force, **shared, **extra
            )
            with on_cluster(scheduler), engine_choice(engine), speaking(lang):
                return command(options=options, **given)

        for option in reversed(options):
            gathered = option(gathered)
        return gathered

    return decorate


# PlayOptions' fields the command line gives as they are (agents and jobs are worked out first)
PLAY_FIELDS = tuple(
    f.name for f in dataclasses.fields(PlayOptions) if f.name not in ("agents", "jobs", "force")
)
ARM_OPTIONS = _play_options(
    2000,
    "Games per arm, a fixed number. Without it the arms play in rounds until settled (--budget).",
    AGENTS_HELP + " Give it twice (--agents greedy --agents mcts:200) to play every arm "
    "under both and say which conclusions hold under both.",
    several_agents=True,
    paths_said="the summary is",
    skill=True,
)


def _finish(outcome: Outcome) -> None:
    """The verdict page in the terminal (its bottom line first), then the files written."""
    written = outcome.written
    click.echo("\n".join(outcome.lines))
    click.echo(f"report: {written['pdf']}")
    click.echo(f"page: {written['html']}")
    click.echo(f"figures: {outcome.folder / 'figures'}")
    click.echo(f"summary: {written['summary']} and {written['csv']}")


@click.group(help=__doc__)
@click.version_option(package_name="printkit-simulate", prog_name="simulate")
def cli() -> None:
    pass


@cli.command("run")
@click.argument("game")
@click.option(
    "--variant",
    "variant",
    default="default",
    show_default=True,
    help="Variant names and key=value parts joined by +, e.g. board7+deal=equal.",
)
@ARM_OPTIONS
def run_cmd(game, variant, options):
    """Play GAME many times under one set of rules and write a balance report."""
    _finish(run_arms(game, [variant], options))


@cli.command("compare")
@click.argument("game")
@click.option(
    "--variant",
    "variants",
    multiple=True,
    required=True,
    help="An arm (repeat for each): variant names and key=value parts joined by +.",
)
@ARM_OPTIONS
def compare_cmd(game, variants, options):
    """Play GAME under two or more variants side by side, with tests between them."""
    if len(variants) < 2:
        raise DataError("--variant: compare needs two or more arms, e.g. --variant default --variant board7")
    _finish(run_arms(game, list(variants), options))


@cli.command("bench")
@click.argument("game", required=False)
@click.option("--all", "every", is_flag=True, help="A table of every game, variant of note and agent.")
@click.option(
    "--variant", default="default", show_default=True, help="The rules timed: variant names joined by +."
)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="Override a rule (repeatable).")
@click.option("--players", type=int, default=None, help="Player count (default: the variant's or game's).")
@click.option(
    "--agents",
    default="random",
    show_default=True,
    help="One agent spec for every seat, or one per seat; each is then timed in every seat "
    "(see simulate agents).",
)
@click.option("--games", type=GAMES, default=3000, show_default=True, help="Games per repeat.")
@click.option(
    "--repeats",
    type=click.IntRange(1, 1000),
    default=5,
    show_default=True,
    help="Times the games are played; the rate printed is their median.",
)
@click.option(
    "--seconds",
    type=click.FloatRange(min=0, max=60, min_open=True),
    default=0.5,
    show_default=True,
    help="With --all: time per repeat of each row.",
)
@ENGINE_OPTION
def bench_cmd(game, every, variant, sets, players, agents, games, repeats, seconds, engine):
    """Games and moves per second on one process (median of the repeats), agents and observer included."""
    with engine_choice(engine):
        _bench(game, every, variant, sets, players, agents, games, repeats, seconds)


def _bench(game, every, variant, sets, players, agents, games, repeats, seconds):
    if every:
        if game:
            raise DataError(f"bench --all takes no game (got {game!r})")
        table(seconds, min(repeats, 3), click.echo)
        return
    if not game:
        raise DataError("bench: name a game, or pass --all for every game")
    label, rate = measure(load_game(game), variant, sets, players, agents, games, 0.0, repeats)
    click.echo(
        f"{label}, engine {rate.path}: {_rate(rate.games)} games/s, {rate.moves:,.0f} moves/s, median of "
        f"{repeats} x {games} games on one process (games/s min {_rate(rate.low)}, max {_rate(rate.high)}); "
        f"per second of its CPU time {_rate(rate.cpu_games)} games and {_rate(rate.cpu_choices)} decisions "
        f"(moves with a choice)"
    )
    if rate.path.startswith("fast"):
        return  # the Python agents' own timings below would time the Python engine
    if rate.plain_cpu_games:
        runner, plain = 1e6 / rate.cpu_games, 1e6 / rate.plain_cpu_games
        click.echo(
            f"  per game, of CPU time: {runner:,.1f} us as a run plays it; {plain:,.1f} us by the engine and "
            f"the agents alone in a plain loop (the same games), so the runner's observer and rows add "
            f"{runner - plain:,.1f} us ({runner / plain - 1:+.0%})"
        )
    data = load_game(game)
    rules = data.resolve(variant, sets, players)
    engine = make_game(rules)
    for name in dict.fromkeys(parse_agents(agents, data.engine, rules.players)):
        speed = time_agent(engine, name, games, seed=0)
        click.echo(
            f"  {name}: {speed.per_second:,.0f} moves/s ({speed.per_choice * 1000:.3g} ms a move) over "
            f"{speed.choices:,} moves with a choice, in {games} games with {name} in every seat"
        )


def _rate(value: float) -> str:
    """A rate with three figures or more: 12,345 or 87.3 or 0.412."""
    return f"{value:,.0f}" if value >= 100 else f"{value:.3g}"


@cli.command("agents")
@click.argument("game")
def agents_cmd(game):
    """List every agent GAME can be played by, with its parameters."""
    data = load_game(game)
    require_engine(data)
    click.echo(f"Agents for {data.title} (give them to --agents; parameters after a colon):")
    click.echo("\n".join(describe_agents(data.engine)))


@cli.command("new-game")
@click.argument("name")
@click.option(
    "--dir",
    "where",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("."),
    help="The folder to write the game folder NAME/ into (default: the current folder).",
)
@click.option(
    "--core",
    is_flag=True,
    help="Also a compiled core of the same rules (core.py) and its test: searches many times faster "
    "(docs/guides/compiled-core.md).",
)
def new_game_cmd(name, where, core):
    """Write a new game NAME (data file, rule set, engine, drawing, tests) into DIR/NAME/.

    It is a small complete take-away game that prints, plays and passes its tests as written:
    make it yours from there (docs/guides/add-a-game.md). From DIR, `printkit build NAME` and
    `simulate run NAME` find it by name, and `pytest NAME` runs its tests.
    """
    from simulate.commands.new_game import new_game

    files = new_game(name, where, core)
    folder = files[0].parent
    click.echo(f"Wrote {folder}/: " + ", ".join(str(p.relative_to(folder)) for p in files))
    game = name if where.resolve() == Path.cwd().resolve() else str(files[0])  # by name from DIR only
    click.echo(f"Next: pytest {folder}; printkit build {game}; simulate run {game} --games 10")


@cli.command("replay")
@click.argument("game")
@click.option(
    "--game", "index", type=click.IntRange(min=0), required=True, help="The game's number in the run."
)
@click.option(
    "--from",
    "folder",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="The run's folder (an arm's, holding run.json): its seed, rules, players, agents and move cap, "
    "and the row it wrote for the game, which the replay is compared with.",
)
@SEED_OPTION
@click.option(
    "--variant", default="default", show_default=True, help="The arm's rules: variant names joined by +."
)
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="Override a rule (repeatable).")
@click.option(
    "--players", type=int, default=None, help="Player count (default: the variant's or the game's)."
)
@click.option("--agents", cls=AgentsOption, default="greedy", show_default=True, help=AGENTS_HELP)
@MAX_MOVES_OPTION
def replay_cmd(game, index, folder, **given):
    """Play game I of a run again and print it move by move: each move, the scores as they change, the
    result. The same game as the run's (on the Python engine, whichever engine the run played on)."""
    from simulate.commands.replay import FROM_GIVES, plan_replay, replay

    ctx = click.get_current_context()
    if folder is not None:
        named = [
            n for n in FROM_GIVES if ctx.get_parameter_source(n) == click.core.ParameterSource.COMMANDLINE
        ]
        if named:
            flags = ", ".join("--" + ("set" if n == "sets" else n.replace("_", "-")) for n in named)
            raise DataError(f"--from gives the run's own settings; drop {flags}")
    run = plan_replay(game, index, given, folder)
    replay(run, click.echo, functools.partial(click.echo, err=True))


@cli.command("ladder")
@click.argument("game")
@click.option("--variant", default="default", show_default=True, help="The rules every game is played under.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="Override a rule (repeatable).")
@click.option("--players", type=int, default=None, help="Player count (default: the variant's or game's).")
@click.option("--agents", required=True, help="Two or more agent specs to rate, e.g. random,greedy,mcts:200.")
@click.option(
    "--filler",
    default="random",
    show_default=True,
    help="The agent in the other seats when the game has 3+ players.",
)
@click.option("--games", type=GAMES, default=200, show_default=True, help="Games per pair (whole seatings).")
@SEED_OPTION
@JOBS_OPTION
@FORCE_OPTION
@SCHEDULER_OPTION
@ENGINE_OPTION
@LANG_OPTION
@out_option("Folder for the results: the ladder goes to OUT/GAME/ladder/ (resumed unless --fresh).")
@click.option(
    "--fresh", is_flag=True, help="Replace an earlier ladder in the same folder instead of resuming it."
)
@REPAIR_OPTION
@click.option(
    "--timing-games",
    type=click.IntRange(0, 100),
    default=1,
    show_default=True,
    help="Games per agent (in every seat) to time its moves; 0 for none.",
)
@click.option("--quiet", is_flag=True, help="No progress bar.")
def ladder_cmd(
    game,
    variant,
    sets,
    players,
    agents,
    filler,
    games,
    seed,
    jobs,
    force,
    scheduler,
    engine,
    lang,
    out,
    fresh,
    repair,
    timing_games,
    quiet,
):
    """Rate agents against each other: every pair in every seating, each pair's sign test with its draws,
    Davidson ratings (draws in the model), the matrix of shares of decided games."""
    # imported here, as the report modules are by the run: the command line starts without scipy
    from simulate.commands.ladder import plan_ladder, run_ladder
    from simulate.report.ladder_report import table_lines

    jobs = worker_count(jobs, force)
    check_resume(fresh, repair)
    plan = plan_ladder(game, variant, sets, players, agents, filler, games, seed, jobs, force)
    with on_cluster(scheduler), engine_choice(engine), speaking(lang):
        _, written, summary = run_ladder(plan, out, sets, jobs, fresh, quiet, repair)
    with speaking(lang):
        click.echo("\n".join(table_lines(summary)))
    if timing_games:
        engine = make_game(plan.rules)
        click.echo("")
        click.echo(f"Seconds per move with a choice ({timing_games} game(s) with the agent in every seat):")
        for name in summary["agents"]:
            speed = time_agent(engine, name, timing_games, seed)
            click.echo(f"  {name}: {speed.per_choice:.2g} s ({speed.choices} moves)")
    click.echo(f"table: {written['table']}")
    click.echo(f"figure: {written['figure']}")
    click.echo(f"summary: {written['summary']}")


@cli.command("demo")
@click.option(
    "--games",
    type=GAMES,
    default=None,
    help="Games per arm of each comparison, a fixed number; without it each plays in rounds until its "
    "headline question is settled (--budget).",
)
@click.option(
    "--budget",
    metavar="GAMES|TIME",
    default=None,
    help="Without --games: games per arm (20000) or a time for each comparison (90s, 10m). Default: "
    "50,000 games per arm.",
)
@JOBS_OPTION
@FORCE_OPTION
@out_option("Folder for the demo's PDFs, games and reports (started afresh each time).")
@click.option("--quiet", is_flag=True, help="No progress bars (the files and bottom lines still printed).")
def demo_cmd(games, budget, jobs, force, out, quiet):
    """Print every game's components and run each game's headline comparison into OUT."""
    jobs = worker_count(jobs, force)
    from printkit.build import build_game
    from printkit.draw import has_drawing

    in_rounds = games is None
    options = PlayOptions(
        games=games or PlayOptions.games,
        jobs=jobs,
        out=out,
        fresh=True,
        quiet=quiet,
        force=force,
        games_given=not in_rounds,
        until_settled=in_rounds,
        budget=parse_budget(budget) or (Budget(games=DEMO_BUDGET) if in_rounds else None),
    )
    games_data = [load_game(name) for name in available_games()]
    headlines = {data.name: arms for data in games_data if (arms := headline_arms(data))}
    options.check_total(sum(len(arms) for arms in headlines.values()))  # before a file is written
    made, bottom = [], []
    for data in games_data:
        if has_drawing(data):
            pdf = build_game(data.name, out)
            made.append(f"{data.title}: print-and-play PDF  {pdf}")
        if data.name in headlines:
            outcome = run_arms(data.name, headlines[data.name], options)
            made.append(f"{data.title}: {' vs '.join(headlines[data.name])} report  {outcome.written['pdf']}")
            bottom.append(f"{data.title}: {' '.join(outcome.headline)}")
    click.echo("\n".join(made))
    if bottom:
        click.echo("\nBottom lines (greedy agents; each report's page 1 says more):")
        click.echo("\n".join(bottom))


@cli.command("sweep")
@click.argument("game")
@click.option(
    "--grid",
    "grid",
    multiple=True,
    metavar="KEY=V1,V2",
    help="A rule and its values (repeat for each); every combination is an arm. "
    "Default: the data file's [game] sweep list.",
)
@click.option(
    "--variant", default="default", show_default=True, help="The rules every combination starts from."
)
@_play_options(
    DEFAULT_SWEEP_GAMES,
    "Games per combination.",
    "One agent for every seat, or one per seat.",
    several_agents=False,
    paths_said="the paths written are",
)
def sweep_cmd(game, grid, variant, options):
    """Play GAME under every combination of a grid of rule values; one table row per combination."""
    from simulate.commands.sweep import run_sweep

    written = run_sweep(game, grid, variant, options)
    click.echo(f"table: {written['markdown']}")
    click.echo(f"csv: {written['csv']}")
    click.echo(f"figures: {written['figure']}, {written['effects']}")


@cli.command("tune")
@click.argument("game")
@click.option(
    "--knob",
    "knobs",
    multiple=True,
    metavar="KEY=LO..HI[:STEP] | KEY=A,B",
    help="A rule to tune and its values (repeat for each), e.g. compensation=0..2:0.5 or "
    "sides.comets=green,blue. Numbers stay within the option's min and max.",
)
@click.option(
    "--target",
    "targets",
    multiple=True,
    metavar="MEASURE=GOAL[@WEIGHT]",
    help="What to aim at (repeatable; misses add up, times their weights): first_mover=fair, seats=fair, "
    "positions=fair, draws<=0.10, length=18..24, margin>=1, or a game metric; shares as fractions.",
)
@click.option(
    "--require",
    "requires",
    multiple=True,
    metavar="MEASURE<=X",
    help="A constraint in the same form as --target: any setting that keeps it beats every one that "
    "does not.",
)
@click.option("--variant", default="default", show_default=True, help="The rules the tune starts from.")
@click.option("--set", "sets", multiple=True, metavar="KEY=VALUE", help="Override a rule (repeatable).")
@click.option(
    "--players", type=int, default=None, help="Player count (default: the variant's or the game's)."
)
@click.option("--agents", cls=AgentsOption, default="greedy", show_default=True, help=AGENTS_HELP)
@click.option(
    "--budget", type=GAMES, default=20_000, show_default=True, help="Games the search may play in all."
)
@click.option(
    "--games",
    "first",
    type=GAMES,
    default=128,
    show_default=True,
    help="Games a setting gets first; the better ones of a round get twice as many, and so on.",
)
@click.option(
    "--confirm",
    type=GAMES,
    default=5000,
    show_default=True,
    help="Games on fresh seeds for each finalist and for the rules as they were.",
)
@click.option(
    "--finalists", type=click.IntRange(1, 20), default=3, show_default=True, help="Best settings to confirm."
)
@click.option(
    "--skill",
    is_flag=False,
    flag_value="",
    default=None,
    metavar="[LEVELS]",
    help="Confirm the finalists at each level of a skill axis, weakest first, with the strength check of "
    "adjacent levels: alone, the data file's levels and games ([game.skill]); or name them, e.g. --skill "
    "random,greedy,mcts:200. The search plays under the strongest level, or under --agents if given; "
    "--confirm N plays N games at every level.",
)
@SKILL_OPTIONS[1]  # --strength-games
@SKILL_OPTIONS[2]  # --min-effect
@click.option(
    "--search",
    type=click.Choice(["optuna", "ntbea"]),
    default="optuna",
    show_default=True,
    help="optuna: TPE proposals raced by successive halving, its study in study.db; ntbea: TAG's NTBEA.",
)
@SEED_OPTION
@JOBS_OPTION
@FORCE_OPTION
@SCHEDULER_OPTION
@LANG_OPTION
@out_option(
    "Folder for the results: the study, its games and report go to OUT/GAME/ (resumed unless --fresh)."
)
@click.option("--fresh", is_flag=True, help="Start over instead of resuming a tune in the same folder.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def tune_cmd(game, knobs, targets, requires, jobs, force, scheduler, min_effect, lang, **given):
    """Search GAME's rule values for the targets, then confirm the best settings on fresh games."""
    from simulate.tune.plan import TuneOptions
    from simulate.tune.run import run_tune
    from simulate.words import say

    ctx = click.get_current_context()
    given_here = {
        f"{name}_given": ctx.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE
        for name in ("agents", "confirm")
    }
    options = TuneOptions(
        jobs=worker_count(jobs, force), min_effect=parse_min_effect(min_effect), **given_here, **given
    )
    with on_cluster(scheduler), speaking(lang):
        written = run_tune(game, knobs, targets, requires, options)
        click.echo("\n".join(written.lines))
        click.echo("")
        click.echo(say("tune.paste"))
    click.echo(written.table.rstrip("\n"))
    click.echo("")
    click.echo(f"page: {written.paths['markdown']}")
    click.echo(f"figure: {written.paths['figure']}")
    click.echo(f"variant: {written.paths['variant']}")


# At exit the objects a command leaves (scipy's, matplotlib's, a report's) are frozen, so that the
# interpreter's last garbage collection does not walk them all: 0.2 to 0.4 s after a report, for
# nothing. Every file a command writes is closed by the time it returns.
atexit.register(gc.freeze)


def main() -> None:
    run_cli(cli, "simulate")
