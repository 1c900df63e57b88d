"""Time Splicers: timelines of cards, free actions before one main action, three kinds of collapse.

Rules: the project's rules spec for Time Splicers, every option read from
`data/time_splicers/time_splicers.toml`. A game of the runner is one game to the crystal
goal, to the last player not out, to a position nobody can change any more under `stall = "ends"`
(`State._stalled`), or to the turn cap (then `Result.capped`).

Representation, chosen for speed:

- a number card is an int `colour * M + number - 1` (M = 13), so the cards of
  one colour ascend with their number; special cards follow (Time Portal,
  Time Jump, Time Freeze, `specials_per_kind` of each). A hand is a bitmask
  of cards;
- the table is a list of *slots*, each a timeline (an ascending list of card
  ids, `[]` when free); `where[card]` is the slot of a number card on the
  table, else -1. A meeple stands on a card id, or is in the portal, or in
  limbo (waiting to land after a collapse), or out of the game;
- a move is one small int `kind << 7 | arg`, arg a card id (see the `MOVE`..
  `LAND` kinds). Free actions are moves by the player to act; the main action
  ends the turn. A placement that makes several runs asks the placer for one
  (`RUN` moves); meeples that must land on the lowest card of a timeline ask
  their owners (`LAND` moves), so the player to act can be another seat.
  The main action is compulsory and always possible (the portal is always
  open), so there is no pass.

Hidden information: hands and the deck. A view keeps the seat's own hand, the
other hands' sizes, the table, the discards (face up) and the deck's size.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterator
from typing import Any, ClassVar

from printkit.datafile.gamedata import Rules
from printkit.errors import DataError
from simulate.engines.base import GameBase, Result, StateBase, copy_generator, placements_from_scores
from simulate.engines.draws import generator

# move kinds (move = kind << 7 | card)
MOVE, PLACE, ENTER, EXIT, F_PORTAL, F_JUMP, F_TOKEN, FREEZE, RUN, LAND = range(10)
SHIFT = 7
ARG = (1 << SHIFT) - 1
# where a meeple is when it stands on no card
PORTAL, LIMBO, OUT = -1, -2, -3
# phases of a turn
FREE, CHOOSE_RUN, LANDING = 0, 1, 2
HIDDEN = -1  # a deck card in a view
SPECIAL_KINDS = ("portal", "jump", "freeze")
COLLAPSES = ("empty", "partial", "full")
FREE_ACTIONS = ("free_portal", "free_jump_card", "free_jump_token", "free_freeze")


def move_of(kind: int, card: int = 0) -> int:
    """The move int of a kind and its card."""
    return kind << SHIFT | card


class Game(GameBase):
    """Time Splicers for one set of rules and a player count, with its card tables."""

    name: ClassVar[str] = "time_splicers"
    metric_names: ClassVar[tuple[str, ...]] = (
        "turns",
        "collapses_empty",
        "collapses_partial",
        "collapses_full",
        "limit_tokens",
        "knockouts",
        "last_standing",
        "timelines_mean",
        "timelines_max",
        *FREE_ACTIONS,
        "portal_main",
        "fixed_point_tokens",
        "reshuffles",
        "stalled",
    )
    metric_docs: ClassVar[dict[str, str]] = {
        "turns": "turns played (a turn is free actions and one main action)",
        "collapses_empty": "empty collapses (a timeline of three cards with no meeple) in the game",
        "collapses_partial": "partial collapses in the game",
        "collapses_full": "full collapses in the game",
        "limit_tokens": "time jump tokens paid for going over the hand limit",
        "knockouts": "players knocked out by the hand limit with no token left",
        "last_standing": "1 when the game ended with one player left, the others knocked out",
        "timelines_mean": "timelines on the table, mean over turns",
        "timelines_max": "most timelines on the table at once",
        "free_portal": "free actions through the Time Portal card",
        "free_jump_card": "free actions with a Time Jump card",
        "free_jump_token": "free actions with a time jump token",
        "free_freeze": "free actions with a Time Freeze card",
        "portal_main": "main actions spent entering or leaving the portal",
        "fixed_point_tokens": "time jump tokens won for fixed points of time (a 3rd or 4th card of a number)",
        "reshuffles": "times the discards were shuffled into a new deck",
        "stalled": "1 when the game ended in a position nobody can change any more: ended there by "
        '`stall = "ends"`, or played on there until the turn cap stopped it',
    }
    figure_docs: ClassVar[dict[str, str]] = {
        "crystals_by_collapse": "mean crystals a game hands out, stacked by the collapse that brought them",
        "hand_limit_and_cap": "share of games with a knock-out, ended by one player left, stopped by the "
        "turn cap, and stalled (the metric stalled), with 95% intervals",
        "free_actions": "free actions per game by kind, per arm",
    }
    docs_ja: ClassVar[dict[str, str]] = {
        "turns": "行った手番の数（1手番はフリーアクションとメインアクション1つ）",
        "collapses_empty": "ゲーム中の空タイムライン崩壊（ミープルのいない3枚のタイムライン）の数",
        "collapses_partial": "ゲーム中の部分崩壊の数",
        "collapses_full": "ゲーム中の完全崩壊の数",
        "limit_tokens": "手札の上限を超えて払ったタイムジャンプ・トークンの数",
        "knockouts": "トークンがなく手札の上限で脱落したプレイヤーの数",
        "last_standing": "ほかのプレイヤーが脱落し、1人だけ残ってゲームが終わったら1",
        "timelines_mean": "場にあるタイムラインの数、手番の平均",
        "timelines_max": "同時に場にあったタイムラインの最大数",
        "free_portal": "特殊カード「タイムポータル」で行ったフリーアクションの数",
        "free_jump_card": "タイムジャンプカードを使ったフリーアクションの数",
        "free_jump_token": "タイムジャンプ・トークンを使ったフリーアクションの数",
        "free_freeze": "タイムフリーズカードを使ったフリーアクションの数",
        "portal_main": "ポータルに入るか出るのに使ったメインアクションの数",
        "fixed_point_tokens": "時間の固定点（ある数字の3枚目か4枚目）で得たタイムジャンプ・トークンの数",
        "reshuffles": "捨て札をシャッフルして新しい山札にした回数",
        "stalled": "誰も変えられない局面でゲームが終わったら1：stall = ends でそこで終わったか、"
        "手番の上限まで続いて打ち切られた",
    }
    figure_docs_ja: ClassVar[dict[str, str]] = {
        "crystals_by_collapse": "ゲームが与えるタイム・クリスタルの平均、それをもたらした崩壊ごとに積み上げ",
        "hand_limit_and_cap": "脱落があったゲーム、1人残って終わったゲーム、手番の上限で止まったゲーム、"
        "誰も変えられない局面になったゲームの割合と95%区間",
        "free_actions": "アームごとの、ゲームあたりの種類別のフリーアクションの数",
    }
    names_en: ClassVar[dict[str, str]] = {
        "collapses_empty": "empty collapses",
        "collapses_partial": "partial collapses",
        "collapses_full": "full collapses",
        "limit_tokens": "tokens paid at the hand limit",
        "last_standing": "games won as the last player in",
        "timelines_mean": "timelines on average",
        "timelines_max": "most timelines at once",
        "free_portal": "Time Portal cards played",
        "free_jump_card": "Time Jump cards played",
        "free_jump_token": "time jump tokens spent",
        "free_freeze": "Time Freeze cards played",
        "portal_main": "portal trips",
        "fixed_point_tokens": "tokens won at fixed points",
        "stalled": "games that stalled",
        "crystals_by_collapse": "crystals by collapse",
        "hand_limit_and_cap": "hand limit and turn cap",
    }
    names_ja: ClassVar[dict[str, str]] = {
        "turns": "手番数",
        "collapses_empty": "空タイムライン崩壊",
        "collapses_partial": "部分崩壊",
        "collapses_full": "完全崩壊",
        "limit_tokens": "手札の上限で払ったトークン",
        "knockouts": "脱落したプレイヤー",
        "last_standing": "1人残っての終了",
        "timelines_mean": "タイムラインの平均数",
        "timelines_max": "タイムラインの最大数",
        "free_portal": "タイムポータルの使用",
        "free_jump_card": "タイムジャンプの使用",
        "free_jump_token": "タイムジャンプ・トークンの使用",
        "free_freeze": "タイムフリーズの使用",
        "portal_main": "タイム・ポータルの出入り",
        "fixed_point_tokens": "時間の固定点で得たトークン",
        "reshuffles": "捨て札のシャッフル",
        "stalled": "誰も変えられない局面で終わったゲーム",
        "empty": "空タイムライン崩壊",
        "partial": "部分崩壊",
        "full": "完全崩壊",
        "crystals_by_collapse": "崩壊ごとのタイム・クリスタル",
        "hand_limit_and_cap": "手札の上限と手番の上限",
        "free_actions": "フリーアクション",
    }
    # per-seat crystals by the collapse that brought them (Result.breakdown)
    categories: ClassVar[tuple[str, ...]] = COLLAPSES
    core: ClassVar[str | None] = f"{__package__}.core"

    def __init__(self, rules: Rules, debug: bool = False):
        super().__init__(rules, debug)
        v = rules.values
        self._read_cards(rules)
        self.goal = v["crystal_goal"]
        self.start_tokens = v["start_tokens"]
        self.position_tokens = v["position_tokens"]
        self.freeze_markers = v["freeze_markers"]
        self.hand_size = v["hand_size"]
        self.hand_limit = v["hand_limit"]
        # the loader's rule set refuses this too; rules built by hand reach the engine without it
        if self.hand_size > self.hand_limit:
            raise DataError(
                f"rules.hand_size: {self.hand_size} is more than rules.hand_limit {self.hand_limit}, "
                "so every draw would cost a token; lower hand_size or raise hand_limit"
            )
        self.one_per_colour = v["one_timeline_per_colour"]
        self.portal_next_turn = v["portal"] == "next_turn"
        self.portal_collapse = v["portal_collapse"]
        self.portal_joins = v["portal_meeple"] == "joins"
        self.edge_right = v["partial_at_edge"] == "right"
        self.full_first = v["collapse_order"] == "full_first"
        self.full_exact = v["full_at"] == "fifth"
        self.turn_cap = v["turn_cap"]
        self.stall_ends = v["stall"] == "ends"
        # a safety net far above what the turn cap allows: every free action spends a card or a token
        self.max_moves = self.turn_cap * (4 * self.hand_limit + 40) + 1000

    def _read_cards(self, rules: Rules) -> None:
        # checked on load by the data file's rule set (data/time_splicers/rules.py)
        comp = rules.components["number_card"]
        colours, top = comp["colours"], comp["max_number"]
        self.colours = len(colours)
        self.top = m = top
        self.numbers = n_cards = self.colours * m
        k = rules.values["specials_per_kind"]
        self.cards = n_cards + 3 * k
        self.colour_of = [c // m for c in range(n_cards)]
        self.number_of = [c % m + 1 for c in range(n_cards)]
        self.kind_mask = [sum(1 << (n_cards + i * k + j) for j in range(k)) for i in range(3)]
        self.portal_mask, self.jump_mask, self.freeze_mask = self.kind_mask
        self.numbers_mask = (1 << n_cards) - 1
        # the number cards of each colour, and of each number (from 1)
        self.colour_mask = [((1 << m) - 1) << (c * m) for c in range(self.colours)]
        self.number_mask = [0] + [sum(1 << (c * m + j) for c in range(self.colours)) for j in range(m)]
        # the cards of the same number in the other colours
        self.same_number = [
            [c2 * m + c % m for c2 in range(self.colours) if c2 != c // m] for c in range(n_cards)
        ]
        self.singularity = [c * m + m - 1 for c in range(self.colours)]

    def card_name(self, card: int) -> str:
        if card < self.numbers:
            return f"{'RBYGOPWK'[self.colour_of[card]]}{self.number_of[card]}"
        return SPECIAL_KINDS[(card - self.numbers) // max(1, (self.cards - self.numbers) // 3)]

    def new_state(self, seed: int) -> State:
        return State(self, generator(seed))

    def report_extras(self, ctx: Any, arms: list[Any]) -> Any:
        """Collapses, the hand limit, the cap, timelines and free actions (see `time_splicers_report`)."""
        from .report import extras

        return extras(ctx, arms)

    def card(self, name: str) -> int:
        """A number card by its name: colour letter and number, `R5`, `G13`."""
        colour, number = "RBYGOPWK".index(name[0]), int(name[1:])
        return colour * self.top + number - 1

    def position(
        self,
        lines: list[list[str]],
        hands: list[list[str]],
        pos: list[str | int],
        deck: list[str] = (),
        player: int = 0,
        seed: int = 0,
        **pieces: list[int],
    ) -> State:
        """A hand-set position, for tests and examples.

        Timelines, hands and the top of the deck (top card first) by card names
        (`R5`, or `portal`, `jump`, `freeze` for a special card); each meeple on
        a card name or at `PORTAL`. The other cards lie below in id order.
        `pieces` sets per-seat lists (`tokens`, `crystals`, `markers`) or the
        per-slot `frozen` bitmasks of seats.
        """
        state = State(self, generator(seed), _blank=True)
        state._reset()
        specials = {kind: _bits(mask) for kind, mask in zip(SPECIAL_KINDS, self.kind_mask, strict=True)}

        def ids(names: list[str]) -> list[int]:
            return [next(specials[n]) if n in specials else self.card(n) for n in names]

        for p, names in enumerate(hands):
            for c in ids(names):
                state.hands[p] |= 1 << c
                state.sizes[p] += 1
        for names in lines:
            cards = ids(names)
            s = state._open_slot(cards[0])
            for c in cards[1:]:
                insort(state.lines[s], c)
                state.where[c] = s
                state.on_table[self.number_of[c]] += 1
        top = ids(list(deck))
        taken = {c for line in state.lines for c in line} | set(top)
        taken |= {c for hand in state.hands for c in _bits(hand)}
        state.deck = [c for c in range(self.cards) if c not in taken][::-1] + top[::-1]
        state.pos = [p if isinstance(p, int) else self.card(p) for p in pos]
        state.player = state.first = player
        for name, values in pieces.items():
            setattr(state, name, list(values))
        return state


class State(StateBase):
    """A game in progress: hands, deck, discards, the timelines, meeples, markers, tokens, crystals."""

    __slots__ = (
        "game",
        "rng",
        "viewer",
        "hands",
        "sizes",
        "deck",
        "discard",
        "lines",
        "line_colour",
        "colour_lines",
        "n_lines",
        "where",
        "on_table",
        "pos",
        "frozen",
        "markers",
        "tokens",
        "crystals",
        "out",
        "n_active",
        "player",
        "phase",
        "runs",
        "pending",
        "turns",
        "over",
        "capped",
        "stalled",
        "winner",
        "first",
        "moves",
        "scored_at",
        "by_kind",
        "collapses",
        "limit_tokens",
        "knockouts",
        "free_uses",
        "portal_main",
        "fixed_tokens",
        "reshuffles",
        "timeline_sum",
        "timeline_max",
        "valued",
    )

    def __init__(self, game: Game, rng: random.Random | None, _blank: bool = False):
        self.game = game
        self.rng = rng
        self.valued: tuple[int, float] | None = None  # (seat, evaluate(seat)) of this position, for move_gain
        if _blank:
            return
        self._reset()
        g = game
        self.deck = list(range(g.cards))
        rng.shuffle(self.deck)
        for p in range(g.players):
            self._draw(p, g.hand_size)
        self._spawn_timeline()
        self.player = self.first = rng.randrange(g.players)
        for k in range(1, g.players):  # the head start of later turn positions
            self.tokens[(self.first + k) % g.players] += k * g.position_tokens

    def _reset(self) -> None:
        """An empty table: no cards dealt, every meeple in limbo, the pieces each seat starts with."""
        g = self.game
        n = g.players
        self.player = self.first = 0
        self.viewer = -1
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.hands = [0] * n
        self.sizes = [0] * n
        self.lines: list[list[int]] = []
        self.line_colour: list[int] = []
        self.frozen: list[int] = []
        self.colour_lines = [0] * g.colours
        self.n_lines = 0
        self.where = [-1] * g.numbers
        self.on_table = [0] * (g.top + 1)
        self.pos = [LIMBO] * n
        self.markers = [g.freeze_markers] * n
        self.tokens = [g.start_tokens] * n
        self.crystals = [0] * n
        self.out = [False] * n
        self.n_active = n
        self.phase = FREE
        self.runs: list[int] = []
        self.pending: list[int] = []
        self.turns = 0
        self.over = False
        self.capped = False
        self.stalled = False  # ended by `stall = "ends"`
        self.winner = -1
        self.moves = 0
        self.scored_at = -1  # the move after which crystals last changed (scores_moved)
        self.by_kind = [[0] * n for _ in COLLAPSES]
        self.collapses = [0, 0, 0]
        self.limit_tokens = 0
        self.knockouts = 0
        self.free_uses = [0, 0, 0, 0]
        self.portal_main = 0
        self.fixed_tokens = 0
        self.reshuffles = 0
        self.timeline_sum = 0
        self.timeline_max = 0

    # ------------------------------------------------------------ cards
    def _draw(self, p: int, k: int) -> None:
        """`p` draws `k` cards, the discards shuffled into a new deck when it runs out."""
        deck = self.deck
        for _ in range(k):
            if not deck:
                if not self.discard:
                    return
                self._reshuffle()
                deck = self.deck
            card = deck.pop()
            if card >= 0:  # a view's deck is HIDDEN cards: they count but stay unknown
                self.hands[p] |= 1 << card
            self.sizes[p] += 1

    def _reshuffle(self) -> None:
        if self.rng is None:  # a view's preview: the new deck's order is unknown to the seat
            self.deck = [HIDDEN] * len(self.discard) + self.deck
        else:
            self.deck = self.discard + self.deck
            self.rng.shuffle(self.deck)
        self.discard = []
        self.reshuffles += 1

    def _turn_up(self) -> int:
        """The top number card of the deck; special cards turned up go to the bottom (-1: none left)."""
        numbers = self.game.numbers
        if not any(c < numbers for c in self.deck):
            self._reshuffle()
            if not any(c < numbers for c in self.deck):
                return -1
        deck = self.deck
        while True:
            card = deck.pop()
            if card < numbers:
                return card
            deck.insert(0, card)

    # ------------------------------------------------------------ timelines
    def _open_slot(self, card: int) -> int:
        """Start a timeline holding `card` in the first free slot."""
        colour = self.game.colour_of[card]
        lines = self.lines
        s = next((i for i, line in enumerate(lines) if not line), len(lines))
        if s == len(lines):
            lines.append([])
            self.line_colour.append(-1)
            self.frozen.append(0)
        lines[s] = [card]
        self.line_colour[s] = colour
        self.colour_lines[colour] += 1
        self.n_lines += 1
        self.where[card] = s
        self.on_table[self.game.number_of[card]] += 1
        return s

    def _remove_cards(self, cards: list[int]) -> None:
        where, on_table, number_of = self.where, self.on_table, self.game.number_of
        for c in cards:
            where[c] = -1
            on_table[number_of[c]] -= 1
        self.discard += cards

    def _close_slot(self, s: int) -> None:
        """A timeline is gone: its slot is free and its freeze markers go back to their owners."""
        frozen = self.frozen[s]
        p = 0
        while frozen:
            if frozen & 1:
                self.markers[p] += 1
            frozen >>= 1
            p += 1
        self.frozen[s] = 0
        self.lines[s] = []
        self.colour_lines[self.line_colour[s]] -= 1
        self.line_colour[s] = -1
        self.n_lines -= 1

    def _spawn_timeline(self, portal_too: bool = False) -> None:
        """No timeline is left: the top number card of the deck starts one, every meeple in limbo on it,
        and with `portal_too` every meeple in the portal as well."""
        card = self._turn_up()
        if card < 0:  # every number card is in a hand: the game cannot go on
            self.over = self.capped = True
            return
        self._open_slot(card)
        pos = self.pos
        for q in range(len(pos)):
            if pos[q] == LIMBO or (portal_too and pos[q] == PORTAL):
                pos[q] = card

    def _meeples_on(self, s: int) -> bool:
        where = self.where
        return any(c >= 0 and where[c] == s for c in self.pos)

    # ------------------------------------------------------------ movement
    def _goto(self, p: int, card: int) -> None:
        """Move `p`'s meeple to `card`: take back a marker there, and check the timeline left behind."""
        old = self.pos[p]
        old_slot = self.where[old] if old >= 0 else -1
        self.pos[p] = card
        slot = self.where[card] if card >= 0 else -1
        if slot != old_slot:
            if slot >= 0:
                self._arrive(p, slot)
            if old_slot >= 0:
                self._leave(p, old_slot)

    def _arrive(self, p: int, s: int) -> None:
        bit = 1 << p
        if self.frozen[s] & bit:
            self.frozen[s] ^= bit
            self.markers[p] += 1

    def _leave(self, p: int, s: int) -> None:
        """Empty collapse: no meeple and no freeze marker left on the timeline `p` just left."""
        if self.frozen[s] or self._meeples_on(s):
            return
        cards = self.lines[s]
        self._remove_cards(cards)
        self._close_slot(s)
        self.collapses[0] += 1
        if len(cards) >= 3:
            self._gain(p, 1, 0)
        if not self.n_lines and not self.over:
            self._spawn_timeline()

    def _gain(self, p: int, k: int, kind: int) -> None:
        self.crystals[p] += k
        self.scored_at = self.moves
        self.by_kind[kind][p] += k
        if self.crystals[p] >= self.game.goal:
            self.over = True
            self.winner = p

    # ------------------------------------------------------------ collapses
    def _collapse_after(self, p: int, s: int, card: int) -> None:
        """The collapses a placement of `card` in slot `s` makes; may ask `p` to choose a run."""
        full = self._full(s)
        runs = self._runs(s, card)
        if full and (self.game.full_first or not runs):
            self._full_collapse(p, s)
        elif len(runs) == 1:
            self._partial_then_full(p, s, runs[0])
        elif runs:
            self.phase = CHOOSE_RUN
            self.runs = runs

    def _full(self, s: int) -> bool:
        g = self.game
        line = self.lines[s]
        if not line or self.where[g.singularity[self.line_colour[s]]] != s:
            return False
        return len(line) == 5 if g.full_exact else len(line) >= 5

    def _runs(self, s: int, card: int) -> list[int]:
        """The lowest card of each run of 3 consecutive numbers in slot `s` that holds `card`."""
        g = self.game
        where = self.where
        n = g.number_of[card]
        runs = []
        for low in (card - 2, card - 1, card):
            a = n - (card - low)
            if a >= 1 and a + 2 <= g.top and where[low] == s and where[low + 1] == s and where[low + 2] == s:
                runs.append(low)
        return runs

    def _partial_then_full(self, p: int, s: int, low: int) -> None:
        self._partial_collapse(p, s, low)
        if not self.over and not self.game.full_first and self.lines[s] and self._full(s):
            self._full_collapse(p, s)

    def _partial_collapse(self, p: int, s: int, low: int) -> None:
        g = self.game
        line = self.lines[s]
        j = line.index(low)
        run = line[j : j + 3]
        del line[j : j + 3]
        self._remove_cards(run)
        pos = self.pos
        moved = [q for q in range(len(pos)) if pos[q] in run]
        if line and (j > 0 or g.edge_right):
            target = line[j - 1] if j > 0 else line[0]
            for q in moved:
                pos[q] = target
            moved = []
        elif not line:
            self._close_slot(s)
        self.collapses[1] += 1
        self._gain(p, 1, 1)
        self._land(p, moved)

    def _full_collapse(self, p: int, s: int) -> None:
        line = self.lines[s]
        pos, where = self.pos, self.where
        moved = [q for q in range(len(pos)) if pos[q] >= 0 and where[pos[q]] == s]
        self._remove_cards(line)
        self._close_slot(s)
        self.collapses[2] += 1
        self._gain(p, 2, 2)
        self._land(p, moved)

    def _land(self, p: int, moved: list[int]) -> None:
        """Meeples whose cards are gone go to the lowest card of a timeline, their owners choosing;
        with no timeline left, to a new one (with those in the portal if `portal_meeple = joins`)."""
        if not moved:
            return
        pos = self.pos
        for q in moved:
            pos[q] = LIMBO
        if self.over:
            return
        if not self.n_lines:
            self._spawn_timeline(self.game.portal_joins)
            return
        if self.n_lines == 1:
            lowest = next(line[0] for line in self.lines if line)
            for q in moved:
                self._goto(q, lowest)
            return
        n = len(pos)
        self.pending = sorted(moved, key=lambda q: (q - p) % n)
        self.phase = LANDING

    # ------------------------------------------------------------ turns
    def _end_turn(self) -> None:
        g = self.game
        p = self.player
        if not self.out[p] and self.sizes[p] < g.hand_size:
            self._draw(p, g.hand_size - self.sizes[p])
        self.turns += 1
        self.timeline_sum += self.n_lines
        if self.n_lines > self.timeline_max:
            self.timeline_max = self.n_lines
        if g.stall_ends and self._stalled():
            self.over = self.stalled = True
            return
        if self.turns >= g.turn_cap:
            self.over = self.capped = True
            return
        n = g.players
        q = p + 1 if p + 1 < n else 0
        while self.out[q]:
            q = q + 1 if q + 1 < n else 0
        self.player = q

    def _stalled(self) -> bool:
        """Whether nothing but where the meeples stand can ever change again: `stall = "ends"` ends
        the game at the end of the turn that leaves such a position.

        The portal takes any player to any card, so where meeples stand does not matter: nobody,
        from any card, can Move (every timeline is one card, no two of one number), place (no hand
        holds a card of a timeline's colour or of a number on the table), play a Time Portal card
        (with `portal = "next_turn"` from the portal, to any card) or a Time Freeze card (a marker
        can always be taken back), or draw at the end of a turn (every hand at `hand_size`, or
        nothing left to draw); a Time Jump card or a token needs a second card in a timeline.
        Portal trips change nothing then, unless stepping in collapses (`portal_collapse`: the
        last meeple to step in from a timeline collapses it) or coming out on another timeline
        leaves one (`portal = "same_turn"` with two timelines): such positions are never stalled.
        A view reads the hands it does not see as empty, as the compiled core's view does.
        """
        g = self.game
        if g.portal_next_turn:
            if g.portal_collapse:
                return False
        elif self.n_lines > 1:
            return False
        reach = 0  # the number cards a hand could place
        for line in self.lines:
            if len(line) > 1:
                return False
            if line:
                c = line[0]
                n = g.number_of[c]
                if self.on_table[n] > 1:
                    return False
                reach |= g.colour_mask[g.colour_of[c]] | g.number_mask[n]
        if g.portal_next_turn:
            reach |= g.portal_mask
        if g.freeze_markers:
            reach |= g.freeze_mask
        can_draw = bool(self.deck or self.discard)
        for p in range(g.players):
            if self.out[p]:
                continue
            if (self.hands[p] or 0) & reach or (can_draw and self.sizes[p] < g.hand_size):
                return False
        return True

    def _draw_one(self, p: int) -> None:
        """The draw after a move; more cards than the hand limit cost the hand and a token, or the game."""
        g = self.game
        self._draw(p, 1)
        if self.sizes[p] <= g.hand_limit:
            return
        hand = self.hands[p]
        self.discard += [c for c in range(g.cards) if hand >> c & 1]
        self.hands[p] = 0
        self.sizes[p] = 0
        if self.tokens[p]:
            self.tokens[p] -= 1
            self.limit_tokens += 1
            self._draw(p, g.hand_size)
        else:
            self._knock_out(p)

    def _knock_out(self, p: int) -> None:
        """`p` is out: meeple and freeze markers leave the table (no collapse follows)."""
        self.out[p] = True
        self.n_active -= 1
        self.knockouts += 1
        self.pos[p] = OUT
        mask = ~(1 << p)
        self.frozen = [f & mask for f in self.frozen]
        self.markers[p] = 0
        if self.n_active == 1:
            self.over = True
            self.winner = self.out.index(False)

    # ------------------------------------------------------------- interface
    def current_player(self) -> int:
        return self.pending[0] if self.phase == LANDING else self.player

    def legal_moves(self) -> list[int]:
        if self.over:
            return []
        if self.phase == LANDING:
            return [LAND << SHIFT | line[0] for line in self.lines if line]
        if self.phase == CHOOSE_RUN:
            return [RUN << SHIFT | low for low in self.runs]
        p = self.player
        here = self.pos[p]
        if here == PORTAL:
            moves = [EXIT << SHIFT | c for line in self.lines for c in line]
            if self.hands[p] & self.game.portal_mask:
                moves += [F_PORTAL << SHIFT | c for line in self.lines for c in line]
            return moves
        return self._main_moves(p, here) + self._free_moves(p, here)

    def _main_moves(self, p: int, here: int) -> list[int]:
        g = self.game
        where = self.where
        s = where[here]
        line = self.lines[s]
        i = line.index(here)
        hand = self.hands[p]
        moves = []
        if i:
            moves.append(line[i - 1])
        if i + 1 < len(line):
            moves.append(line[i + 1])
        base = here - g.number_of[here] + 1
        lo = line[i - 1] if i else base - 1
        hi = line[i + 1] if i + 1 < len(line) else base + g.top
        fits = hand & ((1 << hi) - (1 << (lo + 1)))
        while fits:
            low = fits & -fits
            moves.append(PLACE << SHIFT | (low.bit_length() - 1))
            fits ^= low
        colour_lines = self.colour_lines
        colour_of = g.colour_of
        for c in g.same_number[here]:
            if where[c] >= 0:
                moves.append(c)
            elif hand >> c & 1 and not (g.one_per_colour and colour_lines[colour_of[c]]):
                moves.append(PLACE << SHIFT | c)
        if g.portal_next_turn:
            moves.append(ENTER << SHIFT)
        else:  # coming out where you went in is allowed, so a main action always exists
            moves += [EXIT << SHIFT | c for ln in self.lines for c in ln]
        return moves

    def _free_moves(self, p: int, here: int) -> list[int]:
        g = self.game
        hand = self.hands[p]
        moves = []
        if hand & g.portal_mask:
            moves += [F_PORTAL << SHIFT | c for ln in self.lines for c in ln if c != here]
        s = self.where[here]
        if hand & g.jump_mask:
            moves += [F_JUMP << SHIFT | c for c in self.lines[s] if c != here]
        if self.tokens[p]:
            moves += [F_TOKEN << SHIFT | c for c in self.lines[s] if c != here]
        if hand & g.freeze_mask and self.markers[p] and not self.frozen[s] >> p & 1:
            moves.append(FREEZE << SHIFT)
        return moves

    def apply(self, move: int) -> None:
        g = self.game
        if g.debug and move not in self.legal_moves():
            raise ValueError(f"illegal move {self.describe(move)} for seat {self.current_player() + 1}")
        self.moves += 1
        self.valued = None
        kind, card = move >> SHIFT, move & ARG
        p = self.player
        if kind == MOVE:
            self._goto(p, card)
            if not self.over:
                self._draw_one(p)
        elif kind == PLACE:
            self._place(p, card)
        elif kind == ENTER:
            self.portal_main += 1
            if g.portal_collapse:
                self._goto(p, PORTAL)  # stepping in is leaving: the timeline may collapse
            else:
                self.pos[p] = PORTAL
        elif kind == EXIT:
            if not g.portal_next_turn:
                self.portal_main += 1
            self._goto(p, card)
        elif kind == RUN:
            self.phase = FREE
            self._partial_then_full(p, self.where[card], card)
        elif kind == LAND:
            self._goto(self.pending.pop(0), card)
            if not self.pending:
                self.phase = FREE
        else:
            self._free_action(p, kind, card)
            if g.debug:
                self.check_invariants()
            return
        if not self.over and self.phase == FREE:
            self._end_turn()
        if g.debug:
            self.check_invariants()

    def _free_action(self, p: int, kind: int, card: int) -> None:
        g = self.game
        if kind == F_TOKEN:
            self.tokens[p] -= 1
            self.free_uses[2] += 1
        else:
            i = {F_PORTAL: 0, F_JUMP: 1, FREEZE: 2}[kind]
            spent = self.hands[p] & g.kind_mask[i]
            spent &= -spent
            self.hands[p] ^= spent
            self.sizes[p] -= 1
            self.discard.append(spent.bit_length() - 1)
            self.free_uses[i if i < 2 else 3] += 1
        if kind == FREEZE:
            self.frozen[self.where[self.pos[p]]] |= 1 << p
            self.markers[p] -= 1
        else:
            self._goto(p, card)

    def _place(self, p: int, card: int) -> None:
        """Play `card` beside the meeple (same colour) or as a new timeline (same number); move onto it."""
        g = self.game
        self.hands[p] ^= 1 << card
        self.sizes[p] -= 1
        here = self.pos[p]
        s = self.where[here]
        n = g.number_of[card]
        same_colour = g.colour_of[card] == g.colour_of[here]
        if same_colour:
            insort(self.lines[s], card)
            self.where[card] = s
            self.on_table[n] += 1
        else:
            self._open_slot(card)
        # a fixed point of time counts the cards on the table once the card lies there
        if self.on_table[n] in (3, 4):
            self.tokens[p] += 1
            self.fixed_tokens += 1
        if same_colour:
            self.pos[p] = card
            self._collapse_after(p, s, card)
        else:
            self._goto(p, card)

    def is_over(self) -> bool:
        return self.over

    def game_of(self) -> Game:
        return self.game

    def scores(self) -> list[float]:
        return [float(c) for c in self.crystals]

    def scores_moved(self) -> bool:
        """Crystals, the scores, move only when a collapse gives some."""
        return self.scored_at == self.moves

    def result(self) -> Result:
        """Crystals are the scores; the winner ranks first, then players still in, by crystals.

        A game ended by a stall (`stall = "ends"`) has no such winner: the players ranked first by
        the same order (still in, then most crystals with the compensation) win, several sharing it."""
        n = self.game.players
        crystals = self.game.compensated(self.scores(), self.first)
        keys = [(s == self.winner, not self.out[s], crystals[s]) for s in range(n)]
        places = placements_from_scores(keys)
        if self.stalled:
            winners = [s for s in range(n) if places[s] == 1]
        else:
            winners = [] if self.winner < 0 else [self.winner]
        turns = max(1, self.turns)
        metrics = {
            "turns": float(self.turns),
            "collapses_empty": float(self.collapses[0]),
            "collapses_partial": float(self.collapses[1]),
            "collapses_full": float(self.collapses[2]),
            "limit_tokens": float(self.limit_tokens),
            "knockouts": float(self.knockouts),
            "last_standing": float(self.n_active == 1),
            "timelines_mean": self.timeline_sum / turns,
            "timelines_max": float(self.timeline_max),
            **{name: float(k) for name, k in zip(FREE_ACTIONS, self.free_uses, strict=True)},
            "portal_main": float(self.portal_main),
            "fixed_point_tokens": float(self.fixed_tokens),
            "reshuffles": float(self.reshuffles),
            "stalled": float(self.stalled or (self.capped and self._stalled())),
        }
        return Result(
            scores=crystals,
            winners=winners,
            draw=len(winners) > 1,
            placements=places,
            first_player=self.first,
            moves=self.moves,
            breakdown={name: [float(x) for x in self.by_kind[k]] for k, name in enumerate(COLLAPSES)},
            metrics=metrics,
            capped=self.capped,
        )

    # ------------------------------------------------------------ evaluation
    def evaluate(self, seat: int) -> float:
        """Crystals ahead of the best rival, then tokens, then hand cards that would make a collapse.

        A card towards a collapse completes a run of three in its colour's
        timeline, or brings a timeline that holds the 13 to five cards. A hand
        at the limit risks the penalty; being out is worst.
        """
        if self.out[seat]:
            return -100.0
        if self.over and self.winner >= 0:
            return 100.0 if self.winner == seat else -100.0
        rivals = [c for s, c in enumerate(self.crystals) if s != seat and not self.out[s]]
        value = self.crystals[seat] - max(rivals, default=0)
        value += 0.25 * min(self.tokens[seat], 3)
        value += 0.3 * self.towards_collapse(seat)
        if self.sizes[seat] >= self.game.hand_limit:
            value -= 0.5
        return float(value)

    def move_gain(self, move: int, seat: int, rng: random.Random | None = None) -> float:
        """The change in `evaluate(seat)` when `move` is played here, on a view as well as a state.

        The move is played on a copy that knows what the seat knows, a view
        with no generator: cards drawn from the hidden deck count in the hand's
        size but stay unknown, so the value needs no sampling.
        """
        quick = self._free_action_gain(move, seat)
        if quick is not None:
            return quick
        if self.valued is None or self.valued[0] != seat:
            self.valued = (seat, self.evaluate(seat))
        after = self._copy(seat)
        after.apply(move)
        return after.evaluate(seat) - self.valued[1]

    def _free_action_gain(self, move: int, seat: int) -> float | None:
        """`move_gain` of a jump or a portal card that collapses nothing, without playing it; else None.

        Such a move changes only the spent token (its weight in `evaluate`) or
        the hand's size (the penalty for a hand at the limit): the table and
        the number cards in hand stay as they are.
        """
        kind, card = move >> SHIFT, move & ARG
        if kind not in (F_PORTAL, F_JUMP, F_TOKEN) or seat != self.player or self.phase != FREE:
            return None
        here = self.pos[seat]
        if kind == F_PORTAL and here >= 0:
            old = self.where[here]
            stays = self.where[card] == old or self.frozen[old]
            if not stays and not any(
                c >= 0 and self.where[c] == old for q, c in enumerate(self.pos) if q != seat
            ):
                return None  # leaving may collapse the timeline
        if kind == F_TOKEN:
            t = self.tokens[seat]
            return 0.25 * (min(t - 1, 3) - min(t, 3))
        limit = self.game.hand_limit
        return 0.5 if self.sizes[seat] >= limit > self.sizes[seat] - 1 else 0.0

    def towards_collapse(self, seat: int) -> int:
        """How many number cards in `seat`'s hand would make a collapse where their colour lies."""
        g = self.game
        where, lines = self.where, self.lines
        hand = self.hands[seat] & g.numbers_mask
        count = 0
        while hand:
            low = hand & -hand
            c = low.bit_length() - 1
            hand ^= low
            n = g.number_of[c]
            left2 = where[c - 2] if n > 2 else -1
            left1 = where[c - 1] if n > 1 else -1
            right1 = where[c + 1] if n < g.top else -1
            right2 = where[c + 2] if n + 1 < g.top else -1
            if (left1 >= 0 and (left1 == right1 or left1 == left2)) or (right1 >= 0 and right1 == right2):
                count += 1
                continue
            top = g.singularity[g.colour_of[c]]
            s = where[top] if c != top else self._slot_of_colour(g.colour_of[c])
            if s >= 0 and len(lines[s]) + 1 >= 5:
                count += 1
        return count

    def _slot_of_colour(self, colour: int) -> int:
        for s, c in enumerate(self.line_colour):
            if c == colour:
                return s
        return -1

    # ------------------------------------------------------ hidden information
    def clone(self) -> State:
        new = self._copy()
        new.rng = copy_generator(self.rng)
        return new

    def _copy(self, viewer: int | None = None) -> State:
        """A copy of everything but the generator; with `viewer`, of what that seat knows of the deck
        (its size: `HIDDEN` cards) and marked as that seat's.

        Field by field, no loop over names: a greedy move copies the position once per legal move.
        """
        new = State(self.game, None, _blank=True)
        new.viewer = self.viewer if viewer is None else viewer
        new.hands = self.hands[:]
        new.sizes = self.sizes[:]
        new.deck = self.deck[:] if viewer is None else [HIDDEN] * len(self.deck)
        new.discard = self.discard[:]
        new.lines = [line[:] for line in self.lines]
        new.line_colour = self.line_colour[:]
        new.colour_lines = self.colour_lines[:]
        new.n_lines = self.n_lines
        new.where = self.where[:]
        new.on_table = self.on_table[:]
        new.pos = self.pos[:]
        new.frozen = self.frozen[:]
        new.markers = self.markers[:]
        new.tokens = self.tokens[:]
        new.crystals = self.crystals[:]
        new.out = self.out[:]
        new.n_active = self.n_active
        new.player = self.player
        new.phase = self.phase
        new.runs = self.runs[:]
        new.pending = self.pending[:]
        new.turns = self.turns
        new.over = self.over
        new.capped = self.capped
        new.stalled = self.stalled
        new.winner = self.winner
        new.first = self.first
        new.moves = self.moves
        new.scored_at = self.scored_at
        new.by_kind = [row[:] for row in self.by_kind]
        new.collapses = self.collapses[:]
        new.limit_tokens = self.limit_tokens
        new.knockouts = self.knockouts
        new.free_uses = self.free_uses[:]
        new.portal_main = self.portal_main
        new.fixed_tokens = self.fixed_tokens
        new.reshuffles = self.reshuffles
        new.timeline_sum = self.timeline_sum
        new.timeline_max = self.timeline_max
        return new

    def view(self, player: int) -> State:
        """What `player` sees: own hand, other hands' sizes, the table, discards, the deck's size."""
        v = self._copy(player)
        v.hands = [h if s == player else None for s, h in enumerate(self.hands)]
        return v

    def public(self, player: int) -> tuple[Any, ...]:
        """Everything in `player`'s view as one comparable value."""
        return (
            player,
            self.hands[player],
            tuple(self.sizes),
            len(self.deck),
            tuple(self.discard),
            tuple(tuple(line) for line in self.lines),
            tuple(self.pos),
            tuple(self.frozen),
            tuple(self.markers),
            tuple(self.tokens),
            tuple(self.crystals),
            tuple(self.out),
            self.player,
            self.phase,
            tuple(self.runs),
            tuple(self.pending),
            self.turns,
            self.over,
        )

    def unseen(self, player: int) -> list[int]:
        """Cards `player` cannot see: the other hands and the deck."""
        known = self.hands[player]
        for c in self.discard:
            known |= 1 << c
        for line in self.lines:
            for c in line:
                known |= 1 << c
        return [c for c in range(self.game.cards) if not known >> c & 1]

    def sample(self, player: int, rng: random.Random) -> State:
        """A full state `player` cannot tell from this one: the unseen cards dealt again at random."""
        if self.viewer not in (-1, player):
            raise ValueError(f"a view for seat {self.viewer + 1} cannot be sampled for seat {player + 1}")
        pool = self.unseen(player)
        others = [s for s in range(self.game.players) if s != player]
        if sum(self.sizes[s] for s in others) + len(self.deck) != len(pool):
            raise AssertionError("hand sizes and the deck do not add up to the unseen cards")
        rng.shuffle(pool)
        new = self.clone()
        new.viewer = -1
        new.rng = generator(rng.getrandbits(64))
        k = 0
        for s in others:
            mask = 0
            for c in pool[k : k + self.sizes[s]]:
                mask |= 1 << c
            new.hands[s] = mask
            k += self.sizes[s]
        new.deck = pool[k:]
        return new

    def describe(self, move: int) -> str:
        """A move in words, for errors and tests."""
        kind, card = move >> SHIFT, move & ARG
        names = (
            "move",
            "place",
            "enter portal",
            "exit portal",
            "portal card",
            "jump card",
            "jump token",
            "freeze",
            "collapse run",
            "land",
        )
        if kind in (ENTER, FREEZE):
            return names[kind]
        return f"{names[kind]} {self.game.card_name(card)}"

    def check_invariants(self) -> None:
        """Every card in one place, timelines ascending and collapsed, meeples and markers accounted for."""
        g = self.game
        _check_cards(self, g)
        _check_lines(self, g)
        _check_pieces(self, g)


