"""Time Splicers rules: hand-set positions whose outcomes were worked out by hand from the rules spec."""

from __future__ import annotations

import pytest

from printkit.datafile.gamedata import load_game
from printkit.errors import DataError
from printkit_games.time_splicers.engine import (
    CHOOSE_RUN,
    ENTER,
    EXIT,
    F_JUMP,
    F_PORTAL,
    F_TOKEN,
    FREE,
    FREEZE,
    LAND,
    LANDING,
    MOVE,
    OUT,
    PLACE,
    PORTAL,
    RUN,
    move_of,
)
from simulate.engines import make_game

DATA = load_game("time_splicers")


def build(spec="default", players=2, sets=()):
    return make_game(DATA.resolve(spec, sets, players), debug=True)


def names(state, cards):
    return [state.game.card_name(c) for c in cards]


def line_names(state):
    return [names(state, line) for line in state.lines if line]


def hand_names(state, seat):
    g = state.game
    return sorted(g.card_name(c) for c in range(g.cards) if state.hands[seat] >> c & 1)


def legal_names(state):
    return sorted(state.describe(m) for m in state.legal_moves())


def play(state, kind, name=None):
    g = state.game
    card = 0 if name is None else g.card(name)
    state.apply(move_of(kind, card))


# ------------------------------------------------------------------ placing
def test_a_card_is_inserted_between_the_meeple_and_its_neighbour():
    g = build()
    st = g.position([["R4", "R7"]], [["R6", "R3", "R8", "B2"], ["G1"]], ["R4", "R7"], deck=["B10"])
    places = [m for m in legal_names(st) if m.startswith("place")]
    # R6 fits between R4 and its right neighbour R7, R3 left of R4; R8 would break the order
    assert places == ["place R3", "place R6"]
    play(st, PLACE, "R6")
    assert line_names(st) == [["R4", "R6", "R7"]]
    assert st.pos[0] == g.card("R6")
    # end of turn: back up to 4 cards from the deck's top, and the next seat plays
    assert hand_names(st, 0) == ["B10", "B2", "R3", "R8"]
    assert st.player == 1


def test_a_card_of_the_same_number_starts_a_timeline_only_in_a_colour_without_one():
    g = build()
    st = g.position([["R4", "R7"], ["Y2"]], [["B4", "Y4", "G9", "G10"], ["G1"]], ["R4", "R7"], deck=["B11"])
    places = [m for m in legal_names(st) if m.startswith("place")]
    assert places == ["place B4"]  # yellow already has a timeline
    play(st, PLACE, "B4")
    assert line_names(st) == [["R4", "R7"], ["Y2"], ["B4"]]
    assert st.pos[0] == g.card("B4")
    assert st.tokens == [1, 1]  # only two 4s on the table: no fixed point
    shared = build(sets=["one_timeline_per_colour=false"])
    st = shared.position([["R4", "R7"], ["Y2"]], [["B4", "Y4"], ["G1"]], ["R4", "R7"])
    assert [m for m in legal_names(st) if m.startswith("place")] == ["place B4", "place Y4"]


def test_fixed_points_of_time_give_a_token_for_the_third_and_the_fourth_card_of_a_number():
    g = build()
    st = g.position(
        [["R4"], ["B4", "B5"]], [["G4", "Y4", "R9", "R10"], ["G1", "G2"]], ["R4", "B4"], tokens=[1, 1]
    )
    play(st, PLACE, "G4")  # the third 4 on the table
    assert st.tokens == [2, 1]
    play(st, MOVE, "B5")  # seat 2 stays in the blue timeline
    play(st, PLACE, "Y4")  # the fourth
    assert st.tokens == [3, 1]
    assert st.result().metrics["fixed_point_tokens"] == 2


# ------------------------------------------------------------------ moving
def test_moves_go_beside_the_meeple_or_to_the_same_number_and_draw_one():
    g = build()
    st = g.position([["R3", "R5", "R8"], ["B5"], ["G9"]], [["Y1"], ["Y2"]], ["R5", "G9"], deck=["Y3"])
    moves = [m for m in legal_names(st) if m.startswith("move")]
    assert moves == ["move B5", "move R3", "move R8"]
    play(st, MOVE, "R8")
    # Y3 from the deck's top, then back up to 4 with the next cards (the lowest free ids, R1 and R2)
    assert hand_names(st, 0) == ["R1", "R2", "Y1", "Y3"]


