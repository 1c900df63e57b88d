"""Page 1's picture: every measure's change between the arms, with its interval, against its minimum-effect
band.

Each row is a measure a report compares (the first mover, seats, draws, games
stopped by a cap, length, margin, the observer's lead changes, decisiveness,
drama and spread, and the game's own metrics); each marker one arm's change
against the first arm, b - a, with its 95% interval (in rounds the confidence
sequence's), drawn in the measure's own minimum effects so that a length in
moves and a share in points share one axis: the grey band, -1 to 1, is
smaller than players would notice. A filled marker is called (after the
multiplicity step), an open one is not. One panel per level of a skill axis
(or agent set). A run of one arm draws its first mover and its sides against
their fair share the same way. The axis is linear within two minimum effects
and logarithmic beyond, so that a length that doubled does not squeeze the
rest against zero.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from simulate.analysis.arm import Arm
from simulate.analysis.verdict import measure_name, ordered
from simulate.report.context import colour
from simulate.report.plotting import plt
from simulate.words import say

LINEAR = 2.0  # minimum effects drawn on a linear scale; beyond, logarithmic
MAX_PANELS = 4  # levels drawn side by side; more are drawn in rows of this many
ROW = 0.24  # inches a measure takes in a panel
DECADES_FROM = 150.0  # minimum effects an axis reaches before its ticks are powers of ten alone


@dataclass(frozen=True)
class Mark:
    """One arm's change in one measure, in minimum effects: estimate and interval, and whether called."""

    series: int
    x: float
    lo: float
    hi: float
    called: bool


@dataclass(frozen=True)
class Panel:
    """One level: its rows' names and each row's marks, and the arms the series stand for."""

    level: str
    rows: list[str]
    marks: list[list[Mark]]
    series: list[tuple[int, str]]  # each arm drawn: its colour's index and its name


def _mark(series: int, a: dict[str, Any]) -> Mark | None:
    delta = a["delta"]
    if not (delta > 0 and math.isfinite(a["diff"])):
        return None
    return Mark(series, a["diff"] / delta, a["lo"] / delta, a["hi"] / delta, bool(a["called"]))


def panels(
    groups: Sequence[Sequence[Arm]], levels: Sequence[str], comparisons: dict[str, Any]
) -> list[Panel]:
    """The picture's panels: per level, every comparison's measures (or a lone arm's own questions)."""
    out = []
    for level, group in zip(levels, groups, strict=True):
        base = group[0]
        found: list[tuple[int, dict[str, dict[str, Any]]]] = []
        if len(group) == 1:
            answers = base.summary["answers"]
            found.append((0, {k: answers[k] for k in ("first_mover", "seat_balance") if k in answers}))
        for k, arm in enumerate(group[1:], start=1):
            found.append((k, comparisons[f"{arm.label} vs {base.label}"]["answers"]))
        keys = ordered({key: {} for _, answers in found for key in answers})
        marks = [
            [m for k, answers in found if key in answers for m in [_mark(k, answers[key])] if m]
            for key in keys
        ]
        names = [arm.label.split(" @ ")[0] for arm in group]
        series = list(enumerate(names))[1:] if len(group) > 1 else [(0, names[0])]
        out.append(Panel(level, [measure_name(key) for key in keys], marks, series))
    return out


# inches around each row of panels: a level's title above, tick labels and the axis's words below; and
# the legend under them all
TITLE, BELOW, LEGEND = 0.2, 0.42, 0.25


def height(found: Sequence[Panel]) -> float:
    """Inches the picture needs: each row of panels and their words, and the legend."""
    lines = math.ceil(len(found) / MAX_PANELS)
    title = TITLE if len(found) > 1 else 0.0
    return lines * (title + ROW * max(len(p.rows) for p in found) + BELOW) + LEGEND


