"""The table screen's keys for the other people at a table: chat, and a bot for a person who
left the table.

One object the `TableScreen` composes (`screen.people`). A table offers them when it has
others to talk to (`can_chat`) and when this person owns it or plays at it (`can_hand_to_bot`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from wish_tui.core.clock_words import clock_words

from .final_scoring import FinalScoringScreen
from .line_input import LineInput

CLOCK_MARK = "◷"
"""What marks the clock on the status line: a Geometric Shape, which the browser's fonts draw as
the terminal's do ('⏱', in none of the web page's fonts, showed as a blank there)."""


def mute_options(people: Iterable[str], muted: Iterable[str], mute) -> list[tuple[str, object]]:
    """A choice per person: mute their chat, or show it again (`mute(name, on)` does it)."""
    muted = set(muted)
    options: list[tuple[str, object]] = []
    for name in sorted(set(people)):
        verb = "Show again the chat of" if name in muted else "Mute the chat of"
        options.append((f"{verb} {name}", lambda n=name, m=name in muted: mute(n, not m)))
    return options


def ask_whom_to_mute(app, mute) -> None:
    """Ask for the name of someone whose chat to mute (`mute(name, True)` does it)."""

    def named(name: str | None) -> None:
        if name and name.strip():
            mute(name.strip(), True)

    app.push_screen(LineInput("Mute whose chat? (their name; Esc cancels)", 20), named)


def resign_question(seats) -> str:
    """The question before resigning, for what will happen: a game of two seats, or one left
    with no other person playing, ends there (the server plays no bot against bots alone);
    otherwise a bot plays the seat to the end."""
    others = [s for s in seats if s.is_human and s.person and not s.mine]
    if len(seats) == 2 or not others:
        return "Resign this game? It ends here, and counts as lost for you."
    return "Resign this game? A bot plays your seat to the end, and it counts as lost."


def move_left(table) -> float | None:
    """Seconds left for the move at a turn-based table's clock (None: no such count)."""
    clock = table.clock
    move = clock.get("move_left") if clock else None
    if move is None or clock["setting"].get("type") != "turn":
        return None
    return move - (time.monotonic() - table.clock_at)


def running_counts(table) -> list[float]:
    """The counts a server table's clock line shows going down now: the running seat's time
    left, and its move's at a turn-based table."""
    clock = table.clock
    running = clock.get("running") if clock else None
    if running is None:
        return []
    counts = [table.clock_left(running), move_left(table)]
    return [count for count in counts if count is not None]


def clock_line(table, running_only: bool = False) -> str:
    """Every seat's time left at a server's table, the running one marked (a table with a
    clock), else '' (`running_only`: only the running seat's, the shorter of its time and its
    move's; '' when none runs). The table screen's status line and the watcher's show it."""
    clock = table.clock
    running = clock.get("running") if clock else None
    if not clock or running_only and running is None:
        return ""
    move = move_left(table)
    if running_only:
        left = table.clock_left(running)
        left = left if move is None or left is None else min(left, move)
        return f"{CLOCK_MARK} ▶{table.seats[running].title} {clock_words(left)}"
    parts = []
    for seat, info in enumerate(table.seats):
        left = table.clock_left(seat)
        mark = "▶" if running == seat else ""
        parts.append(f"{mark}{info.title} {clock_words(left)}")
    if move is not None:
        parts.append(f"this move: {clock_words(move)}")
    line = f"{CLOCK_MARK} " + " ".join(parts)
    if any(info.is_human and not info.person for info in table.seats):
        line += " (waits for every seat)"
    return line


