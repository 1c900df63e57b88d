"""Time Splicers' compiled core: the engine's rules on one flat array, for compiled play and search.

`engine.py` stays the rules' reference; this file says the same rules
for numba, step for step and draw for draw (each function names the engine's
method it is), and `tests/simulate/test_fast_conformance.py` holds it to the
engine move by move (legal moves, state after every move, rows) over every
variant. Moves are the engine's ints, `kind << 7 | card`.

A state is one int64 array: a header (`PLAYER` .. `STALLED`), four
slots per seat for hand sizes, meeples, markers, tokens, crystals, seats
out, special cards held by kind and crystals by collapse, the timelines per
colour, per seat the numbers of each colour in its hand (a mask), then per
card where it is (`O_LOC`: a seat's hand, the deck, the discards or the
table), the deck (drawn from its end, as the engine pops its list), the
discards in the engine's order, each number card's timeline slot, the cards
on the table per number, per slot its colour, its cards (a mask of numbers:
a timeline is ascending, so its cards are the numbers it holds) and its
freeze markers (a mask of seats), and per number the colours of it on the
table and in each seat's hand (masks). Everything is in the state, so views
and a search's copies carry it.

Hidden information: a view (`make_view`) puts every card of another hand
among the unknown cards and the deck's room as `HIDDEN`, and marks the state
as a seat's (`VIEWER`), which is what the engine's `rng is None` does: a
reshuffle then makes hidden cards and a new timeline from the deck ends the
game as capped. `gain` plays the move on such a copy, as `move_gain` does.
`sample` deals the unseen cards as the engine's `sample` draws them; its
generator's seed (from `getrandbits(64)` of the agent's) waits in the state
until the sampled game first reshuffles (`SEEDING`, `SEED_LO`, `SEED_HI`):
most playouts never do, and seeding costs two chains of 624 steps.

Every function the random agent's moves reach is a leaf (`simulate.fast.jit.leaf`):
nothing here allocates but the state itself (`start_state`) and `gain`'s copy.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from simulate.fast import mt
from simulate.fast.arrays import copy_into
from simulate.fast.bits import high_index, low_index, popcount
from simulate.fast.core import CoreBase
from simulate.fast.jit import jit, leaf

from .engine import (
    ARG,
    CHOOSE_RUN,
    ENTER,
    EXIT,
    F_JUMP,
    F_PORTAL,
    F_TOKEN,
    FREE,
    FREEZE,
    HIDDEN,
    LAND,
    LANDING,
    LIMBO,
    MOVE,
    OUT,
    PLACE,
    PORTAL,
    RUN,
    SHIFT,
    Game,
)
from .rules import MAX_COLOURS, PLAYERS

SEATS = max(PLAYERS)  # slots per seat in the header
# header of a state
PLAYER, PHASE, N_ACTIVE, TURNS, OVER, CAPPED, WINNER, FIRST, MOVES, SCORED_AT = range(10)
VIEWER, DECK_LEN, DISCARD_LEN, N_SLOTS, N_LINES, TABLE_CARDS, N_RUNS = range(10, 17)
RUNS = 17  # three
N_PENDING = 20
PENDING = 21  # SEATS
COLLAPSES = PENDING + SEATS  # three: empty, partial, full
LIMIT_TOKENS, KNOCKOUTS = COLLAPSES + 3, COLLAPSES + 4
FREE_USES = COLLAPSES + 5  # four: portal card, jump card, jump token, freeze card
PORTAL_MAIN, FIXED_TOKENS, RESHUFFLES, TIMELINE_SUM, TIMELINE_MAX = range(FREE_USES + 4, FREE_USES + 9)
SEEDING, SEED_LO, SEED_HI = range(FREE_USES + 9, FREE_USES + 12)
LINE_COLOURS = FREE_USES + 12  # the colours with a timeline, a mask
STALLED = LINE_COLOURS + 1  # `State.stalled`: ended by `stall = "ends"`
# per seat, SEATS slots each
SIZES = STALLED + 1
POS = SIZES + SEATS
MARKERS = POS + SEATS
TOKENS = MARKERS + SEATS
CRYSTALS = TOKENS + SEATS
OUTS = CRYSTALS + SEATS
SPECIALS = OUTS + SEATS  # 3 a seat: its special cards of each kind (portal, jump, freeze)
BY_KIND = SPECIALS + 3 * SEATS  # 3 kinds of collapse, SEATS each: crystals they gave
COLOUR_LINES = BY_KIND + 3 * SEATS  # MAX_COLOURS: timelines of each colour
HELD = COLOUR_LINES + MAX_COLOURS  # MAX_COLOURS a seat: the numbers of each colour in its hand, a mask
HEAD = HELD + SEATS * MAX_COLOURS
# where a card is (LOC): a seat's hand (0..), or
DECK, DISCARD, TABLE = -1, -2, -3  # DECK: also any card a view's seat cannot see

# the config, t[0]: rules, then where each part of a state starts, then the card tables
(
    C_PLAYERS,
    C_COLOURS,
    C_TOP,
    C_NUMBERS,
    C_CARDS,
    C_PER_KIND,
    C_GOAL,
    C_START_TOKENS,
    C_POSITION_TOKENS,
    C_MARKERS,
    C_HAND_SIZE,
    C_HAND_LIMIT,
    C_ONE_PER_COLOUR,
    C_PORTAL_NEXT,
    C_PORTAL_COLLAPSE,
    C_PORTAL_JOINS,
    C_EDGE_RIGHT,
    C_FULL_FIRST,
    C_FULL_EXACT,
    C_TURN_CAP,
    C_STALL_ENDS,
    C_SLOTS,
    O_LOC,
    O_DECK,
    O_DISCARD,
    O_WHERE,
    O_ON_TABLE,
    O_SLOT_COLOUR,
    O_SLOT_BITS,
    O_SLOT_FROZEN,
    O_ON_COLOURS,
    O_HELD_COLOURS,
    C_LENGTH,
    T_COLOUR,
    T_NUMBER,
    T_KIND,
    CFG,
) = range(37)


def tables(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The rules of `game` as an int array (the options, the state's layout, each card's colour, number
    and special kind) and a float array (the compensation)."""
    n, colours, top = game.players, game.colours, game.top
    numbers, cards = game.numbers, game.cards
    if n > SEATS or colours > MAX_COLOURS:
        raise ValueError(f"the core holds at most {SEATS} seats and {MAX_COLOURS} colours")
    per_kind = (cards - numbers) // 3
    # a timeline opens in a free slot, so slots are never more than timelines at once: one a colour
    # at most when the rules say so, else at most one a number card
    slots = colours if game.one_per_colour else numbers
    o_loc = HEAD
    o_deck = o_loc + cards
    o_discard = o_deck + cards
    o_where = o_discard + cards
    o_on_table = o_where + numbers
    o_slot_colour = o_on_table + top + 1
    o_slot_bits = o_slot_colour + slots
    o_slot_frozen = o_slot_bits + slots
    o_on_colours = o_slot_frozen + slots  # per number: the colours of it on the table, a mask
    o_held_colours = o_on_colours + top + 1  # per seat and number: the colours of it in hand, a mask
    length = o_held_colours + n * top
    cfg = [n, colours, top, numbers, cards, per_kind, game.goal, game.start_tokens, game.position_tokens]
    cfg += [game.freeze_markers, game.hand_size, game.hand_limit, int(game.one_per_colour)]
    cfg += [int(game.portal_next_turn), int(game.portal_collapse), int(game.portal_joins)]
    cfg += [int(game.edge_right), int(game.full_first), int(game.full_exact), game.turn_cap]
    cfg += [int(game.stall_ends), slots]
    cfg += [o_loc, o_deck, o_discard, o_where, o_on_table, o_slot_colour, o_slot_bits, o_slot_frozen]
    cfg += [o_on_colours, o_held_colours, length]
    cfg += [CFG, CFG + cards, CFG + 2 * cards]
    assert len(cfg) == CFG
    colour = [game.colour_of[c] if c < numbers else -1 for c in range(cards)]
    number = [game.number_of[c] if c < numbers else 0 for c in range(cards)]
    kind = [-1 if c < numbers else (c - numbers) // per_kind for c in range(cards)]
    ints = np.array(cfg + colour + number + kind, dtype=np.int64)
    return ints, np.array([game.compensation], dtype=np.float64)


# ------------------------------------------------------------------ bits
@leaf
def nth_index(mask, k):
    """The index of the k-th lowest set bit of a mask with more than k."""
    for _ in range(k):
        mask &= mask - 1
    return low_index(mask)


@leaf
def between(lo, hi):
    """The mask of bits lo + 1 .. hi - 1 (lo >= -1)."""
    return ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)