def _bits(mask: int) -> Iterator[int]:
    """The set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _check_cards(state: State, g: Game) -> None:
    table = [c for line in state.lines for c in line]
    places = table + state.discard
    if state.viewer < 0:
        places += state.deck
        for s, hand in enumerate(state.hands):
            held = list(_bits(hand))
            if len(held) != state.sizes[s]:
                raise AssertionError(f"seat {s + 1}: hand size out of step")
            places += held
        if sorted(places) != list(range(g.cards)):
            raise AssertionError("cards lost or doubled")
    elif len(set(places)) != len(places):
        raise AssertionError("cards doubled on the table or in the discards")
    for c in range(g.numbers):
        s = state.where[c]
        if (s >= 0) != (c in table) or (s >= 0 and c not in state.lines[s]):
            raise AssertionError(f"card {g.card_name(c)}: its slot is out of step")
    if any(state.sizes[s] > g.hand_limit for s in range(g.players)):
        raise AssertionError("a hand holds more than the limit")


def _check_lines(state: State, g: Game) -> None:
    counts = [0] * (g.top + 1)
    for s, line in enumerate(state.lines):
        if not line:
            if state.line_colour[s] != -1 or state.frozen[s]:
                raise AssertionError(f"free slot {s} keeps a colour or a marker")
            continue
        colour = state.line_colour[s]
        if line != sorted(line) or any(g.colour_of[c] != colour for c in line):
            raise AssertionError(f"timeline {s} is not one ascending colour: {line}")
        for c in line:
            counts[g.number_of[c]] += 1
        if state.phase != CHOOSE_RUN:
            numbers = {g.number_of[c] for c in line}
            if any(n in numbers and n + 1 in numbers and n + 2 in numbers for n in numbers):
                raise AssertionError(f"timeline {s} holds a run it should have collapsed")
    if counts != state.on_table:
        raise AssertionError("cards per number out of step")
    per_colour = [0] * g.colours
    for s, line in enumerate(state.lines):
        if line:
            per_colour[state.line_colour[s]] += 1
    if per_colour != state.colour_lines or sum(per_colour) != state.n_lines:
        raise AssertionError("timelines per colour out of step")
    if g.one_per_colour and max(per_colour) > 1:
        raise AssertionError("two timelines of one colour")
    if not state.over and not state.n_lines:
        raise AssertionError("no timeline on the table")


def _check_pieces(state: State, g: Game) -> None:
    for p in range(g.players):
        here = state.pos[p]
        if here >= 0 and state.where[here] < 0:
            raise AssertionError(f"seat {p + 1} stands on a card that is not on the table")
        if (here == OUT) != state.out[p]:
            raise AssertionError(f"seat {p + 1}: out of step with its meeple")
        if here == LIMBO and not (state.phase == LANDING and p in state.pending) and not state.over:
            raise AssertionError(f"seat {p + 1} waits to land outside a landing")
        placed = sum(f >> p & 1 for f in state.frozen)
        expected = 0 if state.out[p] else g.freeze_markers
        if state.markers[p] + placed != expected or state.markers[p] < 0:
            raise AssertionError(f"seat {p + 1}: freeze markers out of step")
        if state.tokens[p] < 0:
            raise AssertionError(f"seat {p + 1}: negative tokens")
        if not state.over and state.crystals[p] >= g.goal:
            raise AssertionError(f"seat {p + 1} reached the goal but the game goes on")
    if state.n_active != state.out.count(False):
        raise AssertionError("active seat count out of step")