class TablePeople:
    """Chat, the clock, resigning and the owner's `z` of a `TableScreen`."""

    def __init__(self, screen) -> None:
        self.screen = screen

    @property
    def table(self):
        """The table the screen sits at."""
        return self.screen.table

    def seat_label(self, seat: int) -> str:
        """A seat as the screen names it (a person away from the table is said to be)."""
        info = self.table.seats[seat]
        if info.person and not info.connected and not info.by_bot:
            return f"{info.label} — away"
        return info.label

    def notice(self, sentence: str) -> None:
        """Something the person should know: an autosave that could not be written, a person
        away long enough for a bot to take their seat, another player's rematch."""
        self.screen.toast(sentence, severity="warning", timeout=10)
        self.screen.status_line.show()  # a person away long enough: z is offered there
        offer = self.table.rematch_offer
        if offer:
            for shown in self.screen.app.screen_stack:
                if isinstance(shown, FinalScoringScreen):
                    shown.show_rematch_offer(offer)

    def running_counts(self) -> list[float]:
        """The counts the clock line shows going down now (`running_counts`)."""
        return running_counts(self.table)

    def clock_line(self, running_only: bool = False) -> str:
        """Every seat's time left, the running one marked (`clock_line`)."""
        return clock_line(self.table, running_only)

    def resign(self) -> None:
        """Give the game up, which counts as lost (asks once, saying whether the game ends or a
        bot plays the seat on)."""
        if not self.table.can_resign:
            return

        def answered(index: int) -> None:
            if index == 0:
                self.table.resign()

        self.screen._ask(
            resign_question(self.table.seats),
            ["Yes, resign", "No, play on"],
            answered,
        )

    def waiting_keys(self, room: int | None = None) -> str:
        """What the status line adds while someone else decides (z once a bot may play for
        them: they have been away long enough), in at most `room` columns: the last keys go
        first (the key bar has q too)."""
        table = self.table
        keys = []
        deciding = table.deciding
        if (
            table.can_hand_to_bot
            and deciding in table.away_long
            and not table.seats[deciding].by_bot
        ):
            keys.append("z lets a bot play for them")
        if table.can_chat:
            keys += ["/ chats", "q back to the tables"]
        while room is not None and len(keys) > 1 and len(" " + " · ".join(keys)) > room:
            keys.pop()
        return " " + " · ".join(keys) if keys else ""

    def keys_text(self) -> str:
        """The table's own keys, for `?` (those that work at this table), in a line or two."""
        keys = ["w the score if it ended now"]
        if self.table.can_chat:
            keys.append("/ chat")
            keys.append("o mute a person's chat or the spectators'")
        if self.table.can_hand_to_bot:
            keys.append("z a bot for a person away")
        if self.table.can_resign:
            keys.append("x resign")
        keys.append("ctrl+g bell on/off")
        if self.table.hurries_bots:
            keys.append("any key hurries a bot")
        lines = [["At this table:"]]
        for key in keys:
            if len(" · ".join(lines[-1])) + len(key) + 3 > 76:
                lines.append([" "])
            lines[-1].append(key)
        return "\n".join(f"{line[0]} " + " · ".join(line[1:]) for line in lines)

    def chat(self) -> None:
        """Say something to the table (one line)."""
        if not self.table.can_chat:
            return

        def said(text: str | None) -> None:
            if text:
                self.table.chat(text)

        self.screen.app.push_screen(
            LineInput("Say to the table (Enter sends, Esc cancels):", 200), said
        )

    def people(self) -> None:
        """Mute or unmute another person's chat (for you alone); a player turns the
        spectators' chat off or on."""
        table = self.table
        if not table.can_chat:
            return
        mine = {s.person for s in table.seats if s.mine}
        others = [s.person for s in table.seats if s.person and s.person not in mine]
        options = mute_options(others, table.muted, table.mute)
        options.append(
            ("Mute someone else by name…", lambda: ask_whom_to_mute(self.screen.app, table.mute))
        )
        if mine:
            on = table.spectator_chat
            options.append(
                (
                    "Turn spectators' chat off" if on else "Let spectators chat again",
                    lambda: table.set_spectator_chat(not on),
                )
            )

        def chosen(index: int) -> None:
            options[index][1]()

        self.screen._ask("The people at this table", [label for label, _ in options], chosen)

    def hand_to_bot(self) -> None:
        """Let a bot play for a person who left the table (and give the seat back)."""
        table = self.table
        if not table.can_hand_to_bot:
            return
        seats = [i for i, s in enumerate(table.seats) if s.is_human and s.person and not s.mine]
        if not seats:
            self.screen.refuse("No other person sits at this table.")
            return
        labels = []
        for seat in seats:
            verb = "Give back to" if table.seats[seat].by_bot else "Let a bot play for"
            labels.append(f"{verb} {self.seat_label(seat)}")

        def chosen(index: int) -> None:
            seat = seats[index]
            table.hand_to_bot(seat, not table.seats[seat].by_bot)

        self.screen._ask("Which seat?", labels, chosen)