# ------------------------------------------------------------------ cards
@leaf
def colour_of(ints, c):
    return ints[ints[T_COLOUR] + c]


@leaf
def number_of(ints, c):
    return ints[ints[T_NUMBER] + c]


@leaf
def take(s, ints, p, card):
    """`card` into `p`'s hand (its size aside)."""
    s[ints[O_LOC] + card] = p
    kind = ints[ints[T_KIND] + card]
    if kind >= 0:
        s[SPECIALS + 3 * p + kind] += 1
    else:
        colour, j = colour_of(ints, card), number_of(ints, card) - 1
        s[HELD + MAX_COLOURS * p + colour] |= 1 << j
        s[ints[O_HELD_COLOURS] + ints[C_TOP] * p + j] |= 1 << colour


@leaf
def give_up(s, ints, p, card, to):
    """`card` out of `p`'s hand to `to` (`DISCARD` or `TABLE`; its size aside)."""
    s[ints[O_LOC] + card] = to
    kind = ints[ints[T_KIND] + card]
    if kind >= 0:
        s[SPECIALS + 3 * p + kind] -= 1
    else:
        colour, j = colour_of(ints, card), number_of(ints, card) - 1
        s[HELD + MAX_COLOURS * p + colour] &= ~(1 << j)
        s[ints[O_HELD_COLOURS] + ints[C_TOP] * p + j] &= ~(1 << colour)


@leaf
def forget_hand(s, ints, q):
    """Seat `q`'s hand as nobody else knows it: no special card, no number card of any colour."""
    for kind in range(3):
        s[SPECIALS + 3 * q + kind] = 0
    for colour in range(MAX_COLOURS):
        s[HELD + MAX_COLOURS * q + colour] = 0
    top = ints[C_TOP]
    for j in range(top):
        s[ints[O_HELD_COLOURS] + top * q + j] = 0


@leaf
def to_discard(s, ints, card):
    s[ints[O_DISCARD] + s[DISCARD_LEN]] = card
    s[DISCARD_LEN] += 1


@leaf
def draw(s, r, ints, p, k):
    """`State._draw`: `p` draws `k` cards, the discards shuffled into a new deck when it runs out."""
    deck = ints[O_DECK]
    for _ in range(k):
        if s[DECK_LEN] == 0:
            if s[DISCARD_LEN] == 0:
                return
            reshuffle(s, r, ints)
        s[DECK_LEN] -= 1
        card = s[deck + s[DECK_LEN]]
        if card >= 0:  # a view's deck is HIDDEN cards: they count but stay unknown
            take(s, ints, p, card)
        s[SIZES + p] += 1


@leaf
def reshuffle(s, r, ints):
    """`State._reshuffle`: the discards then the deck, shuffled (a view's: hidden cards, unshuffled)."""
    deck, discard, loc = ints[O_DECK], ints[O_DISCARD], ints[O_LOC]
    gone, left = s[DISCARD_LEN], s[DECK_LEN]
    for i in range(left - 1, -1, -1):
        s[deck + gone + i] = s[deck + i]
    view = s[VIEWER] >= 0
    for i in range(gone):
        card = s[discard + i]
        s[loc + card] = DECK
        s[deck + i] = HIDDEN if view else card
    s[DECK_LEN] = gone + left
    if not view:
        if s[SEEDING]:  # a sample's generator, seeded when first drawn from
            mt.seed(r, (np.uint64(s[SEED_HI]) << np.uint64(32)) | np.uint64(s[SEED_LO]))
            s[SEEDING] = 0
        mt.shuffle_at(r, s, deck, gone + left)
    s[DISCARD_LEN] = 0
    s[RESHUFFLES] += 1


@leaf
def has_number(s, ints):
    """Whether the deck holds a number card (or a hidden one)."""
    deck, numbers = ints[O_DECK], ints[C_NUMBERS]
    for i in range(s[DECK_LEN]):
        if s[deck + i] < numbers:
            return True
    return False


@leaf
def turn_up(s, r, ints):
    """`State._turn_up`: the top number card of the deck, special cards turned up going to the bottom
    (-1: none left, or a view's hidden card)."""
    deck, numbers = ints[O_DECK], ints[C_NUMBERS]
    if not has_number(s, ints):
        reshuffle(s, r, ints)
        if not has_number(s, ints):
            return -1
    while True:
        s[DECK_LEN] -= 1
        top = s[DECK_LEN]
        card = s[deck + top]
        if card < numbers:
            return card
        for i in range(top, 0, -1):
            s[deck + i] = s[deck + i - 1]
        s[deck] = card
        s[DECK_LEN] += 1


# ------------------------------------------------------------------ timelines
@leaf
def open_slot(s, ints, card):
    """`State._open_slot`: a timeline holding `card` in the first free slot."""
    bits, colours = ints[O_SLOT_BITS], ints[O_SLOT_COLOUR]
    slot = 0
    while slot < s[N_SLOTS] and s[bits + slot]:
        slot += 1
    if slot == s[N_SLOTS]:
        s[N_SLOTS] += 1
        s[ints[O_SLOT_FROZEN] + slot] = 0
    number = number_of(ints, card)
    colour = colour_of(ints, card)
    s[bits + slot] = 1 << (number - 1)
    s[colours + slot] = colour
    s[COLOUR_LINES + colour] += 1
    s[LINE_COLOURS] |= 1 << colour
    s[N_LINES] += 1
    lay(s, ints, card, slot)
    return slot


@leaf
def lay(s, ints, card, slot):
    """`card` on the table in `slot` (the slot's mask aside)."""
    s[ints[O_WHERE] + card] = slot
    n = number_of(ints, card)
    s[ints[O_ON_TABLE] + n] += 1
    s[ints[O_ON_COLOURS] + n] |= 1 << colour_of(ints, card)
    s[TABLE_CARDS] += 1
    s[ints[O_LOC] + card] = TABLE


