"""`wish-tui club vacation` and `friends`: the keeper's side of a member's own choices that the
server acts on.

wish-tui club vacation NAME [DAYS|off] [--json]   a member's vacation: begin, end or read it
"""

from __future__ import annotations

import json

from wish_tui.tables.vacation_words import vacation_sentence

from .errors import ClubError

COMMANDS = ("vacation", "friends")


def add_parser(inner) -> None:
    """Add the members' commands to `wish-tui club`."""
    vacation = inner.add_parser(
        "vacation",
        help="a member's vacation: their turn-based clocks wait (DAYS from now; off ends it)",
    )
    vacation.add_argument("name", metavar="NAME")
    vacation.add_argument("days", metavar="DAYS|off", nargs="?", help="omit it to read it")
    vacation.add_argument("--json", action="store_true", help="print one JSON object")
    friends = inner.add_parser(
        "friends", help="whom a member follows and blocks, and who follows them"
    )
    friends.add_argument("name", metavar="NAME")
    friends.add_argument("--json", action="store_true", help="print one JSON object")


def run(club, args) -> None:
    """Run one of `COMMANDS`.

    Raises:
        ClubError: an unknown name, or days that are not allowed (one sentence).
    """
    player = club.players.named(args.name)
    if args.club_command == "friends":
        _friends(club, player, args.json)
        return
    vacations = club.vacations
    said = (args.days or "").strip().lower()
    if not said:
        state = vacations.state(player.id)
    elif said == "off":
        state = vacations.end(player.id)
    elif said.isdigit():
        state = vacations.start(player.id, int(said))
    else:
        raise ClubError(f"DAYS is a whole number of days or 'off', not {args.days!r}.")
    if args.json:
        print(json.dumps({"format": "wish_tui.club.vacation", **state.to_json()}))
    else:
        print(vacation_sentence(state.to_json(), player.name))


def _friends(club, player, as_json: bool) -> None:
    friends = club.follows.friends(player.id)
    if as_json:
        print(json.dumps({"format": "wish_tui.club.friends", **friends.to_json()}))
        return

    def names(pairs) -> str:
        return ", ".join(name for _, name in pairs) or "no one"

    print(f"{player.name} follows {names(friends.follows)}.")
    print(f"{player.name} blocks {names(friends.blocks)}.")
    print(f"Following {player.name}: {names(friends.followers)}.")
