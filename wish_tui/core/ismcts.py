"""Information-set Monte Carlo tree search, for any game (Cowling, Powley and Whitehouse 2012).

One tree is grown over what one seat knows at a decision (single-observer ISMCTS): every
iteration draws a full position from the seat's view (a determinization: what the seat cannot
see is sampled, never read), walks the tree along the moves legal in that position, adds one
node, judges the position reached with the game's own quick look-ahead, and gives each seat's
reward back to the nodes of its own moves. A move not legal in every determinization is judged
against the iterations in which it was available (the availability count of the paper).

The game supplies a `SearchGame`: determinizations, moves, a prior for each move (the hard bot's
judgement of the position it leads to), and the leaf's rewards. Below the root the prior orders
which moves are tried first (progressive widening: a node with n visits offers its best
1 + WIDEN * n ** ALPHA moves) and biases the choice among them while they are little visited
(progressive bias); the choice is UCB's, with availability.

At the root the best `candidates` moves by prior are compared by sequential halving (Karnin,
Koren and Somekh 2013, as in the hybrid MCTS of Pepels, Cazenave, Winands and Lanctot 2014):
each round plays every move still in the race on the same new determinizations (common random
numbers: the moves are compared on the same hidden cards, so their difference is measured with
far less noise than their values), then keeps the better half. The budget is split evenly over
the rounds; a time budget is turned into iterations by the pace of the iterations so far.

    result = search(game, Budget(iterations=400), rng)
    result.best             # the move that won the race
    result.stats            # every root move seen: (move, visits, mean reward, prior)

Anytime: the search stops at its deadline or iteration count, whichever comes first, and answers
the best move of the round under way; with an iteration count only, a seed replays it exactly.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

__all__ = ["Budget", "MoveStat", "Result", "SearchGame", "search"]

EXPLORE = 0.2
"""The UCB exploration constant below the root (rewards lie in [0, 1])."""
BIAS = 1.0
"""Weight of the progressive bias: prior / (visits + 1) is added to a move's score."""
WIDEN = 0.5
ALPHA = 0.5
"""Progressive widening: a node visited n times offers its 1 + WIDEN * n ** ALPHA best moves."""
SLOWEST_SAFETY = 1.25
"""An iteration starts only while the deadline is further than this many times the slowest
iteration so far (on a busy machine one may take longer than any before)."""
MAX_DEPTH = 40
"""Moves walked in the tree in one iteration at most (free moves may loop)."""


class SearchGame(Protocol):
    """What a game gives the search, for one decision of one seat."""

    seats: int
    """How many seats play."""
    candidates: int
    """Root moves compared (the best by prior); the others are judged by their prior alone."""
    must_race: Callable[[Hashable], bool] | None
    """Which root move races whatever its prior (a review's move played), or None."""

    def sample(self, rng: random.Random) -> Any:
        """A full position consistent with the deciding seat's view, drawn with `rng`."""
        ...

    def mover(self, state: Any) -> int | None:
        """The seat deciding in `state`, or None once the game is over (or the look-ahead
        should stop growing the tree there)."""
        ...

    def moves(self, state: Any) -> Sequence[Hashable]:
        """The moves the tree may take in `state` (a move may be one action or several)."""
        ...

    def play(self, state: Any, move: Hashable) -> Any:
        """The position after `move`."""
        ...

    def priors(self, state: Any, moves: Sequence[Hashable]) -> list[float]:
        """How promising each move is for the seat deciding, in [0, 1] (1 the best)."""
        ...

    def rewards(self, state: Any, rng: random.Random) -> Sequence[float]:
        """Each seat's reward, in [0, 1], for a position the tree has just reached (after the
        game's own quick look-ahead, or its result once over)."""
        ...


@dataclass(frozen=True)
class Budget:
    """How long one search may run: a deadline in seconds, a number of iterations, or both."""

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a search budget needs seconds or iterations")


@dataclass(frozen=True)
class MoveStat:
    """What the search learnt of one move from the root."""

    move: Hashable
    visits: int
    value: float
    """The mean reward of the deciding seat after the move (0.5 when never visited)."""
    prior: float


