"""What an action changed, in words: every seat's crystals, tokens, VP, cards, people and place.

The log's first line says what was decided; these lines say what came of it, including the steps
the rules resolved by themselves (a forced payment, Water's Frostflake crystal, an Ongoing Wish's
bonus, what a Challenge card took). They compare two views of the acting seat, so they never tell
more than that seat may see, and name its own cards only when the log is private to it.
"""

from __future__ import annotations

from wish_tui.wish.rules import COLOURS, GEMS

from .marks import DJINN_TITLE

MOVING_KINDS = ("travel", "teleport", "wind")
"""Actions whose own log line already says where the Djinn went."""
TOKENS = (("vp_tokens", "VP token"), ("potions", "Potion"), ("trickery", "Trickery token"))


PLURALS = {"Ruby": "Rubies", "person": "people"}


def _plural(word: str) -> str:
    head, _, last = word.rpartition(" ")
    last = PLURALS.get(last, last if last.endswith("s") else last + "s")
    return f"{head} {last}" if head else last


def _signed(n: int, what: str) -> str:
    return f"{'+' if n > 0 else '−'}{abs(n)} {what if abs(n) == 1 else _plural(what)}"


def _counts(before: dict, after: dict, names=GEMS, suffix: str = "") -> list[str]:
    parts = []
    for colour, name in zip(COLOURS, names, strict=True):
        delta = after[colour] - before[colour]
        if delta:
            parts.append(_signed(delta, name + suffix))
    return parts


def _cards(before: list[str], after: list[str]) -> tuple[list[str], list[str]]:
    gained = list(after)
    for card in before:
        if card in gained:
            gained.remove(card)
    lost = list(before)
    for card in after:
        if card in lost:
            lost.remove(card)
    return gained, lost


def seat_changes(b: dict, a: dict, private: bool, moved_by_action: bool) -> list[str]:
    """The changes between two entries of one seat in `view["players"]`."""
    parts = _counts(b["crystals"], a["crystals"])
    nest = _counts(b["nest"], a["nest"])
    if nest:
        parts.append("Nest " + ", ".join(nest))
    for key, word in TOKENS:
        delta = a[key] - b[key]
        if delta:
            parts.append(_signed(delta, word))
    parts += _counts(b["meeples"], a["meeples"], COLOURS, " person")
    for badge in _cards(b["badges"], a["badges"])[0]:
        parts.append(f"Badge {badge}")
    if private and "hand" in a and "hand" in b:
        gained, lost = _cards(b["hand"], a["hand"])
        fulfilled = set(_cards(b["fulfilled"], a["fulfilled"])[0])
        lost = [c for c in lost if c not in fulfilled]
        parts += [f"takes {c} into the hand" for c in gained]
        parts += [f"{c} leaves the hand" for c in lost]
    elif a["hand_count"] != b["hand_count"]:
        parts.append(f"hand {b['hand_count']} → {a['hand_count']}")
    if a["area"] != b["area"] and not moved_by_action:
        parts.append(f"now in {a['area']}")
    if a["unlocked"] and not b["unlocked"]:
        parts.append("the Lock comes off: column 2 is open")
    delta = a["visible_score"] - b["visible_score"]
    if delta:
        parts.append(
            f"{a['visible_score']} VP on the table ({'+' if delta > 0 else '−'}{abs(delta)})"
        )
    return parts


def offer_changes(b: dict, a: dict) -> list[str]:
    """New cards in the Offer and Frostflakes placed or paid out."""
    parts = []
    for card in _cards([c for c in b["offer"] if c], [c for c in a["offer"] if c])[0]:
        parts.append(f"{card} comes into the Offer")
    for card in _cards(b["frostflakes"], a["frostflakes"])[0]:
        parts.append(f"a Frostflake on {card}")
    return parts


def change_lines(before, after, seat: int, action, private: bool) -> tuple[str, list[str]]:
    """What `seat`'s action changed: the acting seat's own changes (to follow its log line) and
    one line for each other seat touched and for the Offer."""
    vb, va = before.view(seat), after.view(seat)
    own = ""
    lines = []
    for pb, pa in zip(vb["players"], va["players"], strict=True):
        acting = pb["seat"] == seat
        moved = acting and action.kind in MOVING_KINDS
        parts = seat_changes(pb, pa, private and acting, moved)
        if parts and acting:
            own = "; ".join(parts)
        elif parts:
            lines.append(f"  {DJINN_TITLE[pa['djinn']]}: {'; '.join(parts)}.")
    offer = offer_changes(vb, va)
    if offer:
        lines.append(f"  Offer: {'; '.join(offer)}.")
    return own, lines
