"""A tune's confirmation and its pages: `tune.md`, `tune.png`, `tuned.toml` and `result.json`.

`tune.md` opens with the bottom line for each finalist (its measures with 95%
intervals on the confirmation's fresh games, closer to the goal than the rules
it started from or not, within the goal or not, each with its Holm-corrected
p), then the confirmation's verdict in the report's own wording, the
`[variants.tuned]` table to paste, and the search's history. `tune.png` draws
each target's measure against each knob: every setting the search measured
(with its 95% interval on the games it got) and the confirmed finalists.
"""

from __future__ import annotations

import json
import math
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printkit.atomic import atomic_path, write_text
from simulate.arms import agents_name, play_arm, slug
from simulate.plotting import plt
from simulate.stats import ALPHA, Z95
from simulate.tune.confirm import Judged, judge, p_text
from simulate.tune.run import CONFIRM_SEED_OFFSET, Games, Searched, TunePlan
from simulate.tune.space import Setting, toml_value
from simulate.tune.targets import Target, describe_targets
from simulate.verdict import arm_findings, comparison_findings, pct, span

BASELINE = "the rules as they were"


@dataclass(frozen=True)
class Written:
    """The files a tune wrote, its bottom lines and its variant table (what the command prints)."""

    paths: dict[str, Path]
    lines: list[str]
    table: str


def confirm_and_write(
    plan: TunePlan, searched: Searched, on_games: Callable[[int], None] | None = None
) -> Written:
    """Play the confirmation, judge the finalists and write the pages."""
    from simulate.balance import summarize

    seed = plan.options.seed + CONFIRM_SEED_OFFSET
    games = plan.options.confirm
    base_setting = plan.base_setting()
    arms = [("baseline", plan.base)]
    arms += [(plan.space.label(s), plan.rules(s)) for s in searched.finalists if s != base_setting]
    folders = {plan.space.label(s): plan.space.folder(s) for s in searched.finalists}
    folders["baseline"] = "baseline"
    played = {}
    for name, rules in arms:
        folder = plan.folder / "confirm" / slug(folders[name])
        _, tally = play_arm(
            plan.data, rules, plan.agents, games, seed, folder, plan.options.jobs, False, on_games
        )
        played[name] = (name, tally, summarize(tally, plan.metric_names, plan.categories))
    base = played["baseline"]
    # a finalist that is the rules as they were is the baseline's own games, named as both
    finalists = [
        played[plan.space.label(s)]
        if s != base_setting
        else (f"{plan.space.label(s)} ({BASELINE})", *base[1:])
        for s in searched.finalists
    ]
    judged, tests = judge(plan.targets, base, finalists, plan.options.min_effect)
    return write_pages(plan, searched, base[2], judged, tests)