@leaf
def lift(s, ints, card):
    """`card` off the table to the discards (`State._remove_cards`, one card)."""
    s[ints[O_WHERE] + card] = -1
    n = number_of(ints, card)
    s[ints[O_ON_TABLE] + n] -= 1
    s[ints[O_ON_COLOURS] + n] &= ~(1 << colour_of(ints, card))
    s[TABLE_CARDS] -= 1
    s[ints[O_LOC] + card] = DISCARD
    to_discard(s, ints, card)


@leaf
def lift_line(s, ints, slot):
    """Every card of the timeline in `slot` to the discards, lowest first; how many there were."""
    bits = s[ints[O_SLOT_BITS] + slot]
    base = s[ints[O_SLOT_COLOUR] + slot] * ints[C_TOP]
    count = 0
    while bits:
        lift(s, ints, base + low_index(bits))
        bits &= bits - 1
        count += 1
    return count


@leaf
def close_slot(s, ints, slot):
    """`State._close_slot`: the slot is free and its freeze markers go back to their owners."""
    frozen = s[ints[O_SLOT_FROZEN] + slot]
    p = 0
    while frozen:
        if frozen & 1:
            s[MARKERS + p] += 1
        frozen >>= 1
        p += 1
    s[ints[O_SLOT_FROZEN] + slot] = 0
    s[ints[O_SLOT_BITS] + slot] = 0
    colour = s[ints[O_SLOT_COLOUR] + slot]
    s[COLOUR_LINES + colour] -= 1
    if not s[COLOUR_LINES + colour]:
        s[LINE_COLOURS] &= ~(1 << colour)
    s[ints[O_SLOT_COLOUR] + slot] = -1
    s[N_LINES] -= 1


@leaf
def lowest_card(s, ints, slot):
    return s[ints[O_SLOT_COLOUR] + slot] * ints[C_TOP] + low_index(s[ints[O_SLOT_BITS] + slot])


@leaf
def spawn_timeline(s, r, ints, portal_too):
    """`State._spawn_timeline`: the top number card of the deck starts a timeline, every meeple in limbo
    (and with `portal_too` in the portal) on it; none left ends the game capped."""
    card = turn_up(s, r, ints)
    if card < 0:
        s[OVER] = 1
        s[CAPPED] = 1
        return
    open_slot(s, ints, card)
    for q in range(ints[C_PLAYERS]):
        if s[POS + q] == LIMBO or (portal_too and s[POS + q] == PORTAL):
            s[POS + q] = card


@leaf
def seats_on(s, ints, slot):
    """The seats whose meeples stand on the timeline in `slot`, a mask."""
    where = ints[O_WHERE]
    seats = 0
    for q in range(ints[C_PLAYERS]):
        here = s[POS + q]
        if here >= 0 and s[where + here] == slot:
            seats |= 1 << q
    return seats


# ------------------------------------------------------------------ movement
@leaf
def goto(s, r, ints, p, card):
    """`State._goto`: `p`'s meeple to `card`; a marker there taken back, the timeline left checked."""
    where = ints[O_WHERE]
    old = s[POS + p]
    old_slot = s[where + old] if old >= 0 else -1
    s[POS + p] = card
    slot = s[where + card] if card >= 0 else -1
    if slot != old_slot:
        if slot >= 0:
            frozen = ints[O_SLOT_FROZEN] + slot
            if s[frozen] >> p & 1:
                s[frozen] ^= 1 << p
                s[MARKERS + p] += 1
        if old_slot >= 0:
            leave(s, r, ints, p, old_slot)


@leaf
def leave(s, r, ints, p, slot):
    """`State._leave`: the empty collapse of a timeline with no meeple and no freeze marker left."""
    if s[ints[O_SLOT_FROZEN] + slot] or seats_on(s, ints, slot):
        return
    count = lift_line(s, ints, slot)
    close_slot(s, ints, slot)
    s[COLLAPSES] += 1
    if count >= 3:
        gain_crystals(s, ints, p, 1, 0)
    if not s[N_LINES] and not s[OVER]:
        spawn_timeline(s, r, ints, False)


@leaf
def gain_crystals(s, ints, p, k, kind):
    """`State._gain`: crystals for a collapse; the goal wins at once."""
    s[CRYSTALS + p] += k
    s[SCORED_AT] = s[MOVES]
    s[BY_KIND + SEATS * kind + p] += k
    if s[CRYSTALS + p] >= ints[C_GOAL]:
        s[OVER] = 1
        s[WINNER] = p


# ------------------------------------------------------------------ collapses
@leaf
def is_full(s, ints, slot):
    """`State._full`: the timeline holds its colour's top card and five cards (or more, as the rules say)."""
    bits = s[ints[O_SLOT_BITS] + slot]
    if not bits:
        return False
    top = ints[C_TOP]
    singularity = s[ints[O_SLOT_COLOUR] + slot] * top + top - 1
    if s[ints[O_WHERE] + singularity] != slot:
        return False
    count = popcount(bits)
    return count == 5 if ints[C_FULL_EXACT] else count >= 5


@leaf
def collapse_after(s, r, ints, p, slot, card):
    """`State._collapse_after`: the collapses a placement of `card` in `slot` makes; several runs ask
    `p` to choose (the runs kept only then, as the engine keeps its list)."""
    where, top = ints[O_WHERE], ints[C_TOP]
    full = is_full(s, ints, slot)
    n = number_of(ints, card)
    found = 0
    first = second = third = -1
    for d in range(2, -1, -1):  # runs whose lowest card is card - 2, card - 1, card
        low = card - d
        a = n - d
        if a >= 1 and a + 2 <= top and s[where + low] == slot and s[where + low + 1] == slot:
            if s[where + low + 2] == slot:
                if found == 0:
                    first = low
                elif found == 1:
                    second = low
                else:
                    third = low
                found += 1
    if full and (ints[C_FULL_FIRST] or found == 0):
        full_collapse(s, r, ints, p, slot)
    elif found == 1:
        partial_then_full(s, r, ints, p, slot, first)
    elif found:
        s[PHASE] = CHOOSE_RUN
        s[N_RUNS] = found
        s[RUNS] = first
        s[RUNS + 1] = second
        s[RUNS + 2] = third


@leaf
def partial_then_full(s, r, ints, p, slot, low):
    partial_collapse(s, r, ints, p, slot, low)
    if not s[OVER] and not ints[C_FULL_FIRST] and s[ints[O_SLOT_BITS] + slot] and is_full(s, ints, slot):
        full_collapse(s, r, ints, p, slot)


@leaf
def partial_collapse(s, r, ints, p, slot, low):
    """`State._partial_collapse`: the run from `low` discarded; its meeples to the card on its left (or
    right, at the left end, if the rules say so), else to land."""
    bits_at = ints[O_SLOT_BITS] + slot
    base = s[ints[O_SLOT_COLOUR] + slot] * ints[C_TOP]
    j = low - base
    below = s[bits_at] & ((1 << j) - 1)
    s[bits_at] &= ~(7 << j)
    for c in range(low, low + 3):
        lift(s, ints, c)
    moved = 0
    for q in range(ints[C_PLAYERS]):
        here = s[POS + q]
        if low <= here <= low + 2:
            moved |= 1 << q
    rest = s[bits_at]
    if rest and (below or ints[C_EDGE_RIGHT]):
        target = base + high_index(below) if below else base + low_index(rest)
        for q in range(ints[C_PLAYERS]):
            if moved >> q & 1:
                s[POS + q] = target
        moved = 0
    elif not rest:
        close_slot(s, ints, slot)
    s[COLLAPSES + 1] += 1
    gain_crystals(s, ints, p, 1, 1)
    land(s, r, ints, p, moved)