@dataclass(frozen=True)
class Result:
    """A finished search: the root's moves, the race's winner first, and how much work it did."""

    stats: tuple[MoveStat, ...]
    iterations: int
    seconds: float

    @property
    def best(self) -> Hashable:
        """The move that won the root's race (by its mean over the deals the last racers shared)."""
        return self.stats[0].move


class Node:
    """The statistics of one move in the tree, from the point of view of the seat that made it."""

    __slots__ = ("children", "visits", "total", "avail", "prior", "priors", "ranked")

    def __init__(self, prior: float = 0.0) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.prior = prior
        self.priors: dict[Hashable, float] = {}
        """The prior of every move seen at this node (in any determinization)."""
        self.ranked: tuple = ()
        """The moves of `priors`, best first (rebuilt when a move is first seen)."""


def _ranked_legal(game: SearchGame, node: Node, state) -> list:
    """The moves legal in `state`, best prior first, the priors of new ones computed."""
    legal = game.moves(state)
    priors = node.priors
    new = [m for m in legal if m not in priors]
    if new:
        for move, p in zip(new, game.priors(state, new), strict=True):
            priors[move] = p
        order = {m: i for i, m in enumerate(priors)}
        node.ranked = tuple(sorted(priors, key=lambda m: (-priors[m], order[m])))
    if len(legal) == len(priors):
        return list(node.ranked)
    allowed = set(legal)
    return [m for m in node.ranked if m in allowed]


def _offer(node: Node, ranked: list) -> tuple[Hashable, Node | None]:
    """The move to follow from `node` among the best `ranked` moves it offers now: one not yet
    tried (in prior order), else the best by UCB with availability and progressive bias.

    Returns the move and its child, None when the move is new."""
    offered = ranked[: 1 + int(WIDEN * node.visits**ALPHA)]
    children = node.children
    fresh = None
    for move in offered:
        child = children.get(move)
        if child is None:
            if fresh is None:
                fresh = move
        else:
            child.avail += 1
    if fresh is not None:
        return fresh, None
    best, best_node, best_score = None, None, -1.0
    log = math.log
    for move in offered:
        child = children[move]
        n = child.visits
        score = (
            child.total / n
            + EXPLORE * math.sqrt(log(child.avail) / n)
            + BIAS * child.prior / (n + 1)
        )
        if score > best_score:
            best, best_node, best_score = move, child, score
    return best, best_node


def search(
    game: SearchGame,
    budget: Budget,
    rng: random.Random,
    clock: Callable[[], float] | None = None,
) -> Result:
    """Grow one tree over the deciding seat's information set within `budget`.

    Args:
        game: the game's side of the search for this decision.
        budget: seconds (anytime: the search stops before the next iteration would pass the
            deadline) and/or iterations.
        rng: the search's only source of chance.
        clock: seconds, for a deadline (`time.perf_counter` by default).

    Returns:
        The root's moves, the winner of the race first, then the others by their results.
    """
    clock = clock or time.perf_counter
    race = _Race(game, budget, rng, clock)
    race.run()
    race.racers.sort(key=race.mean, reverse=True)
    return Result(race.stats(), race.iterations, clock() - race.started)


