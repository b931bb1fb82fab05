"""A new game described in one line of words, for a local game and for a new table at a server.

    wish solo easy air              a solo game of Wish, as the Air Djinn
    spirits air water:hard wishes   you (air) against a hard bot, with the Wishes module
    wishland red blue:open          (at a server) you and a seat left open for a friend
    wish air water:open turn 24h    (at a server) a turn-based table, 24 hours a move

The words, in any order after the game: `solo [LEVEL]`, a seat `NAME[:WHO]` (WHO is `human` or a
bot level at this keyboard; `me`, `open` or a bot level at a server; a seat without WHO is yours,
or at a server the others are left open), an option (`entrepreneurs`, a module such as `wishes`,
or `modules=wishes,hexes`), locally `seed N`, and at a server how the table is played: `live`
(the default) or `live 10+5` (10 minutes a seat, 5 seconds more a move), `turn` (turn-based, a
move at a time over days) or `turn 24h` (24 hours a move; `turn 72h 30d`: 30 days in all). A line
that is no game gets one sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wish_tui import games
from wish_tui.core.bots import LEVELS
from wish_tui.core.excerpt import excerpt
from wish_tui.tables.clock_words import clock_words


class SetupError(ValueError):
    """A line that describes no game; the message is one sentence."""


@dataclass(frozen=True)
class Setup:
    """A new game: the game, its seats (name, who), solo level, options and seed."""

    game: str
    seats: tuple[tuple[str, str], ...]
    solo: str = ""
    options: dict = field(default_factory=dict)
    seed: int | None = None
    kind: str = "live"
    """At a server: 'live' or 'turn' (turn-based)."""
    clock: dict | None = None
    """At a server: the table's clock as the table server takes it (None: no clock)."""


def examples(at_server: bool) -> list[str]:
    """Lines that each start a game (what the setup question offers)."""
    if at_server:
        return ["wish air water:open", "spirits solo easy air", "wishland red blue:hard"]
    return ["wish solo easy air", "spirits air water:hard", "wishland solo red"]


def _game_of(word: str):
    wanted = word.lower()
    for game in games.GAMES.values():
        if wanted in (game.name, game.title.lower()):
            return game
    starts = [g for g in games.GAMES.values() if g.name.startswith(wanted)]
    if len(starts) == 1 and len(wanted) >= 2:
        return starts[0]
    raise SetupError(
        f"{excerpt(word)} is not a game here; start the line with one of {', '.join(games.names())}."
    )


def parse(line: str, at_server: bool = False) -> Setup:
    """Read a setup line.

    Raises:
        SetupError: the line describes no game (one sentence, with an example).
    """
    words = line.split()
    if not words:
        raise SetupError(f"Name a game, e.g. '{examples(at_server)[0]}'.")
    spec = _game_of(words[0])
    people = ("me", "open") if at_server else ("human",)
    solo: str | None = None
    seats: list[tuple[str, str | None]] = []
    given: dict = {}
    seed = None
    kind, clock = "live", None
    rest = [w.lower() for w in words[1:]]
    i = 0
    while i < len(rest):
        word = rest[i]
        i += 1
        if word == "solo":
            solo = ""
            if i < len(rest) and rest[i] in spec.solo_levels:
                solo = rest[i]
                i += 1
            continue
        if word == "seed" and not at_server:
            if i >= len(rest) or not rest[i].lstrip("-").isdigit():
                raise SetupError("seed needs a whole number, e.g. 'seed 7'.")
            seed = int(rest[i])
            i += 1
            continue
        if word in ("live", "turn") and at_server:
            kind = word
            try:
                clock, i = clock_words(word, rest, i)
            except ValueError as exc:
                raise SetupError(str(exc)) from None
            continue
        name, _, who = word.partition(":")
        if name in spec.seats:
            if who and who not in (*people, *LEVELS):
                raise SetupError(
                    f"{excerpt(word)}: who plays a seat is {', '.join((*people, *LEVELS))}."
                )
            seats.append((name, who or None))
            continue
        key, _, value = word.partition("=")
        option = spec.option(key.replace("-", "_"))
        if option is not None:
            given[option.key] = value if option.is_set else True
            if option.is_set and not value:
                raise SetupError(f"{key} names parts, e.g. '{key}={','.join(option.choices)}'.")
            continue
        part_of = next((o for o in spec.options if o.is_set and word in o.choices), None)
        if part_of is not None:
            parts = given.get(part_of.key, "")
            given[part_of.key] = f"{parts},{word}" if parts else word
            continue
        raise SetupError(
            f"{excerpt(word)} is no seat, option or level of {spec.title}; the seats are "
            f"{', '.join(spec.seats)} (e.g. '{examples(at_server)[0]}')."
        )
    try:
        options = spec.parse_options(given)
    except ValueError as exc:
        raise SetupError(str(exc)) from None
    chosen = _finish(spec, solo, seats, options, seed, at_server)
    return Setup(chosen.game, chosen.seats, chosen.solo, chosen.options, seed, kind, clock)


def _finish(spec, solo, seats, options, seed, at_server: bool) -> Setup:
    me = "me" if at_server else "human"
    if solo is not None:
        levels = spec.solo_levels
        if not levels:
            raise SetupError(f"{spec.title} has no solo game.")
        level = solo or (levels[0] if len(levels) == 1 else "")
        if not level:
            raise SetupError(f"A solo game of {spec.title} needs a level: {', '.join(levels)}.")
        if len(seats) > 1:
            raise SetupError("A solo game has one seat, yours.")
        conflict = spec.solo_conflict(options)
        if conflict:
            raise SetupError(conflict[:1].upper() + conflict[1:] + ".")
        name = seats[0][0] if seats else spec.seats[0]
        return Setup(spec.name, ((name, me),), level, options, seed)
    if not seats:
        raise SetupError(
            f"Name the seats of {spec.title} ({', '.join(spec.seats)}), or say solo, e.g. "
            f"'{spec.name} {spec.seats[0]} {spec.seats[1]}:hard'."
        )
    if len(seats) == 1:
        raise SetupError(
            f"One seat is a solo game: say '{spec.name} solo {spec.seats[0]}', or name more seats."
        )
    if len(seats) > spec.max_seats:
        raise SetupError(f"{spec.title} is played by at most {spec.max_seats} seats.")
    names = [n for n, _ in seats]
    if len(set(names)) != len(names):
        raise SetupError(f"Each {spec.seat_word} sits at one seat only.")
    done: list[tuple[str, str]] = []
    for name, who in seats:
        if who is None:
            who = me if not any(w == me for _, w in done) or not at_server else "open"
        done.append((name, who))
    if at_server and sum(1 for _, w in done if w == "me") > 1:
        raise SetupError("You can sit at one seat of a table; leave the others open.")
    return Setup(spec.name, tuple(done), "", options, seed)
