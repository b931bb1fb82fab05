"""Why no action of a group (a key's: Travel, Empower, … the Potion, the end of the turn) is
legal for the seat to move now: what a greyed key or a refused key explains."""

from __future__ import annotations

from . import decisions
from .catalog import GEMS
from .effects import ability_usable
from .explain import (
    MANIFEST_EMPTY,
    NO_POTION,
    NO_TRICKERY,
    POTION_TOO_EARLY,
    POTION_USED,
    TRICKERY_USED,
    djinn_name,
    fulfil_gap,
    hand_status,
)
from .supply import crystal_supply
from .turn import TOKEN_SUPPLY, places

GROUP_TITLES = {
    "travel": "Travel",
    "empower": "Empower",
    "manifest": "Manifest",
    "fulfill": "Fulfill",
    "special": "Special",
    "potion": "Potion",
    "trickery": "Trickery",
    "trade": "Trade",
    "end": "End turn",
}
"""Groups of turn actions a player may ask about, by the name of their symbol or token."""


def why_not_now(st, group: str, hand: dict | None = None) -> str:
    """Explain why no action of `group` (see GROUP_TITLES) is legal for the seat to move.

    Args:
        hand: the seat to move's `hand_status` in `st`, when the caller holds it already (the
            seat's view has it): read instead of worked out again.
    """
    if group not in GROUP_TITLES:
        raise ValueError(
            f"'{group}' is not a group of actions; use one of {', '.join(GROUP_TITLES)}."
        )
    if st.phase == "over":
        return "The game is over; no one acts any more."
    if st.pending:
        step = st.pending[0]
        prompt = decisions.DECISION_PROMPTS.get(step[0], "finish the current decision")
        return f"{djinn_name(st, step[1])} must first decide: {prompt}"
    p = st.players[st.order[st.turn_idx]]
    reason = _token_reason(p, group)
    if reason:
        return reason
    if group == "trade":
        ratio = 2 if p.djinn == "air" else 3
        return (
            f"A trade needs {ratio} Crystals of colours other than the one you want: "
            "Empower to gain Crystals first."
        )
    if p.markers_placed >= 3 and group != "end":
        return "All three action markers are placed: use a Potion or end the turn."
    reason = _no_free_column(st.catalog.djinns[p.djinn].columns, p, group)
    if reason:
        return reason
    if group in ("fulfill", "trickery"):
        return _hand_reason(st, st.order[st.turn_idx], p, group, hand)
    if group == "special":
        return _special_closed(st, p)
    if group == "manifest":
        return _manifest_closed(st, st.order[st.turn_idx], p)
    if group == "empower":
        area = st.catalog.areas[p.area]
        supply = crystal_supply(st)
        if not any(supply[c] for c in area.crystals):
            names = " or ".join(GEMS[c] for c in area.crystals)
            return (
                f"No {names} is left in the supply to Empower with in {area.name} "
                "(12 of each in the box): Empower in another Area."
            )
    return f"{GROUP_TITLES[group]} is not possible here and now."


def _special_closed(st, p) -> str:
    """Why the Djinn's Special action has nothing to act on (Djinn Abilities)."""
    if p.djinn == "fire":
        return (
            "Both Fiery Clone tokens are used up: a clone is discarded once you Empower, "
            "Manifest or Fulfill from its Area (Example 8), and Fire has two."
        )
    if p.djinn == "water":
        if len(st.frost) >= TOKEN_SUPPLY["water"]:
            return (
                "All three Frostflakes lie on Offer cards; one comes back when its card leaves "
                "the Offer."
            )
        return "Every Wish in the Offer has a Frostflake on it already."
    if p.djinn == "earth":
        return "Your Nest is empty: Providence puts a Crystal on it after each Manifest."
    return "Special is not possible here and now."