def write_pages(
    plan: TunePlan, searched: Searched, base: dict[str, Any], judged: list[Judged], tests: int
) -> Written:
    folder = plan.folder
    written = {
        "markdown": folder / "tune.md",
        "figure": folder / "tune.png",
        "variant": folder / "tuned.toml",
        "result": folder / "result.json",
    }
    best = searched.finalists[0] if searched.finalists else None
    table = variant_table(plan, best, judged[0] if judged else None)
    lines = bottom_lines(plan, base, judged)
    write_text(written["variant"], table)
    write_text(written["markdown"], markdown(plan, searched, base, judged, tests, lines, table))
    write_text(
        written["result"], json.dumps(result_json(plan, searched, judged), indent=2, sort_keys=True) + "\n"
    )
    fig = figure(plan, searched)
    with atomic_path(written["figure"]) as tmp:
        fig.savefig(tmp, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return Written(written, lines, table)


def heading(plan: TunePlan, searched: Searched) -> tuple[str, str]:
    knobs = ", ".join(_knob_text(k) for k in plan.space.knobs)
    o = plan.options
    search = "Optuna TPE proposals raced by successive halving" if o.search == "optuna" else "NTBEA (as TAG)"
    sub = (
        f"{plan.base.players}p | rules {plan.base.label} | agents {agents_name(plan.agents)} | "
        f"search: {search}, {searched.book.spent:,} of {o.budget:,} games ({searched.stopped}) | "
        f"confirmation {o.confirm:,} games each, seed {o.seed + CONFIRM_SEED_OFFSET} | seed {o.seed}"
    )
    return f"{plan.data.title}: tune of {knobs}", sub


def _knob_text(knob: Any) -> str:
    values = knob.values
    if knob.numeric and len(values) > 3:
        step = values[1] - values[0]
        if all(math.isclose(b - a, step) for a, b in zip(values, values[1:], strict=False)):
            return f"{knob.key} ({toml_value(values[0])}..{toml_value(values[-1])} step {toml_value(step)})"
    return f"{knob.key} ({'/'.join(str(v) for v in values)})"


def measure_text(t: Target, s: dict[str, Any]) -> str:
    """A target's measure in one arm as the page writes it: `51% [50, 53] of decided games`."""
    name = t.measure.name
    if name == "first_mover":
        r = s["position_wins"][0]
        return f"{pct(r['p'])} {span(r)} of decided games" if r["n"] else "no decided game"
    if name in ("seats", "positions"):
        rates = s["side_wins" if name == "seats" else "position_wins"]
        names = s["side_names"] if name == "seats" else [f"position {k + 1}" for k in range(len(rates))]
        return ", ".join(f"{n} {pct(r['p'])} {span(r)}" for n, r in zip(names, rates, strict=True))
    reading = t.measure.read(s)
    if t.measure.share:
        r = s[name]
        return f"{pct(r['p'])} {span(r)} of games"
    half = Z95 * reading.se
    return f"{reading.value:.2f} [{reading.value - half:.2f}, {reading.value + half:.2f}]"


def goal_text(t: Target, s: dict[str, Any], min_effect: float) -> str:
    lo, hi = t.goal(s)
    if t.fair:
        return (
            f"within {100 * min_effect:g} points of fair"
            if t.measure.name == "first_mover"
            else (f"every share within {100 * min_effect:g} points of fair")
        )
    if lo == hi:
        return f"within {100 * min_effect:g} points of {pct(lo)}" if t.measure.share else f"at {lo:g}"
    shown = pct if t.measure.share else (lambda x: f"{x:g}")
    if math.isinf(lo):
        return f"at most {shown(hi)}"
    if math.isinf(hi):
        return f"at least {shown(lo)}"
    return f"within {shown(lo)}..{shown(hi)}"


def bottom_lines(plan: TunePlan, base: dict[str, Any], judged: list[Judged]) -> list[str]:
    """One line per finalist and target: the measure, closer or not, within or not, Holm-corrected."""
    lines = []
    for j in judged:
        for t, c, w in zip(plan.targets, j.closer, j.within, strict=True):
            goal = "fair" if t.fair else "the goal"
            head = f"{j.label}: {t.measure.name} {measure_text(t, j.summary)}"
            if j.label.endswith(f"({BASELINE})"):
                near = "the rules the tune started from"
            elif c.get("p") is None:
                near = f"{p_text(c)}"
            elif c["p_holm"] < ALPHA:
                near = f"closer to {goal} than {BASELINE} ({measure_text(t, base)}; {p_text(c)})"
            else:
                further = t.miss(j.summary)[0] > t.miss(base)[0]
                word = "no closer to" if not further else "not shown closer to (it lies further from)"
                near = f"{word} {goal} than {BASELINE} ({measure_text(t, base)}; {p_text(c)})"
            goal_words = goal_text(t, j.summary, plan.options.min_effect)
            if w.get("p") is None:
                inside = f"within the goal: {p_text(w)}"
            elif w["p_holm"] < ALPHA:
                inside = f"shown {goal_words} ({p_text(w)})"
            else:
                inside = f"not shown {goal_words} ({p_text(w)})"
            lines.append(f"{head}: {near}; {inside}.")
    return lines


def variant_table(plan: TunePlan, best: Setting | None, judged: Judged | None) -> str:
    """The `[variants.tuned]` table for the data file: the base rules' changes and the best setting."""
    if best is None:
        return "# no setting was measured: nothing to paste\n"
    values: dict[str, Any] = {}
    for key, value in _changed(plan.data.rules, plan.rules(best).values).items():
        values[key] = value
    for knob, index in zip(plan.space.knobs, best, strict=True):
        values[knob.key] = knob.values[index]
    targets = ", ".join(t.text for t in plan.targets)
    agents = agents_name(plan.agents)
    doc = f"Tuned by simulate tune for {targets} under {agents} agents: {plan.space.label(best)}"
    if judged is not None and plan.targets:
        doc += f"; confirmed on {plan.options.confirm:,} fresh games: {plan.targets[0].measure.name} "
        doc += measure_text(plan.targets[0], judged.summary)
    lines = ["[variants.tuned]", f"doc = {toml_value(doc + '.')}"]
    if plan.rules(best).players != plan.data.game["default_players"]:
        lines.append(f"players = {plan.rules(best).players}")
    lines.append(f"set = {_inline(_nest(values))}")
    return "\n".join(lines) + "\n"


def _changed(defaults: Any, values: Any, prefix: str = "") -> dict[str, Any]:
    """Leaves (lists whole) where `values` differs from `defaults`, by dotted key."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        default = defaults.get(key) if isinstance(defaults, dict) else None
        if isinstance(value, dict) and isinstance(default, dict):
            out.update(_changed(default, value, f"{prefix}{key}."))
        elif value != default or type(value) is not type(default):
            out[prefix + key] = value
    return out


def _nest(values: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in values.items():
        target = out
        *path, last = key.split(".")
        for step in path:
            target = target.setdefault(step, {})
        target[last] = value
    return out


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return toml_value(value)


def markdown(
    plan: TunePlan,
    searched: Searched,
    base: dict[str, Any],
    judged: list[Judged],
    tests: int,
    lines: list[str],
    table: str,
) -> str:
    title, sub = heading(plan, searched)
    out = [f"# {title}", "", sub, "", "Targets:", ""]
    out += [f"- {line}" for line in describe_targets(plan.targets)]
    out += ["", "## Bottom line", ""]
    out += [f"- {line}" for line in lines] or ["- No setting was measured."]
    out += [
        "",
        f"Finalists: the {len(judged)} best settings of the search (lowest objective one standard error "
        f"on the worse side), each replayed on {plan.options.confirm:,} fresh games beside {BASELINE} "
        f"({plan.base.label}). Every test of the confirmation is Holm-corrected over its {tests} tests; a "
        "difference is called only where the corrected p < 0.05. Closer: a one-sided z test on the two "
        "arms' misses; within: one-sided exact binomial tests (shares) or t tests (means) against the goal's "
        "ends, a single value widened by --min-effect "
        f"({100 * plan.options.min_effect:g} points) either side.",
        "",
        "## The confirmation in the report's words",
        "",
    ]
    out += _verdict(base, judged)
    out += ["", "## The variant to paste into the data file", "", "```toml", table.rstrip("\n"), "```", ""]
    out += ["## Best settings of the search", ""]
    out += _best_table(plan, searched)
    out += ["", "## Search history", ""]
    out += _history(plan, searched)
    return "\n".join(out) + "\n"


def _verdict(base: dict[str, Any], judged: list[Judged]) -> list[str]:
    out = [f"### {BASELINE}", ""] + [f"- {f.text}" for f in arm_findings(base)]
    for j in judged:
        out += ["", f"### {j.label}", ""] + [f"- {f.text}" for f in arm_findings(j.summary)]
        out += ["", f"### {j.label} against {BASELINE}", ""]
        out += [f"- {f.text}" for f in comparison_findings(BASELINE, j.label, base, j.summary, j.comparison)]
    return out


def _best_table(plan: TunePlan, searched: Searched) -> list[str]:
    book = searched.book
    rows = ["| rank | setting | games | objective (± se) |", "|---|---|---|---|"]
    for rank, s in enumerate(book.ranked()[:10], 1):
        e = book.estimates[s]
        rows.append(f"| {rank} | {plan.space.label(s)} | {book.games[s]:,} | {e.value:.2f} ± {e.se:.2f} |")
    return rows


def _history(plan: TunePlan, searched: Searched) -> list[str]:
    rows = [
        "The objective is the sum of the targets' weighted misses (points for shares), each measured on the "
        "setting's games so far; `how`: proposed by the sampler, every setting of a small space (grid), kept "
        "as a best so far, or an NTBEA evaluation (its games alone).",
        "",
        "| step | round | how | setting | games | objective (± se) |",
        "|---|---|---|---|---|---|",
    ]
    for t in searched.history:
        e = t.estimate
        rows.append(
            f"| {t.number} | {t.round} | {t.how} | {plan.space.label(t.setting)} | {e.games:,} | "
            f"{e.value:.2f} ± {e.se:.2f} |"
        )
    return rows


def result_json(plan: TunePlan, searched: Searched, judged: list[Judged]) -> dict[str, Any]:
    """The tune's outcome for programs: finalists, their confirmation tests, the search's history."""

    def clean(x: Any) -> Any:
        return None if isinstance(x, float) and not math.isfinite(x) else x

    return {
        "tune": plan.identity(),
        "spent": searched.book.spent,
        "stopped": searched.stopped,
        "finalists": [
            {
                "setting": plan.space.values(s),
                "label": plan.space.label(s),
                "search_games": searched.book.games[s],
                "objective": clean(searched.book.estimates[s].value),
                "closer_p_holm": [clean(c.get("p_holm")) for c in j.closer],
                "within_p_holm": [clean(w.get("p_holm")) for w in j.within],
                "measures": [clean(t.measure.read(j.summary).value) for t in plan.targets],
            }
            for s, j in zip(searched.finalists, judged, strict=True)
        ],
        "history": [
            {
                "round": t.round,
                "how": t.how,
                "setting": plan.space.label(t.setting),
                "games": t.estimate.games,
                "objective": clean(t.estimate.value),
                "se": clean(t.estimate.se),
            }
            for t in searched.history
        ],
    }


def figure(plan: TunePlan, searched: Searched) -> plt.Figure:
    """Each target's measure (rows) against each knob (columns), every measured setting with its interval."""
    knobs, targets = plan.space.knobs, plan.targets[:3]
    games_of = searched.book.games
    summaries = plan_summaries(plan, searched)
    columns = min(3, len(knobs))
    per_target = math.ceil(len(knobs) / columns)
    fig, axes = plt.subplots(
        len(targets) * per_target,
        columns,
        figsize=(max(8.0, 3.8 * columns + 1), 2.6 * len(targets) * per_target + 1.6),
        squeeze=False,
    )
    for ax in axes.flat[len(targets) * len(knobs) :]:
        ax.set_visible(False)
    most = max(games_of.values(), default=1)
    # settings sharing a knob's value spread a little sideways, in a fixed order, so their intervals show
    order = {s: k for k, s in enumerate(sorted(summaries))}
    for row, t in enumerate(targets):
        scale = 100.0 if t.measure.share else 1.0
        for col, knob in enumerate(knobs):
            ax = axes.flat[row * len(knobs) + col]
            step = (knob.values[1] - knob.values[0]) if knob.numeric else 1.0
            for s, summary in summaries.items():
                reading = t.measure.read(summary)
                if math.isnan(reading.value):
                    continue
                x = _x(knob, s[col]) + step * 0.3 * (order[s] / max(1, len(order) - 1) - 0.5)
                alpha = 0.25 + 0.75 * games_of[s] / most
                ax.errorbar(
                    x,
                    reading.value * scale,
                    yerr=Z95 * reading.se * scale,
                    fmt="o",
                    ms=3,
                    color="#0067a5",
                    alpha=alpha,
                    capsize=2,
                )
            for rank, s in enumerate(searched.finalists):
                step = (knob.values[1] - knob.values[0]) if knob.numeric else 1.0
                x = _x(knob, s[col]) + step * 0.3 * (order[s] / max(1, len(order) - 1) - 0.5)
                ax.plot(
                    x,
                    t.measure.read(summaries[s]).value * scale,
                    marker="*",
                    ms=11 - 2 * rank,
                    color="#d7263d",
                    linestyle="none",
                    label="finalist" if rank == 0 else None,
                )
            if summaries:
                _goal_band(ax, t, next(iter(summaries.values())), plan.options.min_effect)
            if not knob.numeric:
                ax.set_xticks(range(len(knob.values)))
                ax.set_xticklabels([str(v) for v in knob.values], fontsize=8)
            ax.set_xlabel(knob.key, fontsize=8)
            if col % columns == 0:
                ax.set_ylabel(t.measure.name + (" (%)" if t.measure.share else ""), fontsize=8)
            ax.tick_params(labelsize=8)
            ax.grid(linewidth=0.3)
    title, sub = heading(plan, searched)
    fig.suptitle(
        f"{title}\n"
        + textwrap.fill(sub, 120)
        + "\n"
        + textwrap.fill(
            "Each dot: a setting measured by the search (95% interval, darker = more games); stars: "
            "finalists; band: the goal (a single value widened by --min-effect)",
            120,
        ),
        fontsize=8,
    )
    fig.tight_layout()
    return fig


def _x(knob: Any, index: int) -> float:
    """Where a knob's value sits on its panel: the number itself, or a choice's place."""
    return float(knob.values[index]) if knob.numeric else float(index)


def _goal_band(ax: Any, t: Target, summary: dict[str, Any], min_effect: float) -> None:
    """The goal shaded across a panel: a range, a bound to the panel's edge, a single share +- min_effect."""
    scale = 100.0 if t.measure.share else 1.0
    lo, hi = t.goal(summary)
    if t.measure.share and lo == hi:
        lo, hi = lo - min_effect, hi + min_effect
    bottom, top = ax.get_ylim()
    lo = bottom if math.isinf(lo) else lo * scale
    hi = top if math.isinf(hi) else hi * scale
    if lo == hi:
        ax.axhline(lo, color="#3a9d5d", lw=1)
    else:
        ax.axhspan(lo, hi, color="#3a9d5d", alpha=0.25, lw=0)
    ax.set_ylim(bottom, top)


def plan_summaries(plan: TunePlan, searched: Searched) -> dict[Setting, dict[str, Any]]:
    """Each measured setting's summary over all its search games (already measured by the search)."""
    games = searched.book.evaluate
    assert isinstance(games, Games)
    return {s: games.summary(s, 0, n) for s, n in searched.book.games.items()}
