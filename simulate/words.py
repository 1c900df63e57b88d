"""Every sentence of the verdict, as templates of words in one place, so that they can be translated.

A template is plain text with `{name}` fields (`printkit.datafile.template`, the same
safe substitution printed text uses); `say(key, **fields)` fills one. The
code that builds a verdict chooses which sentence applies and works out the
fields (numbers already written as text); it writes no sentence itself. A
translation is another table with the same keys and the same fields
(`simulate.words_ja`, Japanese).

The language of a report is chosen once, by the command (`--lang`), with
`language(lang)`: every `say` inside it speaks that language, so the code that
chooses the sentences is the same for every language and passes no language
along. Likewise the game's own names (its metrics, score categories and
figures, which no table here holds): the command that has loaded the game
makes its names current with `naming(game.names_ja, game.names_en)`, and every
place that prints such a name calls `display_name(name)`.
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextvars import ContextVar
from types import MappingProxyType

from printkit.datafile.template import fill
from simulate.words_ja import JA

EN: dict[str, str] = {
    # ---------------------------------------------------------------- one arm
    "who.first": "The first mover",
    "who.first_team": "The first mover's team",
    "who.first.lower": "the first mover",
    "who.first_team.lower": "the first mover's team",
    "word.advantage": "an advantage",
    "word.disadvantage": "a disadvantage",
    "first.none_decided": "{who}: no game was decided, so there is no share to weigh.",
    "first.head": "{who} scores {share} {interval} of games (a win 1, a draw half{drawn})",
    "first.drawn_share": "; {share} drawn",
    "first.drawn": (
        "{who}'s edge turns into draws: {draws} {interval} of games drawn, so whoever wins the rest its "
        "score share (a draw as half) lies within {delta} of fair."
    ),
    "first.drawn_decided": " Of the {decided} decided games it wins {won}.",
    "first.matters": "{head}: {word} ({p}).",
    "first.small": (
        "{head}: {word}, detectable but smaller than players would notice (within {delta} of a "
        "fair {fair}; {p})."
    ),
    "first.within": "{head}: no difference from a fair {fair} larger than {delta} ({p_within}).",
    "first.open": "{head}: no detectable difference from a fair {fair} ({p}); {more}",
    "more.need": "about {need} games per arm would resolve a {delta} difference.",
    "more.enough": "{games} games resolve a {delta} difference, so any edge is smaller.",
    "decided": "Of decided games, {who} wins {share} {interval} (fair {fair}).",
    "decided.none": "{who}: no game was decided.",
    "settle.fixed": "at {games} games per arm",
    "settle.after": "settled after {games} games per arm",
    "settle.games": "the budget",
    "settle.time": "the {time} budget",
    "settle.more": (
        "not settled within {budget} ({games} games per arm); about {more} more games per arm would settle it"
    ),
    "settle.edge": (
        "not settled within {budget} ({games} games per arm), and its estimate lies at the edge of the "
        "minimum effect, where more games may never settle it"
    ),
    "settle.stopped": (
        "not settled at {games} games per arm, where the headline questions were settled; about {more} more "
        "games per arm would settle it"
    ),
    "settle.stopped_edge": (
        "not settled at {games} games per arm, where the headline questions were settled, and its estimate "
        "lies at the edge of the minimum effect"
    ),
    "settle.stopped_plain": "not settled at {games} games per arm, where the headline questions were settled",
    "settle.stopped_close": (
        "not settled at {games} games per arm, where the headline questions were settled, though close to "
        "it: a few more games per arm would settle it"
    ),
    "settle.close": (
        "not settled within {budget} ({games} games per arm), though close to it: a few more games per arm "
        "would settle it"
    ),
    "settle.budget_plain": "not settled within {budget} ({games} games per arm)",
    "seats.noun": "Seats",
    "teams.noun": "Teams",
    "seats.none_decided": "{noun}: no game was decided, so there is nothing to split.",
    "seats.head": "{noun}, a draw as half: {shares}",
    "seats.drawn": (
        "{noun}: {draws} {interval} of games drawn, so any imbalance turns into draws: every side's score "
        "share (a draw as half) lies within {delta} of fair."
    ),
    "seats.matters": "{head}: an imbalance ({p}).",
    "seats.small": (
        "{head}: an imbalance, detectable but smaller than players would notice (every share "
        "within {delta} of fair; {p})."
    ),
    "seats.within": "{head}: every share within {delta} of a fair {fair} ({p_within}).",
    "seats.open": "{head}: no detectable imbalance ({p}).",
    "draws": "Draws: {share} of games {interval}.",
    "draws.capped": " Stopped by a cap: {share} {interval}, counted neither as a win nor as a draw.",
    "length": "Length: median {median} moves (mean {mean}).",
    "length.all_capped": (
        "Length: {share} of games were stopped by the cap, so the median length is at least the "
        "cap ({at_least} moves); no mean is given for games cut off."
    ),
    "length.capped": (
        "Length: Kaplan-Meier median {median} moves, with the {share} of games stopped by the cap "
        "counted as lasting at least until it."
    ),
    "flow": "Flow: {parts}.",
    "flow.lead": "the lead changed hands {n} times a game",
    "flow.decisive": "the winner led for good after {share} of the moves (median)",
    "flow.drama": "winners trailed by {n} points at worst (mean)",
    "flow.spread": "the final spread was {n} points (mean)",
    # ---------------------------------------------------------------- between arms
    "change.na": "{head}: {p}.",
    "change.matters": "{head}: {word} ({p}).",
    "change.small": "{head}: {word}, detectable but smaller than players would notice (under {delta}; {p}).",
    "change.within": "{head}: no change larger than {delta} ({p_within}).",
    "change.open": "{head}: no detectable change ({p}); {more}",
    "change.open_capped": "{head}: no detectable change ({p}).",
    "change.more": "about {need} games per arm would resolve a {delta} change.",
    "change.first.head": "First mover: {other} {b} against {base} {a} of games, a draw as half (fair {fair})",
    "change.draw_rate.head": "Draws: {other} {b} of games against {base} {a}",
    "change.capped.head": "Stopped by a cap: {other} {b} of games against {base} {a}",
    "change.seats.head": (
        "Split between seats, a draw as half: {other} against {base}, {side} moving most ({a} to {b})"
    ),
    "change.margin.head": "Winning margin: {other} mean {b} against {base} {a}",
    "change.length.head": "Length: {other} {b} moves on average against {base} {a}",
    "change.length_capped.head": (
        "Length, a game stopped by the cap counted at the cap: {other} {b} moves on average against {base} "
        "{a}"
    ),
    "change.mean.head": "{name}: {other} mean {b} against {base} {a}",
    "change.paired": (
        "Paired game by game (correlation {r}): worth about {saved} more games per arm than two independent "
        "arms."
    ),
    "change.paired_cost": (
        "Paired game by game: the outcomes correlate negatively (correlation {r}), so two independent arms' "
        "test would understate the spread."
    ),
    "mname.first_mover": "First mover",
    "mname.seat_balance": "Split between seats",
    "mname.draw_rate": "Draws",
    "mname.capped": "Stopped by a cap",
    "mname.length": "Length",
    "mname.margin": "Winning margin",
    "mname.lead_changes": "Lead changes",
    "mname.decisive_at": "Decisive at",
    "mname.drama": "Drama",
    "mname.spread": "Spread",
    "word.fewer_draws": "fewer draws",
    "word.more_draws": "more draws",
    "word.closer": "closer to fair",
    "word.further": "further from fair",
    "word.closer_across": "closer to fair, and across it",
    "word.further_across": "further from fair, and across it",
    "word.split": "a different split",
    "word.larger_margins": "larger margins",
    "word.smaller_margins": "smaller margins",
    "word.longer": "longer games",
    "word.shorter": "shorter games",
    "word.more_capped": "more games stopped by the cap",
    "word.fewer_capped": "fewer games stopped by the cap",
    "word.more_lead_changes": "more lead changes",
    "word.fewer_lead_changes": "fewer lead changes",
    "word.decided_later": "decided later",
    "word.decided_earlier": "decided earlier",
    "word.more_drama": "comebacks from further behind",
    "word.less_drama": "comebacks from less far behind",
    "word.wider_spread": "a wider spread",
    "word.narrower_spread": "a narrower spread",
    "word.higher": "higher",
    "word.lower": "lower",
    "length.moves": "{median} moves (mean {mean})",
    "length.km": "{median} moves",
    "length.at_least": "at least {at_least} moves",
    # ---------------------------------------------------------------- units
    "unit.points": "{n} points",
    "unit.point": "{n} point",
    "unit.moves": "{n} moves",
    "unit.move": "{n} move",
    "unit.point_adj": "{n}-point",
    "unit.move_adj": "{n}-move",
    "unit.lead": "{n} lead change",
    "unit.leads": "{n} lead changes",
    "unit.lead_adj": "{n}-lead-change",
    "p.none": "p n/a: {why}",
    "p.na": "p n/a",
    # why a test has no p-value, keyed by the English `why` the tests give (`reason`)
    "why.an arm has no games to count": "an arm has no games to count",
    "why.no game is counted in both arms": "no game is counted in both arms",
    "why.every game is counted in both arms": "every game is counted in both arms",
    "why.an arm has no decided games": "an arm has no decided games",
    "why.only one side ever won": "only one side ever won",
    "why.an arm has no values": "an arm has no values",
    "why.every value is the same": "every value is the same",
    "why.fewer than two values in an arm": "fewer than two values in an arm",
    "why.no decided games": "no decided games",
    "why.fewer than two values": "fewer than two values",
    "why.no test": "no test",
    "why.no sides": "no sides",
    "why.no pairs": "no pairs",
    "why.no pair differs": "no pair differs",
    "why.fewer than two pairs": "fewer than two pairs",
    "why.every pair differs by the same amount": "every pair differs by the same amount",
    "why.no games": "no games",
    "why.no game was decided": "no game was decided",
    "why.a lower bound on the largest gap is no test of every side": (
        "a lower bound on the largest gap is no test of every side"
    ),
    "p.within": "equivalence {p}",
    "unit.share": "{n} point",
    "unit.shares": "{n} points",
    "unit.share_adj": "{n}-point",
    "pct.under": "under {x}%",
    "side.seat": "seat {n}",
    "side.team": "team {k} (seats {seats})",
    "side.join": ", ",
    "list.and": " and ",
    "changes.join": "; ",
    "changes.docs": "{docs}.",
    "changes.none": "the rules as the data file states them.",
    "changes.head": "{docs}. ",
    "changes.set": "Changes {parts}.",
    "changes.players": "{n} players",
    "changes.option": "{parts} ({doc})",
    # ---------------------------------------------------------------- the page around the sentences
    "page.verdict": "verdict",
    "page.details": "details",
    "page.definitions": "definitions",
    "page.report": "balance report",
    "page.heading": "{title}: {what}\n{labels} | {players}p | agents {agents} | {games} games | seed {seed}",
    "page.arms": "{n} arms",
    "page.vs": " vs ",
    "page.changes": "What each arm changes",
    "page.change": "{arm}: {text}",
    "page.own": "{title}: the game's own questions",
    "page.section": "Under agents {agents}: {games} games per arm, seed {seed}",
    "page.against": "{other} against {base}",
    "page.both": "Does each conclusion hold under both agent sets?",
    "page.method_rounds": (
        "The games were played in rounds until every headline question was settled or the budget spent. "
        "Every question is read with an anytime-valid 95% confidence sequence (Robbins' normal mixture; "
        "docs/notes/stopping.md), so its p-values and intervals hold wherever the rounds stopped. A "
        "difference between arms is tested game by game on the same seeds where the arms' outcomes "
        "correlate enough to save games, else as two independent arms; beside it, an equivalence test (two "
        "one-sided tests against the minimum effect) says where it is shown smaller than players would "
        "notice. A share of games counts a win as 1 and a draw as half."
    ),
    "page.method_fixed": (
        "Every question is a z test of the difference of two means (McNemar's exact test for yes-or-no "
        "outcomes tested in pairs), game by game on the same seeds where the arms' outcomes correlate "
        "enough to save games, else as two independent arms, with a 95% interval; beside it, an equivalence "
        "test (two one-sided tests against the minimum effect) says where a difference is shown smaller "
        "than players would notice. A share of games counts a win as 1 and a draw as half."
    ),
    "page.headline_measure": "the first mover's score, {owner}",
    "both.same": "{where}, {question}: {conclusion} under both {a} and {b}.",
    "both.differ": "{where}, {question}: does not hold under both: {a} finds {fa}, {b} finds {fb}.",
    "both.rest": "Every other question: no detectable difference under either {a} or {b}.",
    "said.none": "no detectable difference",
    "said.n/a": "no test possible",
    "said.within": "no difference larger than the minimum effect",
    "said.small": "a difference smaller than players would notice",
    "said.drawn": "nearly every game drawn",
    "said.advantage": "advantage",
    "said.disadvantage": "disadvantage",
    "said.imbalance": "imbalance",
    "said.balanced": "balanced",
    "question.first mover": "first mover",
    "question.seat balance": "seat balance",
    "question.first mover change": "first mover change",
    "question.seat balance change": "seat balance change",
    "question.draw rate": "draw rate",
    "question.margin": "margin",
    "question.length change": "length change",
    "question.capped": "games stopped by a cap",
    "question.lead_changes": "lead changes",
    "question.decisive_at": "decisiveness",
    "question.drama": "drama",
    "question.spread": "spread",
    # ---------------------------------------------------------------- figures
    "fig.share_won": "share of decided games won (95% Wilson)",
    "fig.seat_wins": "wins by seat over decided games (dotted: fair share)",
    "fig.turn_order": "wins by turn order over decided games (dotted: fair share)",
    "fig.moved_first": "moved first",
    "fig.moved": "moved {nth}",
    "ordinal.2": "2nd",
    "ordinal.3": "3rd",
    "ordinal.n": "{k}th",
    "fig.share_of_games": "share of games",
    "fig.mean": "{arm} (mean {mean})",
    "fig.score": "final score of a seat",
    "fig.scores": "score distribution",
    "fig.margin_teams": "winning margin: top side's score minus the next side's",
    "fig.margin": "winning margin (top minus next)",
    "fig.margins": "how close games are",
    "fig.metrics": "game figures, mean with 95% interval",
    "fig.metrics_capped": " (lengths cut by a cap: see the verdict's Kaplan-Meier medians)",
    "fig.points": "mean points per player",
    "fig.categories": "where the points come from",
    "fig.skill.first": "first mover's share of decided games",
    "fig.skill.seats": "furthest seat's distance from fair",
    "fig.skill.draws": "draw rate",
    "fig.skill.length": "length: mean moves (Kaplan-Meier median if capped)",
    "fig.skill.margin": "winning margin, mean",
    "fig.skill.drawn": "{draws} drawn",
    "fig.skill.change": "first mover's share: change against {base}",
    "fig.skill": "the verdict at each level of skill",
    "fig.changes": "what changed, in minimum effects (grey: smaller than players would notice)",
    "fig.changes.level": "under {level}",
    "fig.changes.axis": "change against {base}, in minimum effects (95% interval)",
    "fig.changes.called": "called",
    "fig.changes.open": "not called",
    "fig.skill.note": "\n(95% intervals; dotted: fair, or no change)",
    "fig.strength.decided": "stronger level's share of decided games (95% Wilson; sign test)",
    "fig.strength.outcomes": "every game of the pair",
    "fig.strength.won": "won by the stronger level",
    "fig.strength.drawn": "drawn",
    "fig.strength.lost": "won by the weaker level",
    "fig.strength.none": "no game decided",
    "fig.strength.record": "{won}-{lost}, {p}",
    "fig.strength.pair": "{strong}\nagainst {weak}",
    "fig.strength.axis": "share of decided games",
    "fig.strength.games_axis": "share of games",
    "fig.strength.heading": (
        "{title}: {what}\n{arm} | {players}p | levels {levels} | {games} games per pair | seed {seed}"
    ),
    "fig.strength": "are the levels ordered? adjacent levels head to head",
    "metric.moves": "moves",
    "metric.draw rate": "draw rate",
    "metric.capped": "capped",
    "metric.lead_changes": "lead changes",
    "metric.decisive_at": "decisive at",
    "metric.drama": "drama",
    "metric.spread": "spread",
    "sweep.heading": (
        "{title}: sweep of {n} combinations of {keys}\n{players}p | agents {agents} | {games} games each | "
        "seed {seed}"
    ),
    "sweep.effects": "{heading}: main effects (95% intervals)",
    "sweep.outcome.first-mover share of decided games": "first-mover share of decided games",
    "sweep.outcome.winning margin": "winning margin",
    "sweep.outcome.score": "score",
    "sweep.points_of_pct": " (points of %)",
    "sweep.points": "mean points per player, by category",
    "sweep.first": "first mover's win rate\n(95% Wilson; dotted: even share)",
    "sweep.margin": "margin",
    "sweep.sd": "score sd",
    "sweep.margin_axis": "winning margin (95% t) and score sd",
    "sweep.key": "{rule} ({values})",
    "sweep.times": " x ",
    "sweep.legend": (
        "players: the player count; score: mean ± sd of a player's final score; margin: top score minus "
        "the next; moved first and seat / position: win rates over decided games (draws excluded) with "
        "95% Wilson intervals, moved first = first in the opening turn order; advantage: the first "
        "mover's win rate minus an even share (1 / sides); seat gap: the best seat's win rate minus the "
        "worst seat's (0 when seats win equally); points: mean points a player gets from each category."
    ),
    "sweep.col.players": "players",
    "sweep.col.score": "score",
    "sweep.col.margin": "margin",
    "sweep.col.moved_first": "moved first",
    "sweep.col.advantage": "advantage",
    "sweep.col.seat_gap": "seat gap",
    "sweep.col.seat": "seat {n}",
    "sweep.col.position": "position {n}",
    "sweep.rank.apart": "Closest to fair: {closest}; its interval lies apart from every other row's.",
    "sweep.rank.tied": (
        "With {games} games a row the first mover's share is known to about ±{half} points: the intervals "
        "of {tied} of the other {others} rows overlap that of the row closest to fair ({closest}), so these "
        "games cannot rank them; about {need} games a row would tell a 2-point difference apart."
    ),
    "effects.title": "Which factor matters",
    "effects.method": (
        "Main effect: the mean over the combinations with a value minus the mean over those with the "
        "factor's first value, with a 95% interval (arms independent, variances added), and its p-value "
        "(a z test) Holm-corrected over the {tests} main effects of this sweep: an effect is called only "
        "where that p < 0.05. Interaction: the difference of differences between two factors' first and "
        "last values (not tested)."
    ),
    "effects.factor": "factor",
    "effects.change": "change",
    "effects.step": "{start} -> {end}",
    "effects.points": "{effect} pts [{lo}, {hi}]",
    "effects.holm": ", Holm {p}",
    "effects.called": " (called)",
    "effects.na": "n/a (no decided games)",
    "effects.interaction": "Largest interaction on {outcome}: {a} x {b}, {effect}.",
    "ladder.heading": (
        "{title} [{variant}, {players}p{filler}]: agent ladder, {games} games per pair, seed {seed}"
    ),
    "ladder.filler": ", other seats {filler}",
    "ladder.columns": "| agent | rating (Elo, mean 0) | 95% interval |",
    "ladder.model": (
        "Ratings from Davidson's model of wins, draws and losses (a draw is an outcome of its own; among "
        "decided games the model is Bradley-Terry): two equally strong agents would draw {draws} of their "
        "games."
    ),
    "ladder.model_short": "Davidson's model: equal agents draw {draws}",
    "ladder.pairs": (
        "Each pair, the better rated first: only decided games say which is stronger (an exact sign test), "
        "draws counted beside:"
    ),
    "ladder.pair_columns": "| pair | won | lost | drawn | share of decided games (95%) | sign test p | |",
    "ladder.pair": "{a} against {b}",
    "ladder.stronger": "stronger",
    "ladder.weaker": "weaker",
    "ladder.not_shown": "not shown to differ",
    "ladder.none_decided": "no game decided",
    "ladder.matrix": (
        "Share of decided games the row agent won against the column agent (95% interval), and the share "
        "of their games drawn:"
    ),
    "ladder.cell": "{share} ({lo}-{hi}), {drawn} drawn",
    "ladder.cell_none": "none decided, {drawn} drawn",
    "ladder.fig_drawn": "{drawn} drawn",
    "ladder.fig_none": "none decided",
    "ladder.axis": "Davidson rating (Elo points, 95% interval; draws in the model)",
    "ladder.cells": (
        "row's share of decided games against column, and the share drawn\ncolour: the end of its 95% "
        "interval nearest an even share"
    ),
    # ---------------------------------------------------------------- the definitions page
    "def.terms": "Terms",
    "def.figures": "Figures of this report",
    "def.metrics": "Game figures (the metrics page and the CSV columns)",
    "figname.seat_wins": "seat wins",
    "figname.turn_order": "turn order",
    "figname.scores": "scores",
    "figname.margins": "margins",
    "figname.metrics": "metrics",
    "figname.categories": "categories",
    "figname.skill": "skill",
    "figname.strength": "strength",
    "figname.changes": "what changed",
    "def.item": "{name}: {doc}",
    "term.decided": (
        "Decided game: one side (a seat, or a team in a team game) won alone, not stopped by a cap. "
        "Shares of "
        "wins are over decided games; a side's fair share is 1 / sides. 'Draw as half': a draw shared by k "
        "sides gives each 1/k."
    ),
    "term.first": (
        "First mover: the side that moved first in that game, whichever seat it was. Closer to fair "
        "/ further "
        "from fair: the first mover's share moved toward or away from the fair share between two arms."
    ),
    "term.margin": "Margin: the top side's score minus the next side's (0 in a draw).",
    "term.min_effect": (
        "Minimum effect (--min-effect): the smallest difference that matters to players, by default 2 points "
        "of a share, 5% of the baseline's median length, 1 point of margin. 'No difference larger than 2 "
        "points': an equivalence test (two one-sided tests) shows it; 'detectable but smaller than players "
        "would notice': the test calls a difference below the minimum effect."
    ),
    "term.capped": (
        "Games stopped by a cap have censored lengths: Kaplan-Meier medians, never a mean or a t-test, and a "
        "log-rank test between arms instead of Mann-Whitney U."
    ),
    "term.seed": "Same seed and settings give the same games and figures, whatever --jobs is.",
    "doc.seat_wins": (
        "share of decided games each seat (or team) won, per arm, with 95% Wilson intervals; dotted: the "
        "fair share, 1 / sides"
    ),
    "doc.turn_order": (
        "share of decided games won by the side that moved first, second, ..., per arm, with 95% Wilson "
        "intervals; dotted: the fair share"
    ),
    "doc.scores": "distribution of a seat's final score, per arm",
    "doc.margins": "distribution of the winning margin (top side's score minus the next side's), per arm",
    "doc.metrics": "the game figures of each arm, mean with a 95% interval (rates with Wilson intervals)",
    "doc.categories": "mean points per player from each score category, stacked, per arm",
    "doc.skill": (
        "every question of the verdict at each level of the skill axis, weakest first, with 95% intervals: "
        "the first mover's share against fair, how far the furthest seat lies from fair, draws, length, "
        "margin, and the first mover's change against the first arm"
    ),
    "doc.strength": (
        "left: each level's share of the decided games against the level below, head to head in mixed "
        "seats, with its 95% Wilson interval and the sign test's p (draws decide nothing); right: every "
        "game of the pair, won by either level or drawn"
    ),
    "doc.changes": (
        "page 1's picture: every measure's change against the first arm with its 95% interval (in rounds, "
        "the confidence sequence's), in the measure's own minimum effects, so that moves and points share "
        "one axis; the grey band, -1 to 1, is smaller than players would notice; filled: called; linear "
        "within 2 minimum effects, logarithmic beyond; a lone arm draws its first mover and sides against "
        "fair"
    ),
    "doc.moves": "moves per game (every decision of every seat)",
    "doc.draw rate": "share of games whose top place was shared between rivals",
    "doc.capped": (
        "share of games stopped by a cap (the engine's turn or round cap, or the runner's move cap)"
    ),
    "doc.lead_changes": (
        "times the side leading alone changed during the game, from the scores after each move"
    ),
    "doc.decisive_at": "share of the game's moves played before the winner's side took the lead for good",
    "doc.drama": "how far the eventual winner's side trailed the leader at its worst, in points",
    "doc.spread": "final score of the best side minus the worst side's",
    # ---------------------------------------------------------------- bottom line
    "bottom.title": "Bottom line",
    "bottom.first": (
        "{arm}: the first mover scores {share} {interval} of games (a draw as half, fair {fair}{drawn}): "
        "{answer}, under {level}."
    ),
    "bottom.first_levels": (
        "{arm}: the first mover's verdict {depends}: {levels} of games, a draw as half (fair {fair}); "
        "across the levels: {trend}"
    ),
    "bottom.depends": "depends on skill",
    "bottom.holds": "does not depend on skill",
    "bottom.unshown": "is not shown to depend on skill",
    "bottom.level_share": "{share} {interval} under {level}{drawn}",
    "bottom.level_drawn": " (its edge turns into draws: {draws} {interval} of games drawn)",
    "bottom.first_drawn": (
        "{arm}: under {level} the first mover's edge turns into draws: {draws} {interval} of games drawn."
    ),
    "bottom.compare": "{other} against {base} ({changes}) under {level}: {changed}; {headline}.",
    "bottom.compare_levels": "{other} against {base} ({changes}). {levels}",
    "bottom.compare_level": "Under {level}: {changed}; {headline}.",
    "bottom.nothing_changed": "no change as large as its minimum effect is shown",
    "bottom.more_changes": ", and {n} more (below)",
    "bottom.cap": (
        "{share} {interval} of {arm}'s games under {level} stop at the cap unfinished: they count neither as "
        "wins nor as draws."
    ),
    "head.drawn": "; drawn {a} and {b}",
    "head.matters": (
        "the first mover's score moves {direction}: {a} to {b} of games (a draw as half, fair "
        "{fair}{drawn}), called ({p}), {settled}"
    ),
    "head.small": (
        "the first mover's score moves by less than players would notice: {a} to {b} of games (a draw as "
        "half, fair {fair}{drawn}), called ({p}), {settled}"
    ),
    "head.within": (
        "the first mover's score moves by no more than {delta}: {a} and {b} of games (a draw as half, fair "
        "{fair}{drawn}; {p_within}), {settled}"
    ),
    "head.open": (
        "the first mover's score, {a} and {b} of games (a draw as half, fair {fair}{drawn}), is not called "
        "({p}): {more}"
    ),
    "head.na": "the first mover's score: {a} and {b} of games, no test",
    "head.none": "the arms seat other sides, so their first movers are not compared",
    "head.paired": "; the pairing saved about {saved} games per arm",
    "what.seat_balance": "changes the split between seats ({side} {a} to {b} of games)",
    "what.draw_rate.up": "draws more often ({b} of games against {a})",
    "what.draw_rate.down": "draws less often ({b} of games against {a})",
    "what.capped.up": "stops more games at the cap ({b} against {a})",
    "what.capped.down": "stops fewer games at the cap ({b} against {a})",
    "what.length.up": "lengthens games {by} ({b} moves against {a} on average)",
    "what.length.down": "shortens games {by} ({b} moves against {a} on average)",
    "what.length.times": "makes games {x} times as long ({b} moves against {a} on average)",
    "what.length.up_plain": "lengthens games ({b} moves against {a} on average)",
    "what.length.down_plain": "shortens games ({b} moves against {a} on average)",
    "what.margin.up": "widens the winning margin ({b} points against {a} on average)",
    "what.margin.down": "narrows the winning margin ({b} points against {a} on average)",
    "what.lead_changes.up": "makes the lead change hands more often ({b} times a game against {a})",
    "what.lead_changes.down": "makes the lead change hands less often ({b} times a game against {a})",
    "what.decisive_at.up": (
        "decides games later (the winner leads for good after {b} of the moves, against {a})"
    ),
    "what.decisive_at.down": (
        "decides games earlier (the winner leads for good after {b} of the moves, against {a})"
    ),
    "what.drama.up": "brings winners back from further behind ({b} points at worst against {a})",
    "what.drama.down": "brings winners back from less far behind ({b} points at worst against {a})",
    "what.spread.up": "widens the final spread ({b} points against {a})",
    "what.spread.down": "narrows the final spread ({b} points against {a})",
    "what.metric.up": "raises {name} ({b} against {a} on average)",
    "what.metric.down": "lowers {name} ({b} against {a} on average)",
    "by.half": "by half",
    "by.third": "by a third",
    "by.quarter": "by a quarter",
    "by.fifth": "by a fifth",
    "by.tenth": "by a tenth",
    "by.pct": "by {pct}%",
    "bottom.change_level": "under {level} {a} to {b}, {direction}, {called}",
    "bottom.default_levels": "random, greedy and a search agent",
    "join.list": ", ",
    "join.parts": "; ",
    "join.sentences": " ",
    "join.end": ".",
    "bottom.called_under": "{called} under {level}",  # a called/not-called phrase (the tune's lines)
    "bottom.under_level": " under {level}",
    "bottom.called": "called ({p})",
    "bottom.called_small": "called but smaller than players would notice ({p})",
    "bottom.within": "no change larger than {delta} ({p_within})",
    "bottom.open": "not called ({p}; about {need} games per arm would resolve a {delta} change)",
    "bottom.open_unsized": "not called ({p})",
    "bottom.na": "no test ({p})",
    "bottom.ranked": "Arms by how far the first mover's score lies from fair{where}, closest first: {ranks}.",
    "bottom.rank": "{arm} {d} [{lo}, {hi}]",
    "bottom.pair": "{a} against {b}",
    "bottom.pairs_joint": ", nor ",
    "bottom.ranked_overlap": " Their intervals overlap, so these games do not rank {pairs}.",
    "bottom.one_set": (
        "This verdict rests on one agent set ({agents}). Stronger play can change it: run the same "
        "command with --skill to read every question at the game's levels ({levels})."
    ),
    "bottom.two_sets": (
        "This verdict rests on two agent sets ({agents}), not shown to be ordered in strength; "
        "--skill reads every question over levels whose order is checked."
    ),
    "progress.round": "round {n}: {games} games per arm",
    # ---------------------------------------------------------------- skill axis
    "skill.title": "How the verdict changes with skill",
    "skill.levels": "Levels, weakest first: {levels}; games per arm: {games}.",
    "skill.question": "{question}, {arm}: {trend}",
    "skill.question_change": "{question}, {other} against {base}: {trend}",
    "skill.values": "{question}, {arm}: {values}.",
    "skill.value": "{value} under {level}",
    "trend.holds": "holds at every level ({answer}).",
    "trend.holds_resolved": "holds at every level where it is resolved ({answer}).",
    "trend.weak_only": "appears only under weak play ({weak} under {x}; {strong} under {y}).",
    "trend.strong_only": "appears only under stronger play ({weak} under {x}; {strong} under {y}).",
    "trend.reverses": "reverses between {x} and {y} ({a} under {x}; {b} under {y}).",
    "trend.grows": "grows with skill ({a} under {x}; {b} under {y}).",
    "trend.into_draws": "turns into draws with skill ({a} under {x}; {b} under {y}).",
    "trend.drawn": "nearly every game is drawn at every level ({answers}).",
    "trend.drawn_also": " Nearly every game drawn under {levels}.",
    "trend.draws_rise": " Draws rise too, from {a} under {x} to {b} under {y}.",
    "trend.unresolved": "not resolved at level {levels}.",
    "trend.unresolved_also": " Not resolved at level {levels}.",
    "trend.unsteady": "changes between levels without a steady trend ({answers}).",
    "trend.not_skill": (
        " {x} and {y} are not shown to differ in strength, so this is not shown to be an effect of skill."
    ),
    "trend.answer": "{answer} under {level}",
    "answer.advantage": "an advantage of {d}",
    "answer.disadvantage": "a disadvantage of {d}",
    "answer.imbalance": "an imbalance",
    "answer.small": "an edge smaller than players would notice",
    "answer.within": "within {delta} of fair",
    "answer.open": "not resolved",
    "answer.apart": "none called (apart from {level}'s)",
    "answer.drawn": "{draws} of games drawn",
    "answer.na": "no test",
    "answer.change_within": "no change larger than {delta}",
    "answer.change": "{word} by {d}",
    "answer.change_small": "{word}, by less than players would notice",
    "q.first": "First mover",
    "q.seats": "Seat balance",
    "q.draws": "Draws",
    "q.length": "Length",
    "q.margin": "Winning margin",
    "q.first_change": "First mover change",
    "q.seats_change": "Split between seats",
    "q.draws_change": "Draw rate change",
    "q.margin_change": "Winning margin change",
    "q.length_change": "Length change",
    "strength.title": "Are the levels ordered?",
    "strength.where": (
        "Each pair of adjacent levels played head to head under {arm} ({players} players{filler}), "
        "each level first and second{rotations}; a game counts for the level placed better, and only "
        "decided games say which level is stronger (an exact sign test), draws counted beside."
    ),
    "strength.filler": ", the other seats played by the weaker level",
    "strength.rotations": " at every rotation of the table",
    "strength.record": (
        "{strong} against {weak}: of {games} games, {won} won, {lost} lost, {drawn} drawn ({draws})"
    ),
    "strength.decided": "; {share} {interval} of decided games ({p})",
    "strength.ordered": ": stronger.",
    "strength.not_ordered": (
        ": not shown to be stronger, so a change between them is not called an effect of skill."
    ),
    "strength.reversed": (
        ": weaker, so the levels are not in order of strength and a change between them is not called "
        "an effect of skill."
    ),
    "strength.none_decided": (
        "; no game decided, so neither is shown stronger and a change between them is not called an "
        "effect of skill."
    ),
    "strength.luck": "How much luck there is: the weaker level still finishes ahead in {shares} of games.",
    "strength.luck_pair": "{share} ({weak} against {strong})",
    # ---------------------------------------------------------------- a tune's confirmation
    "tune.base": "the rules as they were",
    "tune.finalist": "finalist {rank}",
    "tune.finalists": (
        "The search's best settings, best first: {finalists}; each replayed on fresh games ({games}) "
        "beside {base}."
    ),
    "tune.finalist_setting": "{label} {setting}",
    "tune.finalist_is_base": "{label} {setting} ({base})",
    "tune.games": "{games} games each, seed {seed}",
    "tune.games_levels": "games each: {games}; seed {seed}",
    "tune.change": (
        "{target}: {other} against {base} moves {measure} {direction}: {a} to {b} (goal: {goal}); {called}."
    ),
    "tune.change_levels": "{target}: {other} against {base}, {measure} (goal: {goal}): {levels}.",
    "tune.both_within": (
        "{target}: {other} against {base}: {measure} {a} to {b}, both within the goal ({goal})."
    ),
    "tune.both_within_level": "under {level} {a} to {b}, both within the goal",
    "tune.change.head": "{target}: {other} {b} against {base} {a} (goal: {goal})",
    "tune.change.both": "{head}: both within the goal.",
    "tune.goal": "{arm}, {target}: {value} (goal: {goal}): {answer}, under {level}.",
    "tune.goal_levels": "{arm}, {target} (goal: {goal}): {levels}.",
    "tune.goal_level": "{value} under {level}: {answer}",
    "tune.answer.within": "shown within the goal ({p})",
    "tune.answer.open": "not shown within the goal ({p})",
    "tune.answer.na": "no test ({p})",
    "tune.requirement": "requirement",
    "tune.weighted": "target, weight {weight}",
    "tune.unit.points": "percentage points",
    "tune.unit.own": "its own unit",
    "tune.target": "`{target}` ({kind}): {measure}; misses counted in {unit}",
    "tune.title": "{title}: tune of {knobs}",
    "tune.knob_range": "{rule} ({lo}..{hi} step {step})",
    "tune.knob_values": "{rule} ({values})",
    "tune.search.optuna": "Optuna TPE proposals raced by successive halving",
    "tune.search.ntbea": "NTBEA (as TAG)",
    "tune.stopped.spent": "the budget was spent",
    "tune.stopped.settled": "no other setting was left in doubt",
    "tune.confirmed_levels": "confirmation at levels {levels}",
    "tune.confirmed_games": "confirmation {games} games each",
    "tune.sub": (
        "{players}p | rules {rules} | agents {agents} | search: {search}, {spent} of {budget} games "
        "({stopped}) | {confirmed}, seed {confirm_seed} | seed {seed}"
    ),
    "tune.games_at": "{games} under {level}",
    "tune.sep": "; ",
    "tune.position": "position {n}",
    "tune.comma": ", ",
    "tune.targets": "Targets:",
    "tune.method": (
        "Finalists: the {finalists} best settings of the search (lowest objective one standard error on the "
        "worse side), replayed on fresh games beside the rules as they were ({base}) and judged as "
        "`simulate compare` judges arms. Each target adds its within-the-goal test (a single value widened "
        "by --min-effect either side) and, for a measure the report does not compare, its change against "
        "the rules as they were."
    ),
    "tune.scope.report": "this report",
    "tune.scope.confirmation": "this confirmation",
    "tune.changes": "What each finalist changes",
    "tune.no_finalist": "(no finalist but the rules)",
    "tune.findings": "The confirmation in the report's words",
    "tune.variant": "The variant to paste into the data file",
    "tune.best": "Best settings of the search",
    "tune.best.head": "| rank | setting | games | objective (± se) |",
    "tune.history": "Search history",
    "tune.history.about": (
        "The objective is the sum of the targets' weighted misses (points for shares), each measured on the "
        "setting's games so far; `how`: proposed by the sampler, every setting of a small space (grid), kept "
        "as a best so far, or an NTBEA evaluation (its games alone)."
    ),
    "tune.history.head": "| step | round | how | setting | games | objective (± se) |",
    "tune.figure.finalist": "finalist",
    "tune.figure.about": (
        "Each dot: a setting measured by the search (95% interval, darker = more games); stars: finalists; "
        "band: the goal (a single value widened by --min-effect)"
    ),
    "tune.paste": "Paste into the data file (then printkit build and simulate compare take it as it is):",
    "tune.share_decided": "{share} {interval} of decided games",
    "tune.share_games": "{share} {interval} of games",
    "tune.no_decided": "no decided game",
    "answer.both_within": "both within the goal",
    "goal.fair": "within {delta} of a fair {fair}",
    "goal.every_fair": "every share within {delta} of a fair {fair}",
    "goal.near": "within {delta} of {value}",
    "goal.at": "{value}",
    "goal.at_most": "at most {value}",
    "goal.at_least": "at least {value}",
    "goal.between": "{lo} to {hi}",
    "word.goal_closer": "closer to the goal",
    "word.goal_further": "further from the goal",
    "word.goal_closer_across": "closer to the goal, and across it",
    "word.goal_further_across": "further from the goal, and across it",
    "measure.first_mover": "the first mover's share of decided games",
    "measure.seats": "the largest gap of a seat's (or team's) share of decided games from fair",
    "measure.positions": "the largest gap of a turn position's share of decided games from fair",
    "measure.draws": "the share of games drawn",
    "measure.capped": "the share of games stopped by a cap",
    "measure.length": "the mean length in moves",
    "measure.margin": "the mean winning margin (top score minus the next)",
    "measure.score": "the mean final score of a player",
    "measure.metric": "the mean {name} per game",
    "unit.value": "{n}",
    "unit.values": "{n}",
    "unit.value_adj": "{n}",
}

LANGUAGES: dict[str, dict[str, str]] = {"en": EN, "ja": JA}
_SPOKEN: ContextVar[str] = ContextVar("simulate_words_language", default="en")
_NAMES_JA: ContextVar[Mapping[str, str]] = ContextVar("simulate_words_names_ja", default=MappingProxyType({}))
_NAMES_EN: ContextVar[Mapping[str, str]] = ContextVar("simulate_words_names_en", default=MappingProxyType({}))


@contextlib.contextmanager
def language(lang: str) -> Iterator[None]:
    """Every `say` within speaks `lang` (one of `LANGUAGES`)."""
    token = _SPOKEN.set(lang)
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def spoken() -> str:
    """The language `say` speaks here."""
    return _SPOKEN.get()


def say(key: str, lang: str | None = None, **fields: object) -> str:
    """The sentence `key` in `lang` (by default the one `language` chose), its `{name}` fields filled."""
    lang = lang or _SPOKEN.get()
    return fill(LANGUAGES[lang][key], fields, f"simulate.words {lang}.{key}")


def reason(why: str) -> str:
    """Why a test has no p-value (its `why`, always English) in the language spoken here; a reason without
    words here (a designer's own game's) as it is."""
    return LANGUAGES[_SPOKEN.get()].get(f"why.{why}", why)


@contextlib.contextmanager
def naming(names_ja: Mapping[str, str], names_en: Mapping[str, str] | None = None) -> Iterator[None]:
    """Every `display_name` within names the game's own metrics, categories and figures by `names_ja` (its
    `Game.names_ja`) when it speaks Japanese, and by `names_en` (its `Game.names_en`) in English."""
    token_ja = _NAMES_JA.set(MappingProxyType(dict(names_ja)))
    token_en = _NAMES_EN.set(MappingProxyType(dict(names_en or {})))
    try:
        yield
    finally:
        _NAMES_EN.reset(token_en)
        _NAMES_JA.reset(token_ja)


def display_name(name: str, lang: str | None = None) -> str:
    """A game's own metric, score category or figure (`largest_constellation`) as a report prints it, in
    `lang` (by default the one `language` chose): in Japanese the game's name for it where `naming` gave one
    (最大の星座の星の数), in English its English name where it has one (`portal_main`: portal trips), else
    its identifier in words (largest constellation)."""
    lang = lang or _SPOKEN.get()
    words = name.replace("_", " ")
    return (_NAMES_JA if lang == "ja" else _NAMES_EN).get().get(name, words)


def own_words(table: Mapping[str, Mapping[str, str]], where: str) -> Callable[..., str]:
    """A `say` for a game's own words (its report page's titles and axes): `table` holds a template per key
    in every language of `LANGUAGES`, the same keys in each; `where` names the table in errors."""
    for lang in LANGUAGES:
        if set(table.get(lang, {})) != set(table["en"]):
            raise ValueError(f"{where}: the {lang!r} words have other keys than the English")

    def say_own(key: str, lang: str | None = None, **fields: object) -> str:
        lang = lang or _SPOKEN.get()
        return fill(table[lang][key], fields, f"{where} {lang}.{key}")

    return say_own


def columns(text: str) -> int:
    """The columns `text` takes in a monospaced line: a wide (full-width) character, as Japanese has, two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    """`text` with room after it to `width` columns (`columns`): spaces after text with any narrow character
    in it (`f"{text:<{width}}"`), full-width spaces after text all of wide ones (a Japanese label), whose
    columns then line up in a proportional Japanese font too."""
    room = max(0, width - columns(text))
    if text and columns(text) == 2 * len(text):
        return text + "\u3000" * (room // 2) + " " * (room % 2)
    return text + " " * room