@leaf
def full_collapse(s, r, ints, p, slot):
    """`State._full_collapse`: the whole timeline discarded; its meeples to land."""
    moved = seats_on(s, ints, slot)
    lift_line(s, ints, slot)
    close_slot(s, ints, slot)
    s[COLLAPSES + 2] += 1
    gain_crystals(s, ints, p, 2, 2)
    land(s, r, ints, p, moved)


@leaf
def land(s, r, ints, p, moved):
    """`State._land`: the meeples of mask `moved` go to the lowest card of a timeline, their owners
    choosing in turn order from `p`; with no timeline left, to a new one."""
    if not moved:
        return
    n = ints[C_PLAYERS]
    for q in range(n):
        if moved >> q & 1:
            s[POS + q] = LIMBO
    if s[OVER]:
        return
    if not s[N_LINES]:
        spawn_timeline(s, r, ints, ints[C_PORTAL_JOINS] != 0)
        return
    if s[N_LINES] == 1:
        slot = 0
        while not s[ints[O_SLOT_BITS] + slot]:
            slot += 1
        lowest = lowest_card(s, ints, slot)
        for q in range(n):
            if moved >> q & 1:
                goto(s, r, ints, q, lowest)
        return
    count = 0
    for k in range(n):
        q = (p + k) % n
        if moved >> q & 1:
            s[PENDING + count] = q
            count += 1
    s[N_PENDING] = count
    s[PHASE] = LANDING


# ------------------------------------------------------------------ turns
@leaf
def end_turn(s, r, ints):
    """`State._end_turn`: draw up to the hand size, count the turn, a stall (`stall = "ends"`), the cap,
    the next seat still in."""
    p = s[PLAYER]
    if not s[OUTS + p] and s[SIZES + p] < ints[C_HAND_SIZE]:
        draw(s, r, ints, p, ints[C_HAND_SIZE] - s[SIZES + p])
    s[TURNS] += 1
    s[TIMELINE_SUM] += s[N_LINES]
    if s[N_LINES] > s[TIMELINE_MAX]:
        s[TIMELINE_MAX] = s[N_LINES]
    if ints[C_STALL_ENDS] and stalled(s, ints):
        s[OVER] = 1
        s[STALLED] = 1
        return
    if s[TURNS] >= ints[C_TURN_CAP]:
        s[OVER] = 1
        s[CAPPED] = 1
        return
    n = ints[C_PLAYERS]
    q = p + 1 if p + 1 < n else 0
    while s[OUTS + q]:
        q = q + 1 if q + 1 < n else 0
    s[PLAYER] = q


@leaf
def stalled(s, ints):
    """`State._stalled`: nobody, from any card, can Move, place, play a Time Portal or Time Freeze card
    or draw, and portal trips collapse nothing (a view's other hands are empty, as in the engine's)."""
    if ints[C_PORTAL_NEXT]:
        if ints[C_PORTAL_COLLAPSE]:
            return False
    elif s[N_LINES] > 1:
        return False
    if s[TABLE_CARDS] > s[N_LINES]:  # a timeline of two cards or more
        return False
    top, on_table = ints[C_TOP], ints[O_ON_TABLE]
    for n in range(1, top + 1):
        if s[on_table + n] > 1:
            return False
    can_draw = s[DECK_LEN] + s[DISCARD_LEN] > 0
    for p in range(ints[C_PLAYERS]):
        if s[OUTS + p]:
            continue
        if ints[C_PORTAL_NEXT] and s[SPECIALS + 3 * p]:
            return False
        if ints[C_MARKERS] and s[SPECIALS + 3 * p + 2]:
            return False
        if can_draw and s[SIZES + p] < ints[C_HAND_SIZE]:
            return False
        for colour in range(ints[C_COLOURS]):
            if s[LINE_COLOURS] >> colour & 1 and s[HELD + MAX_COLOURS * p + colour]:
                return False
        for j in range(top):
            if s[on_table + j + 1] and s[ints[O_HELD_COLOURS] + top * p + j]:
                return False
    return True


@leaf
def draw_one(s, r, ints, p):
    """`State._draw_one`: the draw after a move; over the hand limit, the hand and a token go, or `p`."""
    draw(s, r, ints, p, 1)
    if s[SIZES + p] <= ints[C_HAND_LIMIT]:
        return
    loc = ints[O_LOC]
    for c in range(ints[C_CARDS]):
        if s[loc + c] == p:
            give_up(s, ints, p, c, DISCARD)
            to_discard(s, ints, c)
    s[SIZES + p] = 0
    if s[TOKENS + p]:
        s[TOKENS + p] -= 1
        s[LIMIT_TOKENS] += 1
        draw(s, r, ints, p, ints[C_HAND_SIZE])
    else:
        knock_out(s, ints, p)


@leaf
def knock_out(s, ints, p):
    """`State._knock_out`: `p`'s meeple and freeze markers leave the table (no collapse follows)."""
    s[OUTS + p] = 1
    s[N_ACTIVE] -= 1
    s[KNOCKOUTS] += 1
    s[POS + p] = OUT
    frozen = ints[O_SLOT_FROZEN]
    for slot in range(s[N_SLOTS]):
        s[frozen + slot] &= ~(1 << p)
    s[MARKERS + p] = 0
    if s[N_ACTIVE] == 1:
        s[OVER] = 1
        q = 0
        while s[OUTS + q]:
            q += 1
        s[WINNER] = q


# ------------------------------------------------------------------ interface
@leaf
def current(s):
    return s[PENDING] if s[PHASE] == LANDING else s[PLAYER]


@leaf
def is_over(s):
    return s[OVER] != 0


@leaf
def stopped_by_cap(s):
    """The turn cap (or a deck without number cards) ended the game: a capped row, no winner."""
    return s[CAPPED] != 0


@leaf
def table_moves(s, ints, kind, skip, out, count):
    """A move of `kind` to every card on the table but `skip`, slot by slot, into out[count:]."""
    for slot in range(s[N_SLOTS]):
        count = line_moves(s, ints, kind, slot, skip, out, count)
    return count


@leaf
def line_moves(s, ints, kind, slot, skip, out, count):
    """A move of `kind` to every card of the timeline in `slot` but `skip`, into out[count:]."""
    bits = s[ints[O_SLOT_BITS] + slot]
    base = s[ints[O_SLOT_COLOUR] + slot] * ints[C_TOP]
    while bits:
        c = base + low_index(bits)
        bits &= bits - 1
        if c != skip:
            out[count] = kind << SHIFT | c
            count += 1
    return count


@leaf
def table_nth(s, ints, k, skip):
    """The k-th card on the table but `skip`, slot by slot (`table_moves`' k-th, without the list)."""
    for slot in range(s[N_SLOTS]):
        bits = s[ints[O_SLOT_BITS] + slot]
        base = s[ints[O_SLOT_COLOUR] + slot] * ints[C_TOP]
        if base <= skip < base + ints[C_TOP]:
            bits &= ~(1 << (skip - base))
        count = popcount(bits)
        if k < count:
            return base + nth_index(bits, k)
        k -= count
    return -1


