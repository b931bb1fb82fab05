"""The club's refusals: each message is one sentence for the person or the keeper."""

from __future__ import annotations


class ClubError(Exception):
    """Something the club cannot do; the message is one sentence saying what and what to do."""


class DatabaseRefused(ClubError):
    """The club's database file cannot be used (damaged, foreign, newer); it was left untouched."""


class DatabaseDamaged(ClubError):
    """A statement met damage in the open database (a malformed page, text that is not UTF-8);
    `reason` says what, and nothing was changed."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


class DatabaseUnreachable(ClubError):
    """The connection to the club's database server was lost; the change was not made (the
    next call connects again)."""


class DatabaseFull(Exception):
    """The disk under the club's database server is full: the change was not made. The message
    is the server's own words, for the keeper's log; `club.recorder` tells the person."""


class Conflict(ClubError):
    """Another node changed the same thing at the same moment; nothing was changed."""


class SeqTaken(Conflict):
    """A table's next action number is taken: another node appended first; catch up from the
    table's events and try again."""


class ClubLocked(ClubError):
    """Another `wish-tui serve` holds the club of this data directory."""


class InputRefused(ClubError, ValueError):
    """A name, a profile text, a chat line or a setting that is refused; nothing changed."""


class NameTaken(InputRefused):
    """A display name that someone else holds (whatever its case)."""


class NotFound(ClubError, LookupError):
    """No player, table or invitation by that name or id."""
