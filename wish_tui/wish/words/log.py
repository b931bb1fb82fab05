"""Wish's log in words: the opening lines and what each action did, for any reader.

Free of Textual, so the table server can write each person's log from its own point of view (a
seat's secrets only in its own log) and the game screen and the replay can show it.
"""

from __future__ import annotations

from wish_tui.wish.rules import CATALOG

from .changes import change_lines
from .marks import DJINN_TITLE
from .words import log_line


def opening_lines(record, state) -> list[str]:
    """The log's first lines: the seats and who starts."""
    names = ", ".join(f"{DJINN_TITLE[s['djinn']]} ({s['who']})" for s in record.seats)
    lines = [f"A game of Wish: {names}."]
    if len(record.seats) > 1:
        first = DJINN_TITLE[state.djinns[state.order[0]]]
        order = " → ".join(DJINN_TITLE[state.djinns[s]] for s in state.order)
        lines.append(f"{first} starts: the turn order is {order}.")
    return lines


def log_lines(record, before, action, after, seat: int, private: bool) -> list[str]:
    """What `seat`'s action was and what it changed; `private` names the seat's own cards."""
    decision = before.pending[0][0] if before.pending else ""
    where = CATALOG.areas[before.players[seat].area].name
    line = log_line(record.seat_names[seat], action, private, decision, where)
    own, others = change_lines(before, after, seat, action, private)
    if own:
        line += f" → {own}."
    return [line, *others, *events(before, after)]


def events(before, after) -> list[str]:
    """Lines for what the table did by itself: a new round, the Challenge card."""
    lines = []
    if after.round != before.round and after.round:
        card = CATALOG.caravan_cards[after.caravan_card] if after.caravan_card >= 0 else None
        area = CATALOG.areas[CATALOG.route[after.caravan_pos]].name
        moved = card.move if card else 0
        where = f"moves {moved} to {area}" if moved else f"stays in {area}"
        trade = card.describe_trade() if card else "—"
        lines.append(f"— Round {after.round}: the Caravan {where}; trade {trade}.")
        if after.final_round:
            lines.append("— The Caravan reached the Dock: this is the last round!")
    if after.solo and after.challenge_card != before.challenge_card and after.challenge_card:
        effect = CATALOG.wishes[after.challenge_card].effect
        what = CATALOG.challenge_effects.get(effect, "")
        lines.append(f"— Challenge: {after.challenge_card}: {what}.")
    return lines
