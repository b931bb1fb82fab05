"""The seat API: what a client of a table may know and do — one seat's view, never more.

Shaped like boardgame.io's client and master: the master holds the game (`wish_tui.tables.master`, and
the table server's tables), a client knows only its seat's view and what that seat may do. Every
client uses this one API, whoever holds the game: the game screens (at a local table and at a
table of `wish-tui serve`), the plain-text client, the browser.

    seat.view()               # JSON-safe: what this seat may see (the rules' view), nothing more
    seat.choices()            # each legal action (notation, words, key group), the closed key
                              # groups with the rules' sentence why, undo's state
    seat.play("travel Dock")  # through the rules' front door; a refusal is one sentence
    seat.undo()               # take back this seat's last decisions, as far as the rules allow
    seat.hint()               # ask what the strongest bot would do; the answer is a Hint event
    seat.why("buy Y3")        # the rules' sentence on why an action is not legal now ('' if it is)
    seat.news()               # the log's new lines since the last call, in words

A seat's table (`TableClient`) says who sits where, whose decision it is and whether the game is
over, and tells a `Listener` of every change: a change of the table, a refusal, a hint. Whether
the table is held in this process or at a server, a client sees the same behaviour; it never
holds a rules State, so it can never show what its seat may not see.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

SPECTATOR = -1
"""The point of view of someone watching a table: what anyone at it may see."""


class Refused(ValueError):
    """An action or a request a table refuses; the message is one sentence for the person."""


@dataclass(frozen=True)
class Choice:
    """One legal action of the seat deciding now, as its client offers it."""

    notation: str
    """The rules' notation, e.g. 'travel Dock #3' (what `Seat.play` takes)."""
    words: str
    """The action in words, for notifications, hints and the log."""
    detail: str = ""
    """The action in words for a menu, saying what the card does ('' when it is `words`)."""
    groups: tuple[str, ...] = ()
    """The game keys that offer it (none when only a window or a command offers it)."""

    @property
    def label(self) -> str:
        """What a menu shows for it."""
        return self.detail or self.words

    def to_json(self) -> list:
        return [self.notation, self.words, self.detail, list(self.groups)]

    @classmethod
    def from_json(cls, data) -> Choice:
        notation, words, detail, groups = data
        return cls(str(notation), str(words), str(detail), tuple(str(g) for g in groups))


@dataclass(frozen=True)
class Choices:
    """What one seat may do now."""

    seat: int | None = None
    """The seat these choices are for (None for a spectator)."""
    deciding: bool = False
    """True when this seat has a decision to take now."""
    actions: tuple[Choice, ...] = ()
    """Every legal action of this seat now, in the rules' order (empty unless `deciding`)."""
    closed: dict[str, str] = field(default_factory=dict)
    """Per game key whose group has no legal action now: the rules' sentence why."""
    refusals: dict[str, str] = field(default_factory=dict)
    """For actions a key may aim at (a card, a row's end) that are not legal now: why not."""
    can_undo: bool = False
    why_no_undo: str = ""
    """One sentence on why undo is not possible now ('' when it is)."""

    def group(self, name: str) -> list[Choice]:
        """The legal actions a game key offers."""
        return [c for c in self.actions if name in c.groups]

    def find(self, notation: str) -> Choice | None:
        """The legal action written `notation` (any case and spacing), or None."""
        wanted = " ".join(notation.split()).lower()
        return next((c for c in self.actions if c.notation.lower() == wanted), None)

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "deciding": self.deciding,
            "actions": [c.to_json() for c in self.actions],
            "closed": dict(self.closed),
            "refusals": dict(self.refusals),
            "can_undo": self.can_undo,
            "why_no_undo": self.why_no_undo,
        }

    @classmethod
    def from_json(cls, data: dict) -> Choices:
        return cls(
            seat=data.get("seat"),
            deciding=bool(data.get("deciding")),
            actions=tuple(Choice.from_json(c) for c in data.get("actions", [])),
            closed={str(k): str(v) for k, v in (data.get("closed") or {}).items()},
            refusals={str(k): str(v) for k, v in (data.get("refusals") or {}).items()},
            can_undo=bool(data.get("can_undo")),
            why_no_undo=str(data.get("why_no_undo", "")),
        )


