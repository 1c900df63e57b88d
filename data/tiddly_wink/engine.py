"""Tiddly-Wink: blocking dominoes for counters, a match of many rounds with hidden hands.

Rules: the project's rules spec for Tiddly-Wink, every option read from
`data/tiddly_wink/tiddly_wink.toml`. One game of the runner is one *match*: rounds are
dealt, staked and played until a player cannot pay the stake (or the options'
other ends); per-round counts travel out as the match's metrics.

Scores are the counters a seat holds at the end, or, with `round_score =
"pips"`, the points of block dominoes as OpenSpiel's
`open_spiel/python/games/block_dominoes.py` returns them: the round's winner
(the first to go out, or the lowest pip total when every seat passes) scores
the pips left in the other hands, and a tied blocked round scores nobody.

Representation, chosen for speed:

- a tile is an int `0..T-1` numbered so that `[a|b]` with `a <= b` is
  `b*(b+1)/2 + a` (so the doubles rise with their value); a hand, the line and
  the boneyard's contents are bitmasks of tiles;
- a move is `tile*2 + side` (side 0 = the left end, 1 = the right end) or
  `PASS`; when the two ends show the same number only the left move is
  offered. During a bonus (after a double) `PASS` means "stop";
- legal moves come from the hand masked with the tiles that fit either end
  and a precomputed table of the moves each tile has for each pair of ends.

Forced steps are not moves: the leader's opening tile, drawing from the
boneyard (option `draw`) and the end of a bonus the player cannot use happen
inside `apply`. A pass or an unused bonus under forced play tells the table
that the player holds neither end number; those *voids* are public and part
of a player's view.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

from printkit.datafile.gamedata import Rules
from printkit.errors import DataError
from simulate.engines.base import (
    AgentBase,
    GameBase,
    Result,
    StateBase,
    copy_generator,
    placements_from_scores,
)
from simulate.engines.draws import generator, shuffle

PASS = -1
HIDDEN = -1  # a boneyard tile in a player's view
MAX_SEATS = 8
SAMPLE_TRIES = 200
# Weights of a hand's prospect in a round, in counters (see State._prospect).
W_SIZE = 0.5
W_PIPS = 0.02
W_FOLLOW = 0.2
W_THREAT = 0.05
POSITION_METRICS = tuple(
    [f"round_wins_pos{k + 1}" for k in range(MAX_SEATS)]
    + [f"blocked_wins_pos{k + 1}" for k in range(MAX_SEATS)]
)


def tile_id(a: int, b: int) -> int:
    """The tile `[a|b]` (in either order)."""
    lo, hi = min(a, b), max(a, b)
    return hi * (hi + 1) // 2 + lo


class Game(GameBase):
    """Tiddly-Wink for one set of rules and a player count, with its precomputed tile tables."""

    name: ClassVar[str] = "tiddly_wink"
    metric_names: ClassVar[tuple[str, ...]] = (
        "rounds",
        "busts",
        "blocked_rounds",
        "tied_rounds",
        "redeals",
        "bonus_plays",
        "boneyard_draws",
        "counter_spread",
        "pot_left",
        *POSITION_METRICS,
    )
    metric_docs: ClassVar[dict[str, str]] = {
        "rounds": "rounds played in the match (a match ends at the first bust, or at the round cap)",
        "busts": "players who could not pay their stake at the start of a round (the match ends)",
        "blocked_rounds": "rounds that ended blocked: no seat could play, the boneyard empty",
        "tied_rounds": "rounds whose best hands tied, so no single seat won the pot",
        "redeals": "rounds dealt again under the redeal rule",
        "bonus_plays": "bonus tiles played after a double",
        "boneyard_draws": "tiles drawn from the boneyard by players who could not follow",
        "counter_spread": "counters of the richest seat minus the poorest at the end of the match",
        "pot_left": "counters left in the pot when the match ended",
        **{
            f"round_wins_pos{k + 1}": f"rounds won by the seat {k} places after the round's leader"
            for k in range(MAX_SEATS)
        },
        **{
            f"blocked_wins_pos{k + 1}": f"blocked rounds won by the seat {k} places after the round's leader"
            for k in range(MAX_SEATS)
        },
    }
    figure_docs: ClassVar[dict[str, str]] = {
        "rounds_summary": "a page of the round-level figures in words: rates per round, blocked rounds, "
        "match length and each option's effect against the first arm",
        "round_wins": "share of rounds won by turn position counted from the round's leader, per arm, "
        "with 95% intervals and even shares dotted",
        "blocked_rounds": "how often rounds block and end tied, and who wins the blocked rounds",
        "match_length": "rounds per match: the distribution per arm, and the median by player count",
        "option_effects": "round length, blocked rate and the leader's advantage side by side for every arm",
    }
    docs_ja: ClassVar[dict[str, str]] = {
        "rounds": "ゲームで行ったラウンド数（ゲームは最初の脱落か、ラウンドの上限で終わる）",
        "busts": "ラウンドの始めにステークを払えなかったプレイヤーの数（ゲームが終わる）",
        "blocked_rounds": "全員パスで終わったラウンドの数：どの席も出せず、山も残っていない",
        "tied_rounds": "最もよい手牌が同点で、場を1人で取る席がなかったラウンドの数",
        "redeals": "配り直しのルールで配り直したラウンドの数",
        "bonus_plays": "ダブル牌の後に続けて出したもう1枚の数",
        "boneyard_draws": "つなげられないプレイヤーが山から引いた牌の枚数",
        "counter_spread": "ゲーム終了時の、最も多くカウンターを持つ席と最も少ない席の差",
        "pot_left": "ゲーム終了時に場に残っていたカウンターの数",
        **{f"round_wins_pos{k + 1}": f"最初の1枚を出した席から{k}席後の席が取ったラウンドの数"
           for k in range(MAX_SEATS)},
        **{f"blocked_wins_pos{k + 1}": f"最初の1枚を出した席から{k}席後の席が取った全員パスのラウンドの数"
           for k in range(MAX_SEATS)},
    }  # fmt: skip
    figure_docs_ja: ClassVar[dict[str, str]] = {
        "rounds_summary": "ラウンド単位の指標を言葉で示すページ：ラウンドあたりの割合、全員パスのラウンド、"
        "ゲームの長さ、最初のアームに対する各オプションの効果",
        "round_wins": "ラウンドの最初の1枚を出した席から数えた手番順ごとの、ラウンドを取った割合、"
        "アームごと、95%区間つき（点線：均等な割合）",
        "blocked_rounds": "ラウンドが全員パスで止まる頻度と同点で終わる頻度、全員パスのラウンドを誰が取るか",
        "match_length": "ゲームあたりのラウンド数：アームごとの分布と、人数ごとの中央値",
        "option_effects": "すべてのアームのラウンドの長さ、全員パスの割合、最初の1枚を出した席の有利さを"
        "並べたもの",
    }
    names_en: ClassVar[dict[str, str]] = {
        "pot_left": "counters left in the pot",
        **{f"round_wins_pos{k + 1}": f"rounds won by turn position {k + 1}" for k in range(MAX_SEATS)},
        **{
            f"blocked_wins_pos{k + 1}": f"blocked rounds won by turn position {k + 1}"
            for k in range(MAX_SEATS)
        },
        "rounds_summary": "round summary",
        "round_wins": "rounds won by turn position",
    }
    names_ja: ClassVar[dict[str, str]] = {
        "rounds": "ラウンド数",
        "busts": "脱落したプレイヤー",
        "blocked_rounds": "全員パスのラウンド",
        "tied_rounds": "同点のラウンド",
        "redeals": "配り直し",
        "bonus_plays": "ダブル牌の後のもう1枚",
        "boneyard_draws": "山から引いた牌",
        "counter_spread": "カウンターの差",
        "pot_left": "場に残ったカウンター",
        **{f"round_wins_pos{k + 1}": f"手番順{k + 1}が取ったラウンド" for k in range(MAX_SEATS)},
        **{f"blocked_wins_pos{k + 1}": f"手番順{k + 1}が取った全員パスのラウンド" for k in range(MAX_SEATS)},
        "rounds_summary": "ラウンドのまとめ",
        "round_wins": "手番順ごとに取ったラウンド",
        "match_length": "ゲームの長さ",
        "option_effects": "オプションの効果",
    }
    # The generic report pages show these per-match figures; the per-position
    # counts are pooled into round-level rates by `report_extras` instead.
    report_metrics: ClassVar[tuple[str, ...]] = metric_names[:9]
    categories: ClassVar[tuple[str, ...]] = ()
    core: ClassVar[str | None] = f"{__package__}.core"

    def __init__(self, rules: Rules, debug: bool = False):
        """Read the options and build the tile tables; the loader's rule set has checked that they fit."""
        super().__init__(rules, debug)
        if self.players > MAX_SEATS:
            raise DataError(f"players: the engine seats at most {MAX_SEATS}, got {self.players}")
        self._options(rules.values)
        # the data file's set: every pair of values 0..max_pips (its range is checked on load)
        self.values = rules.components["domino"]["max_pips"] + 1
        self.tiles = self.values * (self.values + 1) // 2
        self._tile_tables()
        self._move_tables()

    def _options(self, v: Any) -> None:
        self.hand = v["hand"]
        self.start_counters = v["counters"]
        self.position_counters = v["position_counters"]
        self.stake = v["stake"]
        self.match_end = v["match_end"]
        self.redeal = v["no_double"] == "redeal"
        self.bonus_once = v["double_bonus"] == "once"
        self.bonus_chain = v["double_bonus"] == "chain"
        self.opening_bonus = v["opening_double_bonus"] and v["double_bonus"] != "none"
        self.forced = v["forced_play"]
        self.draw = v["draw"]
        self.split = v["tie"] == "split"
        self.pip_score = v["round_score"] == "pips"
        self.rounds_break_ties = v["match_tie"] == "rounds_won"
        self.split_when_all_out = v["all_out"] == "split"
        self.round_cap = v["round_cap"]

    def _tile_tables(self) -> None:
        """Each tile's ends, pips and doubleness, the lead order, and the tiles showing each number."""
        k, t_count = self.values, self.tiles
        self.lo = [0] * t_count
        self.hi = [0] * t_count
        for b in range(k):
            for a in range(b + 1):
                t = tile_id(a, b)
                self.lo[t], self.hi[t] = a, b
        self.pips = [self.lo[t] + self.hi[t] for t in range(t_count)]
        self.double = [self.lo[t] == self.hi[t] for t in range(t_count)]
        self.full = (1 << t_count) - 1
        self.doubles_mask = sum(1 << t for t in range(t_count) if self.double[t])
        # tiles showing number x
        self.match = [sum(1 << t for t in range(t_count) if x in (self.lo[t], self.hi[t])) for x in range(k)]
        # tiles showing any number of a set of numbers (bit x = number x): what a void excludes
        self.match_set = [0] * (1 << k)
        for s in range(1 << k):
            for x in range(k):
                if s >> x & 1:
                    self.match_set[s] |= self.match[x]
        # the lead when nobody holds a double: most pips, then the higher end
        self.lead_order = sorted(range(t_count), key=lambda t: (self.pips[t], self.hi[t]), reverse=True)
        self.all_tiles = list(range(t_count))

    def _move_tables(self) -> None:
        """Per pair of ends l*k+r: the tiles that fit either end, and each tile's moves there."""
        k = self.values
        self.fits = [self.match[e // k] | self.match[e % k] for e in range(k * k)]
        self.tile_moves: list[list[tuple[int, ...]]] = []
        for e in range(k * k):
            left, right = divmod(e, k)
            per_tile: list[tuple[int, ...]] = []
            for t in range(self.tiles):
                ends = (self.lo[t], self.hi[t])
                moves = []
                if left in ends:
                    moves.append(t * 2)
                if right in ends and right != left:
                    moves.append(t * 2 + 1)
                per_tile.append(tuple(moves))
            self.tile_moves.append(per_tile)

    def report_extras(self, ctx: Any, arms: list[Any]) -> Any:
        """Round-level rates, blocked rounds, match length and option effects (see `report`)."""
        from .report import extras

        return extras(ctx, arms)

    def name_of(self, t: int) -> str:
        return f"[{self.lo[t]}|{self.hi[t]}]"

    def new_state(
        self, seed: int, deals: Sequence[tuple[Sequence[Sequence[int]], Sequence[int]]] = ()
    ) -> State:
        """A match; `deals` replaces the shuffle of the first rounds: (hand per active seat, boneyard)."""
        return State(self, generator(seed), deals=deals)


class State(StateBase):
    """A match in progress: counters, the pot, and the round being played."""

    __slots__ = (
        "game",
        "rng",
        "viewer",
        "script",
        "counters",
        "pot",
        "active",
        "n_active",
        "hands",
        "sizes",
        "bone",
        "line",
        "left",
        "right",
        "player",
        "bonus",
        "passes",
        "leader",
        "voids",
        "round",
        "over",
        "first",
        "moves",
        "rounds_won",
        "points",
        "last_winners",
        "last_blocked",
        "settled_at",
        "capped",
        "busts",
        "blocked",
        "tied",
        "redeals",
        "bonus_plays",
        "draws",
        "wins_pos",
        "blocked_pos",
    )

    def __init__(
        self,
        game: Game,
        rng: random.Random | None,
        deals: Sequence[tuple[Sequence[Sequence[int]], Sequence[int]]] = (),
        _blank: bool = False,
    ):
        self.game = game
        self.rng = rng
        if _blank:
            return
        n = game.players
        self.viewer = -1
        self.script = tuple(deals)
        self.counters = [game.start_counters] * n
        self.pot = 0
        self.active = [True] * n
        self.n_active = n
        self.round = 0
        self.over = False
        self.moves = 0
        self.rounds_won = [0] * n
        self.points = [0] * n
        self.last_winners: list[int] = []
        self.last_blocked = False
        self.settled_at = 0
        self.capped = False
        self.busts = 0
        self.blocked = 0
        self.tied = 0
        self.redeals = 0
        self.bonus_plays = 0
        self.draws = 0
        self.wins_pos = [0] * MAX_SEATS
        self.blocked_pos = [0] * MAX_SEATS
        self.hands = [0] * n
        self.sizes = [0] * n
        self.bone: list[int] = []
        winner = self._start_round()
        self.first = self.leader
        for k in range(1, n):  # the head start of later turn positions, once the leader is known
            self.counters[(self.first + k) % n] += k * game.position_counters
        if winner >= 0:
            self._finish_round([winner], False)

    # ---------------------------------------------------------------- rounds
    def _start_round(self) -> int:
        """Stake, deal and play the opening tile; return the leader if that emptied their hand, else -1."""
        g = self.game
        n = g.players
        active = self.active
        stake = g.stake
        for s in range(n):
            if active[s]:
                self.counters[s] -= stake
                self.pot += stake
        self.voids = [0] * n
        self.passes = 0
        self.bonus = False
        while True:
            self._deal()
            lead = self._lead_tile()
            if lead >= 0:
                break
            self.redeals += 1
        hands = self.hands
        leader = 0
        bit = 1 << lead
        while not hands[leader] & bit:
            leader += 1
        self.leader = leader
        hands[leader] ^= bit
        self.sizes[leader] -= 1
        self.line = bit
        self.left = g.lo[lead]
        self.right = g.hi[lead]
        if not self.sizes[leader]:
            return leader
        if g.double[lead] and g.opening_bonus:
            self._offer_bonus(leader)
        else:
            self._next_turn(leader)
        return -1

    def _deal(self) -> None:
        if self.script:
            self._scripted(self.script[0])
            self.script = self.script[1:]
            return
        g = self.game
        n = g.players
        active = self.active
        hand = g.hand
        hands = [0] * n
        sizes = [0] * n
        perm = g.all_tiles[:]
        shuffle(self.rng, perm)
        k = 0
        for s in range(n):
            if active[s]:
                mask = 0
                for t in perm[k : k + hand]:
                    mask |= 1 << t
                hands[s] = mask
                sizes[s] = hand
                k += hand
        self.hands = hands
        self.sizes = sizes
        self.bone = perm[k:]

    def _scripted(self, deal: tuple[Sequence[Sequence[int]], Sequence[int]]) -> None:
        """A deal set by hand: a hand per active seat (in seat order) and the boneyard, drawn front first."""
        g = self.game
        held, bone = deal
        seats = [s for s in range(g.players) if self.active[s]]
        if len(held) != len(seats):
            raise ValueError(f"a scripted deal needs {len(seats)} hands, got {len(held)}")
        self.hands = [0] * g.players
        self.sizes = [0] * g.players
        for s, tiles in zip(seats, held, strict=True):
            self.hands[s] = sum(1 << t for t in tiles)
            self.sizes[s] = len(tiles)
        self.bone = list(reversed(bone))
        dealt = [t for tiles in held for t in tiles] + list(bone)
        if sorted(dealt) != g.all_tiles:
            raise ValueError("a scripted deal must place every tile exactly once")

    def _lead_tile(self) -> int:
        """The tile that opens the round, or -1 when nobody holds a double and the rules redeal."""
        g = self.game
        dealt = 0
        for h in self.hands:
            dealt |= h
        doubles = dealt & g.doubles_mask
        if doubles:
            return doubles.bit_length() - 1
        if g.redeal:
            return -1
        for t in g.lead_order:
            if dealt >> t & 1:
                return t
        raise AssertionError("nobody holds a tile")

    def _next_turn(self, p: int) -> None:
        """Play passes to the next seat in the match, who draws first if the rules say so."""
        g = self.game
        n = g.players
        active = self.active
        q = p + 1 if p + 1 < n else 0
        while not active[q]:
            q = q + 1 if q + 1 < n else 0
        self.player = q
        if g.draw and self.bone:
            fits = g.fits[self.left * g.values + self.right]
            if not self.hands[q] & fits:
                bone = self.bone
                hand = self.hands[q]
                drawn = 0
                while bone:
                    t = bone.pop()
                    hand |= 1 << t
                    drawn += 1
                    if fits >> t & 1:
                        break
                self.hands[q] = hand
                self.sizes[q] += drawn
                self.draws += drawn
                self.voids[q] = 0

    def _offer_bonus(self, p: int) -> None:
        """After a double: the same player plays on if any tile fits, else the turn moves on."""
        g = self.game
        if self.hands[p] & g.fits[self.left * g.values + self.right]:
            self.bonus = True
            self.player = p
        else:
            self.bonus = False
            if g.forced:
                self.voids[p] |= (1 << self.left) | (1 << self.right)
            self._next_turn(p)

    def _finish_round(self, winners: list[int], blocked: bool) -> None:
        """Settle the pot, then start rounds until one needs a decision or the match is over."""
        while True:
            self._settle(winners, blocked)
            if self._match_over():
                return
            winner = self._start_round()
            if winner < 0:
                return
            winners, blocked = [winner], False

    def _settle(self, winners: list[int], blocked: bool) -> None:
        g = self.game
        self.round += 1
        self.settled_at = self.moves
        self.last_winners = winners
        self.last_blocked = blocked
        if blocked:
            self.blocked += 1
        if len(winners) == 1:
            w = winners[0]
            self.counters[w] += self.pot
            self.pot = 0
            self.rounds_won[w] += 1
            if g.pip_score:
                self.points[w] += sum(self._pips(q) for q in range(g.players) if q != w and self.active[q])
            pos = 0
            s = self.leader
            while s != w:
                s = s + 1 if s + 1 < g.players else 0
                pos += self.active[s]
            self.wins_pos[pos] += 1
            if blocked:
                self.blocked_pos[pos] += 1
        else:
            self.tied += 1
            if g.split:
                share = self.pot // len(winners)
                for w in winners:
                    self.counters[w] += share
                self.pot -= share * len(winners)

    def _match_over(self) -> bool:
        g = self.game
        if g.match_end == "one_round":
            self.over = True
            return True
        short = [s for s in range(g.players) if self.active[s] and self.counters[s] < g.stake]
        if short:
            self.busts += len(short)
            if g.match_end == "first_bust":
                self.over = True
                return True
            for s in short:
                self.active[s] = False
            self.n_active -= len(short)
            if self.n_active <= 1:
                # the last one standing takes the pot; if nobody is left, the option says who does
                takers = [s for s in range(g.players) if self.active[s]]
                if not takers and g.split_when_all_out:
                    takers = short
                if takers:
                    share = self.pot // len(takers)
                    for s in takers:
                        self.counters[s] += share
                    self.pot -= share * len(takers)
                self.over = True
                return True
        if self.round >= g.round_cap:
            self.capped = True
            self.over = True
            return True
        return False

    def _pips(self, seat: int) -> int:
        """The pips left in `seat`'s hand."""
        pips = self.game.pips
        total = 0
        m = self.hands[seat]
        while m:
            low = m & -m
            total += pips[low.bit_length() - 1]
            m ^= low
        return total

    def _blocked_winners(self) -> list[int]:
        totals = {s: self._pips(s) for s in range(self.game.players) if self.active[s]}
        least = min(totals.values())
        return [s for s, total in totals.items() if total == least]

    # ------------------------------------------------------------- interface
    def current_player(self) -> int:
        return self.player

    def legal_moves(self) -> list[int]:
        if self.over:
            return []
        g = self.game
        e = self.left * g.values + self.right
        m = self.hands[self.player] & g.fits[e]
        if not m:
            return [PASS]
        per_tile = g.tile_moves[e]
        moves: list[int] = []
        while m:
            low = m & -m
            moves += per_tile[low.bit_length() - 1]
            m ^= low
        if not g.forced:
            moves.append(PASS)
        return moves

    def apply(self, move: int) -> None:
        g = self.game
        if g.debug and move not in self.legal_moves():
            raise ValueError(f"illegal move {move} for seat {self.player}")
        self.moves += 1
        p = self.player
        if move == PASS:
            if self.bonus:
                self.bonus = False
            else:
                self.passes += 1
                if g.forced:
                    self.voids[p] |= (1 << self.left) | (1 << self.right)
                if self.passes >= self.n_active:
                    self._finish_round(self._blocked_winners(), True)
                    if g.debug:
                        self.check_invariants()
                    return
            self._next_turn(p)
        else:
            t = move >> 1
            bit = 1 << t
            self.hands[p] ^= bit
            self.sizes[p] -= 1
            self.line |= bit
            if move & 1:
                self.right = g.pips[t] - self.right
            else:
                self.left = g.pips[t] - self.left
            self.passes = 0
            was_bonus = self.bonus
            if was_bonus:
                self.bonus_plays += 1
            if not self.sizes[p]:
                self.bonus = False
                self._finish_round([p], False)
            elif g.double[t] and (g.bonus_chain or (g.bonus_once and not was_bonus)):
                self._offer_bonus(p)
            else:
                self.bonus = False
                self._next_turn(p)
        if g.debug:
            self.check_invariants()

    def evaluate(self, seat: int) -> float:
        """`seat`'s lead in the match's score, plus what its hand promises in the round (`prospect`)."""
        return self._lead(seat, 0) + self._prospect(seat, self.hands[seat], self.line, self.left, self.right)

    def move_gain(self, move: int, seat: int, rng: Any = None) -> float:
        """The change in `evaluate(seat)` if `seat`, to act, plays `move`; needs only `seat`'s view.

        Playing the last tile wins the pot, or under pip scoring the pips
        left in the other hands, which `seat` reckons from the tiles it
        cannot see (and ends the hand's prospect); otherwise the lead stands
        and only the prospect moves.
        """
        g = self.game
        hand = self.hands[seat]
        before = self._prospect(seat, hand, self.line, self.left, self.right)
        if move == PASS:
            return 0.0
        t = move >> 1
        if self.sizes[seat] == 1:
            won = self._expected_pips(seat) if g.pip_score else self.pot
            return self._lead(seat, won) - self._lead(seat, 0) - before
        left, right = self.left, self.right
        if move & 1:
            right = g.pips[t] - right
        else:
            left = g.pips[t] - left
        return self._prospect(seat, hand & ~(1 << t), self.line | 1 << t, left, right) - before

    def _lead(self, seat: int, won: float) -> float:
        """`seat`'s score (with `won` more) minus the best other seat's: counters, or points under pips."""
        held = self.points if self.game.pip_score else self.counters
        best = max((c for s, c in enumerate(held) if s != seat), default=0)
        return held[seat] + won - best

    def _expected_pips(self, seat: int) -> float:
        """The pips `seat` expects in the other hands: their tiles at the mean of the tiles it cannot see."""
        g = self.game
        unseen = g.full & ~(self.hands[seat] | self.line)
        count = unseen.bit_count()
        if not count:
            return 0.0
        total = sum(g.pips[t] for t in _tiles(unseen))
        held = sum(self.sizes[s] for s in range(g.players) if s != seat and self.active[s])
        return held * total / count

    def _prospect(self, seat: int, hand: int, line: int, left: int, right: int) -> float:
        """What a hand is worth in the round, in counters, from what `seat` sees.

        A round goes to the first empty hand, or to the fewest pips when it
        blocks: fewer tiles and pips are better, and so are tiles that follow
        the ends (`seat` can play on) and ends the next seat is unlikely to
        follow (it is void in them, or few unseen tiles show them). Weights
        were tuned by matches against random and keep_ends.
        """
        g = self.game
        fits = g.match[left] | g.match[right]
        size = hand.bit_count()
        pips = 0
        m = hand
        while m:
            low = m & -m
            pips += g.pips[low.bit_length() - 1]
            m ^= low
        follow = (hand & fits).bit_count()
        nxt = self._next_active(seat)
        unseen = g.full & ~(hand | line)
        void = self.voids[nxt]
        threat = 0
        for x in {left, right}:
            if not void >> x & 1:
                threat += (unseen & g.match[x]).bit_count()
        return -W_SIZE * size - W_PIPS * pips + W_FOLLOW * follow - W_THREAT * threat

    def _next_active(self, seat: int) -> int:
        n = self.game.players
        q = seat + 1 if seat + 1 < n else 0
        while not self.active[q] and q != seat:
            q = q + 1 if q + 1 < n else 0
        return q

    def is_over(self) -> bool:
        return self.over

    def game_of(self) -> Game:
        return self.game

    def scores(self) -> list[float]:
        """Counters held, or under pip scoring the points won."""
        return [float(c) for c in (self.points if self.game.pip_score else self.counters)]

    def scores_moved(self) -> bool:
        """Counters and points move only when a round is settled (and the next one staked)."""
        return self.settled_at == self.moves

    def result(self) -> Result:
        """Seats rank by their scores (counters or points), then by rounds won if the option says."""
        g = self.game
        n = g.players
        scores = g.compensated(self.scores(), self.first)
        keys = [(scores[s], self.rounds_won[s] if g.rounds_break_ties else 0) for s in range(n)]
        best = max(keys)
        winners = [s for s in range(n) if keys[s] == best]
        counts = [
            self.round,
            self.busts,
            self.blocked,
            self.tied,
            self.redeals,
            self.bonus_plays,
            self.draws,
            max(self.counters) - min(self.counters),
            self.pot,
            *self.wins_pos,
            *self.blocked_pos,
        ]
        metrics = dict(zip(g.metric_names, map(float, counts), strict=True))
        return Result(
            scores=scores,
            winners=winners,
            draw=len(winners) > 1,
            placements=placements_from_scores(keys),
            first_player=self.first,
            moves=self.moves,
            metrics=metrics,
            capped=self.capped,
        )

    # ------------------------------------------------------ hidden information
    def clone(self) -> State:
        new = State(self.game, copy_generator(self.rng), _blank=True)
        for name in State.__slots__[2:]:
            value = getattr(self, name)
            setattr(new, name, value[:] if isinstance(value, list) else value)
        return new

    def view(self, player: int) -> State:
        """What `player` sees: their own hand, the line, counters, hand sizes, passes shown as voids.

        Other hands become `None` and boneyard tiles `HIDDEN`; the view has no
        random generator, so it cannot tell the order of future draws or deals.
        """
        v = self.clone()
        v.rng = None
        v.script = ()
        v.viewer = player
        for s in range(self.game.players):
            if s != player:
                v.hands[s] = None
        v.bone = [HIDDEN] * len(self.bone)
        return v

    def public(self, player: int) -> tuple[Any, ...]:
        """Everything in `player`'s view as one comparable value."""
        return (
            player,
            self.hands[player],
            tuple(self.sizes),
            len(self.bone),
            self.line,
            self.left,
            self.right,
            self.player,
            self.bonus,
            self.passes,
            self.leader,
            tuple(self.voids),
            tuple(self.counters),
            tuple(self.points),
            self.pot,
            tuple(self.active),
            self.round,
            self.over,
        )

    def unseen(self, player: int) -> list[int]:
        """Tiles `player` cannot see: the other hands and the boneyard."""
        known = self.hands[player] | self.line
        return [t for t in self.game.all_tiles if not known >> t & 1]

    def sample(self, player: int, rng: random.Random) -> State:
        """A full state `player` cannot tell from this one: unseen tiles re-dealt to the same hand sizes.

        Known voids are respected (a seat that passed on a number is dealt no
        tile showing it). Deals are drawn uniformly by rejection; if that keeps
        failing a randomised search finds one, which exists because the true
        deal does.
        """
        if self.viewer not in (-1, player):
            raise ValueError(f"a view for seat {self.viewer + 1} cannot be sampled for seat {player + 1}")
        g = self.game
        pool = self.unseen(player)
        seats = [s for s in range(g.players) if s != player and self.sizes[s]]
        need = [self.sizes[s] for s in seats]
        banned = [g.match_set[self.voids[s]] for s in seats]
        if sum(need) + len(self.bone) != len(pool):
            raise AssertionError("hand sizes and boneyard do not add up to the unseen tiles")
        hands = _redeal(pool, need, banned, rng)
        new = self.clone()
        new.viewer = -1
        new.script = ()
        new.rng = generator(rng.getrandbits(64))
        for s in range(g.players):
            if s != player:
                new.hands[s] = 0
        for s, tiles in zip(seats, hands[:-1], strict=True):
            new.hands[s] = sum(1 << t for t in tiles)
        new.bone = hands[-1]
        return new

    def check_invariants(self) -> None:
        """Every tile in exactly one place, counters conserved, the line's ends consistent."""
        g = self.game
        n = g.players
        total = sum(self.counters) + self.pot
        dealt = n * g.start_counters + g.position_counters * n * (n - 1) // 2
        if total != dealt:
            raise AssertionError(f"{total} counters in play, expected {dealt}")
        if self.pot < 0 or min(self.counters) < 0:
            raise AssertionError(f"negative counters: pot {self.pot}, counters {self.counters}")
        if self.n_active != sum(self.active):
            raise AssertionError("active seat count out of step")
        if min(self.points) < 0 or (any(self.points) and not g.pip_score):
            raise AssertionError(f"points {self.points} under round_score {'pips' if g.pip_score else 'pot'}")
        if self.viewer < 0:
            places = [self.line, *self.hands, sum(1 << t for t in self.bone)]
            seen = 0
            for mask in places:
                if seen & mask:
                    raise AssertionError(
                        f"tiles in two places: {[g.name_of(t) for t in _tiles(seen & mask)]}"
                    )
                seen |= mask
            if seen != g.full or len(set(self.bone)) != len(self.bone):
                missing = [g.name_of(t) for t in _tiles(g.full & ~seen)]
                raise AssertionError(f"tiles unaccounted for: {missing}")
            for s in range(n):
                if self.hands[s].bit_count() != self.sizes[s]:
                    raise AssertionError(f"seat {s + 1}: hand size out of step")
                if not self.over and not self.active[s] and self.hands[s]:
                    raise AssertionError(f"seat {s + 1} is out of the match but holds tiles")
                if g.forced and self.hands[s] & g.match_set[self.voids[s]]:
                    raise AssertionError(f"seat {s + 1} holds a number it passed on")
        ends = [0] * g.values
        for t in _tiles(self.line):
            ends[g.lo[t]] += 1
            ends[g.hi[t]] += 1
        ends[self.left] -= 1
        ends[self.right] -= 1
        if any(c % 2 or c < 0 for c in ends):
            raise AssertionError(f"the line's ends {self.left}|{self.right} do not match its tiles")
        if not self.over:
            if not self.active[self.player]:
                raise AssertionError(f"seat {self.player + 1} is to play but out of the match")
            if self.passes >= self.n_active:
                raise AssertionError("the round should have ended blocked")


def _tiles(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _redeal(pool: list[int], need: list[int], banned: list[int], rng: random.Random) -> list[list[int]]:
    """Split `pool` into hands of sizes `need` avoiding each hand's `banned` tiles; the rest last."""
    tiles = pool[:]
    for _ in range(SAMPLE_TRIES):
        rng.shuffle(tiles)
        hands, k = [], 0
        for size, ban in zip(need, banned, strict=True):
            hand = tiles[k : k + size]
            if any(ban >> t & 1 for t in hand):
                break
            hands.append(hand)
            k += size
        else:
            return [*hands, tiles[k:]]
    # Randomised depth-first search: most constrained tiles first.
    rng.shuffle(tiles)
    tiles.sort(key=lambda t: -sum(ban >> t & 1 for ban in banned))
    room = [*need, len(tiles) - sum(need)]
    places: list[int] = [0] * len(tiles)

    def place(i: int) -> bool:
        if i == len(tiles):
            return True
        t = tiles[i]
        order = list(range(len(room)))
        rng.shuffle(order)
        for h in order:
            if room[h] and (h == len(need) or not banned[h] >> t & 1):
                room[h] -= 1
                places[i] = h
                if place(i + 1):
                    return True
                room[h] += 1
        return False

    if not place(0):
        raise AssertionError("no deal is consistent with the view")
    out: list[list[int]] = [[] for _ in room]
    for t, h in zip(tiles, places, strict=True):
        out[h].append(t)
    return out


# ------------------------------------------------------------------ agents
class HeavyAgent(AgentBase):
    """Dumps the tile with the most pips (fewest pips left if the round blocks); ties by its generator."""

    needs_view = False
    game: Game

    def choose(self, view: StateBase | None, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        pips = self.game.pips
        best = max(pips[m >> 1] for m in legal if m != PASS)
        top = [m for m in legal if m != PASS and pips[m >> 1] == best]
        return top[self.rng.randrange(len(top))] if len(top) > 1 else top[0]


class KeepEndsAgent(AgentBase):
    """Keeps the ends it can follow and starves the next seat.

    Ranks each play by (own tiles left that fit the new ends: more is better;
    threat from the next seat: fewer is better; pips: more is better). The
    threat of an end number is 0 when the next seat is known to be void in it,
    else the count of unseen tiles showing it. It never passes while it can play.
    """

    game: Game

    def choose(self, view: StateBase | None, legal: list[int]) -> int:
        if len(legal) == 1:
            return legal[0]
        assert isinstance(view, State)
        state = view
        g = self.game
        me = self.seat
        hand = state.hands[me]
        known = hand | state.line
        unseen = g.full & ~known
        nxt = me + 1 if me + 1 < g.players else 0
        while not state.active[nxt]:
            nxt = nxt + 1 if nxt + 1 < g.players else 0
        void = state.voids[nxt]
        best_key: tuple[int, int, int] | None = None
        best: list[int] = []
        for m in legal:
            if m == PASS:
                continue
            t = m >> 1
            left, right = state.left, state.right
            if m & 1:
                right = g.pips[t] - right
            else:
                left = g.pips[t] - left
            rest = hand & ~(1 << t)
            own = (rest & (g.match[left] | g.match[right])).bit_count()
            threat = 0
            for x in {left, right}:
                if not void >> x & 1:
                    threat += (unseen & g.match[x]).bit_count()
            key = (own, -threat, g.pips[t])
            if best_key is None or key > best_key:
                best_key, best = key, [m]
            elif key == best_key:
                best.append(m)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]


Game.agents = {"heavy": HeavyAgent, "keep_ends": KeepEndsAgent}
