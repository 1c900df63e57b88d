"""Tiddly-Wink rules: hand-set deals whose outcomes were worked out by hand from the rules spec."""

from __future__ import annotations

import random
import re

import pytest

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError
from printkit_games.tiddly_wink.engine import PASS, HeavyAgent, KeepEndsAgent, tile_id
from simulate.engines import make_game

DATA = load_game("tiddly_wink")


def build(spec="default", players=None, sets=(), debug=True):
    return make_game(DATA.resolve(spec, sets, players), debug=debug)


def T(a, b):
    return tile_id(a, b)


def left(a, b):
    return T(a, b) * 2


def right(a, b):
    return T(a, b) * 2 + 1


def deal(*hands):
    """One scripted round: the hands (as (a, b) pairs) in seat order, the rest of the set as boneyard."""
    ids = [[T(a, b) for a, b in hand] for hand in hands]
    used = {t for hand in ids for t in hand}
    return ids, [t for t in range(28) if t not in used]


def deal_with_bone(hands, bone):
    """A scripted round whose boneyard starts (front first) with the given tiles."""
    ids, rest = deal(*hands)
    front = [T(a, b) for a, b in bone]
    return ids, front + [t for t in rest if t not in front]


def hand(state, seat):
    return sorted((state.game.lo[t], state.game.hi[t]) for t in range(28) if state.hands[seat] >> t & 1)


# ------------------------------------------------------------------ the lead
def test_the_highest_double_leads_and_earns_the_opening_bonus():
    game = build(players=5)
    state = game.new_state(
        0,
        deals=[
            deal(
                [(4, 4), (0, 1), (0, 2)],
                [(1, 2), (1, 3), (2, 3)],
                [(5, 5), (5, 1), (0, 3)],
                [(3, 4), (2, 4), (1, 4)],
                [(0, 0), (2, 2), (3, 6)],
            )
        ],
    )
    assert state.leader == 2
    assert (state.left, state.right) == (5, 5)
    assert state.line == 1 << T(5, 5)
    # opening_double_bonus (default true): the leader plays on with [5|1]
    assert state.player == 2 and state.bonus
    assert state.legal_moves() == [left(1, 5)]
    state.apply(left(1, 5))
    assert (state.left, state.right) == (1, 5)
    assert state.player == 3 and not state.bonus


def test_without_the_opening_bonus_the_next_seat_follows_the_lead():
    game = build(players=3, sets=["opening_double_bonus=false"])
    state = game.new_state(
        0, deals=[deal([(0, 1), (0, 2), (0, 3)], [(6, 6), (6, 1), (2, 2)], [(6, 2), (1, 1), (3, 4)])]
    )
    assert state.leader == 1 and (state.left, state.right) == (6, 6)
    assert state.player == 2 and not state.bonus
    # both ends show 6: the tile has one move, on the left
    assert state.legal_moves() == [left(2, 6)]


def test_nobody_holding_a_double_the_most_pips_lead_with_the_higher_end_breaking_ties():
    # [6|3] and [5|4] both have 9 pips; [6|3] shows the higher end
    game = build(players=2)
    state = game.new_state(0, deals=[deal([(5, 4), (0, 1), (0, 2)], [(6, 3), (1, 2), (0, 3)])])
    assert state.leader == 1
    assert (state.left, state.right) == (3, 6)
    assert state.player == 0  # no double, no bonus


def test_redeal_when_nobody_holds_a_double():
    game = build(players=2, sets=["no_double=redeal"])
    state = game.new_state(
        0,
        deals=[
            deal([(5, 4), (0, 1), (0, 2)], [(6, 3), (1, 2), (0, 3)]),
            deal([(0, 1), (1, 1), (0, 2)], [(6, 3), (1, 2), (0, 3)]),
        ],
    )
    assert state.redeals == 1
    assert state.leader == 0 and (state.left, state.right) == (1, 1)
    assert state.counters == [29, 29] and state.pot == 2  # the stake is paid once


# ----------------------------------------------------------- double bonuses
# Two players, five tiles each. Seat 0 leads [6|6] (no opening bonus), seat 1
# must answer [6|4] (ends 4|6), seat 0 must answer [6|5] on the right (ends
# 4|5). Seat 1 then holds [5|5], [4|4], [4|1], [0|0].
CHAIN_DEAL = deal(
    [(6, 6), (6, 5), (0, 1), (0, 2), (0, 3)],
    [(6, 4), (5, 5), (4, 4), (4, 1), (0, 0)],
)


