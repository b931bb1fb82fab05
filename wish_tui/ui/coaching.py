"""The coach in the replay: a review of one seat run in the background, its progress, its marks.

`r` in the replay starts (or goes on with) the expert's review of the seat watched; it judges
one decision at a time in a thread whose searches run in a worker process, so the replay keeps
answering keys; `r` again stops it between two decisions. When it ends, the three costliest
decisions are offered in words (choosing one goes to it), the replay's log marks each decision
by its cost as lichess does (?! inaccuracy, ? mistake, ?? blunder), and the review is stored
with the game so it is made once.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from wish_tui.core.review import Judged, Review
from wish_tui.tables.coach import Coach

GLYPHS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""lichess's marks of a move by its cost."""


class Coaching:
    """The review of one seat of a replay: started, stopped, shown."""

    def __init__(self, record, states: list, seat: int) -> None:
        self.coach = Coach(record, states, seat)
        self.running = False
        self._stop = threading.Event()

    @property
    def seat(self) -> int:
        return self.coach.seat

    @property
    def review(self) -> Review:
        return self.coach.review

    def run(self, each: Callable[[Judged], None]) -> bool:
        """Judge the decisions left until done or stopped (in a thread); True when complete.
        `each` is called (in this thread) after every decision."""
        self.running = True
        self._stop.clear()
        try:
            for judged in self.coach.steps():
                each(judged)
                if self._stop.is_set():
                    break
        finally:
            self.running = False
        return self.review.complete

    def stop(self) -> None:
        """Stop after the decision being judged."""
        self._stop.set()

    def progress(self, index: int | None = None) -> str:
        """The review's state in a few words, for the replay's status line; with the mark of
        the decision about to be played at `index`, if it has one, in place of the key's hint
        (the key bar has `r`), so the line keeps within 80 columns."""
        review, name = self.review, self.coach.seat_title
        done = f"{len(review.judged)}/{review.total}"
        next_mark = self._mark_at(index)
        if self.running:
            return f"reviewing {name} {_bar(review)} {done} · " + (next_mark or "r stops")
        if not review.complete:
            return f"review of {name} stopped at {done} · " + (next_mark or "r goes on")
        if next_mark:
            return f"review of {name} · {next_mark}"
        marks = [f"{n}{GLYPHS[mark]}" for mark, n in review.counts().items() if n]
        return f"review of {name}: {', '.join(marks) or 'no mark'} · r the costliest"

    def _mark_at(self, index: int | None) -> str:
        """What the review says of the decision about to be played at `index` ('' if none)."""
        judged = next((j for j in self.review.judged if j.move == index), None)
        if judged is None or not judged.mark:
            return ""
        article = "an" if judged.mark == "inaccuracy" else "a"
        return f"next: {article} {judged.mark} {GLYPHS[judged.mark]}"

    def mark_line(self, move: int) -> str:
        """The log's line under a marked decision ('' for an unmarked one)."""
        judged = next((j for j in self.review.judged if j.move == move), None)
        if judged is None or not judged.mark:
            return ""
        return (
            f"   {GLYPHS[judged.mark]} {judged.mark}: {round(judged.cost * 100)}% of winning "
            f"chance lost; the expert plays '{judged.best}'"
        )

    def costliest(self) -> tuple[str, list[str], list[int]]:
        """The title, the words and the moves of the costliest decisions (to choose one)."""
        review = self.review
        lines = review.summary(self.coach.seat_title)
        worst = review.costliest()
        return lines[0], [j.words(self.coach.seat_title) for j in worst], [j.move for j in worst]

    def keep(self):
        """The record with the review in it."""
        return self.coach.keep()


def _bar(review: Review, width: int = 8) -> str:
    filled = width * len(review.judged) // max(review.total, 1)
    return "█" * filled + "░" * (width - filled)
