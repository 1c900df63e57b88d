"""A tune's pages: `tune.md`, `tune.png`, `tuned.toml` and `result.json`, from its search and confirmation.

`tune.md` opens with the bottom line in the report's words (`simulate.tune.lines`: the verdict's
lines on the confirmation, then each target's), then, on a skill axis, each question across the
levels and the strength check; what each finalist changes; the confirmation's every finding; the
`[variants.tuned]` table to paste; and the search's best settings and history. `tune.png` draws
each target's measure against each knob: every setting the search measured (with its 95% interval
on the games it got) and the finalists.
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
from simulate.analysis.skill import file_levels
from simulate.analysis.stats import Z95
from simulate.commands.arms import agents_name
from simulate.report.plotting import plt
from simulate.tune import confirm, lines, target_words
from simulate.tune.goals import band
from simulate.tune.plan import CONFIRM_SEED_OFFSET, Games, Searched, TunePlan
from simulate.tune.space import Setting, toml_value
from simulate.tune.targets import Target, describe_targets
from simulate.words import language, say, spoken


@dataclass(frozen=True)
class Written:
    """The files a tune wrote, its bottom lines and its variant table (what the command prints)."""

    paths: dict[str, Path]
    lines: list[str]
    table: str


def confirm_and_write(
    plan: TunePlan, searched: Searched, on_games: Callable[[int], None] | None = None
) -> Written:
    """Play the confirmation, judge it and write the pages."""
    arms = confirm.arm_plans(plan, searched.finalists)
    groups, strengths, ran = confirm.play(plan, arms, on_games)
    conf = confirm.judge(
        plan.targets,
        groups,
        [lv.name for lv in confirm.levels_of(plan)],
        plan.options.seed + CONFIRM_SEED_OFFSET,
        plan.options.min_effect,
        ran,
        plan.skill,
        strengths,
        file_levels(plan.data),
    )
    return write_pages(plan, searched, conf)


def write_pages(plan: TunePlan, searched: Searched, conf: confirm.Confirmation) -> Written:
    folder = plan.folder
    written = {
        "markdown": folder / "tune.md",
        "figure": folder / "tune.png",
        "variant": folder / "tuned.toml",
        "result": folder / "result.json",
    }
    best = searched.finalists[0] if searched.finalists else None
    with language("en"):  # the variant's doc joins the data file's own docs, which are English
        table = variant_table(plan, best, conf)
    bottom = [finalists_line(plan, searched, conf), *lines.bottom_lines(conf)]
    shown = bottom + (["", say("strength.title"), *conf.verdict.strength] if conf.verdict.strength else [])
    write_text(written["variant"], table)
    write_text(written["markdown"], markdown(plan, searched, conf, bottom, table))
    result = result_json(plan, searched, conf, bottom)
    write_text(written["result"], json.dumps(result, indent=2, sort_keys=True) + "\n")
    fig = figure(plan, searched)
    with atomic_path(written["figure"]) as tmp:
        fig.savefig(tmp, format="png", dpi=100, metadata={"Software": None})
    plt.close(fig)
    return Written(written, shown, table)


def finalists_line(plan: TunePlan, searched: Searched, conf: confirm.Confirmation) -> str:
    """The search's finalists, best first, with their settings, and the games of the confirmation."""
    base = plan.base_setting()
    labels = [
        (say("tune.finalist", rank=rank), plan.space.label(s), s == base)
        for rank, s in enumerate(searched.finalists, 1)
    ]
    counts = [f"{n:,}" for n in conf.level_games]
    if conf.on_skill:
        at = [say("tune.games_at", games=n, level=lv) for n, lv in zip(counts, conf.levels, strict=True)]
        levels = say("tune.comma").join(at)
        games = say("tune.games_levels", games=levels, seed=str(conf.seed))
    else:
        games = say("tune.games", games=counts[0], seed=str(conf.seed))
    return lines.finalists_line(conf, labels, games)


def heading(plan: TunePlan, searched: Searched) -> tuple[str, str]:
    knobs = ", ".join(_knob_text(k) for k in plan.space.knobs)
    o = plan.options
    if plan.skill is not None:
        confirmed = say("tune.confirmed_levels", levels=", ".join(plan.skill.names))
    else:
        confirmed = say("tune.confirmed_games", games=f"{o.confirm:,}")
    sub = say(
        "tune.sub",
        players=plan.base.players,
        rules=plan.base.label,
        agents=agents_name(plan.agents),
        search=say(f"tune.search.{o.search}"),
        spent=f"{searched.book.spent:,}",
        budget=f"{o.budget:,}",
        stopped=searched.stopped,
        confirmed=confirmed,
        confirm_seed=o.seed + CONFIRM_SEED_OFFSET,
        seed=o.seed,
    )
    return say("tune.title", title=plan.data.localized(spoken()).title, knobs=knobs), sub


