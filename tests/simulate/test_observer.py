"""The runner's observer: generic balance columns from hand-made score records worked out by hand."""

from __future__ import annotations

import math
import random

from printkit.datafile.gamedata import load_game
from simulate.engines import make_game
from simulate.engines.base import Result
from simulate.engines.observer import LeadRecord
from simulate.engines.rows import columns
from simulate.play.runner import play


def _game(spec="default", players=None):
    return make_game(load_game("united_square").resolve(spec, (), players))


def _record(game, positions):
    record = LeadRecord(game)
    for k, scores in enumerate(positions):
        record.see(k, scores)
    return record


def _result(winners, draw=False, capped=False):
    return Result(scores=[], winners=winners, draw=draw, placements=[], capped=capped)


def test_a_comeback_win_counts_its_lead_changes_decisive_move_drama_and_spread():
    # seat 1 leads 3-0, a tie at 3-3 keeps it the last sole leader, seat 2 leads 3-4 and
    # holds the lead: one change; seat 2 took the lead for good at position 4 of 6 moves;
    # it trailed by 3 at most; final 5-8 -> spread 3
    game = _game()
    record = _record(game, [(0, 0), (1, 0), (3, 0), (3, 3), (3, 4), (5, 6), (5, 8)])
    got = record.columns(_result([1]))
    assert got == {"capped": 0.0, "lead_changes": 1.0, "decisive_at": 4 / 6, "drama": 3.0, "spread": 3.0}


def test_a_winner_who_leads_from_the_first_position_decides_at_zero_and_a_tie_break_at_one():
    game = _game()
    assert _record(game, [(1, 0), (2, 0)]).columns(_result([0]))["decisive_at"] == 0.0
    # level at the end, won on a tie-break: only the end decided it
    tied = _record(game, [(0, 0), (1, 0), (1, 1)]).columns(_result([1]))
    assert tied["decisive_at"] == 1.0 and tied["drama"] == 1.0 and tied["lead_changes"] == 0.0


def test_draws_and_capped_games_have_no_decisive_move_or_drama():
    game = _game()
    record = _record(game, [(0, 0), (2, 0), (2, 2)])
    for result in (_result([0, 1], draw=True), _result([], capped=True)):
        got = record.columns(result)
        assert math.isnan(got["decisive_at"]) and math.isnan(got["drama"])
        assert got["spread"] == 0.0
    assert record.columns(_result([], capped=True))["capped"] == 1.0


def test_team_games_count_sides_not_seats():
    # seats 1 and 3 against 2 and 4: seat 2 leads alone as a seat (0,3,0,0) but team 2 then
    # trails team 1 (4 vs 3); the lead passed from team 2 to team 1 once
    game = _game("teams")
    record = _record(game, [(0, 0, 0, 0), (0, 3, 0, 0), (2, 3, 2, 0)])
    got = record.columns(_result([0, 2]))
    assert got["lead_changes"] == 1.0 and got["drama"] == 3.0 and got["spread"] == 1.0
    assert got["decisive_at"] == 1.0


def test_every_row_carries_the_generic_columns_after_the_places():
    game = _game()
    header = columns(game)
    at = header.index("place_2") + 1
    assert header[at : at + 5] == ["capped", "lead_changes", "decisive_at", "drama", "spread"]
    result, observed = play(game, ("random", "random"), 1, 0, 100_000)
    final = result.scores
    assert observed["spread"] == max(final) - min(final)
    assert observed["capped"] == 0.0


def test_a_game_stopped_by_the_move_cap_is_a_capped_row_not_an_error():
    game = _game()
    result, observed = play(game, ("random", "random"), 1, 0, 5)
    assert result.capped and result.winners == [] and not result.draw
    assert observed["capped"] == 1.0 and math.isnan(observed["decisive_at"])


def test_the_two_sided_pass_agrees_with_the_general_one_over_many_random_records():
    rng = random.Random(11)
    for spec in ("default", "teams"):
        game = _game(spec)
        seats = game.players
        for _ in range(400):
            scores = [0] * seats
            positions = [tuple(scores)]
            for _ in range(rng.randrange(1, 15)):
                for seat in rng.sample(range(seats), rng.randrange(seats + 1)):
                    scores[seat] += rng.choice((0, 1, 2, 0.5))
                positions.append(tuple(scores))
            record = _record(game, positions)
            for winner in (0, 1):
                assert record._scan_two(winner) == record._scan(winner)