class _Race:
    """Sequential halving among the root's best moves, each iteration growing the tree."""

    def __init__(self, game: SearchGame, budget: Budget, rng: random.Random, clock) -> None:
        self.game = game
        self.rng = rng
        self.clock = clock
        self.started = clock()
        self.deadline = None if budget.seconds is None else self.started + budget.seconds
        self.limit = budget.iterations
        self.iterations = 0
        self.slowest = 0.0
        self.root = Node()
        self.sums: dict[Hashable, float] = {}
        """Each racing move's rewards over the determinizations it was played on."""
        self.counts: dict[Hashable, int] = {}
        """How many determinizations each racing move was played on (every racer still in the
        race has been played on the same ones)."""
        self.racers: list = []

    def left(self) -> int | None:
        """Iterations the budget still allows (estimated from the pace so far for a deadline),
        or None before anything can be told."""
        left = None if self.limit is None else self.limit - self.iterations
        if self.deadline is not None and self.iterations:
            now = self.clock()
            if now + SLOWEST_SAFETY * self.slowest > self.deadline:
                return 0
            pace = (now - self.started) / self.iterations
            by_time = int((self.deadline - now) / max(pace, 1e-9))
            left = by_time if left is None else min(left, by_time)
        return left

    def run(self) -> None:
        game, root = self.game, self.root
        first = game.sample(self.rng)
        ranked = _ranked_legal(game, root, first)
        self.racers = ranked[: max(1, game.candidates)]
        wanted = game.must_race
        if wanted is not None and not any(wanted(m) for m in self.racers):
            self.racers += [m for m in ranked if wanted(m)][:1]
        if len(self.racers) < 2:
            return
        self.sums = dict.fromkeys(self.racers, 0.0)
        self.counts = dict.fromkeys(self.racers, 0)
        state = first
        while len(self.racers) > 1:
            played = 0
            while played < self._quota(played):
                if state is None:
                    state = game.sample(self.rng)
                if not self._play_all(state):
                    return
                state = None
                played += 1
            self.racers = sorted(self.racers, key=self.mean, reverse=True)
            self.racers = self.racers[: (len(self.racers) + 1) // 2]

    def _quota(self, played: int) -> int:
        """Determinizations the racers play in this round, `played` of them already: the
        budget left shared evenly over the rounds still to come (at least one each), worked
        out again after each one, since a deadline's pace is only known as it goes."""
        racers = len(self.racers)
        left = self.left()
        if left is None:
            return played + 1
        rounds = max(1, math.ceil(math.log2(racers)))
        quota = (left + played * racers) // (racers * rounds)
        if left < racers:
            return played  # not one more determinization for every racer: stop here
        return max(quota, 1)

    def _play_all(self, state) -> bool:
        """One iteration of every racer on `state`; False (nothing counted) when the budget
        ends first."""
        rewards = []
        for move in self.racers:
            if self.limit is not None and self.iterations >= self.limit:
                return False
            now = self.clock()
            if (
                self.deadline is not None
                and self.iterations
                and now + SLOWEST_SAFETY * self.slowest > self.deadline
            ):
                return False
            rewards.append(_iterate(self.game, self.root, state, self.rng, move))
            self.iterations += 1
            spent = self.clock() - now
            if spent > self.slowest:
                self.slowest = spent
        for move, reward in zip(self.racers, rewards, strict=True):
            self.sums[move] += reward
            self.counts[move] += 1
        return True

    def mean(self, move) -> float:
        """A racer's mean reward over the determinizations it played (its prior before)."""
        count = self.counts.get(move)
        return self.sums[move] / count if count else self.root.priors[move]

    def stats(self) -> tuple[MoveStat, ...]:
        """The root's moves: the racers by their mean over the shared determinizations (the
        winner first), then every other move seen, by how far it went and its prior."""
        root = self.root
        order = {m: i for i, m in enumerate(root.ranked)}
        standing = {m: r for r, m in enumerate(self.racers)}
        out = []
        for move in root.ranked:
            child = root.children.get(move)
            visits = child.visits if child is not None else 0
            value = self.mean(move) if self.counts.get(move) else 0.5
            key = (
                0 if move in standing else 1,
                standing.get(move, 0),
                -visits,
                -value,
                order[move],
            )
            out.append((key, MoveStat(move, visits, value, root.priors[move])))
        out.sort(key=lambda item: item[0])
        return tuple(stat for _, stat in out)


def _iterate(game: SearchGame, root: Node, state, rng: random.Random, first) -> float:
    """One iteration through root move `first`: walk down, add a node, judge the position,
    give the rewards back. Returns the root seat's reward."""
    mover = game.mover(state)
    root_seat = mover
    node = root
    path: list[tuple[Node, int]] = []
    move = first
    child = root.children.get(first)
    while True:
        state = game.play(state, move)
        if child is None:
            child = node.children[move] = Node(node.priors[move])
            child.avail = 1
            path.append((child, mover))
            break
        child.avail += node is root
        path.append((child, mover))
        node = child
        mover = game.mover(state)
        if mover is None or len(path) >= MAX_DEPTH:
            break
        ranked = _ranked_legal(game, node, state)
        if not ranked:
            break
        move, child = _offer(node, ranked)
    rewards = game.rewards(state, rng)
    root.visits += 1
    for child, seat in path:
        child.visits += 1
        child.total += rewards[seat]
    return rewards[root_seat]
