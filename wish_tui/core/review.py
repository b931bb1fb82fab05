"""The coach: a review of one seat's decisions in a finished game, judged by the expert.

Each decision the seat took with more than one legal action is judged from the seat's view at
the time (never the later reveals): the judge values every legal action by its chance of
winning, and the decision's cost is how much less the action played was worth than the best.
Costs are marked as lichess marks a move by the winning chance it loses (lichess's
`AdviceJudgement`: 0.05 an inaccuracy, 0.10 a mistake, 0.15 a blunder on a 0-to-1 chance).

Pure logic: the states come from replaying the record, the judge and its words from the
expert bot; `run` yields each judged decision as it goes, so a caller shows progress and may
stop, and a stopped review goes on later from the decisions it holds.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .expert import ActionValue

MARKS = ((0.15, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy"))
"""The least cost of each mark, the worst first."""
SHOWN = 3
"""The costliest decisions a review tells in words."""
MAX_WHY = 300
"""The longest reason kept (a stored review is read back from a file)."""

Judge = Callable[[dict, Sequence[Any], Any], list[ActionValue]]
"""Each legal action's value for the view's seat, the best first, the action played among
those judged (`ExpertBot.judge`)."""
Describe = Callable[[dict, Any], str]
"""What an action does for the view's seat, in words (`ExpertBot.describe`)."""


class ReviewError(ValueError):
    """A stored review that cannot be read; the message is one sentence."""


def mark_of(cost: float) -> str:
    """The mark a decision's cost earns ('' when it costs less than an inaccuracy)."""
    return next((name for least, name in MARKS if cost >= least), "")


@dataclass(frozen=True)
class Judged:
    """One decision of the reviewed seat, as the expert judged it."""

    move: int
    """The action's index in the record (0 for the game's first action)."""
    played: str
    best: str
    played_value: float
    best_value: float
    position: str = ""
    """Where in the game it was, in words ('round 3')."""
    why: str = ""
    """What the best action does, in the game's words."""

    @property
    def cost(self) -> float:
        """The winning chance lost by the action played (0 when it was the best)."""
        return max(0.0, self.best_value - self.played_value)

    @property
    def mark(self) -> str:
        """'' or inaccuracy, mistake, blunder."""
        return mark_of(self.cost)

    def words(self, seat_name: str = "you") -> str:
        """The decision in one sentence or two: what was played, what the expert plays, why."""
        where = f"Move {self.move + 1}" + (f" ({self.position})" if self.position else "")
        if self.played == self.best:
            return f"{where}: {seat_name} played '{self.played}', the expert's choice too."
        why = f" ({self.why})" if self.why else ""
        mark = f", {_article(self.mark)} {self.mark}" if self.mark else ""
        return (
            f"{where}: {seat_name} played '{self.played}'; the expert would play "
            f"'{self.best}'{why}. Chance of winning {_percent(self.played_value)} instead of "
            f"{_percent(self.best_value)}: {_percent(self.cost)} lost{mark}."
        )

    def to_json(self) -> dict:
        return {
            "move": self.move,
            "played": self.played,
            "best": self.best,
            "played_value": round(self.played_value, 4),
            "best_value": round(self.best_value, 4),
            "position": self.position,
            "why": self.why,
        }

    @classmethod
    def from_json(cls, data) -> Judged:
        """A judged decision read back; ReviewError when it is not one."""
        if not isinstance(data, dict):
            raise ReviewError("A stored review holds a decision that is not an object.")
        move = data.get("move")
        texts = [data.get(k, "") for k in ("played", "best", "position", "why")]
        values = [data.get("played_value"), data.get("best_value")]
        if not (isinstance(move, int) and not isinstance(move, bool) and move >= 0):
            raise ReviewError("A stored review holds a decision without its move number.")
        if not all(isinstance(t, str) and len(t) <= MAX_WHY for t in texts):
            raise ReviewError(f"A stored review holds a decision at move {move + 1} unreadable.")
        if not all(_is_chance(v) for v in values):
            raise ReviewError(f"A stored review holds a value at move {move + 1} out of 0 to 1.")
        played, best, position, why = texts
        return cls(move, played, best, float(values[0]), float(values[1]), position, why)