def chain_position(mode):
    game = build(players=2, sets=["hand=5", "opening_double_bonus=false", f"double_bonus={mode}"])
    state = game.new_state(0, deals=[CHAIN_DEAL])
    assert state.player == 1 and state.legal_moves() == [left(4, 6)]
    state.apply(left(4, 6))
    assert (state.left, state.right) == (4, 6)
    assert state.legal_moves() == [right(5, 6)]
    state.apply(right(5, 6))
    assert (state.left, state.right) == (4, 5) and state.player == 1
    assert sorted(state.legal_moves()) == sorted([right(5, 5), left(4, 4), left(1, 4)])
    state.apply(right(5, 5))
    return state


def test_once_a_double_earns_one_more_tile_and_a_double_as_the_bonus_earns_nothing():
    state = chain_position("once")
    assert state.player == 1 and state.bonus
    assert sorted(state.legal_moves()) == sorted([left(4, 4), left(1, 4)])
    state.apply(left(4, 4))
    assert state.player == 0 and not state.bonus
    assert state.bonus_plays == 1


def test_chain_double_after_double_then_one_more():
    state = chain_position("chain")
    state.apply(left(4, 4))
    assert state.player == 1 and state.bonus
    assert state.legal_moves() == [left(1, 4)]
    state.apply(left(1, 4))
    assert (state.left, state.right) == (1, 5)
    assert state.player == 0 and not state.bonus
    assert state.bonus_plays == 2
    assert hand(state, 1) == [(0, 0)]


def test_none_a_double_earns_no_bonus():
    state = chain_position("none")
    assert state.player == 0 and not state.bonus


def test_a_bonus_nobody_can_use_passes_the_turn_and_shows_a_void():
    # seat 1 plays [5|5]; none of its [0|0], [1|1], [2|2] fits the ends 4|5
    game = build(players=2, sets=["hand=5", "opening_double_bonus=false"])
    state = game.new_state(
        0, deals=[deal([(6, 6), (6, 5), (0, 1), (0, 2), (0, 3)], [(6, 4), (5, 5), (0, 0), (1, 1), (2, 2)])]
    )
    state.apply(left(4, 6))
    state.apply(right(5, 6))
    state.apply(right(5, 5))
    assert state.player == 0 and not state.bonus
    assert state.voids[1] == (1 << 4) | (1 << 5)


# --------------------------------------------------------------- forced play
FORCED_DEAL = deal([(6, 6), (6, 1), (0, 2)], [(6, 2), (1, 1), (3, 4)])


def test_forced_play_means_no_pass_while_a_tile_fits():
    game = build(players=2, sets=["opening_double_bonus=false"])
    state = game.new_state(0, deals=[FORCED_DEAL])
    assert state.legal_moves() == [left(2, 6)]


def test_without_forced_play_a_player_may_pass_or_decline_the_bonus():
    game = build(players=2, sets=["forced_play=false"])
    state = game.new_state(0, deals=[FORCED_DEAL])
    # the opening [6|6] earns a bonus the leader may decline
    assert state.player == 0 and state.bonus
    assert sorted(state.legal_moves()) == sorted([left(1, 6), PASS])
    state.apply(PASS)
    assert state.player == 1 and state.passes == 0  # declining a bonus is not a pass
    assert sorted(state.legal_moves()) == sorted([left(2, 6), PASS])
    state.apply(PASS)
    assert state.player == 0 and state.passes == 1
    assert state.voids == [0, 0]  # a pass by choice says nothing about the hand


# ------------------------------------------------------------------ drawing
def test_drawing_until_a_tile_fits():
    game = build(players=2, sets=["draw=true", "opening_double_bonus=false"])
    state = game.new_state(
        0,
        deals=[
            deal_with_bone([[(6, 6), (0, 1), (0, 2)], [(1, 2), (1, 3), (2, 3)]], [(0, 3), (3, 6), (5, 5)])
        ],
    )
    # seat 1 holds no 6: draws [0|3] (no), then [3|6] (fits) and stops
    assert state.player == 1
    assert state.sizes[1] == 5 and state.draws == 2
    assert hand(state, 1) == [(0, 3), (1, 2), (1, 3), (2, 3), (3, 6)]
    assert len(state.bone) == 28 - 6 - 2
    assert state.legal_moves() == [left(3, 6)]