def _manifest_closed(st, seat: int, p) -> str:
    """Why no Manifest is possible: the ability of each place the Djinn may act from, and the
    Caravan."""
    reasons = []
    for place, _ in places(st, p):
        area = st.catalog.areas[place]
        if not ability_usable(st, seat, place):
            reasons.append(
                f"The Manifest of {area.name} cannot be used: "
                + MANIFEST_EMPTY.get(area.ability, "not now")
            )
    caravan = st.catalog.areas[st.catalog.route[st.caravan_pos]].name
    if any(place == st.catalog.route[st.caravan_pos] for place, _ in places(st, p)):
        unpaid = MANIFEST_EMPTY["oasis"]
        # At the Oasis with the Caravan there, the Oasis's reason is the Caravan's already.
        if not any(reason.endswith(unpaid) for reason in reasons):
            reasons.append(unpaid)
    else:
        reasons.append(f"the Caravan trades only in its Area ({caravan}) or from the Oasis")
    words = "; ".join(reasons)
    return f"{words[0].upper()}{words[1:]}: travel to another Area to Manifest there."


def _token_reason(p, group: str) -> str:
    """Why the Potion or the Trickery token cannot be used now ('' for other groups)."""
    if group == "potion":
        if not p.potions:
            return NO_POTION
        if p.potion_used:
            return POTION_USED
        if p.markers_placed < 3:
            return POTION_TOO_EARLY
    if group == "trickery":
        if not p.trickery:
            return NO_TRICKERY
        if p.trickery_used:
            return TRICKERY_USED
    return ""


def _no_free_column(columns, p, group: str) -> str:
    """Why no free action column has the group's symbol ('' when one has)."""
    symbol = "fulfill" if group == "trickery" else group
    free = [
        i
        for i, col in enumerate(columns)
        if symbol in col and not p.markers[i] and (i != 1 or p.unlocked)
    ]
    if free:
        return ""
    title = GROUP_TITLES[symbol]
    if symbol in columns[1] and not p.markers[1] and not p.unlocked:
        return f"The only free {title} symbol is on column 2, locked until you fulfill your third Wish."
    article = "an" if title[0] in "AEIOU" else "a"
    return (
        f"No free action column has {article} {title} symbol this turn: "
        "take another action, or end the turn."
    )


def _hand_reason(st, seat: int, p, group: str, statuses: dict | None) -> str:
    """Why no Wish in the hand answers the Fulfill or Trickery key: each Wish's one reason
    (`statuses`: the hand's `hand_status`, None when not yet worked out)."""
    if statuses is None:
        statuses = hand_status(st, seat)
    other = {"fulfill": "k", "trickery": "f"}[group]
    elsewhere = [card for card, s in statuses.items() if s["now"] == other]
    if elsewhere and group == "fulfill":
        return f"{', '.join(elsewhere)} can be fulfilled only with a Trickery token (k)."
    if elsewhere:
        return f"{', '.join(elsewhere)} can be fulfilled without a Trickery token (f)."
    lacking = [card for card, s in statuses.items() if not s["now"]]
    if not lacking:
        return "No Wish in your hand can be fulfilled now."
    if len(lacking) == 1:  # the one Wish's whole reason, with the place to go
        return statuses[lacking[0]]["why"]
    gaps = sorted(
        ((card, *fulfil_gap(st, seat, card)) for card in lacking),
        key=lambda gap: (bool(gap[2]), sum(int(ch) for ch in gap[1] if ch.isdigit())),
    )
    return _gaps_words(gaps)


def _gaps_words(gaps: list[tuple[str, str, str]]) -> str:
    """What to do, then every Wish in the hand and what it lacks, nearest first, a sentence
    each (a refusal shows the whole sentences that fit in two lines; the hand beside it uses
    the same letters as the map: Crystals in capitals, Wishing People in small letters)."""
    ways = []
    if any(crystals for _, crystals, _ in gaps):
        ways.append("Empower, Trade")
    if any(person for _, _, person in gaps):
        ways.append("Travel")
    lacks = " ".join(
        f"{card} needs {', '.join(part for part in (crystals, person) if part)}."
        for card, crystals, person in gaps
    )
    return f"No Wish can be fulfilled yet: gain what each lacks ({', '.join(ways)}). {lacks}"