def test_free_actions_come_before_the_main_action_and_spend_a_card_or_a_token():
    g = build()
    st = g.position(
        [["R3", "R5", "R8"], ["B2"]], [["portal", "jump", "Y1"], ["Y2"]], ["R5", "B2"], tokens=[1, 0]
    )
    legal = legal_names(st)
    assert "portal card B2" in legal and "portal card R5" not in legal
    assert {"jump card R3", "jump card R8", "jump token R3", "jump token R8"} <= set(legal)
    play(st, F_TOKEN, "R8")
    assert st.tokens == [0, 0] and st.player == 0 and st.pos[0] == g.card("R8")
    assert not any(m.startswith("jump token") for m in legal_names(st))
    play(st, F_JUMP, "R3")
    assert hand_names(st, 0) == ["Y1", "portal"] and st.pos[0] == g.card("R3")
    play(st, F_PORTAL, "R8")
    assert hand_names(st, 0) == ["Y1"] and st.player == 0
    assert [st.result().metrics[k] for k in ("free_portal", "free_jump_card", "free_jump_token")] == [1, 1, 1]


def test_the_portal_takes_two_turns():
    g = build()
    st = g.position([["R4", "R5"], ["B7"]], [["Y1"], ["Y2"]], ["R4", "R5"])
    play(st, ENTER)
    assert st.pos[0] == PORTAL and st.player == 1
    assert line_names(st) == [["R4", "R5"], ["B7"]]  # seat 2 still stands on red
    play(st, MOVE, "R4")
    # seat 1's next main action is to come out on any card; nothing else is offered
    assert legal_names(st) == ["exit portal B7", "exit portal R4", "exit portal R5"]
    play(st, EXIT, "B7")
    assert st.pos[0] == g.card("B7") and st.player == 1
    assert st.result().metrics["portal_main"] == 1


def test_the_quick_portal_brings_the_meeple_out_at_once():
    g = build("quick_portal")
    st = g.position([["R4", "R5"], ["B7"]], [["Y1"], ["Y2"]], ["R4", "R5"])
    play(st, EXIT, "B7")
    assert st.pos[0] == g.card("B7") and st.player == 1


# Full hands, so nobody draws at the end of a turn and the deck's top stays as set.
FULL_HANDS = [["Y1", "Y3", "Y6", "Y9"], ["G2", "G4", "G6", "G8"]]


def test_stepping_into_the_portal_leaves_the_timeline_behind_standing():
    # portal_collapse = false: the empty collapse needs a move to another timeline, and the portal is none
    g = build()
    st = g.position([["R4", "R5", "R7"], ["B5"]], FULL_HANDS, ["R5", "B5"])
    play(st, ENTER)  # nobody else is on red, and no freeze marker
    assert st.pos[0] == PORTAL and line_names(st) == [["R4", "R5", "R7"], ["B5"]]
    play(st, ENTER)  # seat 2 leaves blue, the last timeline with a meeple on it
    assert st.pos == [PORTAL, PORTAL] and line_names(st) == [["R4", "R5", "R7"], ["B5"]]
    play(st, EXIT, "B5")  # coming out is no move from a timeline either
    assert line_names(st) == [["R4", "R5", "R7"], ["B5"]]
    assert st.crystals == [0, 0] and st.result().metrics["collapses_empty"] == 0


def test_with_portal_collapse_stepping_in_collapses_the_timeline_left_behind():
    g = build("portal_collapse")
    st = g.position([["R4", "R5", "R7"], ["B5"]], FULL_HANDS, ["R5", "B5"], deck=["G7"])
    play(st, ENTER)  # red held 3 cards: a crystal
    assert line_names(st) == [["B5"]] and st.crystals == [1, 0]
    assert st.result().breakdown["empty"] == [1.0, 0.0]
    play(st, ENTER)  # blue, one card, goes too (no crystal); G7 starts a new timeline
    assert line_names(st) == [["G7"]] and st.crystals == [1, 0]
    # stepping in was their main action: both stay in the portal and come out next turn
    assert st.pos == [PORTAL, PORTAL]
    assert legal_names(st) == ["exit portal G7"]