def test_without_draw_the_boneyard_is_never_used():
    game = build(players=2, sets=["opening_double_bonus=false"])
    state = game.new_state(0, deals=[deal([(6, 6), (0, 1), (0, 2)], [(1, 2), (1, 3), (2, 3)])])
    assert state.player == 1 and state.legal_moves() == [PASS]
    assert state.sizes[1] == 3 and len(state.bone) == 22


def test_drawing_from_an_empty_boneyard_leaves_a_pass():
    # 2 players x 14 tiles: no boneyard at all
    game = build(players=2, sets=["draw=true", "hand=14", "opening_double_bonus=false", "double_bonus=none"])
    low = [(a, b) for b in range(6) for a in range(b + 1)]  # the 21 tiles without a 6
    sixes = [(a, 6) for a in range(7)]
    state = game.new_state(0, deals=[deal(sixes + low[:7], low[7:])])
    assert state.player == 1 and state.legal_moves() == [PASS]
    assert state.draws == 0


# ----------------------------------------------------- the end of a round
def test_a_blocked_round_is_won_by_the_lowest_pip_total():
    game = build(players=2, sets=["match_end=one_round"])
    state = game.new_state(0, deals=[deal([(6, 6), (0, 1), (0, 2)], [(1, 3), (2, 3), (0, 0)])])
    # seat 0 cannot use its opening bonus (no 6): seat 1 passes, seat 0 passes
    assert state.player == 1 and state.voids[0] == 1 << 6
    state.apply(PASS)
    assert not state.is_over()
    state.apply(PASS)
    assert state.is_over() and state.last_blocked
    # pips left: seat 0 has 1 + 2 = 3, seat 1 has 4 + 5 + 0 = 9
    assert state.last_winners == [0]
    assert state.counters == [31, 29] and state.pot == 0
    result = state.result()
    assert result.winners == [0] and result.scores == [31.0, 29.0]
    assert result.metrics["blocked_rounds"] == 1 and result.metrics["blocked_wins_pos1"] == 1
    assert result.metrics["round_wins_pos1"] == 1


def test_a_player_who_plays_the_last_tile_wins_the_pot():
    game = build(players=3, sets=["match_end=one_round", "opening_double_bonus=false"])
    hands = [(1, 6), (0, 1), (0, 2)], [(6, 6), (2, 4), (4, 5)], [(3, 3), (3, 5), (3, 4)]
    state = game.new_state(0, deals=[deal(*hands)])
    assert state.leader == 1 and state.player == 2
    for move in (PASS, left(1, 6), PASS, PASS, left(0, 1), PASS, PASS):
        state.apply(move)
    assert (state.left, state.right) == (0, 6) and state.player == 0
    # what the greedy agent sees: the pot of 3 (counters were level), less what its last tile promised
    assert state.move_gain(left(0, 2), 0) == pytest.approx(3 - state.evaluate(0))
    state.apply(left(0, 2))  # seat 0's last tile
    assert state.is_over() and not state.last_blocked and state.last_winners == [0]
    assert state.counters == [32, 29, 29]
    # seat 0 sits two seats after the leader (seat 1): the third turn position
    metrics = state.result().metrics
    assert metrics["round_wins_pos3"] == 1 and metrics["round_wins_pos1"] == 0


# Three players; after [6|6] nobody holds a 6, so the round blocks at once.
# Pips left: seat 0 [0|3] + [1|2] = 6, seat 1 [0|0] + [0|1] + [0|5] = 6,
# seat 2 [2|3] + [3|4] + [4|5] = 21: seats 0 and 1 tie.
TIE_DEAL = deal([(6, 6), (0, 3), (1, 2)], [(0, 0), (0, 1), (0, 5)], [(2, 3), (3, 4), (4, 5)])


def block_at_once(state):
    for _ in range(3):
        state.apply(PASS)


def test_a_tie_splits_the_pot_and_the_remainder_stays():
    game = build(players=3, sets=["tie=split", "match_end=one_round"])
    state = game.new_state(0, deals=[TIE_DEAL])
    block_at_once(state)
    assert state.last_winners == [0, 1]
    # pot 3 between two: one each, one counter stays in the pot
    assert state.counters == [30, 30, 29] and state.pot == 1
    result = state.result()
    assert result.metrics["tied_rounds"] == 1 and result.metrics["pot_left"] == 1
    assert result.metrics["round_wins_pos1"] == 0