@leaf
def around(s, ints, p, here):
    """What the moves of `p` on card `here` are made of: its slot, the slot's mask of numbers, its
    colour's first card, the neighbours on its left and right (-1: none), the numbers of that colour in
    hand that fit between them (a mask), and the cards of the same number in other colours that `p` may
    move or place to (a mask of colours)."""
    top, where = ints[C_TOP], ints[O_WHERE]
    slot = s[where + here]
    bits = s[ints[O_SLOT_BITS] + slot]
    colour = s[ints[O_SLOT_COLOUR] + slot]
    base = colour * top
    j = here - base
    below = bits & ((1 << j) - 1)
    above = bits >> (j + 1)
    low = high_index(below) if below else -1  # the neighbours' numbers, less one
    high = j + 1 + low_index(above) if above else top
    fits = s[HELD + MAX_COLOURS * p + colour] & between(low, high)
    # the same number in other colours: on the table, or in hand where a new timeline may start
    held = s[ints[O_HELD_COLOURS] + top * p + j]
    if ints[C_ONE_PER_COLOUR]:
        held &= ~s[LINE_COLOURS]
    others = (s[ints[O_ON_COLOURS] + j + 1] | held) & ~(1 << colour)
    return slot, bits, base, base + low if below else -1, base + high if above else -1, fits, others


@leaf
def may_freeze(s, ints, p, slot):
    """Whether `p` may play a Time Freeze card on the timeline in `slot`."""
    frozen = s[ints[O_SLOT_FROZEN] + slot] >> p & 1
    return s[SPECIALS + 3 * p + 2] != 0 and s[MARKERS + p] != 0 and frozen == 0


@leaf
def legal(s, t, out):
    """`State.legal_moves`, in its order."""
    ints = t[0]
    if s[OVER]:
        return 0
    count = 0
    if s[PHASE] == LANDING:
        for slot in range(s[N_SLOTS]):
            if s[ints[O_SLOT_BITS] + slot]:
                out[count] = LAND << SHIFT | lowest_card(s, ints, slot)
                count += 1
        return count
    if s[PHASE] == CHOOSE_RUN:
        for i in range(s[N_RUNS]):
            out[i] = RUN << SHIFT | s[RUNS + i]
        return s[N_RUNS]
    p = s[PLAYER]
    here = s[POS + p]
    if here == PORTAL:
        count = table_moves(s, ints, EXIT, -1, out, 0)
        if s[SPECIALS + 3 * p]:
            count = table_moves(s, ints, F_PORTAL, -1, out, count)
        return count
    # `State._main_moves`: beside the meeple, place beside it, the same number elsewhere, the portal
    slot, bits, base, left, right, fits, others = around(s, ints, p, here)
    if left >= 0:
        out[count] = left
        count += 1
    if right >= 0:
        out[count] = right
        count += 1
    while fits:
        out[count] = PLACE << SHIFT | (base + low_index(fits))
        fits &= fits - 1
        count += 1
    top = ints[C_TOP]
    j = here - base
    while others:
        c = low_index(others) * top + j
        others &= others - 1
        out[count] = c if s[ints[O_WHERE] + c] >= 0 else PLACE << SHIFT | c
        count += 1
    if ints[C_PORTAL_NEXT]:
        out[count] = ENTER << SHIFT
        count += 1
    else:
        count = table_moves(s, ints, EXIT, -1, out, count)
    # `State._free_moves`: a portal card, a jump card or token, a freeze card
    if s[SPECIALS + 3 * p]:
        count = table_moves(s, ints, F_PORTAL, here, out, count)
    if s[SPECIALS + 3 * p + 1]:
        count = line_moves(s, ints, F_JUMP, slot, here, out, count)
    if s[TOKENS + p]:
        count = line_moves(s, ints, F_TOKEN, slot, here, out, count)
    if may_freeze(s, ints, p, slot):
        out[count] = FREEZE << SHIFT
        count += 1
    return count


@leaf
def legal_count(s, t):
    """How many moves `legal` lists, counted without the list."""
    ints = t[0]
    if s[OVER]:
        return 0
    if s[PHASE] == LANDING:
        return s[N_LINES]
    if s[PHASE] == CHOOSE_RUN:
        return s[N_RUNS]
    p = s[PLAYER]
    here = s[POS + p]
    table = s[TABLE_CARDS]
    if here == PORTAL:
        return 2 * table if s[SPECIALS + 3 * p] else table
    slot, bits, base, left, right, fits, others = around(s, ints, p, here)
    count = popcount(fits) + popcount(others)
    if left >= 0:
        count += 1
    if right >= 0:
        count += 1
    count += 1 if ints[C_PORTAL_NEXT] else table
    line = popcount(bits)
    if s[SPECIALS + 3 * p]:
        count += table - 1
    if s[SPECIALS + 3 * p + 1]:
        count += line - 1
    if s[TOKENS + p]:
        count += line - 1
    if may_freeze(s, ints, p, slot):
        count += 1
    return count


@leaf
def legal_nth(s, t, k, buf):
    """The k-th move of `legal`'s list, without the list: section by section, as `legal` lists them."""
    ints = t[0]
    if s[PHASE] == LANDING:
        for slot in range(s[N_SLOTS]):
            if s[ints[O_SLOT_BITS] + slot]:
                if k == 0:
                    return LAND << SHIFT | lowest_card(s, ints, slot)
                k -= 1
    if s[PHASE] == CHOOSE_RUN:
        return RUN << SHIFT | s[RUNS + k]
    p = s[PLAYER]
    here = s[POS + p]
    table = s[TABLE_CARDS]
    if here == PORTAL:
        return (
            (EXIT << SHIFT | table_nth(s, ints, k, -1))
            if k < table
            else F_PORTAL << SHIFT | table_nth(s, ints, k - table, -1)
        )
    slot, bits, base, left, right, fits, others = around(s, ints, p, here)
    if left >= 0:
        if k == 0:
            return left
        k -= 1
    if right >= 0:
        if k == 0:
            return right
        k -= 1
    count = popcount(fits)
    if k < count:
        return PLACE << SHIFT | (base + nth_index(fits, k))
    k -= count
    count = popcount(others)
    if k < count:
        c = nth_index(others, k) * ints[C_TOP] + here - base
        return c if s[ints[O_WHERE] + c] >= 0 else PLACE << SHIFT | c
    k -= count
    if ints[C_PORTAL_NEXT]:
        if k == 0:
            return ENTER << SHIFT
        k -= 1
    else:
        if k < table:
            return EXIT << SHIFT | table_nth(s, ints, k, -1)
        k -= table
    if s[SPECIALS + 3 * p]:
        if k < table - 1:
            return F_PORTAL << SHIFT | table_nth(s, ints, k, here)
        k -= table - 1
    line = popcount(bits) - 1
    if s[SPECIALS + 3 * p + 1]:
        if k < line:
            return F_JUMP << SHIFT | (base + nth_index(bits & ~(1 << (here - base)), k))
        k -= line
    if s[TOKENS + p]:
        if k < line:
            return F_TOKEN << SHIFT | (base + nth_index(bits & ~(1 << (here - base)), k))
        k -= line
    return FREEZE << SHIFT