# ------------------------------------------------------------------ empty collapse
def test_leaving_a_timeline_with_nobody_on_it_collapses_it_for_a_crystal():
    g = build()
    st = g.position([["R4", "R5", "R7"], ["B5"]], [["Y1"], ["Y2"]], ["R5", "B5"])
    play(st, MOVE, "B5")
    assert line_names(st) == [["B5"]]
    assert st.crystals == [1, 0]
    assert sorted(names(st, st.discard)) == ["R4", "R5", "R7"]
    assert st.result().breakdown["empty"] == [1.0, 0.0]


def test_an_empty_collapse_of_two_cards_gives_no_crystal():
    g = build()
    st = g.position([["R4", "R5"], ["B5"]], [["Y1"], ["Y2"]], ["R5", "B5"])
    play(st, MOVE, "B5")
    assert line_names(st) == [["B5"]] and st.crystals == [0, 0]
    assert st.result().metrics["collapses_empty"] == 1


def test_a_freeze_marker_stops_the_empty_collapse_until_its_owner_comes_back():
    g = build()
    st = g.position([["R4", "R5", "R7"], ["B5", "B6"]], [["freeze", "Y1"], ["Y2"]], ["R5", "B6"])
    play(st, FREEZE)
    assert st.markers == [0, 1] and st.player == 0
    play(st, MOVE, "B5")
    assert line_names(st) == [["R4", "R5", "R7"], ["B5", "B6"]]
    assert st.crystals == [0, 0]
    play(st, MOVE, "B5")  # seat 2
    play(st, MOVE, "R5")  # seat 1 comes back and takes the marker
    assert st.markers == [1, 1] and st.frozen[0] == 0
    assert line_names(st) == [["R4", "R5", "R7"], ["B5", "B6"]]  # seat 2 is still on blue


# ------------------------------------------------------------------ partial collapse
def test_a_run_of_three_collapses_and_its_meeples_move_to_the_card_on_its_left():
    g = build()
    st = g.position([["R1", "R4", "R6", "R7"], ["B9"]], [["R8", "Y1"], ["Y2"]], ["R7", "R6"])
    play(st, PLACE, "R8")
    assert line_names(st) == [["R1", "R4"], ["B9"]]
    assert st.pos == [g.card("R4"), g.card("R4")]
    assert st.crystals == [1, 0] and st.result().breakdown["partial"] == [1.0, 0.0]


def test_a_run_at_the_left_end_sends_its_meeples_to_the_card_on_its_right():
    g = build()
    st = g.position([["R3", "R4", "R9"]], [["R5", "Y1"], ["Y2"]], ["R4", "R9"])
    play(st, PLACE, "R5")
    assert line_names(st) == [["R9"]] and st.pos == [g.card("R9")] * 2
    lowest = build(sets=["partial_at_edge=lowest"])
    st = lowest.position([["R3", "R4", "R9"], ["B6"]], [["R5", "Y1"], ["Y2"]], ["R4", "B6"])
    play(st, PLACE, "R5")
    assert st.phase == LANDING and legal_names(st) == ["land B6", "land R9"]


def test_a_run_that_empties_its_timeline_lets_each_owner_choose_a_lowest_card():
    g = build(players=3)
    st = g.position(
        [["R3", "R4"], ["B6", "B9"], ["Y2", "Y8"]], [["R5", "G1"], ["G2"], ["G3"]], ["R4", "R3", "B9"]
    )
    play(st, PLACE, "R5")
    assert line_names(st) == [["B6", "B9"], ["Y2", "Y8"]]
    assert st.phase == LANDING and st.current_player() == 0
    assert legal_names(st) == ["land B6", "land Y2"]
    play(st, LAND, "Y2")
    assert st.current_player() == 1
    play(st, LAND, "B6")
    assert st.pos == [g.card("Y2"), g.card("B6"), g.card("B9")]
    assert st.phase == FREE and st.player == 1 and st.crystals == [1, 0, 0]


