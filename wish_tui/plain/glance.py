"""Short questions answered in one short sentence, as a blind player asks them mid-game (after
lichess's blind mode): the last move of each seat, whose turn it is, the points now, and what
the table shows of a named thing."""

from __future__ import annotations

GLANCE_COMMANDS = {
    "last": "last: the last move of each seat",
    "turn": "turn: whose decision it is, with the time left where there is a clock",
    "points": "points: every seat's points if the game ended now, in one sentence",
    "find": "find NAME: what the table shows of a place, a card or a seat (e.g. 'find Oasis')",
}
"""Each short question and its help line."""
FOUND_AT_MOST = 4
"""Lines `find` says at most (the rest: `look`)."""


def glance(sitting, name: str, rest: str) -> None:
    """Answer one short question."""
    ANSWERS[name](sitting, rest.strip())


def _last(sitting, rest: str) -> None:
    moves = []
    for info in sitting.table.seats:
        title = info.title
        line = next(
            (
                line
                for line in reversed(sitting.news_kept)
                if line.startswith((f"{title}: ", f"{title} "))
                and not line.startswith((f"{title} (", f"{title} starts"))
            ),
            "",
        )
        if line:
            moves.append(line.rstrip(".") + ".")
    sitting.out.say(" ".join(moves) if moves else "No seat has moved yet.")


def _turn(sitting, rest: str) -> None:
    table = sitting.table
    if table.is_over:
        sitting.out.say("The game is over.")
        return
    seat = table.deciding
    if seat is None:
        sitting.out.say("No one decides now.")
        return
    who = "Your decision" if seat == sitting.viewer else f"{sitting.seat_label(seat)} decides"
    clocks = [
        f"{info.title} {words}"
        for index, info in enumerate(table.seats)
        if (words := sitting.clock_words(index))
    ]
    sitting.out.say(f"{who}{'; ' + ', '.join(clocks) if clocks else ''}.")


def _points(sitting, rest: str) -> None:
    view = sitting.view()
    scores = view.get("scores") if sitting.table.is_over else view.get("projection")
    if not scores or not scores.get("seats"):
        sitting.out.say("No points can be read at this table.")
        return
    seats = sitting.table.seats
    said = []
    for entry in scores["seats"]:
        seat = entry["seat"]
        you = " (you)" if seat == sitting.viewer else ""
        said.append(f"{seats[seat].title}{you} {entry['total']}")
    lead = "Final points" if sitting.table.is_over else "Points if the game ended now"
    unknown = any(entry.get("unknown") for entry in scores["seats"])
    sitting.out.say(
        f"{lead}: {', '.join(said)}{'; some hidden cards not counted' if unknown else ''}."
    )


def _find(sitting, rest: str) -> None:
    if not rest:
        sitting.out.say("find needs a name, e.g. 'find " + sitting.text.SECTIONS[0] + "'.")
        return
    wanted = rest.lower()
    view = sitting.view()
    found = [
        line
        for section in sitting.text.SECTIONS
        for line in sitting.text.section(view, sitting.viewer, section)
        if wanted in line.lower()
    ]
    if not found:
        sitting.out.say(
            f"Nothing on the table is named '{rest[:30]}'; 'rules {rest[:30]}' reads a card or a "
            "place by its name."
        )
        return
    more = len(found) - FOUND_AT_MOST
    sitting.out.say(*found[:FOUND_AT_MOST])
    if more > 0:
        sitting.out.say(f"({more} more lines name it: look reads the whole table.)")


ANSWERS = {"last": _last, "turn": _turn, "points": _points, "find": _find}