def test_a_tie_carries_the_pot_to_the_next_round():
    game = build(players=3, sets=["tie=carry", "round_cap=2"])
    # round 2: seat 2 leads [6|6], bonus [6|5]; seats 0, 1 pass; seat 2 goes out with [5|5]
    round2 = deal([(0, 1), (0, 2), (0, 3)], [(1, 1), (1, 2), (1, 3)], [(6, 6), (6, 5), (5, 5)])
    state = game.new_state(0, deals=[TIE_DEAL, round2])
    block_at_once(state)
    assert state.round == 1 and state.last_winners == [0, 1]
    assert state.counters == [28, 28, 28] and state.pot == 6  # 3 carried + 3 new stakes
    assert state.leader == 2 and state.bonus
    state.apply(left(5, 6))  # both ends show 6: the left move stands for both
    state.apply(PASS)
    state.apply(PASS)
    state.apply(left(5, 5))
    assert state.last_winners == [2]
    assert state.counters == [28, 28, 34] and state.pot == 0
    assert state.is_over() and state.capped
    assert state.result().capped


# ------------------------------------------------------------------ a match
def test_a_bust_ends_the_match():
    game = build(players=2, sets=["counters=1"])
    state = game.new_state(0, deals=[deal([(6, 6), (0, 1), (0, 2)], [(1, 3), (2, 3), (0, 0)])])
    assert state.counters == [0, 0] and state.pot == 2
    state.apply(PASS)
    state.apply(PASS)
    # seat 0 takes the pot; seat 1 cannot pay the next stake
    assert state.is_over() and not state.capped
    result = state.result()
    assert result.scores == [2.0, 0.0] and result.winners == [0] and result.placements == [1, 2]
    assert result.metrics["busts"] == 1 and result.metrics["rounds"] == 1


def test_last_standing_plays_on_without_the_busted_seat():
    sets = ["counters=2", "match_end=last_standing", "opening_double_bonus=false", "round_cap=3"]
    game = build(players=3, sets=sets)
    # round 1: seat 0 wins a blocked round (counters 4, 1, 1)
    r1 = deal([(6, 6), (0, 1), (0, 2)], [(1, 3), (2, 3), (1, 4)], [(2, 4), (3, 4), (4, 5)])
    # round 2: seat 1 wins a blocked round (3, 3, 0): seat 2 is out
    r2 = deal([(6, 6), (4, 4), (4, 5)], [(0, 0), (0, 1), (0, 2)], [(2, 4), (3, 4), (3, 5)])
    # round 3, seats 0 and 1 only: seat 0 leads [5|5], nobody follows, seat 0 wins blocked
    r3 = deal([(5, 5), (0, 1), (0, 0)], [(1, 2), (2, 2), (0, 3)])
    state = game.new_state(0, deals=[r1, r2, r3])
    block_at_once(state)
    assert state.counters == [4 - 1, 1 - 1, 1 - 1] and state.pot == 3  # round 2 staked
    block_at_once(state)
    # seat 2 could not pay the stake of round 3
    assert state.active == [True, True, False] and state.busts == 1
    assert state.counters == [2, 2, 0] and state.pot == 2
    assert state.sizes[2] == 0 and state.leader == 0
    # seat 0 leads [5|5]; play skips seat 2
    assert state.player == 1 and state.legal_moves() == [PASS]
    state.apply(PASS)
    assert state.player == 0
    state.apply(PASS)
    # pips: seat 0 [0|1] + [0|0] = 1, seat 1 [1|2] + [2|2] + [0|3] = 10
    assert state.last_winners == [0]
    assert state.counters == [4, 2, 0] and state.busts == 1
    assert state.is_over() and state.capped


def test_last_standing_ends_when_one_player_is_left():
    game = build(players=3, sets=["counters=1", "match_end=last_standing", "opening_double_bonus=false"])
    r1 = deal([(6, 6), (0, 1), (0, 2)], [(1, 3), (2, 3), (1, 4)], [(2, 4), (3, 4), (4, 5)])
    state = game.new_state(0, deals=[r1])
    block_at_once(state)
    assert state.is_over() and not state.capped
    assert state.counters == [3, 0, 0] and state.busts == 2
    assert state.result().winners == [0]