def test_a_run_that_leaves_no_timeline_turns_up_a_new_one_from_the_deck():
    g = build()
    st = g.position([["R3", "R4"]], [["R5", "Y1"], ["Y2"]], ["R4", "R3"], deck=["jump", "G7", "Y9"])
    play(st, PLACE, "R5")
    # the special card turned up goes to the bottom; G7 starts the timeline with every meeple on it
    assert line_names(st) == [["G7"]]
    assert st.pos == [g.card("G7")] * 2
    assert g.card_name(st.deck[0]) == "jump"
    assert "Y9" in hand_names(st, 0)  # then seat 1 draws back up


@pytest.mark.parametrize("spec, in_portal", [("default", False), ("portal_stays", True)])
def test_a_new_timeline_after_a_collapse_takes_the_meeple_in_the_portal_too(spec, in_portal):
    # the seed: with no timeline left, turn up a new one and put every meeple there
    g = build(spec)
    st = g.position([["R3", "R4"]], [["R5", "Y1", "Y3", "Y6"], FULL_HANDS[1]], ["R4", PORTAL], deck=["G7"])
    play(st, PLACE, "R5")
    assert line_names(st) == [["G7"]] and st.crystals == [1, 0]
    assert st.player == 1 and st.pos[0] == g.card("G7")
    if in_portal:  # portal_meeple = stays: seat 2's next main action is still to come out
        assert st.pos[1] == PORTAL and legal_names(st) == ["exit portal G7"]
    else:  # portal_meeple = joins: seat 2 stands on G7 and takes a main action from there
        assert st.pos[1] == g.card("G7") and "enter portal" in legal_names(st)


def test_the_placer_chooses_which_of_two_runs_collapses():
    g = build()
    st = g.position([["R2", "R4", "R5"], ["B9"]], [["R3", "Y1"], ["Y2"]], ["R4", "R5"])
    play(st, PLACE, "R3")
    assert st.phase == CHOOSE_RUN and st.current_player() == 0
    assert legal_names(st) == ["collapse run R2", "collapse run R3"]
    other = st.clone()
    play(st, RUN, "R3")  # 3-4-5 goes; its meeples move left to R2
    assert line_names(st) == [["R2"], ["B9"]] and st.pos == [g.card("R2")] * 2
    play(other, RUN, "R2")  # 2-3-4 goes; nothing on its left, so seat 1 goes right to R5
    assert line_names(other) == [["R5"], ["B9"]] and other.pos == [g.card("R5")] * 2
    assert st.crystals == other.crystals == [1, 0]


# ------------------------------------------------------------------ full collapse
def test_the_thirteen_placed_fifth_collapses_the_whole_timeline_for_two_crystals():
    g = build()
    st = g.position([["R2", "R5", "R9", "R12"], ["B4"], ["G1"]], [["R13", "Y1"], ["Y2"]], ["R12", "R5"])
    play(st, PLACE, "R13")
    assert line_names(st) == [["B4"], ["G1"]]
    assert st.crystals == [2, 0] and st.result().breakdown["full"] == [2.0, 0.0]
    assert st.phase == LANDING and legal_names(st) == ["land B4", "land G1"]
    play(st, LAND, "G1")
    play(st, LAND, "B4")
    assert st.pos == [g.card("G1"), g.card("B4")] and st.player == 1


def test_a_fifth_card_beside_an_earlier_thirteen_collapses_too():
    g = build()
    st = g.position([["R3", "R7", "R10", "R13"], ["B4"]], [["R11", "Y1"], ["Y2"]], ["R10", "R3"])
    play(st, PLACE, "R11")
    # one timeline left: both meeples go to its lowest card without a choice
    assert line_names(st) == [["B4"]] and st.pos == [g.card("B4")] * 2
    assert st.crystals == [2, 0] and st.player == 1