@leaf
def apply(s, r, t, move):
    """`State.apply`."""
    ints = t[0]
    s[MOVES] += 1
    kind, card = move >> SHIFT, move & ARG
    p = s[PLAYER]
    if kind == MOVE:
        goto(s, r, ints, p, card)
        if not s[OVER]:
            draw_one(s, r, ints, p)
    elif kind == PLACE:
        place(s, r, ints, p, card)
    elif kind == ENTER:
        s[PORTAL_MAIN] += 1
        if ints[C_PORTAL_COLLAPSE]:
            goto(s, r, ints, p, PORTAL)  # stepping in is leaving: the timeline may collapse
        else:
            s[POS + p] = PORTAL
    elif kind == EXIT:
        if not ints[C_PORTAL_NEXT]:
            s[PORTAL_MAIN] += 1
        goto(s, r, ints, p, card)
    elif kind == RUN:
        s[PHASE] = FREE
        partial_then_full(s, r, ints, p, s[ints[O_WHERE] + card], card)
    elif kind == LAND:
        q = s[PENDING]
        s[N_PENDING] -= 1
        for i in range(s[N_PENDING]):
            s[PENDING + i] = s[PENDING + i + 1]
        goto(s, r, ints, q, card)
        if not s[N_PENDING]:
            s[PHASE] = FREE
    else:
        free_action(s, r, ints, p, kind, card)
        return
    if not s[OVER] and s[PHASE] == FREE:
        end_turn(s, r, ints)


@leaf
def free_action(s, r, ints, p, kind, card):
    """`State._free_action`: a token or the lowest special card of the kind spent; move or freeze."""
    if kind == F_TOKEN:
        s[TOKENS + p] -= 1
        s[FREE_USES + 2] += 1
    else:
        i = 0 if kind == F_PORTAL else 1 if kind == F_JUMP else 2
        spent = ints[C_NUMBERS] + i * ints[C_PER_KIND]
        while s[ints[O_LOC] + spent] != p:
            spent += 1
        give_up(s, ints, p, spent, DISCARD)
        s[SIZES + p] -= 1
        to_discard(s, ints, spent)
        s[FREE_USES + (i if i < 2 else 3)] += 1
    if kind == FREEZE:
        s[ints[O_SLOT_FROZEN] + s[ints[O_WHERE] + s[POS + p]]] |= 1 << p
        s[MARKERS + p] -= 1
    else:
        goto(s, r, ints, p, card)


@leaf
def place(s, r, ints, p, card):
    """`State._place`: `card` beside the meeple (same colour) or as a new timeline; the meeple onto it."""
    give_up(s, ints, p, card, TABLE)
    s[SIZES + p] -= 1
    here = s[POS + p]
    slot = s[ints[O_WHERE] + here]
    n = number_of(ints, card)
    same_colour = colour_of(ints, card) == colour_of(ints, here)
    if same_colour:
        s[ints[O_SLOT_BITS] + slot] |= 1 << (n - 1)
        lay(s, ints, card, slot)
    else:
        open_slot(s, ints, card)
    on_table = s[ints[O_ON_TABLE] + n]
    if on_table == 3 or on_table == 4:  # a fixed point of time
        s[TOKENS + p] += 1
        s[FIXED_TOKENS] += 1
    if same_colour:
        s[POS + p] = card
        collapse_after(s, r, ints, p, slot, card)
    else:
        goto(s, r, ints, p, card)


# ------------------------------------------------------------------ set-up
@jit
def new_state(t, game_seed):
    r = np.empty(mt.N + 1, dtype=np.uint32)
    mt.seed(r, game_seed)
    return start_state(t, r), r


@jit
def start_state(t, r):
    """`State.__init__`: the deck shuffled, the hands dealt, the first timeline, the first seat."""
    ints = t[0]
    s = np.zeros(ints[C_LENGTH], dtype=np.int64)
    deal(s, r, ints)
    return s


@leaf
def deal(s, r, ints):
    """`State._reset` and the deal, into the zeroed state `s`."""
    n, cards = ints[C_PLAYERS], ints[C_CARDS]
    s[VIEWER] = -1
    s[WINNER] = -1
    s[SCORED_AT] = -1
    s[N_ACTIVE] = n
    s[PHASE] = FREE
    for p in range(n):
        s[POS + p] = LIMBO
        s[MARKERS + p] = ints[C_MARKERS]
        s[TOKENS + p] = ints[C_START_TOKENS]
    for c in range(ints[C_NUMBERS]):
        s[ints[O_WHERE] + c] = -1
    for slot in range(ints[C_SLOTS]):
        s[ints[O_SLOT_COLOUR] + slot] = -1
    deck, loc = ints[O_DECK], ints[O_LOC]
    for c in range(cards):
        s[deck + c] = c
        s[loc + c] = DECK
    mt.shuffle_at(r, s, deck, cards)
    s[DECK_LEN] = cards
    for p in range(n):
        draw(s, r, ints, p, ints[C_HAND_SIZE])
    spawn_timeline(s, r, ints, False)
    first = mt.randbelow(r, n)
    s[PLAYER] = first
    s[FIRST] = first
    for k in range(1, n):  # the head start of later turn positions
        s[TOKENS + (first + k) % n] += k * ints[C_POSITION_TOKENS]


# ------------------------------------------------------------------ evaluation
@leaf
def evaluate(s, t, seat):
    """`State.evaluate`: crystals ahead of the best rival, then tokens, then cards towards a collapse."""
    ints = t[0]
    if s[OUTS + seat]:
        return -100.0
    if s[OVER] and s[WINNER] >= 0:
        return 100.0 if s[WINNER] == seat else -100.0
    best = 0  # crystals are never negative: max(rivals, default=0)
    for q in range(ints[C_PLAYERS]):
        if q != seat and not s[OUTS + q] and s[CRYSTALS + q] > best:
            best = s[CRYSTALS + q]
    value = float(s[CRYSTALS + seat] - best)
    value += 0.25 * min(s[TOKENS + seat], 3)
    value += 0.3 * towards_collapse(s, ints, seat)
    if s[SIZES + seat] >= ints[C_HAND_LIMIT]:
        value -= 0.5
    return value


@leaf
def towards_collapse(s, ints, seat):
    """`State.towards_collapse`: number cards in `seat`'s hand that would make a collapse."""
    top = ints[C_TOP]
    count = 0
    for colour in range(ints[C_COLOURS]):
        held = s[HELD + MAX_COLOURS * seat + colour]
        while held:
            count += towards(s, ints, colour * top + low_index(held))
            held &= held - 1
    return count


@leaf
def towards(s, ints, c):
    """Whether number card `c` would make a collapse where its colour lies: a run of three, or a fifth
    card in the timeline holding the colour's top card."""
    top, where = ints[C_TOP], ints[O_WHERE]
    n = number_of(ints, c)
    left2 = s[where + c - 2] if n > 2 else -1
    left1 = s[where + c - 1] if n > 1 else -1
    right1 = s[where + c + 1] if n < top else -1
    right2 = s[where + c + 2] if n + 1 < top else -1
    if (left1 >= 0 and (left1 == right1 or left1 == left2)) or (right1 >= 0 and right1 == right2):
        return 1
    colour = colour_of(ints, c)
    singularity = colour * top + top - 1
    slot = s[where + singularity] if c != singularity else slot_of_colour(s, ints, colour)
    return 1 if slot >= 0 and popcount(s[ints[O_SLOT_BITS] + slot]) + 1 >= 5 else 0


@leaf
def slot_of_colour(s, ints, colour):
    colours = ints[O_SLOT_COLOUR]
    for slot in range(s[N_SLOTS]):
        if s[colours + slot] == colour:
            return slot
    return -1


