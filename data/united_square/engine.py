"""United Square: place four-colour panels edge to edge; each matching edge scores for its owner.

Rules: the project's rules spec for United Square, with every option read from
`data/united_square/united_square.toml`. A panel on the board is one of 24 orientations: the
6 panel types of the data file times 4 quarter turns, which together are every
way of putting the 4 colours on the 4 sides. A move is `cell * 24 + orientation`
or `PASS`. Each empty cell keeps a signature of the colours its placed
neighbours demand, so legal placements come from a precomputed table instead
of trying every panel in every rotation; the open cells (empty, with a placed
neighbour) are kept in order as panels go down, so a turn looks only at them.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import Any, ClassVar

from printkit.datafile.gamedata import Rules
from simulate.engines.base import (
    GameBase,
    Result,
    StateBase,
    copy_generator,
    placements_from_scores,
    solo_result,
)
from simulate.engines.draws import generator, shuffle

from .rules import pairing_2p

PASS = -1
SIDES = ("N", "E", "S", "W")
OPPOSITE = (2, 3, 0, 1)
POW5 = (1, 5, 25, 125)
# What an edge waiting in an open cell is worth to its colour's owner, in squares (see State.evaluate).
W_OPEN = 0.5


def _orientations(types: list[list[int]]) -> list[tuple[int, int, int, int]]:
    """Colour on each side (N, E, S, W) of type t turned r quarter turns clockwise, at t*4+r."""
    table = []
    for cols in types:
        for r in range(4):
            table.append(tuple(cols[(side - r) % 4] for side in range(4)))
    return table


def _neighbours(size: int) -> list[list[tuple[int, int]]]:
    """Per cell of a size x size board: (side, cell) of each neighbour, sides N, E, S, W."""
    out = []
    for x in range(size * size):
        r, c = divmod(x, size)
        near = []
        if r > 0:
            near.append((0, x - size))
        if c < size - 1:
            near.append((1, x + 1))
        if r < size - 1:
            near.append((2, x + size))
        if c > 0:
            near.append((3, x - 1))
        out.append(near)
    return out


def signature(demands: list[int]) -> int:
    """Encode the colour each side must have (-1 for none) as one int below 625."""
    return sum((c + 1) * POW5[s] for s, c in enumerate(demands))


# The colours a signature demands, one entry per demanding side.
DEMANDS = tuple(
    tuple((sig // POW5[s]) % 5 - 1 for s in range(4) if (sig // POW5[s]) % 5) for sig in range(625)
)


def _lead(values: list[float], mine: int) -> float:
    """Side `mine`'s value minus the best other side's."""
    return values[mine] - max(v for side, v in enumerate(values) if side != mine)


class Game(GameBase):
    """United Square for one set of rules and a player count."""

    name: ClassVar[str] = "united_square"
    core: ClassVar[str | None] = f"{__package__}.core"
    # random panels spoil a board within a few moves: search agents trust the evaluation after two
    playout_depth: ClassVar[int] = 2
    metric_names: ClassVar[tuple[str, ...]] = (
        "rounds",
        "passes",
        "dead_cells",
        "empty_cells",
        "early_end",
        "deal_lopsided",
    )
    metric_docs: ClassVar[dict[str, str]] = {
        "rounds": "rounds of the game (deals of the 24 panels), as the rules set them",
        "passes": "turns on which the player to act could place no panel and passed",
        "dead_cells": "empty cells at the end of a round that no panel can fit any more, summed over rounds",
        "empty_cells": "cells still empty when a round ended, summed over rounds",
        "early_end": "1 when some round ended with a cell still empty (the panels ran out or nothing fitted)",
        "deal_lopsided": "how uneven the deals were: per deal and panel type, most held minus fewest",
    }
    figure_docs: ClassVar[dict[str, str]] = {
        "deal": "mean winning margin by how lopsided the deal was (deal unevenness), with 95% intervals: "
        "does an uneven deal decide the game?",
    }
    docs_ja: ClassVar[dict[str, str]] = {
        "rounds": "ゲームのラウンド数（24枚のパネルを配る回数）、ルールが決めるとおり",
        "passes": "手番のプレイヤーがどのパネルも置けずにパスした手番の数",
        "dead_cells": "ラウンド終了時に、もうどのパネルも置けない空きマスの数、ラウンドの合計",
        "empty_cells": "ラウンド終了時にまだ空いていたマスの数、ラウンドの合計",
        "early_end": "空きマスを残して終わったラウンドがあれば1（パネルが尽きたか、どれも置けなかった）",
        "deal_lopsided": "配りがどれだけ偏っていたか：配りごと、パネルの種類ごとの、最も多く持つ人と"
        "最も少なく持つ人の差",
    }
    figure_docs_ja: ClassVar[dict[str, str]] = {
        "deal": "配りの偏りごとの勝者の点差の平均と95%区間：偏った配りがゲームを決めるか",
    }
    names_en: ClassVar[dict[str, str]] = {
        "early_end": "games with a round left unfilled",
        "deal_lopsided": "deal unevenness",
        "deal": "deal unevenness and margin",
    }
    names_ja: ClassVar[dict[str, str]] = {
        "rounds": "ラウンド数",
        "passes": "パス",
        "dead_cells": "置けないマス",
        "empty_cells": "空きマス",
        "early_end": "空きマスを残した終了",
        "deal_lopsided": "配りの偏り",
        "red": "赤",
        "blue": "青",
        "yellow": "黄",
        "green": "緑",
        "deal": "配りの偏りと点差",
    }
    categories: ClassVar[tuple[str, ...]] = ("red", "blue", "yellow", "green")

    def __init__(self, rules: Rules, debug: bool = False):
        """Read the options; the loader's rule set has checked that they fit together and the players."""
        super().__init__(rules, debug)
        v = rules.values
        self.size = v["board"]
        self.per_type = v["panels_per_type"]
        self.teams = v["mode"] == "teams"
        self.rounds = v["rounds"]
        self.equal_deal = v["deal"] == "equal"
        self.fixed_start = None
        if v["start_panel"] == "fixed":
            self.fixed_start = (v["start_type"] - 1) * 4 + v["start_rotation"]
        self.random_first = v["first_player"] == "random"
        self._panels(rules)
        self.neighbours = _neighbours(self.size)
        self._owners(rules)
        self._edges()
        # per cell and signature, the placements there that fit: the moves when every type is in hand
        # (two signatures in three fit nothing: they share the empty tuple, and only the others are
        # filled in, since every process running games builds this table at its start)
        cells = range(self.size * self.size)
        fitting = [(sig, fit) for sig, fit in enumerate(self.match) if fit]
        self.fits = [[()] * 625 for _ in cells]
        for x, row in zip(cells, self.fits, strict=True):
            base = x * 24
            for sig, fit in fitting:
                row[sig] = tuple([base + o for o in fit])
        self.move_type = [self.type_of[o] for _ in cells for o in range(24)]  # the panel type a move places

    def _panels(self, rules: Rules) -> None:
        """The 24 orientations of the data file's panel types and, per demand signature, those that fit."""
        names = [c["name"] for c in rules.meta["colours"]]
        types = [[names.index(c) for c in t] for t in rules.components["panel"]["types"]]
        self.orient = _orientations(types)
        self.type_of = [o // 4 for o in range(24)]
        # An orientation fits exactly the signatures that demand its own colour on some of its sides:
        # 16 per orientation, where testing every orientation against all 625 signatures took a
        # process 8 ms at its start.
        self.match: list[list[int]] = [[] for _ in range(625)]
        for o, cols in enumerate(self.orient):
            for sides in range(16):
                sig = sum((cols[s] + 1) * POW5[s] for s in range(4) if sides >> s & 1)
                self.match[sig].append(o)

    def _owners(self, rules: Rules) -> None:
        """Which seat owns each colour (the data file's pairing with 2 players), and its side."""
        n = self.players
        if n == 2:
            self.owned = tuple(tuple(seat) for seat in pairing_2p(rules.meta["colours"], rules["pairing_2p"]))
        else:
            self.owned = tuple((i,) for i in range(n))
        self.owner_of = [0] * 4
        for seat, cols in enumerate(self.owned):
            for col in cols:
                self.owner_of[col] = seat
        # the side each colour's squares count for: its owner, or the owner's team
        self.seat_side = [self.side_of(seat) for seat in range(n)]
        self.colour_side = [self.seat_side[seat] for seat in self.owner_of]
        self.sides = 2 if self.teams else n

    def _edges(self) -> None:
        """Per move (cell * 24 + orientation): (neighbour, colour shown to it, its owner, signature added)."""
        self.edges = [
            tuple(
                (y, cols[d], self.owner_of[cols[d]], (cols[d] + 1) * POW5[OPPOSITE[d]])
                for d, y in self.neighbours[x]
            )
            for x in range(self.size * self.size)
            for cols in self.orient
        ]

    def side_of(self, seat: int) -> int:
        """Teams are seats 1+3 and 2+4 (opposite seats); otherwise each seat plays for itself."""
        return seat % 2 if self.teams else seat

    def new_state(self, seed: int) -> State:
        return State(self, generator(seed))

    def report_extras(self, ctx: Any, arms: list[Any]) -> Any:
        """Does a lopsided deal decide the game? (see `united_square.report`)."""
        from .report import extras

        return extras(ctx, arms)


class State(StateBase):
    """A United Square game in progress. Hands are open, so a player's view is the whole state."""

    __slots__ = (
        "game",
        "rng",
        "cells",
        "sig",
        "filled",
        "open",
        "hands",
        "squares",
        "points",
        "colour_carry",
        "player",
        "passes",
        "round",
        "first",
        "round_first",
        "moves",
        "pass_count",
        "dead",
        "empty",
        "early",
        "lopsided",
        "over",
        "scored",
    )

    def __init__(self, game: Game, rng: random.Random | None, _blank: bool = False):
        self.game = game
        self.rng = rng
        if _blank:
            return
        n = game.players
        self.points = [0] * n
        self.moves = 0
        self.pass_count = 0
        self.dead = 0
        self.empty = 0
        self.early = 0
        self.round = 0
        self.over = False
        self.scored = False
        self.first = rng.randrange(n) if game.random_first else 0
        self.colour_carry = [0, 0, 0, 0]
        self.lopsided = 0
        self._start_round(self.first)

    # ---------------------------------------------------------------- set-up
    def _start_round(self, first: int) -> None:
        g = self.game
        rng = self.rng
        n = g.players
        cells_total = g.size * g.size
        self.cells = [-1] * cells_total
        self.sig = [0] * cells_total
        self.open: list[int] = []
        self.squares = [0, 0, 0, 0]
        self.hands = [[0] * 6 for _ in range(n)]
        if g.equal_deal:
            share = g.per_type // n
            for hand in self.hands:
                for t in range(6):
                    hand[t] = share
        else:
            bag = [t for t in range(6) for _ in range(g.per_type)]
            shuffle(rng, bag)
            each = len(bag) // n
            for seat in range(n):
                for t in bag[seat * each : (seat + 1) * each]:
                    self.hands[seat][t] += 1
        # How lopsided the deals are: per deal and type, the spread between the seats
        # holding most and fewest panels of it, summed (0 for equal deals).
        self.lopsided += sum(map(max, *self.hands)) - sum(map(min, *self.hands))
        start = g.fixed_start if g.fixed_start is not None else rng.randrange(24)
        self.filled = 0
        self._place(cells_total // 2, start)
        self.round_first = first
        self.player = first
        self.passes = 0

    def _place(self, x: int, o: int) -> None:
        cells = self.cells
        sig = self.sig
        squares = self.squares
        points = self.points
        cells[x] = o
        if sig[x]:
            self.open.remove(x)
            sig[x] = 0
        self.filled += 1
        scored = False
        for y, c, owner, demand in self.game.edges[x * 24 + o]:
            if cells[y] >= 0:
                squares[c] += 1
                points[owner] += 1
                scored = True
            else:
                if not sig[y]:
                    insort(self.open, y)
                sig[y] += demand
        self.scored = scored

    # ------------------------------------------------------------- interface
    def current_player(self) -> int:
        return self.player

    def legal_moves(self) -> list[int]:
        if self.over:
            return []
        hand = self.hands[self.player]
        g = self.game
        sig = self.sig
        fits = g.fits
        moves: list[int] = []
        # every type in hand (a sixth of the turns of a random 5x5 deal, a third or more of an equal
        # deal or a 7x7 board): every panel that fits is a move
        if all(hand):
            for x in self.open:
                moves += fits[x][sig[x]]
            return moves or [PASS]
        move_type = g.move_type
        return [m for x in self.open for m in fits[x][sig[x]] if hand[move_type[m]]] or [PASS]

    def apply(self, move: int) -> None:
        g = self.game
        if g.debug and move not in self.legal_moves():
            raise ValueError(f"illegal move {move} for seat {self.player}")
        self.moves += 1
        n = g.players
        if move == PASS:
            self.scored = False
            self.passes += 1
            self.pass_count += 1
            self.player = (self.player + 1) % n
            if self.passes >= n:
                self._end_round()
        else:
            x, o = divmod(move, 24)
            self.hands[self.player][g.type_of[o]] -= 1
            self._place(x, o)
            self.passes = 0
            self.player = (self.player + 1) % n
            if self.filled == len(self.cells):
                self._end_round()
        if g.debug:
            self.check_invariants()

    def _end_round(self) -> None:
        g = self.game
        match = g.match
        empty = [x for x, o in enumerate(self.cells) if o < 0]
        self.empty += len(empty)
        self.dead += sum(1 for x in empty if self.sig[x] and not match[self.sig[x]])
        self.early += 1 if empty else 0
        for c in range(4):
            self.colour_carry[c] += self.squares[c]
        self.squares = [0, 0, 0, 0]
        self.round += 1
        if self.round < g.rounds:
            self._start_round((self.round_first + 1) % g.players)
        else:
            self.over = True

    def evaluate(self, seat: int) -> float:
        """`seat`'s side lead in squares, each edge waiting in an open cell counted as W_OPEN of a square.

        An empty cell that some panel still fits has edges waiting for a
        panel; whoever fills it makes a square of each of those edges'
        colours, so they are points in waiting for the colours' owners.
        """
        return _lead(self._side_values(), self.game.seat_side[seat])

    def move_gain(self, move: int, seat: int, rng: Any = None) -> float:
        """The change in `evaluate(seat)` from `move`, worked out from the cells around it."""
        if move == PASS:
            return 0.0
        g = self.game
        x, o = divmod(move, 24)
        cols = g.orient[o]
        cells, sig, match, side = self.cells, self.sig, g.match, g.colour_side
        delta = [0.0] * g.sides
        for d, y in g.neighbours[x]:
            c = cols[d]
            if cells[y] >= 0:
                delta[side[c]] += 1.0
                continue
            old = sig[y]
            new = old + (c + 1) * POW5[OPPOSITE[d]]
            if old and match[old]:
                for e in DEMANDS[old]:
                    delta[side[e]] -= W_OPEN
            if match[new]:
                for e in DEMANDS[new]:
                    delta[side[e]] += W_OPEN
        if match[sig[x]]:
            for e in DEMANDS[sig[x]]:
                delta[side[e]] -= W_OPEN
        mine = g.seat_side[seat]
        if g.sides == 2:  # the lead is linear with two sides: no need to know where the sides stand
            return delta[mine] - delta[1 - mine]
        values = self._side_values()
        return _lead([v + d for v, d in zip(values, delta, strict=True)], mine) - _lead(values, mine)

    def _side_values(self) -> list[float]:
        """Per side: its points so far plus W_OPEN per edge of its colours waiting in an open cell."""
        g = self.game
        value = [0.0] * g.sides
        for s, points in enumerate(self.points):
            value[g.seat_side[s]] += points
        sig, match, side = self.sig, g.match, g.colour_side
        for x in self.open:  # the empty cells with a placed neighbour: a third of a 5x5 board or less
            s = sig[x]
            if match[s]:
                for c in DEMANDS[s]:
                    value[side[c]] += W_OPEN
        return value

    def is_over(self) -> bool:
        return self.over

    def game_of(self) -> Game:
        return self.game

    def scores(self) -> list[float]:
        return self.points[:]

    def scores_moved(self) -> bool:
        """Points move only when a placed panel completes a square."""
        return self.scored

    def result(self) -> Result:
        g = self.game
        scores = g.compensated(self.scores(), self.first)
        metrics = {
            "rounds": float(g.rounds),
            "passes": float(self.pass_count),
            "dead_cells": float(self.dead),
            "empty_cells": float(self.empty),
            "early_end": float(self.early > 0),
            "deal_lopsided": float(self.lopsided),
        }
        breakdown = {}
        for c, name in enumerate(g.categories):
            squares = [0.0] * g.players
            squares[g.owner_of[c]] = float(self.colour_carry[c] + self.squares[c])
            breakdown[name] = squares
        extra = {"first_player": self.first, "moves": self.moves, "metrics": metrics}
        if not g.teams:
            result = solo_result(scores, breakdown=breakdown, **extra)
        else:
            team = [scores[0] + scores[2], scores[1] + scores[3]]
            if team[0] == team[1]:
                result = Result(
                    scores=scores,
                    winners=[0, 1, 2, 3],
                    draw=True,
                    placements=placements_from_scores(scores),
                    breakdown=breakdown,
                    **extra,
                )
            else:
                win = 0 if team[0] > team[1] else 1
                winners = [win, win + 2]
                losers = [1 - win, 3 - win]
                placements = [0] * 4
                for group, offset in ((winners, 0), (losers, 2)):
                    for seat in group:
                        mate = group[1] if seat == group[0] else group[0]
                        placements[seat] = offset + (2 if scores[seat] < scores[mate] else 1)
                result = Result(
                    scores=scores,
                    winners=winners,
                    draw=False,
                    placements=placements,
                    breakdown=breakdown,
                    **extra,
                )
        return result

    def clone(self) -> State:
        new = self._copy()
        new.rng = copy_generator(self.rng)
        return new

    def _copy(self) -> State:
        """A copy of everything but the generator."""
        new = State(self.game, None, _blank=True)
        for name in State.__slots__[2:]:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [v[:] for v in value] if value and isinstance(value[0], list) else value[:]
            setattr(new, name, value)
        return new

    def view(self, player: int) -> State:
        """Hands are open in United Square: a player sees all but the generator (the next round's deal)."""
        new = self._copy()
        new.rng = None
        return new

    def sample(self, player: int, rng: random.Random) -> State:
        """The one position the view shows, with a generator drawn from `rng` for later deals."""
        new = self._copy()
        new.rng = generator(rng.getrandbits(64))
        return new

    def check_invariants(self) -> None:
        """Every panel is in a hand or on the board; squares match filled adjacent pairs."""
        g = self.game
        if self.over:
            return
        on_board = [0] * 6
        for o in self.cells:
            if o >= 0:
                on_board[g.type_of[o]] += 1
        for t in range(6):
            held = sum(h[t] for h in self.hands)
            # the start panel is extra to the dealt set
            if held + on_board[t] - (1 if t == self._start_type() else 0) != g.per_type:
                raise AssertionError(f"panel type {t + 1}: {held} held + {on_board[t]} on board")
        pairs = 0
        for x, o in enumerate(self.cells):
            for d, y in g.neighbours[x]:
                if o >= 0 and self.cells[y] >= 0 and d in (1, 2):
                    pairs += 1
                    if g.orient[o][d] != g.orient[self.cells[y]][OPPOSITE[d]]:
                        raise AssertionError(f"cells {x} and {y} meet on different colours")
            if o < 0:
                demands = [-1] * 4
                for d, y in g.neighbours[x]:
                    if self.cells[y] >= 0:
                        demands[d] = g.orient[self.cells[y]][OPPOSITE[d]]
                if signature(demands) != self.sig[x]:
                    raise AssertionError(f"cell {x}: stale signature")
        if sum(self.squares) != pairs:
            raise AssertionError(f"{sum(self.squares)} squares for {pairs} adjacent filled pairs")
        if self.filled != sum(1 for o in self.cells if o >= 0):
            raise AssertionError("filled count out of step")
        if self.open != [x for x, o in enumerate(self.cells) if o < 0 and self.sig[x]]:
            raise AssertionError(f"open cells {self.open} out of step with the board")
        owned = [sum(self.colour_carry[c] + self.squares[c] for c in cols) for cols in g.owned]
        if owned != self.points:
            raise AssertionError(f"points {self.points}, squares of each seat's colours {owned}")

    def _start_type(self) -> int:
        centre = len(self.cells) // 2
        return self.game.type_of[self.cells[centre]]