def test_a_full_collapse_takes_the_run_with_it_unless_partial_comes_first():
    layout = ([["R2", "R3", "R9", "R13"], ["B4"]], [["R4", "Y1"], ["Y2"]], ["R3", "B4"])
    st = build().position(*layout)
    play(st, PLACE, "R4")
    assert line_names(st) == [["B4"]] and st.crystals == [2, 0]
    st = build(sets=["collapse_order=partial_first"]).position(*layout)
    play(st, PLACE, "R4")
    assert line_names(st) == [["R9", "R13"], ["B4"]] and st.crystals == [1, 0]


# ------------------------------------------------------------------ hand limit, deck, end
def test_more_than_seven_cards_cost_the_hand_and_a_token():
    g = build()
    hand = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"]
    st = g.position([["R4", "R5"]], [hand, ["G2"]], ["R4", "R5"], deck=["Y8", "G3", "G4", "G5", "G6"])
    play(st, MOVE, "R5")
    assert st.tokens == [0, 1]
    assert hand_names(st, 0) == ["G3", "G4", "G5", "G6"]
    assert sorted(names(st, st.discard)) == sorted([*hand, "Y8"])
    assert st.result().metrics["limit_tokens"] == 1 and not st.is_over()


def test_without_a_token_the_hand_limit_knocks_the_player_out():
    hand = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"]
    st = build().position([["R4", "R5"]], [hand, ["G2"]], ["R4", "R5"], tokens=[0, 0])
    play(st, MOVE, "R5")
    assert st.is_over() and st.result().winners == [1]  # the last player not out wins
    st = build(players=3).position(
        [["R4", "R5"]], [hand, ["G2"], ["G3"]], ["R4", "R5", "R5"], tokens=[0, 0, 0]
    )
    play(st, MOVE, "R5")
    assert not st.is_over() and st.out == [True, False, False] and st.pos[0] == OUT
    assert st.player == 1 and st.result().metrics["knockouts"] == 1


def test_an_empty_deck_is_made_again_from_the_shuffled_discards():
    g = build()
    st = g.position([["R4", "R5"]], [["Y1"], ["G2"]], ["R4", "R5"])
    st.discard, st.deck = st.deck, []
    st.check_invariants()
    play(st, MOVE, "R5")  # draw 1, then up to 4 at the end of the turn
    assert st.result().metrics["reshuffles"] == 1
    assert len(st.discard) == 0 and len(hand_names(st, 0)) == 4
    assert len(st.deck) == g.cards - 2 - 4 - 1


def test_the_crystal_goal_wins_at_once_even_before_the_meeples_land():
    g = build()
    st = g.position(
        [["R2", "R5", "R9", "R12"], ["B4"], ["G1"]], [["R13"], ["Y2"]], ["R12", "R5"], crystals=[5, 6]
    )
    play(st, PLACE, "R13")
    assert st.is_over() and st.result().winners == [0] and st.crystals == [7, 6]
    assert hand_names(st, 0) == []  # the turn never ended: no draw
    assert not st.result().capped


def test_the_turn_cap_ends_a_game_as_capped():
    g = build("quick_portal", sets=["turn_cap=10"])
    st = g.position([["R4"]], [["Y1"], ["Y2"]], ["R4", "R4"])
    for _ in range(10):
        assert not st.is_over()
        play(st, EXIT, "R4")  # come out where you went in: a turn with no change
    result = st.result()
    assert st.is_over() and result.capped and result.winners == [] and result.metrics["turns"] == 10