@leaf
def quick_gain(s, ints, move, seat):
    """`State._free_action_gain`: whether a jump or portal card that collapses nothing is valued without
    playing it, and its gain (the spent token's weight, or the hand's size at the limit)."""
    kind, card = move >> SHIFT, move & ARG
    if (kind != F_PORTAL and kind != F_JUMP and kind != F_TOKEN) or seat != s[PLAYER] or s[PHASE] != FREE:
        return False, 0.0
    here = s[POS + seat]
    if kind == F_PORTAL and here >= 0:
        where = ints[O_WHERE]
        old = s[where + here]
        stays = s[where + card] == old or s[ints[O_SLOT_FROZEN] + old] != 0
        if not stays:
            for q in range(ints[C_PLAYERS]):
                c = s[POS + q]
                if q != seat and c >= 0 and s[where + c] == old:
                    stays = True
            if not stays:
                return False, 0.0  # leaving may collapse the timeline
    if kind == F_TOKEN:
        tokens = s[TOKENS + seat]
        return True, 0.25 * (min(tokens - 1, 3) - min(tokens, 3))
    size, limit = s[SIZES + seat], ints[C_HAND_LIMIT]
    return True, 0.5 if size >= limit > size - 1 else 0.0


@jit
def gain(s, t, move, seat, rng):
    """`State.move_gain`: the change in `evaluate(seat)` when `move` is played on what the seat knows
    (the deck hidden, no generator: `VIEWER`); `rng` is never drawn from."""
    ints = t[0]
    quick, value = quick_gain(s, ints, move, seat)
    if quick:
        return value
    before = evaluate(s, t, seat)
    after = s.copy()
    hide_deck(after, ints, seat)
    apply(after, rng, t, move)
    return evaluate(after, t, seat) - before


@leaf
def hide_deck(s, ints, seat):
    """The deck's cards `HIDDEN` and the state `seat`'s, with no generator to draw from."""
    deck = ints[O_DECK]
    for k in range(s[DECK_LEN]):
        s[deck + k] = HIDDEN
    s[VIEWER] = seat
    s[SEEDING] = 0
    s[SEED_LO] = 0
    s[SEED_HI] = 0


# ------------------------------------------------------------------ hidden information
@leaf
def make_view(s, t, seat, out):
    """`State.view`: the other hands among the unknown cards, the deck hidden, no generator or seed."""
    ints = t[0]
    copy_into(s, out)
    loc, cards = ints[O_LOC], ints[C_CARDS]
    for c in range(cards):
        if out[loc + c] >= 0 and out[loc + c] != seat:
            out[loc + c] = DECK
    for q in range(ints[C_PLAYERS]):
        if q != seat:
            forget_hand(out, ints, q)
    hide_deck(out, ints, seat)
    # and what lies past the deck and the discards: cards drawn since, which another seat may hold
    for k in range(s[DECK_LEN], cards):
        out[ints[O_DECK] + k] = HIDDEN
    for k in range(s[DISCARD_LEN], cards):
        out[ints[O_DISCARD] + k] = HIDDEN


@leaf
def sample(s, t, rng, seat, s_out, r_out):
    """`State.sample`: the cards `seat` cannot see (id order) shuffled by `rng`, dealt to the other hands
    in seat order and the rest the deck; then the generator's seed from `rng` (kept until first used)."""
    ints = t[0]
    n, cards, loc, deck = ints[C_PLAYERS], ints[C_CARDS], ints[O_LOC], ints[O_DECK]
    copy_into(s, s_out)
    pool = 0  # the unseen cards, built in the deck's room
    for c in range(cards):
        held = s[loc + c]
        if held == DECK or (held >= 0 and held != seat):
            s_out[deck + pool] = c
            s_out[loc + c] = DECK
            pool += 1
    mt.shuffle_at(rng, s_out, deck, pool)
    value = mt.getrandbits(rng, 64)
    s_out[SEEDING] = 1
    s_out[SEED_LO] = np.int64(value & np.uint64(0xFFFFFFFF))
    s_out[SEED_HI] = np.int64(value >> np.uint64(32))
    k = 0
    for q in range(n):
        if q == seat:
            continue
        forget_hand(s_out, ints, q)
        for i in range(k, k + s[SIZES + q]):
            take(s_out, ints, q, s_out[deck + i])
        k += s[SIZES + q]
    for i in range(pool - k):
        s_out[deck + i] = s_out[deck + k + i]
    s_out[DECK_LEN] = pool - k
    s_out[VIEWER] = -1


# ------------------------------------------------------------------ the observer and the result
@leaf
def side_totals(s, t, common, out):
    """Each seat is its own side: its crystals, as `State.scores` reads them."""
    for seat in range(t[0][C_PLAYERS]):
        out[seat] = float(s[CRYSTALS + seat])


@leaf
def scores_moved(s):
    """`State.scores_moved`: crystals move only at a collapse."""
    return s[SCORED_AT] == s[MOVES]


@leaf
def final_scores(s, t, out):
    """`GameBase.compensated(scores())`: crystals, plus the compensation of each later turn position."""
    n = t[0][C_PLAYERS]
    step = t[1][0]
    for seat in range(n):
        out[seat] = float(s[CRYSTALS + seat])
        if step:
            out[seat] += step * ((seat - s[FIRST] + n) % n)


@leaf
def places_by(s, ints, scores, out):
    """`State.result`'s places: by (the winner, still in, final score), one more than the seats above."""
    n = ints[C_PLAYERS]
    for seat in range(n):
        place = 1
        won, still = s[WINNER] == seat, not s[OUTS + seat]
        for other in range(n):
            o_won, o_still = s[WINNER] == other, not s[OUTS + other]
            if o_won != won:
                if o_won:
                    place += 1
            elif o_still != still:
                if o_still:
                    place += 1
            elif scores[other] > scores[seat]:
                place += 1
        out[seat] = place


@jit
def placements(s, t, out):
    scores = np.empty(t[0][C_PLAYERS], dtype=np.float64)
    final_scores(s, t, scores)
    places_by(s, t[0], scores, out)


@leaf
def result(s, t, common, capped, res):
    """`State.result` (or `capped_result`): first seat, winner, scores, places, metrics, crystals by
    collapse."""
    n = t[0][C_PLAYERS]
    final_scores(s, t, res[3 : 3 + n])  # written in place: a result allocates nothing
    places_by(s, t[0], res[3 : 3 + n], res[3 + n : 3 + 2 * n])
    res[0] = s[FIRST]
    res[1] = 0.0
    res[2] = 0 if capped or s[WINNER] < 0 else 1 << s[WINNER]
    if s[STALLED] and not capped:  # the seats placed first win, several sharing it: a draw
        winners = 0
        for seat in range(n):
            if res[3 + n + seat] == 1:
                winners |= 1 << seat
        res[2] = winners
        res[1] = 1.0 if popcount(winners) > 1 else 0.0
    k = 3 + 2 * n
    res[k] = s[TURNS]
    for i in range(3):
        res[k + 1 + i] = s[COLLAPSES + i]
    res[k + 4] = s[LIMIT_TOKENS]
    res[k + 5] = s[KNOCKOUTS]
    res[k + 6] = 1.0 if s[N_ACTIVE] == 1 else 0.0
    res[k + 7] = s[TIMELINE_SUM] / max(1, s[TURNS])
    res[k + 8] = s[TIMELINE_MAX]
    for i in range(4):
        res[k + 9 + i] = s[FREE_USES + i]
    res[k + 13] = s[PORTAL_MAIN]
    res[k + 14] = s[FIXED_TOKENS]
    res[k + 15] = s[RESHUFFLES]
    res[k + 16] = 1.0 if s[STALLED] or (s[CAPPED] and stalled(s, t[0])) else 0.0
    k += 17
    for kind in range(3):
        for seat in range(n):
            res[k] = s[BY_KIND + SEATS * kind + seat]
            k += 1


