"""Wishland's log in words: the opening lines and what each action did.

Free of Textual, so the table server can write each person's log from its own point of view (a
card drawn into a solo hand, an Entrepreneur kept before the reveal, only in its owner's log) and
the game screen and the replay can show it.
"""

from __future__ import annotations

from wish_tui.wishland.rules import CATALOG

from .marks import SEAT_TITLE, seat_title
from .words import action_line, changes, income_words


def opening_lines(record, state) -> list[str]:
    """The log's first lines: the seats, the options, who holds the First Player Token."""
    seats = ", ".join(f"{SEAT_TITLE[s['colour']]} ({s['who']})" for s in record.seats)
    lines = [f"A game of Wishland: {seats}."]
    options = [
        word
        for word, on in (
            ("Entrepreneur Cards", state.ent_opt),
            ("Achievement Tiles", state.tiles_opt),
        )
        if on
    ]
    if options:
        lines.append(f"With the {' and the '.join(options)}.")
    if state.solo:
        lines.append(
            "Solo: 7 rounds of 4 turns; draw from the Marketplace Deck into your hand, play one "
            "card a turn, and beat your best score."
        )
    else:
        lines.append(f"{seat_title(state.seats[state.first])} holds the First Player Token.")
    return lines


def log_lines(record, before, action, after, seat: int, private: bool) -> list[str]:
    """What `seat`'s action was and what the game did after it; `private` shows the seat's own
    secrets (the card it drew, the Entrepreneur it kept)."""
    line = action_line(before, action, after, seat, private)
    # Income follows the last Turn Order choice at once: that change is told on its own line.
    own = [] if _new_round(before, after) else changes(before.players[seat], after.players[seat])
    if own:
        line = f"{line.rstrip('.')} → {', '.join(own)}."
    lines = [line] if action.kind != "end" else []
    for other in range(len(after.seats)):
        if other == seat:
            continue
        theirs = changes(before.players[other], after.players[other])
        if theirs and not _new_round(before, after):
            lines.append(f"  {seat_title(after.seats[other])}: {', '.join(theirs)}.")
    return lines + events(before, after)


def _new_round(before, after) -> bool:
    """True when Income was paid during the action (after the last Turn Order choice)."""
    return before.phase != "turns" and after.phase == "turns"


def events(before, after) -> list[str]:
    """Lines for what the table did by itself: the reveal, Income, a new turn or round, the end."""
    lines = []
    if before.phase == "setup" and after.phase != "setup":
        kept = ", ".join(
            f"{seat_title(after.seats[s])} E{p.ent}" for s, p in enumerate(after.players) if p.ent
        )
        lines.append(f"— Entrepreneurs revealed: {kept}.")
        for s, p in enumerate(after.players):
            if p.tile:
                text = CATALOG.achievements[p.tile].text
                lines.append(f"  {seat_title(after.seats[s])}'s own Achievement {p.tile}: {text}")
    if after.round != before.round and after.round:
        first = seat_title(after.seats[after.first])
        lines.append(
            f"— Round {after.round} of {CATALOG.rounds}: {first} chooses a Turn Order space first."
        )
    if before.phase != "turns" and after.phase == "turns":
        order = ", ".join(seat_title(after.seats[s]) for s in after.order)
        lines.append(f"— Income: {income_words(after)}. Turn order: {order}.")
    elif after.phase == "turns" and after.turn != before.turn and after.turn > 1:
        lines.append(f"— Turn {after.turn} of {CATALOG.turns}.")
    if before.phase == "turns" and after.phase == "final":
        lines.append("— Round 7 is over: Final Scoring (Hotel #8 buys first).")
    if after.phase == "over" and before.phase != "over":
        scores = after.final_scores()
        best = scores["winners"][0]
        total = scores["seats"][best]["total"]
        if after.solo:
            lines.append(f"— Final Scoring: you scored {total} VP.")
        else:
            lines.append(f"— Final Scoring: {seat_title(after.seats[best])} wins with {total} VP.")
    return lines
