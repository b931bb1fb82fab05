"""The coach at work on a finished game: the expert judges one seat's decisions of a record.

`Coach` holds a record's replay, the seat reviewed and its review (the one stored with the
game when there is one, so a review is made once and a stopped one goes on); `steps` judges
the decisions left one at a time, each in a worker process (`bot_process.judge`), so a screen
shows progress and stops between two; `keep` writes the review into the record, which its
caller saves. The review logic itself is `core.review`.
"""

from __future__ import annotations

from collections.abc import Iterator

from wish_tui.core.expert import EXPERT
from wish_tui.core.review import Judged, Review, ReviewError, run, start
from wish_tui.records import GameRecord
from wish_tui.tables import bot_process

SEED_SALT = 7919
"""Mixed into the record's seed for the judge's own generator (no seat's bot shares it)."""


def seat_of(record: GameRecord, name: str | None) -> int:
    """The seat a review is of: the one named, else the first person's seat, else the first.

    Raises:
        ValueError: the name is no seat of the game (one sentence).
    """
    names = record.seat_names
    if name is None:
        people = [i for i, seat in enumerate(record.seats) if seat.get("who") == "human"]
        return people[0] if people else 0
    found = [i for i, seat in enumerate(names) if seat.lower() == name.strip().lower()]
    if not found:
        raise ValueError(f"'{name[:40]}' is not a seat of this game; choose {', '.join(names)}.")
    return found[0]


class Coach:
    """A review of one seat of a replayed record, made or gone on with."""

    def __init__(self, record: GameRecord, states: list, seat: int, think_ms: int | None = None):
        self.record, self.states, self.seat = record, states, seat
        self.think_ms = think_ms
        self.warning = ""
        """One sentence when the stored review could not be read (it is made again)."""
        self.review = self._stored() or start(states, seat)
        parse = record.spec.rules.parse_action
        self.actions = [parse(states[i], text) for i, text in enumerate(record.actions)]

    @property
    def seat_name(self) -> str:
        return self.record.seat_names[self.seat]

    @property
    def seat_title(self) -> str:
        """The seat's name as the game's screens write it ('Air')."""
        return self.record.spec.seat_title(self.seat_name)

    def _stored(self) -> Review | None:
        data = self.record.reviews.get(self.seat_name)
        if data is None:
            return None
        try:
            review = Review.from_json(data, len(self.record.seats))
        except ReviewError as exc:
            self.warning = f"{exc} It is made again."
            return None
        if review.seat != self.seat or review.total != start(self.states, self.seat).total:
            self.warning = "The stored review is of other decisions. It is made again."
            return None
        return review

    def steps(self) -> Iterator[Judged]:
        """Judge the decisions left, one at a time (stop by no longer asking)."""
        bot = self.record.spec.bots.make_bot(
            EXPERT, seed=self.record.seed * SEED_SALT + self.seat, think_ms=self.think_ms
        )
        return run(
            self.review,
            self.states,
            self.actions,
            lambda view, legal, played: bot_process.judge(bot, view, legal, played),
            bot.describe,
        )

    def keep(self) -> GameRecord:
        """The record with this review stored in it (the caller saves it)."""
        self.record.reviews = {**self.record.reviews, self.seat_name: self.review.to_json()}
        return self.record