class Core(CoreBase):
    """Time Splicers' core for one `Game` (its rule options in the tables)."""

    # CPU seconds its first compile takes, without the searches and with them (`python -m simulate.fast`
    # on an empty cache, 2026-12-07): said before a machine has measured its own
    compile_seconds: ClassVar[tuple[float, float]] = (30.0, 32.0)
    # every rule of the data file, each read in `tables`
    implements: ClassVar[frozenset[str]] = frozenset(
        (
            "collapse_order",
            "compensation",
            "crystal_goal",
            "freeze_markers",
            "full_at",
            "hand_limit",
            "hand_size",
            "one_timeline_per_colour",
            "partial_at_edge",
            "portal",
            "portal_collapse",
            "portal_meeple",
            "position_tokens",
            "specials_per_kind",
            "stall",
            "start_tokens",
            "turn_cap",
        )
    )

    def __init__(self, game: Game):
        numbers, top = game.numbers, game.top
        # beside the meeple, placements between its neighbours, the same number in other colours, the
        # portal or every card; then a portal card to every card, a jump card or token along the line
        most = 2 + top + game.colours + numbers + numbers + 2 * top + 2
        space = (LAND + 1) << SHIFT if numbers <= ARG + 1 else 1 << 12
        super().__init__(game, tables(game), move_offset=0, move_space=space, max_legal=most)
        assert len(game.metric_names) == 17 and len(game.categories) == 3

    def python_fields(self, state: Any) -> dict[str, Any]:
        """What the conformance test compares of a Python state."""
        game = self.game
        n = game.players
        hands = [state.hands[p] or 0 for p in range(n)]
        colours, top = game.colours, game.top

        def card_held(p: int, colour: int, j: int) -> int:
            return hands[p] >> (colour * top + j) & 1

        return {
            "header": [
                state.player,
                state.phase,
                state.n_active,
                state.turns,
                int(state.over),
                int(state.capped),
                state.winner,
                state.first,
                state.moves,
                state.scored_at,
                state.n_lines,
                sum(len(line) for line in state.lines),
                *state.collapses,
                state.limit_tokens,
                state.knockouts,
                *state.free_uses,
                state.portal_main,
                state.fixed_tokens,
                state.reshuffles,
                state.timeline_sum,
                state.timeline_max,
                int(state.stalled),
            ],
            "runs": list(state.runs),
            "pending": list(state.pending),
            "hands": hands,
            "specials": [[(hand & mask).bit_count() for mask in game.kind_mask] for hand in hands],
            "held": [
                [sum(card_held(p, colour, j) << j for j in range(top)) for colour in range(colours)]
                + [sum(card_held(p, colour, j) << colour for colour in range(colours)) for j in range(top)]
                for p in range(n)
            ],
            "on_colours": [0]  # per number from 0, which no card has
            + [
                sum(int(state.where[colour * top + j] >= 0) << colour for colour in range(colours))
                for j in range(top)
            ],
            "line_colours": sum(1 << colour for colour, k in enumerate(state.colour_lines) if k),
            "sizes": list(state.sizes),
            "deck": list(state.deck),
            "discard": list(state.discard),
            "lines": [list(line) for line in state.lines],
            "line_colour": list(state.line_colour),
            "frozen": list(state.frozen),
            "colour_lines": list(state.colour_lines),
            "where": list(state.where),
            "on_table": list(state.on_table),
            "seats": [list(state.pos), list(state.markers), list(state.tokens), list(state.crystals)],
            "out": [int(x) for x in state.out],
            "by_kind": [list(row) for row in state.by_kind],
            "evaluate": [state.evaluate(seat) for seat in range(n)],
            "scores_moved": state.scores_moved(),
            "generator": None if state.rng is None else list(state.rng.getstate()[1]),
        }

    def core_fields(self, s: np.ndarray, r: np.ndarray | None) -> dict[str, Any]:
        """The same fields read off a core state."""
        cfg = self.tables[0]
        n = self.game.players
        top = int(cfg[C_TOP])

        def part(at: int, size: int = n) -> list[int]:
            return [int(v) for v in s[at : at + size]]

        loc = part(int(cfg[O_LOC]), int(cfg[C_CARDS]))
        slots = int(s[N_SLOTS])
        colours = part(int(cfg[O_SLOT_COLOUR]), slots)
        bits = part(int(cfg[O_SLOT_BITS]), slots)
        lines = [
            [colour * top + j for j in range(top) if b >> j & 1]
            for colour, b in zip(colours, bits, strict=True)
        ]
        return {
            "header": [
                int(s[k]) for k in (PLAYER, PHASE, N_ACTIVE, TURNS, OVER, CAPPED, WINNER, FIRST, MOVES)
            ]
            + [int(s[k]) for k in (SCORED_AT, N_LINES, TABLE_CARDS)]
            + part(COLLAPSES, 3)
            + [int(s[LIMIT_TOKENS]), int(s[KNOCKOUTS])]
            + part(FREE_USES, 4)
            + [int(s[k]) for k in (PORTAL_MAIN, FIXED_TOKENS, RESHUFFLES, TIMELINE_SUM, TIMELINE_MAX)]
            + [int(s[STALLED])],
            "runs": part(RUNS, int(s[N_RUNS])),
            "pending": part(PENDING, int(s[N_PENDING])),
            "hands": [sum(1 << c for c, held in enumerate(loc) if held == p) for p in range(n)],
            "specials": [part(SPECIALS + 3 * p, 3) for p in range(n)],
            "held": [
                part(HELD + MAX_COLOURS * p, int(cfg[C_COLOURS]))
                + part(int(cfg[O_HELD_COLOURS]) + top * p, top)
                for p in range(n)
            ],
            "on_colours": part(int(cfg[O_ON_COLOURS]), top + 1),
            "line_colours": int(s[LINE_COLOURS]),
            "sizes": part(SIZES),
            "deck": part(int(cfg[O_DECK]), int(s[DECK_LEN])),
            "discard": part(int(cfg[O_DISCARD]), int(s[DISCARD_LEN])),
            "lines": lines,
            "line_colour": colours,
            "frozen": part(int(cfg[O_SLOT_FROZEN]), slots),
            "colour_lines": part(COLOUR_LINES, int(cfg[C_COLOURS])),
            "where": part(int(cfg[O_WHERE]), int(cfg[C_NUMBERS])),
            "on_table": part(int(cfg[O_ON_TABLE]), top + 1),
            "seats": [part(POS), part(MARKERS), part(TOKENS), part(CRYSTALS)],
            "out": part(OUTS),
            "by_kind": [part(BY_KIND + SEATS * kind) for kind in range(3)],
            "evaluate": [float(evaluate(s, self.tables, seat)) for seat in range(n)],
            "scores_moved": bool(scores_moved(s)),
            "generator": None if r is None else mt.settle(r),
        }