def test_the_rules_stall_on_a_one_card_timeline_that_no_hand_can_extend():
    """A gap in the rules spec (and the seed), not an engine fault: the table of greedy game 21 of
    `simulate run time_splicers --agents greedy --games 300 --engine python` (seed 1) from turn 82 on,
    with two of its four hands. One timeline, one card (G5); nobody holds a green card or a 5, so
    nobody can place; no card beside G5 and no other timeline, so nobody can Move (the only main
    action that draws); a jump token reaches no other card; every hand holds the 4 cards it is topped
    up to, so nobody draws at the end of a turn. "Exactly one main action" leaves the Portal, and
    stepping in and out of it changes nothing (portal_collapse = false): the position comes back every
    round of turns, and only the turn cap ends the game (under the default `stall = "play_on"`;
    `stall = "ends"` ends it: the tests below)."""
    g = build()
    hands = [["R4", "R6", "B3", "Y13"], ["R2", "R3", "R13", "Y11"]]
    st = g.position([["G5"]], hands, ["G5", "G5"])
    start = (line_names(st), hand_names(st, 0), hand_names(st, 1), list(st.pos), len(st.deck))
    for _ in range(3):
        assert legal_names(st) == ["enter portal"]
        play(st, ENTER)
        assert legal_names(st) == ["enter portal"]
        play(st, ENTER)  # G5 stays: stepping into the portal is no move to another timeline
        assert line_names(st) == [["G5"]] and st.pos == [PORTAL, PORTAL]
        assert legal_names(st) == ["exit portal G5"]
        play(st, EXIT, "G5")
        play(st, EXIT, "G5")
        assert (line_names(st), hand_names(st, 0), hand_names(st, 1), list(st.pos), len(st.deck)) == start
    assert st.crystals == [0, 0] and st.tokens == [1, 1] and st.turns == 12 and not st.is_over()


STALL_HANDS = [["R4", "R6", "B3", "Y13"], ["R2", "R3", "R13", "Y11"]]  # the test above's hands


def test_stall_ends_the_game_at_the_end_of_the_first_turn_of_a_position_nobody_can_change():
    """The position above under `stall = "ends"`: G5 is the only card on the table, no hand holds a
    green card, a 5, a Time Portal or a Time Freeze card, and both hands hold the 4 cards a turn draws
    up to. Nothing but the meeples can ever move (the test above plays three rounds of it), so the
    first turn's end, seat 1 stepping into the portal, ends the game: nobody won a crystal, so the
    two players still in share the win, and the game is not capped."""
    g = build("stall_ends")
    st = g.position([["G5"]], STALL_HANDS, ["G5", "G5"])
    assert legal_names(st) == ["enter portal"]
    play(st, ENTER)
    assert st.is_over() and st.stalled and not st.capped and st.turns == 1
    result = st.result()
    assert not result.capped and result.winners == [0, 1] and result.draw and result.placements == [1, 1]
    assert result.metrics["turns"] == 1
    assert result.metrics["stalled"] == 1


@pytest.mark.parametrize(
    "lines, hands, stalled",
    [
        ([["G5"]], STALL_HANDS, 1.0),  # the stall above, played on (`stall = "play_on"`) to the cap
        # seat 2's R8 could still go beside R9: capped, but not in a stall
        ([["G5"], ["R9"]], [["B3", "Y13", "B1", "Y2"], ["R8", "B4", "Y1", "B6"]], 0.0),
    ],
)
def test_the_stalled_metric_tells_a_game_capped_in_a_stall_from_one_capped_while_it_could_change(
    lines, hands, stalled
):
    """Under the default rules a stall plays on to the turn cap, like a game that is merely long: the
    `stalled` metric (1: the position at the end was one nobody could change) is what tells them apart."""
    st = build(sets=["turn_cap=10"]).position(lines, hands, ["G5", "G5"])
    while not st.is_over():
        st.apply(min(m for m in st.legal_moves() if m >> 7 in (ENTER, EXIT)))  # portal trips only
    result = st.result()
    assert st.capped and st.turns == 10 and not st.stalled
    assert result.metrics["stalled"] == stalled


@pytest.mark.parametrize(
    "sets, players, crystals, winners, placements",
    [
        # the most crystals wins alone
        ((), 2, [2, 3], [1], [2, 1]),
        # the compensation counts, as komi: 0.5 gives the tie to the later seat (seat 1 moves first)
        (("compensation=0.5",), 2, [1, 1], [1], [2, 1]),
        # a player who is out ranks below every player still in, whatever its crystals
        ((), 3, [1, 1, 4], [0, 1], [1, 1, 3]),
    ],
)
def test_a_stalled_game_is_won_by_the_most_crystals_among_the_players_still_in(
    sets, players, crystals, winners, placements
):
    g = build("stall_ends", players, sets)
    hands = STALL_HANDS + [[]] * (players - 2)
    out = [False, False, True][:players]
    st = g.position(
        [["G5"]], hands, ["G5", "G5", OUT][:players], crystals=crystals, out=out, markers=[1, 1, 0][:players]
    )
    st.n_active = out.count(False)
    st.check_invariants()
    play(st, ENTER)
    result = st.result()
    assert st.stalled and not result.capped
    assert result.winners == winners and result.placements == placements
    assert result.draw == (len(winners) > 1)