def draw(fig: plt.Figure, rect: tuple[float, float, float, float], found: Sequence[Panel], base: str) -> None:
    """Draw the panels into `rect` (left, bottom, width, height as fractions of `fig`), top down, their
    rows closer together than `ROW` where `rect` is shorter than `height` (page 1 gives the picture at
    most a share of itself, `simulate.report.document.PICTURE_MOST`), so the legend stays under the axes."""
    left, bottom, width, tall = rect
    inch = 1 / fig.get_figheight()  # one inch as a fraction of the figure's height
    cols = min(len(found), MAX_PANELS)
    names = 0.2 * width  # room on the left of a row for the measures' names
    each_w = (width - names) / cols
    title = TITLE if len(found) > 1 else 0.0
    lines, rows = math.ceil(len(found) / MAX_PANELS), max(len(p.rows) for p in found)
    room = tall / inch - LEGEND - lines * (title + BELOW)  # inches left for the rows
    rows_h = min(ROW, room / (lines * rows)) * rows
    top = bottom + tall
    for i, panel in enumerate(found):
        line, col = divmod(i, MAX_PANELS)
        y_top = top - line * (title + rows_h + BELOW) * inch - title * inch
        x0 = left + names + col * each_w
        ax = fig.add_axes((x0 + 0.01 * width, y_top - rows_h * inch, each_w - 0.02 * width, rows_h * inch))
        _panel(ax, panel, show_names=col == 0)
        if len(found) > 1:
            ax.set_title(say("fig.changes.level", level=panel.level), fontsize=7)
        ax.set_xlabel(say("fig.changes.axis", base=base), fontsize=6, labelpad=2)
    handles = [
        plt.Line2D([], [], marker="o", linestyle="none", color=colour(k), label=name)
        for k, name in found[0].series
    ]
    handles += [
        plt.Line2D([], [], marker="o", linestyle="none", color="0.3", label=say("fig.changes.called")),
        plt.Line2D(
            [],
            [],
            marker="o",
            linestyle="none",
            color="0.3",
            markerfacecolor="white",
            label=say("fig.changes.open"),
        ),
    ]
    fig.legend(
        handles=handles,
        loc="lower left",
        bbox_to_anchor=(left + names, bottom),
        ncol=len(handles),
        fontsize=6,
        frameon=False,
        borderaxespad=0,
    )


def ticks(reach: float) -> list[float]:
    """Ticks of the axis in minimum effects, either way, within `reach`: 0, 1, 2, 5, 10, 20, 50, 100;
    on an axis that reaches beyond `DECADES_FROM`, 0, 1 and the powers of ten alone, so that the labels
    of a change thousands of minimum effects wide (a game's own count that was never zero before) do not
    run into each other."""
    if reach > DECADES_FROM:
        steps = [1.0] + [10.0**e for e in range(1, 7)]
    else:
        steps = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0]
    return sorted({v for s in steps if s <= reach for v in (s, -s)} | {0.0})


def tick_text(x: float) -> str:
    return f"{x:g}"


def _panel(ax: Any, panel: Panel, show_names: bool) -> None:
    n = len(panel.rows)
    series = sorted({m.series for marks in panel.marks for m in marks}) or [0]
    step = 0.6 / max(len(series), 1)
    ax.axvspan(-1, 1, color="0.88", zorder=0)
    ax.axvline(0, color="0.4", linewidth=0.6, zorder=1)
    for row, marks in enumerate(panel.marks):
        y = n - 1 - row
        for m in marks:
            dy = (series.index(m.series) - (len(series) - 1) / 2) * step
            tint = colour(m.series)
            ax.plot([m.lo, m.hi], [y + dy, y + dy], color=tint, linewidth=1.2, zorder=2)
            ax.plot(
                [m.x], [y + dy], marker="o", markersize=3.5, color=tint,
                markerfacecolor=tint if m.called else "white", zorder=3,
            )  # fmt: skip
    ax.set_xscale("symlog", linthresh=LINEAR, linscale=1.0)
    reach = max([abs(v) for marks in panel.marks for m in marks for v in (m.lo, m.hi)] + [LINEAR])
    ax.set_xlim(-reach * 1.15, reach * 1.15)
    # plain numbers: the symlog scale's own labels are maths text, which the report's figures do not read
    shown = ticks(reach * 1.15)
    ax.set_xticks(shown, [tick_text(x) for x in shown])
    ax.xaxis.set_minor_locator(plt.NullLocator())
    ax.set_ylim(-0.7, n - 0.3)
    ax.set_yticks(range(n))
    ax.set_yticklabels(list(reversed(panel.rows)) if show_names else [], fontsize=6)
    ax.tick_params(axis="x", labelsize=6)
    ax.grid(axis="y", color="0.93", linewidth=0.5)
