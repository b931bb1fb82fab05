"""A table in plain text: its news as sentences, whose decision it is, the choices, the commands.

`PlainTable` is a client of the seat API (`wish_tui.tables.seat`) like the game screens: it sits at any
table — one held here (`LocalTable`) or at a table server (`RemoteTable`) — hears of each change
as a `Listener`, and never holds a rules State. Every change is announced once, in the log's
words (`Seat.news`); when the decision passes to another seat that is said in one sentence, and
when it is this keyboard's, the question and every choice are listed, numbered. People sharing a
keyboard (hot-seat) pass it between them: before a seat's decision the client says whose it is
and waits for Enter, so no seat's secrets are printed to another.

A line is a choice (its number, its notation, the start of its words), else a command (`help`
lists them), else it is for the rules: their sentence says why it is not legal now.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from wish_tui import games
from wish_tui.core.ranking import result_lines
from wish_tui.tables.seat import Choices, Hint, Listener

from .clocks import away
from .matching import match, normal
from .output import Output
from .steps import Steps
from .table_commands import ALIASES, COMMANDS, LOG_KEPT, TableCommands

RESUME_LINES = 8
"""Lines of a game so far said when the client sits down (the rest: `log`)."""


def seat_change(old, new) -> str:
    """One sentence on how a seat changed between two `SeatInfo`s ('' when it did not)."""
    title = new.title
    if old.person != new.person:
        if new.person and not old.person:
            return f"{new.person} sits down at {title}."
        if old.person and not new.person:
            return f"{old.person} left {title}: it is an open seat now."
        return f"{new.label} now."
    if old.by_bot != new.by_bot:
        if new.by_bot and "away" not in new.label:
            return ""  # given up for good: the log's line says so
        if new.by_bot:
            return f"A bot plays {title} while {new.person} is away."
        return f"{new.person} plays {title} again."
    if old.connected != new.connected and new.person:
        return f"{new.person} is back." if new.connected else f"{new.person} is away."
    if old.who != new.who:
        return f"{new.label} now."
    return ""


class PlainTable(Listener):
    """One table as lines, for the seats played at this keyboard.

    Args:
        table: the table (`wish_tui.tables.seat.TableClient`); `viewer` the seat whose view is read
            (None for a spectator).
        out: where the sentences go; `console` the loop (poked after each change, finished by
            `quit`).
        leave_words: what `quit` says as the person leaves (e.g. how to resume the game).
        on_leave: called after `quit` (and `leave` at a server) instead of ending the client.
        on_over: called once when the game ends, with the final view; returns more sentences
            (e.g. how a solo score compares with the best ones).
        extra_commands: more commands of this place (e.g. `chat` at a server): name ->
            (help line, handler taking the rest of the line).
        clock_words: a seat's time left in words ('9:41 on the clock'; '' without a clock),
            said with whose decision it is.
        busy: true while a command's answer is still being made (a review): lines wait.
    """

    def __init__(
        self,
        table,
        out: Output,
        console,
        *,
        viewer: int | None = 0,
        leave_words: Callable[[], str] = lambda: "",
        on_leave: Callable[[], None] | None = None,
        on_over: Callable[[dict], list[str]] | None = None,
        extra_commands: dict[str, tuple[str, Callable[[str], None]]] | None = None,
        clock_words: Callable[[int], str] | None = None,
        busy: Callable[[], bool] = lambda: False,
    ) -> None:
        self.table = table
        self.spec = games.get(table.game)
        self.text = self.spec.text
        self.out = out
        self.console = console
        self.viewer = viewer
        self.leave_words = leave_words
        self.on_leave = on_leave
        self.on_over = on_over
        self.extra = dict(extra_commands or {})
        self.clock_words = clock_words or (lambda seat: "")
        self.busy = busy
        self.offered: list[str] = []
        """What Tab completes now (kept here: the input thread reads only this list)."""
        self.curtain_for: int | None = None
        """A seat of this keyboard whose decision waits for its person to press Enter."""
        self.awaiting = ""
        """An answer the table owes ('play', 'undo', 'hint', 'why'): lines wait for it."""
        self.awaiting_version = -1
        self._why: tuple[str, bool] | None = None
        """The notation asked about at a server, and whether to play it when it is legal."""
        self._told: tuple | None = None
        self._told_deciding: int | None = None
        self._over_told = False
        self.news_kept: deque[str] = deque(maxlen=LOG_KEPT)
        self._seats = None
        self.closed = False
        self.commands = TableCommands(self)
        """The commands of a table (`table_commands.py`)."""
        self.steps = Steps(self.text.choice_path, out.reading)
        """Where the person is among a long decision's steps (`steps.py`)."""

    # -- the seat at this keyboard --------------------------------------------------------------
    @property
    def seat(self):
        return self.table.seat(self.viewer) if self.viewer is not None else None

    def _mine(self) -> list[int]:
        return [i for i, s in enumerate(self.table.seats) if s.mine]

    def version_now(self) -> int:
        return self.table.version

    def view(self) -> dict:
        seat = self.seat
        return seat.view() if seat is not None else self.table.view()

    def choices_now(self) -> Choices:
        seat = self.seat
        return seat.choices() if seat is not None else Choices()

    def deciding_here(self) -> bool:
        """True when the seat at this keyboard has a decision now (and no curtain is up)."""
        table = self.table
        return (
            not table.is_over
            and self.curtain_for is None
            and self.viewer is not None
            and table.deciding == self.viewer
            and self.choices_now().deciding
        )

    def seat_label(self, seat: int) -> str:
        """A seat as said: its title and who plays it, and that they are away."""
        info = self.table.seats[seat]
        if info.person and not info.connected and not info.by_bot:
            return away(info.label)
        return info.label

    # -- opening ---------------------------------------------------------------------------------
    def start(self) -> None:
        """Say the table so far (a long game's last lines only), then listen to it (a local
        table's bots start)."""
        self._seats = list(self.table.seats)
        seat = self.seat
        lines = seat.news() if seat is not None else self.table.news()
        self.news_kept.extend(lines)
        if len(lines) > RESUME_LINES + 2:
            skipped = len(lines) - RESUME_LINES - 1
            self.out.say(
                lines[0],
                f"({skipped} earlier lines left out; 'log {len(lines)}' reads all {len(lines)}.)",
            )
            lines = lines[-RESUME_LINES:]
        self.out.say(*lines)
        self._announce()
        self.table.listen(self)

    # -- what the table tells (the seat API's Listener) ------------------------------------------
    def table_changed(self) -> None:
        if self.closed:
            return
        if self.awaiting and self.version_now() != self.awaiting_version:
            self.awaiting = ""
        self._write_news()
        self._say_seat_changes()
        self._announce()
        self.console.poke()

    def table_refused(self, sentence: str) -> None:
        if self.closed:
            return
        self.awaiting = ""
        self._why = None
        self.out.say(sentence)
        self.console.poke()

    def table_notice(self, sentence: str) -> None:
        if not self.closed:
            self.out.say(sentence)

    def table_hint(self, hint: Hint) -> None:
        if self.closed:
            return
        if self.awaiting == "hint":
            self.awaiting = ""
        if hint.actions == self.table.actions and self.deciding_here():
            number = next(
                (
                    n
                    for n, c in enumerate(self.choices_now().actions, 1)
                    if c.notation == hint.notation
                ),
                0,
            )
            which = f"{number}, " if number else ""
            typed = f" [{hint.notation}]" if self.out.reading.notation or not number else ""
            reason = hint.reason[:1].upper() + hint.reason[1:]
            self.out.say(f"Hint: {which}{hint.words.rstrip('.')}{typed}. {reason}")
        self.console.poke()

    def table_why(self, notation: str, sentence: str) -> None:
        """A server's answer to `why` (the rules' sentence, '' when the move is legal)."""
        if self.closed or self._why is None or normal(self._why[0]) != normal(notation):
            return
        _, then_play = self._why
        self._why = None
        self.awaiting = ""
        if not sentence and then_play:
            self._play(notation)
        else:
            self.out.say(sentence or f"{notation} is legal now.")
        self.console.poke()

    def table_failed(self, error: BaseException) -> None:
        self.console.fail(error)

    # -- telling -----------------------------------------------------------------------------------
    def _write_news(self) -> None:
        seat = self.seat
        lines = seat.news() if seat is not None else self.table.news()
        for line in lines:
            self.news_kept.append(line)
            self.out.say(self.out.reading.news(line))

    def _say_seat_changes(self) -> None:
        """Say who sat down, left, went away or came back (a server's table)."""
        now = list(self.table.seats)
        before, self._seats = self._seats, now
        if before is None or len(before) != len(now):
            return
        for index, (old, new) in enumerate(zip(before, now, strict=True)):
            sentence = seat_change(old, new)
            if sentence:
                self.out.say(sentence)
                if index == self._told_deciding:
                    self._told_deciding = None  # whose decision it is is said again

    def _announce(self) -> None:
        """Say what changed for this keyboard: the end, whose decision it is, the choices."""
        table = self.table
        if table.is_over:
            if not self._over_told:
                self._over_told = True
                self._game_over()
            return
        seat = table.deciding
        key = (self.version_now(), seat)
        if seat is None or (key == self._told and seat == self._told_deciding):
            return
        same_position = key == self._told
        self._told = key
        info = table.seats[seat]
        if info.mine and same_position:
            pass  # the position is the one asked already: a seat changed around it
        elif info.mine:
            if seat != self.viewer and len(self._mine()) > 1:
                self.curtain_for = seat
                self.offered = ["quit", "save", "help"]
                self.out.say(
                    f"{info.title}'s decision: pass the keyboard to {info.title}, then press Enter."
                )
            else:
                self.viewer = seat
                self.say_decision()
        elif seat != self._told_deciding:
            self.offered = self._commands()
            who = self.seat_label(seat)
            clock = self.clock_words(seat)
            if info.is_human and not info.by_bot:
                self.out.say(f"Waiting for {who}{f', {clock}' if clock else ''}.")
            elif not self.out.reading.short:  # short: a bot's move is said alone
                self.out.say(f"{who} decides.")
        self._told_deciding = seat

    def say_decision(self, detailed: bool = False) -> None:
        choices = self.choices_now()
        if not choices.deciding:
            return
        view = self.view()
        notations = [c.notation for c in choices.actions]
        question = self.text.prompt(view, self.viewer, notations)
        who = (
            "Your decision"
            if len(self._mine()) <= 1
            else f"{self.table.seats[self.viewer].title}, your decision"
        )
        count = len(notations)
        clock = self.clock_words(self.viewer)
        clock = f", {clock}" if clock else ""
        self.out.say(f"{who} ({count} choice{'s' if count != 1 else ''}{clock}): {question}")
        self.out.say(*self.steps.top(choices.actions, detailed or self.out.reading.full))
        self.offered = [*notations, *self._commands()]

    def _game_over(self) -> None:
        view = self.view()
        self.out.say("The game is over.")
        scores = view.get("scores")
        if scores:
            self.out.say(*self.text.scoring(view, scores, self.viewer, False))
            self.out.say(*self.settled(scores))
        seed = self.table.seed
        if seed is not None and self.table.in_club_history:
            self.out.say(f"Its seed was {seed}: 'history' in the tables lists it to replay.")
        elif seed is not None:
            self.out.say(f"Its seed was {seed}: '--seed {seed}' deals this game again.")
        if self.on_over is not None:
            self.out.say(*self.on_over(view))
        back = ", leave goes back to the tables" if "leave" in self.extra else ""
        self.out.say(f"score reads the scoring again, look the final table{back}, quit leaves.")
        self.offered = self._commands()

    def settled(self, scores: dict) -> list[str]:
        """At a server: how the club settled the game (aborted, a seat given up and last)."""
        return result_lines(scores, [info.named for info in self.table.seats])

    def _commands(self) -> list[str]:
        names = [*COMMANDS, *self.extra]
        return names + [f"look {s}" for s in self.text.SECTIONS]

    def status(self) -> None:
        """Say where the game is and whose decision it is (an empty line, `choices`)."""
        table = self.table
        if table.is_over:
            self.out.say("The game is over: score reads the final scoring.")
            return
        if self.curtain_for is not None:
            title = table.seats[self.curtain_for].title
            self.out.say(f"{title}'s decision: press Enter once {title} is at the keyboard.")
            return
        where = self.text.progress(self.view())
        if self.deciding_here():
            self.out.say(f"It is {where}.")
            self.say_decision()
            return
        self.out.say(f"It is {where}; {self.seat_label(table.deciding)} decides now.")

    # -- lines from the person ---------------------------------------------------------------------
    def holding(self) -> bool:
        """True while a line must wait: an answer is owed, or a bot is about to move."""
        if self.awaiting or self.busy():
            return True
        table = self.table
        if table.is_over or self.curtain_for is not None or table.deciding is None:
            return False
        if table.ended:
            return False  # a server's game ended early (no person left): no bot plays on
        if not any(seat.mine for seat in table.seats):
            return False  # a spectator's line answers no decision: it waits for no bot
        info = table.seats[table.deciding]
        return not info.mine and (not info.is_human or bool(info.by_bot))

    def hurry(self) -> None:
        self.table.hurry()

    def completions(self) -> list[str]:
        return list(self.offered)

    def end_of_input(self) -> None:
        where = (
            "it is over" if self.table.is_over else f"it is at {self.text.progress(self.view())}"
        )
        self.out.say(f"End of input: you leave the game ({where}). {self.leave_words()}".strip())
        self.leave()

    def handle(self, line: str) -> None:
        """Answer one line."""
        text = " ".join(line.split())
        if self.curtain_for is not None:
            self._at_curtain(text)
            return
        if not text:
            self.status()
            return
        word, _, rest = text.partition(" ")
        word = word.lower()
        choices = self.choices_now() if self.deciding_here() else Choices()
        found = match(text, choices.actions) if choices.actions else None
        exact = (
            found is not None
            and found.choice is not None
            and (text.isdigit() or normal(found.choice.notation) == normal(text))
        )
        if exact:
            self._play(found.choice.notation)
            return
        opened = self.steps.open(text, choices.actions) if choices.actions else None
        if opened is not None:
            self.out.say(*opened)
            return
        command = ALIASES.get(word, word)
        if command in COMMANDS or command in self.extra:
            self._command(command, rest)
            return
        if text.isdigit():
            if choices.actions:
                self.out.say(
                    f"There is no choice {text}: the choices are 1 to {len(choices.actions)}."
                )
            else:
                self.not_yours()
            return
        if found is not None and found.choice is not None and len(word) >= 2:
            self._play(found.choice.notation)
            return
        if found is not None and found.candidates:
            named = ", ".join(f"{n} {c.notation}" for n, c in found.candidates[:12])
            more = " …" if len(found.candidates) > 12 else ""
            self.out.say(f"That could be {named}{more}: say more, or its number.")
            return
        if not choices.actions:
            self.not_yours()
            return
        self.ask_rules(text, then_play=True)

    def _at_curtain(self, text: str) -> None:
        seat = self.curtain_for
        word = text.split(" ", 1)[0].lower() if text else ""
        command = ALIASES.get(word, word)
        if not text:
            self.curtain_for = None
            self.viewer = seat
            self._write_news()
            self.say_decision()
        elif command in ("quit", "save", "help"):
            self._command(command, text.partition(" ")[2])
        else:
            title = self.table.seats[seat].title
            self.out.say(f"Press Enter once {title} is at the keyboard (quit leaves, save saves).")

    def not_yours(self) -> None:
        table = self.table
        if table.is_over:
            self.out.say("The game is over: no move can be played (help lists the commands).")
        elif self.viewer is None:
            self.out.say("You are watching: you hold no seat here (help lists the commands).")
        else:
            self.out.say(
                f"It is {self.seat_label(table.deciding)}'s decision now, not yours (help lists the "
                "commands)."
            )

    def _play(self, notation: str) -> None:
        self.awaiting = "play"
        self.awaiting_version = self.version_now()
        self.seat.play(notation)

    def ask_rules(self, notation: str, then_play: bool) -> None:
        """The rules' sentence on `notation`; play it when legal and `then_play`."""
        seat = self.seat
        if seat is None:
            self.not_yours()
            return
        answer = seat.why(notation)
        if answer is None:  # a server answers later (`table_why`)
            self._why = (notation, then_play)
            self.awaiting = "why"
            self.awaiting_version = self.version_now()
        elif not answer and then_play:
            self._play(notation)
        else:
            self.out.say(answer or f"{notation} is legal now.")

    # -- commands ----------------------------------------------------------------------------------
    def _command(self, name: str, rest: str) -> None:
        if name in self.extra:
            self.extra[name][1](rest)
            return
        self.commands.run(name, rest.strip())

    def leave(self) -> None:
        self.closed = True
        if self.on_leave is not None:
            self.on_leave()
        else:
            self.console.finish(0)