@pytest.mark.parametrize(
    "spec, lines, hands, change",
    [
        # seat 2's R8 fits only beside R9: from G5, where both meeples stand, only the portal is left
        ("stall_ends", [["G5"], ["R9"]], [["B3", "Y13", "B1", "Y2"], ["R8", "B4", "Y1", "B6"]], False),
        # a Time Portal card can be played from inside the portal, to any card, even the only one
        ("stall_ends", [["G5"]], [["R4", "R6", "B3", "portal"], STALL_HANDS[1]], False),
        # stepping in is leaving: the second meeple to step in leaves G5 with nobody on it
        ("stall_ends+portal_collapse", [["G5"]], STALL_HANDS, True),
        # coming out on R9 leaves G5; once both meeples have, G5 collapses
        (
            "stall_ends+quick_portal",
            [["G5"], ["R9"]],
            [["B3", "Y13", "B1", "Y2"], ["B4", "Y1", "B6", "Y3"]],
            True,
        ),
    ],
)
def test_stall_ends_no_game_that_someone_could_still_change(spec, lines, hands, change):
    """Three rounds of nothing but portal trips, as the stall above plays them: no card placed, drawn or
    discarded, until (where the rules allow it) a trip collapses a timeline. Each position could still
    change, so the rule ends none of them; only the turn cap would. (Once G5 has collapsed in the last
    case, R9 is left alone and nobody holds a red card or a 9: that position is a stall.)"""
    g = build(spec)
    st = g.position(lines, hands, ["G5", "G5"])
    before = (line_names(st), hand_names(st, 0), hand_names(st, 1), len(st.deck))
    for _ in range(12):
        assert not st.is_over()
        portal = sorted(m for m in st.legal_moves() if m >> 7 in (ENTER, EXIT))
        st.apply(portal[0])  # step in, or come out on the first card of the table
        if st.collapses[0]:
            break
    assert (st.collapses[0] > 0) == change
    assert st.stalled == (spec == "stall_ends+quick_portal")
    if not change:
        assert not st.is_over() and st.turns == 12
        assert (line_names(st), hand_names(st, 0), hand_names(st, 1), len(st.deck)) == before


def test_a_hand_size_above_the_hand_limit_is_refused():
    with pytest.raises(DataError, match="rules.hand_size: 8 is more than rules.hand_limit 7"):
        build(sets=["hand_size=8"])


def test_a_deck_of_more_cards_than_a_move_can_name_is_refused():
    """A move keeps its card in 7 bits: 6 colours of 1..18 and 3 x 6 specials are 126 cards, one more
    special of each kind 129."""
    from printkit.datafile.gamedata import check_game
    from printkit.datafile.toml_file import read_toml

    raw = read_toml(DATA.path)
    cards = raw["components"]["number_card"]
    cards["colours"] += [
        {"name": "purple", "letter": "P", "mark": "circle", "rgb": "#6a1b9a"},
        {"name": "orange", "letter": "O", "mark": "square", "rgb": "#ef6c00"},
    ]
    cards.update(max_number=18, count=108)
    data = check_game(raw, DATA.path)
    assert make_game(data.resolve("default", ["specials_per_kind=6"])).cards == 126
    with pytest.raises(DataError, match="108 number cards and 3 x 7 special cards are 129 cards; the engine"):
        make_game(data.resolve("default", ["specials_per_kind=7"]))


def test_illegal_moves_are_refused_in_debug_mode():
    st = build().position([["R4", "R7"]], [["R9"], ["G1"]], ["R4", "R7"])
    with pytest.raises(ValueError, match="illegal move place R9"):
        play(st, PLACE, "R9")