@pytest.mark.parametrize(
    "match_tie, winners, placements",
    [("shared", [0, 1], [1, 1]), ("rounds_won", [0], [1, 2])],
)
def test_equal_counters_share_the_win_or_go_to_most_rounds_won(match_tie, winners, placements):
    # the block deal and length scored by the pot (no stakes), so counters stay level
    game = build("block", sets=[f"match_tie={match_tie}", "round_score=pot"])
    state = game.new_state(
        0,
        deals=[
            deal(
                [(6, 6), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 0)],
                [(1, 3), (2, 3), (1, 1), (1, 2), (2, 2), (1, 4), (1, 5)],
            )
        ],
    )
    # nobody holds another 6: blocked at once; pips 15 against 29
    state.apply(PASS)
    state.apply(PASS)
    assert state.is_over() and state.last_winners == [0]
    # no stakes: counters stay equal; only rounds_won lets the round won break the tie
    result = state.result()
    assert result.scores == [30.0, 30.0]
    assert result.winners == winners and result.placements == placements
    assert result.draw == (len(winners) > 1)


@pytest.mark.parametrize("all_out, counters, pot", [("split", [1, 1, 1], 0), ("none", [0, 0, 0], 3)])
def test_last_standing_when_a_carried_tie_puts_everyone_out_at_once(all_out, counters, pot):
    sets = ["counters=1", "tie=carry", "match_end=last_standing", f"all_out={all_out}"]
    game = build(players=3, sets=sets)
    state = game.new_state(0, deals=[TIE_DEAL])
    # all staked their only counter; seats 1 and 2 tie on 6 pips, the pot of 3 carries, nobody can pay
    block_at_once(state)
    assert state.last_winners == [0, 1] and state.busts == 3
    assert state.is_over() and state.counters == counters and state.pot == pot
    result = state.result()
    assert result.winners == [0, 1, 2] and result.draw


# --------------------------------------------- block dominoes (round_score = pips)
# As OpenSpiel's block_dominoes.py returns: the first to go out, or in a blocked
# round the lower pip total, scores the loser's pips; equal totals score nobody.
BLOCKED_DEAL = deal(
    [(6, 6), (0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 0)],
    [(1, 3), (2, 3), (1, 1), (1, 2), (2, 2), (1, 4), (1, 5)],
)


def test_block_a_blocked_round_goes_to_the_lower_pip_total_who_scores_the_losers_pips():
    state = build("block").new_state(0, deals=[BLOCKED_DEAL])
    # seat 0 leads [6|6]; nobody holds another 6: both pass and the round blocks
    assert state.leader == 0 and state.player == 1 and state.legal_moves() == [PASS]
    state.apply(PASS)
    state.apply(PASS)
    # pips left: seat 0 1+2+3+4+5+0 = 15, seat 1 4+5+2+3+4+5+6 = 29
    assert state.is_over() and state.last_blocked and state.last_winners == [0]
    result = state.result()
    assert result.scores == [29.0, 0.0] and result.winners == [0] and not result.draw
    assert result.placements == [1, 2]
    assert state.counters == [30, 30] and state.pot == 0  # no stakes: counters never move


def test_block_equal_pip_totals_in_a_blocked_round_score_nobody_and_draw():
    # seat 0 after [6|6]: 0+1+2+9+10+8 = 30; seat 1: 3+4+5+3+4+5+6 = 30; nobody else holds a 6
    tie = deal(
        [(6, 6), (0, 0), (0, 1), (0, 2), (4, 5), (5, 5), (3, 5)],
        [(0, 3), (0, 4), (0, 5), (1, 2), (1, 3), (1, 4), (1, 5)],
    )
    for match_tie in ("shared", "rounds_won"):
        state = build("block", sets=[f"match_tie={match_tie}"]).new_state(0, deals=[tie])
        state.apply(PASS)
        state.apply(PASS)
        assert state.last_winners == [0, 1] and state.result().metrics["tied_rounds"] == 1
        result = state.result()
        # no round winner, so most rounds won cannot break the tie either
        assert result.scores == [0.0, 0.0] and result.winners == [0, 1] and result.draw