@dataclass
class Review:
    """A seat's review: its judged decisions so far, of `total` in the game."""

    seat: int
    total: int
    judged: list[Judged] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return len(self.judged) >= self.total

    def costliest(self, count: int = SHOWN) -> list[Judged]:
        """The decisions that cost the most, the worst first (only those that cost anything)."""
        costly = [j for j in self.judged if j.mark]
        return sorted(costly, key=lambda j: (-j.cost, j.move))[:count]

    def marks(self) -> dict[int, str]:
        """Each marked decision's mark by its move (for a replay)."""
        return {j.move: j.mark for j in self.judged if j.mark}

    def counts(self) -> dict[str, int]:
        """How many decisions earned each mark."""
        return {name: sum(j.mark == name for j in self.judged) for _, name in MARKS}

    def summary(self, seat_name: str = "you") -> list[str]:
        """The review in words: how far it went, the marks, the three costliest decisions."""
        done = f"{len(self.judged)} of {self.total} decisions of {seat_name} reviewed"
        tally = ", ".join(_plural(n, name) for name, n in self.counts().items())
        lines = [f"{done}: {tally}."]
        worst = self.costliest()
        if not worst:
            lines.append("No decision lost as much as an inaccuracy: the expert agrees or nearly.")
        lines.extend(j.words(seat_name) for j in worst)
        return lines

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "total": self.total,
            "judged": [j.to_json() for j in self.judged],
        }

    @classmethod
    def from_json(cls, data, seats: int) -> Review:
        """A review read back for a game of `seats` seats; ReviewError when it is not one."""
        if not isinstance(data, dict):
            raise ReviewError("A stored review is not an object.")
        seat, total, judged = data.get("seat"), data.get("total"), data.get("judged")
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats):
            raise ReviewError("A stored review names no seat of the game.")
        if not (isinstance(total, int) and not isinstance(total, bool) and total >= 0):
            raise ReviewError("A stored review does not say how many decisions it has.")
        if not isinstance(judged, list) or len(judged) > total:
            raise ReviewError("A stored review holds more decisions than the seat took.")
        return cls(seat, total, [Judged.from_json(j) for j in judged])


def decisions_of(states: Sequence[Any], seat: int) -> list[int]:
    """The moves at which `seat` chose among more than one legal action (`states[i]` is the
    position before move i; the last state is after the last move)."""
    return [
        i
        for i, state in enumerate(states[:-1])
        if state.current_player == seat and len(state.legal_actions()) > 1
    ]


def start(states: Sequence[Any], seat: int) -> Review:
    """A new, empty review of `seat`'s decisions."""
    return Review(seat, len(decisions_of(states, seat)))


def judge_move(
    state: Any, seat: int, played: Any, move: int, judge: Judge, describe: Describe
) -> Judged:
    """One decision judged from the seat's view then: the action played against the best."""
    view = state.view(seat)
    legal = state.legal_actions()
    values = judge(view, legal, played)
    best = values[0]
    mine = next((v for v in values if v.action == played), None)
    played_value = best.value if mine is None or not mine.visits else mine.value
    # An action the budget left untried has no value of its own: it is not charged.
    return Judged(
        move=move,
        played=str(played),
        best=str(best.action),
        played_value=_chance(played_value),
        best_value=_chance(best.value),
        position=position_of(view),
        why="" if best.action == played else describe(view, best.action)[:MAX_WHY],
    )


def run(
    review: Review,
    states: Sequence[Any],
    actions: Sequence[Any],
    judge: Judge,
    describe: Describe,
) -> Iterator[Judged]:
    """Judge the review's decisions not yet judged, one at a time, adding each to the review
    and yielding it (stop by no longer asking). `actions[i]` is move i, as applied."""
    done = {j.move for j in review.judged}
    for move in decisions_of(states, review.seat):
        if move in done:
            continue
        judged = judge_move(states[move], review.seat, actions[move], move, judge, describe)
        review.judged.append(judged)
        yield judged


def position_of(view: dict) -> str:
    """Where in the game a view stands, in words ('' when it names no round or turn)."""
    for key, word in (("round", "round"), ("turn_no", "turn")):
        number = view.get(key)
        if isinstance(number, int) and not isinstance(number, bool) and number > 0:
            return f"{word} {number}"
    return ""


def _is_chance(value) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and 0 <= value <= 1
    )


def _chance(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


def _percent(value: float) -> str:
    # No space before the sign: a line wrapped there began with the % alone.
    return f"{round(value * 100)}%"


def _plural(count: int, word: str) -> str:
    if count == 1:
        return f"1 {word}"
    return f"{count} {word[:-1]}ies" if word.endswith("y") else f"{count} {word}s"


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"