def _knob_text(knob: Any) -> str:
    values = knob.values
    if knob.numeric and len(values) > 3:
        step = values[1] - values[0]
        if all(math.isclose(b - a, step) for a, b in zip(values, values[1:], strict=False)):
            lo, hi = toml_value(values[0]), toml_value(values[-1])
            return say("tune.knob_range", rule=knob.key, lo=lo, hi=hi, step=toml_value(step))
    return say("tune.knob_values", rule=knob.key, values="/".join(str(v) for v in values))


def _level_of_search(plan: TunePlan, conf: confirm.Confirmation) -> int:
    """The confirmation level played by the search's agents, else the strongest."""
    name = agents_name(plan.agents)
    return conf.levels.index(name) if name in conf.levels else len(conf.levels) - 1


def variant_table(plan: TunePlan, best: Setting | None, conf: confirm.Confirmation | None) -> str:
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
    if conf is not None and plan.targets:
        j = _level_of_search(plan, conf)
        group = conf.groups[j]
        # the best finalist's arm: its own, or the baseline's where it is the rules as they were
        arm = group[1] if best != plan.base_setting() and len(group) > 1 else group[0]
        level = f" under {conf.levels[j]}" if conf.on_skill else ""
        doc += f"; confirmed on {conf.level_games[j]:,} fresh games{level}: {plan.targets[0].measure.name} "
        doc += target_words.value_text(plan.targets[0], arm.summary)
    out = ["[variants.tuned]", f"doc = {toml_value(doc + '.')}"]
    if plan.rules(best).players != plan.data.game["default_players"]:
        out.append(f"players = {plan.rules(best).players}")
    out.append(f"set = {_inline(_nest(values))}")
    return "\n".join(out) + "\n"


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
    plan: TunePlan, searched: Searched, conf: confirm.Confirmation, bottom: list[str], table: str
) -> str:
    title, sub = heading(plan, searched)
    out = [f"# {title}", "", sub, "", say("tune.targets"), ""]
    out += [f"- {line}" for line in describe_targets(plan.targets)]
    out += ["", f"## {say('bottom.title')}", ""]
    out += [f"- {line}" for line in bottom]
    out += ["", _method(plan, conf)]
    skill = lines.skill_lines(conf)
    if skill:
        out += ["", f"## {say('skill.title')}", ""] + [f"- {line}" for line in skill]
    if conf.verdict.strength:
        out += ["", f"## {say('strength.title')}", ""] + [f"- {line}" for line in conf.verdict.strength]
    out += ["", f"## {say('tune.changes')}", ""]
    out += [
        f"- {say('page.change', arm=confirm.name_of(a), text=a.changes)}" for a in conf.groups[0][1:]
    ] or [f"- {say('tune.no_finalist')}"]
    out += ["", f"## {say('tune.findings')}", ""]
    out += _findings(conf)
    out += ["", f"## {say('tune.variant')}", "", "```toml", table.rstrip("\n"), "```", ""]
    out += [f"## {say('tune.best')}", ""]
    out += _best_table(plan, searched)
    out += ["", f"## {say('tune.history')}", ""]
    out += _history(plan, searched)
    return "\n".join(out) + "\n"


def _method(plan: TunePlan, conf: confirm.Confirmation) -> str:
    """How the finalists were chosen and judged, for the page."""
    return (
        say("tune.method", finalists=plan.options.finalists, base=plan.base.label) + " " + conf.verdict.note
    )


def _findings(conf: confirm.Confirmation) -> list[str]:
    out = []
    for j, (title, groups) in enumerate(conf.verdict.sections):
        out += [f"### {title}", ""]
        for name, findings in groups:
            out += [f"- [{name}]"] + [f"  - {f.text}" for f in findings]
        targets = lines.target_findings(conf, j)
        if targets:
            out += ["", say("tune.targets"), ""]
            for name, texts in targets:
                out += [f"- [{name}]"] + [f"  - {text}" for text in texts]
        out.append("")
    return out