@dataclass(frozen=True)
class Hint:
    """What the strongest bot would do in a seat's place, and why."""

    notation: str
    words: str
    reason: str
    actions: int
    """How many actions the table had when the hint was thought out (a later one is stale)."""

    def to_json(self) -> dict:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Hint:
        return cls(
            str(data["notation"]), str(data["words"]), str(data["reason"]), int(data["actions"])
        )


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a table as every client may see it."""

    name: str
    """The seat's name in the game (a Djinn, an element, a colour)."""
    title: str
    """The name as shown, e.g. 'Water'."""
    label: str
    """Who sits there, e.g. 'Water (bob)', 'Fire (hard bot)', 'Earth (open seat)'."""
    who: str
    """'human' for a person's seat, else the bot level that plays it."""
    mine: bool = False
    """True for a seat played by the person (or, hot-seat, the people) at this client."""
    person: str = ""
    """The person's name at a server's table ('' elsewhere or while open)."""
    connected: bool = True
    """False while that person is away from the server."""
    by_bot: str = ""
    """The bot level playing for the person while they are away ('' when they play)."""

    @property
    def is_human(self) -> bool:
        return self.who == "human"

    @property
    def named(self) -> str:
        """'Earth (Ann)': the seat and its person ('Earth' where no person sits)."""
        return f"{self.title} ({self.person})" if self.person else self.title

    def to_json(self) -> dict:
        # Written out: `dataclasses.asdict` copies every field deeply, and a table message
        # says every seat to every session at it.
        return {
            "name": self.name,
            "title": self.title,
            "label": self.label,
            "who": self.who,
            "mine": self.mine,
            "person": self.person,
            "connected": self.connected,
            "by_bot": self.by_bot,
        }

    @classmethod
    def from_json(cls, data: dict) -> SeatInfo:
        return cls(
            name=str(data["name"]),
            title=str(data["title"]),
            label=str(data["label"]),
            who=str(data["who"]),
            mine=bool(data.get("mine")),
            person=str(data.get("person", "")),
            connected=bool(data.get("connected", True)),
            by_bot=str(data.get("by_bot", "")),
        )


class Listener:
    """What a client is told by its table; each method may be replaced by the client."""

    def table_changed(self) -> None:
        """The table changed: an action, an undo, a seat, a chat line (read it again)."""

    def table_refused(self, sentence: str) -> None:
        """What this client asked was refused; nothing changed."""

    def table_hint(self, hint: Hint) -> None:
        """A hint this client asked for is ready."""

    def table_why(self, notation: str, sentence: str) -> None:
        """The rules' sentence on why `notation` is not legal now, asked of a server's table
        (`Seat.why` answered None); '' when it is legal."""

    def table_notice(self, sentence: str) -> None:
        """Something this client's person should know that is no refusal (a failed autosave)."""

    def table_failed(self, error: BaseException) -> None:
        """The table failed inside (a fault of this program, not of the person)."""
        raise error


@runtime_checkable
class Seat(Protocol):
    """One seat's client: its view, its choices, and what it may do."""

    seat: int
    """The seat's index at its table."""

    def view(self) -> dict: ...

    def choices(self) -> Choices: ...

    def play(self, notation: str) -> None: ...

    def undo(self) -> None: ...

    def hint(self) -> None: ...

    def why(self, notation: str) -> str: ...

    def news(self) -> list[str]: ...


@runtime_checkable
class TableClient(Protocol):
    """A table as a client sees it: its seats, whose decision it is, and its changes."""

    game: str
    """The game's name in the registry."""

    @property
    def seats(self) -> list[SeatInfo]: ...

    @property
    def deciding(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def actions(self) -> int: ...

    def seat(self, index: int) -> Seat: ...

    def listen(self, listener: Listener) -> None: ...
