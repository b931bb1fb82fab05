"""The plain client's `review`: the expert's review of a finished game held here, in words.

`review [SEAT]` once the game is over judges the seat's decisions (yours by default) in a
thread whose searches run in a worker process, says how far it went every tenth of the way,
then reads how many decisions earned each mark and the three costliest in words. The review
is stored with the game (its history file), so asking again reads it back at once. While it is
made, the table holds the lines after it (`under_way`), as it holds them for a bot's move: a
script that ends with `review` reads the review before it leaves.
"""

from __future__ import annotations

import asyncio

from wish_tui import games, saves
from wish_tui.records import SaveError
from wish_tui.tables.coach import Coach, seat_of

HELP = "review [SEAT]: once the game is over, the expert's review of your decisions in words"


class PlainReview:
    """`review` for one table held here."""

    def __init__(self, table, out, viewer: int | None, console=None) -> None:
        self.table, self.out, self.viewer = table, out, viewer
        self.console = console
        """The loop whose waiting lines go on once the review is done (poked), or None."""
        self.task: asyncio.Task | None = None

    def under_way(self) -> bool:
        """True while a review is being made."""
        return self.task is not None and not self.task.done()

    def command(self) -> tuple[str, object]:
        """The command's help line and handler, for `PlainTable`'s extra commands."""
        return HELP, self.run

    def run(self, rest: str) -> None:
        table = self.table
        if not table.is_over:
            self.out.say("A review is of a finished game: play this one to its end first.")
            return
        if self.task is not None and not self.task.done():
            self.out.say("The review is under way; its words follow when it is done.")
            return
        record = table.record
        try:
            seat = seat_of(record, rest) if rest.strip() else self._mine()
            coach = Coach(record, saves.replay(record), seat)
        except (ValueError, SaveError) as exc:
            self.out.say(str(exc))
            return
        if coach.warning:
            self.out.say(coach.warning)
        if coach.review.complete:
            self._tell(coach)
            return
        left = coach.review.total - len(coach.review.judged)
        self.out.say(
            f"The expert reviews {coach.seat_title}'s {left} decision{'s' if left != 1 else ''}, "
            "about a second each; the words follow."
        )
        self.task = asyncio.get_running_loop().create_task(self._review(coach))

    def _mine(self) -> int:
        return self.viewer if self.viewer is not None else seat_of(self.table.record, None)

    async def _review(self, coach: Coach) -> None:
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(None, _judge_all, coach, self.out.say, loop)
            try:
                saves.autosave(coach.keep(), finished=True, games=games.GAMES)
            except SaveError as exc:
                self.out.say(f"The review is not kept: {exc}")
            self._tell(coach)
        finally:
            if self.console is not None:
                loop.call_soon(self.console.poke)  # once this task is done: lines go on

    def _tell(self, coach: Coach) -> None:
        for line in coach.review.summary(coach.seat_title):
            self.out.say(line)


def _judge_all(coach: Coach, say, loop) -> None:
    """In a thread: judge every decision left, saying on the loop how far it is every tenth."""
    total = coach.review.total
    step = max(1, total // 10)
    for _ in coach.steps():
        done = len(coach.review.judged)
        if done % step == 0 and done < total:
            loop.call_soon_threadsafe(say, f"Reviewed {done} of {total}.")