def _best_table(plan: TunePlan, searched: Searched) -> list[str]:
    book = searched.book
    rows = [say("tune.best.head"), "|---|---|---|---|"]
    for rank, s in enumerate(book.ranked()[:10], 1):
        e = book.estimates[s]
        rows.append(f"| {rank} | {plan.space.label(s)} | {book.games[s]:,} | {e.value:.2f} ± {e.se:.2f} |")
    return rows


def _history(plan: TunePlan, searched: Searched) -> list[str]:
    rows = [say("tune.history.about"), "", say("tune.history.head"), "|---|---|---|---|---|---|"]
    for t in searched.history:
        e = t.estimate
        rows.append(
            f"| {t.number} | {t.round} | {t.how} | {plan.space.label(t.setting)} | {e.games:,} | "
            f"{e.value:.2f} ± {e.se:.2f} |"
        )
    return rows


def _clean(x: Any) -> Any:
    return None if isinstance(x, float) and not math.isfinite(x) else x


def result_json(
    plan: TunePlan, searched: Searched, conf: confirm.Confirmation, bottom: list[str]
) -> dict[str, Any]:
    """The tune's outcome for programs: finalists, the confirmation's tests by level, the search history."""
    return {
        "tune": plan.identity(),
        "spent": searched.book.spent,
        "stopped": searched.stopped,
        "finalists": [
            {
                "setting": plan.space.values(s),
                "label": plan.space.label(s),
                "search_games": searched.book.games[s],
                "objective": _clean(searched.book.estimates[s].value),
            }
            for s in searched.finalists
        ],
        "confirmation": _confirmation_json(conf, bottom),
        "history": [
            {
                "round": t.round,
                "how": t.how,
                "setting": plan.space.label(t.setting),
                "games": t.estimate.games,
                "objective": _clean(t.estimate.value),
                "se": _clean(t.estimate.se),
            }
            for t in searched.history
        ],
    }


def _confirmation_json(conf: confirm.Confirmation, bottom: list[str]) -> dict[str, Any]:
    def target(t: Target, judged: confirm.Judged, summary: dict[str, Any]) -> dict[str, Any]:
        c = judged.change
        out = {
            "target": t.text,
            "measure": _clean(t.measure.read(summary).value),
            "within_p_holm": _clean(judged.within.get("p_holm")),
        }
        if c is not None:
            out |= {
                "change": c.word,
                "change_p_holm": _clean(c.test.get("p_holm")),
                "change_within_p_holm": _clean(c.within.get("p_holm")),
            }
        return out

    return {
        "seed": conf.seed,
        "tests": conf.tests,
        "bottom": bottom,
        "levels": [
            {
                "level": level,
                "games": games,
                "arms": [
                    {
                        "arm": confirm.name_of(arm),
                        "changes": arm.changes,
                        "targets": [
                            target(t, j, arm.summary) for t, j in zip(conf.targets, row, strict=True)
                        ],
                    }
                    for arm, row in zip(group, rows, strict=True)
                ],
            }
            for level, games, group, rows in zip(
                conf.levels, conf.level_games, conf.groups, conf.judged, strict=True
            )
        ],
        "strength": [
            {"weak": s.weak, "strong": s.strong, "test": s.test, "ordered": s.ordered, "reversed": s.reversed}
            for s in conf.strengths
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
                    label=say("tune.figure.finalist") if rank == 0 else None,
                )
            if summaries:
                first = next(iter(summaries.values()))
                _goal_band(ax, t, band(t, first, first, plan.options.min_effect))
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
        f"{title}\n" + _fill(sub) + "\n" + _fill(say("tune.figure.about")),
        fontsize=8,
    )
    fig.tight_layout()
    return fig


def _fill(text: str) -> str:
    """`text` in lines about 120 Latin characters wide at the heading's 8 pt; Japanese, which has no
    spaces to break at, by its measured width with printkit's line-breaking rules."""
    if spoken() == "en":
        return textwrap.fill(text, 120)
    from printkit.output.fonts import family, wrap

    return "\n".join(wrap(text, family(spoken()).regular, 8, 480))


def _x(knob: Any, index: int) -> float:
    """Where a knob's value sits on its panel: the number itself, or a choice's place."""
    return float(knob.values[index]) if knob.numeric else float(index)


def _goal_band(ax: Any, t: Target, goal: tuple[float, float]) -> None:
    """The goal shaded across a panel: a range, a bound to the panel's edge, a single value widened by
    its minimum effect (`goals.band`)."""
    scale = 100.0 if t.measure.share else 1.0
    lo, hi = goal
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
