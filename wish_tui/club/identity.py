"""Who a person is to the club and at the server's tables, as the front ends name them.

A session comes as a key's fingerprint ('SHA256:…'), as a name admitted with `--open`
(`OPEN_PREFIX`), as a browser's guest (`GUEST_PREFIX`), or as a player of the club already known
('P12', a browser signed in by that player's link). Once the club knows the player, the tables
name them by their id (`person_of`).
"""

from __future__ import annotations

OPEN_PREFIX = "open:"
"""The start of a person admitted by name with `--open`, so no name can pose as a key."""
GUEST_PREFIX = "guest:"
"""The start of a browser's guest with `--open`, so no guest can pose as a key or a name."""


def is_guest(who: str) -> bool:
    """True for a person who comes without a key: by name with `--open`, or a browser's guest."""
    return who.startswith((OPEN_PREFIX, GUEST_PREFIX))


def person_of(player_id: int | None) -> str:
    """How the tables name a player of the club ('P12'; '' for none)."""
    return f"P{player_id}" if player_id is not None else ""


def player_id_of(person: str) -> int | None:
    """The club's id of a player the tables name `person` (None for anyone else)."""
    return int(person[1:]) if person.startswith("P") and person[1:].isdigit() else None