def test_block_going_out_scores_the_pips_left_in_the_other_hand():
    game = build("block", sets=["hand=2"])
    state = game.new_state(0, deals=[deal([(6, 6), (6, 5)], [(0, 1), (2, 3)])])
    state.apply(PASS)  # seat 1 holds no 6
    # seat 0's last tile: under pips it expects seat 1's 2 tiles at the mean of the 26 it cannot see,
    # (168 pips in the set - 12 - 11) / 26 each
    assert state.move_gain(left(5, 6), 0) == pytest.approx(2 * 145 / 26 - state.evaluate(0))
    state.apply(left(5, 6))
    assert state.is_over() and not state.last_blocked and state.last_winners == [0]
    assert state.result().scores == [6.0, 0.0]  # [0|1] + [2|3]


@pytest.mark.parametrize("match_tie, winners", [("shared", [0, 1]), ("rounds_won", [0])])
def test_block_going_out_against_a_hand_of_no_pips_scores_nothing(match_tie, winners):
    # OpenSpiel's returns are 0 and 0 for equal pip totals, so the game is a draw unless the round won counts
    game = build("block", sets=["hand=2", f"match_tie={match_tie}"])
    state = game.new_state(0, deals=[deal([(6, 6), (6, 5)], [(0, 0), (0, 6)])])
    assert state.legal_moves() == [left(0, 6)]  # both ends show 6: one move
    state.apply(left(0, 6))
    assert (state.left, state.right) == (0, 6) and state.legal_moves() == [right(5, 6)]
    state.apply(right(5, 6))
    assert state.last_winners == [0]
    result = state.result()
    assert result.scores == [0.0, 0.0] and result.winners == winners


# ---------------------------------------------------------------- agents
def test_heavy_dumps_the_tile_with_most_pips():
    game = build(players=2, sets=["hand=4", "opening_double_bonus=false"])
    state = game.new_state(
        0, deals=[deal([(6, 6), (0, 1), (0, 2), (0, 3)], [(6, 1), (6, 5), (6, 3), (2, 2)])]
    )
    agent = HeavyAgent(game, 1, random.Random(0))
    assert agent.choose(state.view(1), state.legal_moves()) == left(5, 6)


def test_keep_ends_keeps_a_number_it_can_follow():
    game = build(players=2, sets=["hand=4", "opening_double_bonus=false"])
    # seat 1 can answer [6|6] with [6|1] or [6|5]: after [6|1] (ends 1|6) it can
    # follow with [6|5] and [1|2], after [6|5] (ends 5|6) only with [6|1]
    state = game.new_state(
        0, deals=[deal([(6, 6), (0, 0), (0, 2), (0, 3)], [(6, 1), (6, 5), (1, 2), (3, 3)])]
    )
    agent = KeepEndsAgent(game, 1, random.Random(0))
    assert agent.choose(state.view(1), state.legal_moves()) == left(1, 6)


def test_keep_ends_prefers_ends_the_next_seat_has_passed_on():
    game = build(players=2, sets=["hand=5", "opening_double_bonus=false"])
    state = game.new_state(
        0, deals=[deal([(6, 6), (0, 1), (0, 2), (0, 3), (0, 4)], [(6, 2), (6, 5), (2, 3), (5, 3), (1, 1)])]
    )
    state.voids[0] = 1 << 5  # the table saw seat 0 pass on a 5 (set by hand)
    # both plays keep [2|3] or [5|3] playable (own = 1); after [6|5] the new end 5 is a known void
    agent = KeepEndsAgent(game, 1, random.Random(0))
    assert agent.choose(state.view(1), state.legal_moves()) == left(5, 6)


# ------------------------------------------------------------ bad settings
@pytest.mark.parametrize(
    "spec, sets, players, message",
    [
        ("default", ["hand=4"], 8, "8 players x 4 tiles = 32, more than the 28 dominoes"),
        ("default", ["stake=0"], None, 'set match_end = "one_round" or stake >= 1'),
        ("default", ["stake=40"], None, "rules.stake: 40 is more than the 30 counters"),
        ("default", ["round_score=pips"], None, 'rules.round_score: "pips" scores one round'),
    ],
)
def test_impossible_combinations_are_refused_with_the_reason(spec, sets, players, message):
    with pytest.raises(DataError, match=re.escape(message)):
        build(spec, players=players, sets=sets)


def test_illegal_moves_are_refused_in_debug_mode():
    game = build(players=2, sets=["opening_double_bonus=false"])
    state = game.new_state(0, deals=[FORCED_DEAL])
    with pytest.raises(ValueError):
        state.apply(PASS)  # forced play: [6|2] fits
    with pytest.raises(ValueError):
        state.apply(left(1, 1))
