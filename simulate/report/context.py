"""What every page and figure of a report shares: the report's context, a game's own part, the arms'
colours, and the heading that names the game, arms, agents, games and seed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from simulate.analysis.arm import Arm
from simulate.words import say

if TYPE_CHECKING:
    from matplotlib.figure import Figure


# Twelve colours that stay apart (after Kelly's colours of maximum contrast), for up to 12 arms.
COLOURS = [
    "#0067a5",
    "#be0032",
    "#008856",
    "#f38400",
    "#875692",
    "#a1caf1",
    "#848482",
    "#e68fac",
    "#604e97",
    "#8db600",
    "#654522",
    "#f3c300",
]


@dataclass
class SkillView:
    """A skill axis as the report draws it: the levels, each level's arms and the strength checks, and the
    minimum effect on shares (which says where a level draws nearly every game)."""

    levels: list[str]
    groups: list[list[Arm]]
    strengths: list[Any]
    comparisons: dict[str, Any]
    min_share: float


@dataclass
class Context:
    """What every page of a report names or needs beside the arms: the game, counts, seed, docs, paper.

    `games` is the games per arm (a range such as `200-2000` across the levels
    of a skill axis); `metric_docs` and `figure_docs` the engine's docs for
    the definitions page; `paper` the paper every page of report.pdf is on.
    """

    title: str
    game: str
    games: int | str
    seed: int
    metric_names: tuple[str, ...]
    categories: tuple[str, ...]
    extras: Callable[[Context, list[Arm]], Extras | None] | None = None
    category_colours: dict[str, str] = field(default_factory=dict)
    metric_docs: dict[str, str] = field(default_factory=dict)
    figure_docs: dict[str, str] = field(default_factory=dict)
    paper: str = "a4"
    skill: SkillView | None = None


@dataclass
class Extras:
    """A game's own part of the report: lines for the details page, figures, JSON entries.

    `verdict` holds the game's own questions answered in words, shown on the
    verdict page after the generic ones. An engine offers it as
    `Game.report_extras(ctx, arms) -> Extras`.
    """

    lines: list[str] = field(default_factory=list)
    verdict: list[str] = field(default_factory=list)
    figures: dict[str, Figure] = field(default_factory=dict)
    summary: dict[str, Any] = field(default_factory=dict)


def colour(i: int) -> str:
    return COLOURS[i % len(COLOURS)]


AGENTS_ROOM = 60  # characters of the heading's agents before each spec is cut to its agent and count


def agents_text(arms: list[Arm]) -> str:
    full = agent_sets(arms, lambda spec: spec)
    if len("; ".join(full)) > AGENTS_ROOM:
        # a search design's options run the heading off the page; the report's text names them in full
        short = agent_sets(arms, short_spec)
        if len(short) == len(full):  # cut, no two agent sets read as one
            return "; ".join(short)
    return "; ".join(full)


def agent_sets(arms: list[Arm], shown: Callable[[str], str]) -> list[str]:
    # in the order of the arms (a skill axis's levels weakest first), each agent set once
    return list(
        dict.fromkeys(
            ",".join(map(shown, a.agents)) if len(set(a.agents)) > 1 else shown(a.agents[0]) for a in arms
        )
    )


def short_levels(names: list[str]) -> list[str]:
    """Level names for a figure's axis: a search design's options cut where they would crowd the
    axis, unless cutting them would make two levels one."""
    short = [short_spec(n) for n in names]
    long = any(len(n) > 20 for n in names)
    return short if long and len(set(short)) == len(set(names)) else list(names)


def short_spec(spec: str) -> str:
    """One seat's agent spec cut to its agent and count: `mcts:200,rollout=greedy` -> `mcts:200,...`."""
    agent, _, options = spec.partition(",")
    return agent + (",..." if options else "")


def heading(ctx: Context, arms: list[Arm], what: str) -> str:
    labels = say("page.vs").join(dict.fromkeys(a.label.split(" @ ")[0] for a in arms))
    if len(labels) > 70:
        labels = say("page.arms", n=len(arms))
    players = "/".join(sorted({str(a.players) for a in arms}))
    return say(
        "page.heading",
        title=ctx.title,
        what=what,
        labels=labels,
        players=players,
        agents=agents_text(arms),
        games=ctx.games,
        seed=ctx.seed,
    )
