"""A window's option in words, for the detail line: what choosing it does, and what the card,
place or crystal it names is (both cards of a Palace swap).

Pure text from the deciding seat's view, the action and the catalog; free of Textual.
"""

from __future__ import annotations

from wish_tui.wish.rules import CATALOG, COLOURS, Action
from wish_tui.wish.rules.turn import SYMBOL_OF

from .details import (
    SPECIALS,
    area_index,
    area_words,
    cost_named,
    gem_words,
    monument_words,
    needs_sentence,
    person_words,
    seat_words,
    wish_words,
)
from .fit import Fits, after, before, fits_in, fitted, with_tail
from .help_text import ABILITIES
from .marks import DJINN_TITLE
from .text import crystals_words
from .words import PASS_WORDS, symbol_word

COLOUR_KINDS = frozenset(("gain", "pay", "nest", "give", "take", "remove", "lose", "trade"))
"""Decisions that name a crystal colour."""
CARD_KINDS = frozenset(("draw", "discard"))


def option_words(view: dict, seat: int, action: Action, fits: Fits = None) -> str:
    """What choosing `action` does and what it names, in a sentence or two (what does not fit
    is left out, the least first)."""
    lead = "Potion (a 4th action): " if action.potion else ""
    words = lead + _WORDS.get(action.kind, _plain)(view, seat, action, after(fits, lead))
    note = column_note(view, seat, action)
    return words + note if note and fits_in(fits, words + note) else words


def column_note(view: dict, seat: int, action: Action) -> str:
    """What else an action marker's column holds, which the marker closes for the turn (the
    options of one action in two columns differ by this alone); '' for none."""
    if not action.col or action.potion:
        return ""
    board = CATALOG.djinns[view["players"][seat]["djinn"]]
    mine = SYMBOL_OF.get(action.kind)
    others = [symbol_word(board, s) for s in board.columns[action.col - 1] if s != mine]
    if not others:
        return ""
    return f" The marker closes column {action.col}'s {' and '.join(others)} for this turn."


def _here(view: dict, seat: int, action: Action) -> int:
    """The Area the action is taken in: a Fiery Clone's, or the Djinn's own."""
    return area_index(action.at or view["players"][seat]["area"])


def _clone_note(action: Action) -> str:
    return f" From your Fiery Clone in {action.at}, which is then used up." if action.at else ""


def _travel(view, seat, action, fits) -> str:
    return "Travel to " + area_words(view, area_index(action.arg), seat, after(fits, "Travel to "))


def _empower(view, seat, action, fits) -> str:
    info = CATALOG.areas[_here(view, seat, action)]
    gems = " and ".join(gem_words(COLOURS[c]) for c in info.crystals)
    return f"Empower in {info.name}: gain {gems}.{_clone_note(action)}"


def _manifest(view, seat, action, fits) -> str:
    info = CATALOG.areas[_here(view, seat, action)]
    text = f"Manifest in {info.name}: {ABILITIES[info.ability]}"
    if view["players"][seat]["djinn"] == "earth":
        text += " Then Providence puts a Crystal of your choice on your Nest."
    return text + _clone_note(action)


def _caravan(view, seat, action, fits) -> str:
    card = view["caravan"]["card"]
    give, _, get = (card["trade"] if card else " -> ").partition(" -> ")
    return f"Trade with the Caravan: give {give}, get {get}.{_clone_note(action)}"


def _fulfill(view, seat, action, fits) -> str:
    wish = CATALOG.wishes[action.arg]
    colour = COLOURS[wish.colour]
    where = CATALOG.areas[_here(view, seat, action)].name
    person = action.trick or colour
    taken = f"take {person_words(person)} from {where}"
    if action.source == "monument":
        taken = f"use {person_words(person)} on {where}'s Monument (its builder gains 1 VP)"
    parts = [
        f"Fulfill {action.arg} ({wish.type.capitalize()} Wish): pay "
        f"{cost_named(wish.cost_letters)}, {taken}, score {wish.vp} VP, draw from the Offer"
    ]
    if action.trick:
        parts.append(f"your Trickery token makes the {action.trick} person count as {colour}")
    if action.at:
        parts.append(f"your Fiery Clone in {action.at} is then used up")
    timing = "Ongoing" if wish.timing == "ongoing" else "Instant"
    return with_tail(fitted(parts, fits), f"{timing}: {wish.text}", fits)


def _build(view, seat, action, fits) -> str:
    monument = CATALOG.monument_by_name[action.arg]
    return f"Build the {monument_words(monument, view, seat)}{_clone_note(action)}"


def _icedibs(view, seat, action, fits) -> str:
    wish = CATALOG.wishes[action.arg]
    return (
        f"Ice Dibs on {action.arg}: when it leaves the Offer you gain a Crystal of its cost "
        f"({cost_named(wish.cost_letters)}), 2 if an opponent drew it."
    )


def _token(view, seat, action, fits) -> str:
    djinn = view["players"][seat]["djinn"]
    move = f"move it from {action.arg2}" if action.arg2 else "a new one"
    head = f"{SPECIALS[djinn].split(':')[0]} in {action.arg} ({move})."
    return f"{head} {area_words(view, area_index(action.arg), seat, after(fits, head + ' '))}"


def _harvest(view, seat, action, fits) -> str:
    nest = crystals_words(view["players"][seat]["nest"], "nothing")
    return f"Harvest: take every Crystal on your Nest: {nest}."


def _colour(view, seat, action, fits) -> str:
    colour = action.arg
    me = view["players"][seat]
    held = me["crystals"][colour]
    needed = sum(
        max(0, CATALOG.wishes[name].cost[COLOURS.index(colour)] - held)
        for name in me.get("hand", [])
    )
    need = f"; the Wishes in your hand still need {needed} more" if needed else ""
    verb = {
        "gain": "Gain",
        "pay": "Pay",
        "nest": "Put on your Nest",
        "give": "Give",
        "take": "Take",
        "remove": "They lose",
        "lose": "Lose",
        "trade": "Trade for",
    }[action.kind]
    text = f"{verb} 1 {gem_words(colour)}. You hold {held}{need}."
    if action.kind == "trade":
        ratio = 2 if me["djinn"] == "air" else 3
        text += f" Then pay {ratio} Crystals of other colours, one at a time."
    return text


def _card(view, seat, action, fits) -> str:
    verb = {"draw": "Draw", "discard": "Discard"}[action.kind]
    if action.arg not in view["players"][seat].get("hand", []):
        return wish_words(action.arg, fits, f"{verb} ")
    where = " " + needs_sentence(view, seat, action.arg)
    text = wish_words(action.arg, before(fits, where), f"{verb} ")
    return text + where if fits_in(fits, text + where) else wish_words(action.arg, fits, f"{verb} ")


def _swap(view, seat, action, fits) -> str:
    wish = CATALOG.wishes[action.arg]
    given = f" You give {action.arg} ({wish.type.capitalize()}, {wish.cost_letters}, {wish.vp} VP)."
    return wish_words(action.arg2, before(fits, given), "You get ") + given


def _keep(view, seat, action, fits) -> str:
    destiny = CATALOG.destinies[action.arg]
    return f"Keep the Destiny {action.arg} (secret, scored at the end): {destiny.text}"


def _place(view, seat, action, fits) -> str:
    verb = "Teleport to" if action.kind == "teleport" else "Ride the wind to"
    return f"{verb} {area_words(view, area_index(action.arg), seat, after(fits, verb + ' '))}"


def _look(view, seat, action, fits) -> str:
    other = next(p for p in view["players"] if p["djinn"] == action.arg)
    return (
        f"Look at {DJINN_TITLE[action.arg]}'s hand ({other['hand_count']} Wishes); then you may "
        "swap one of your Wishes for one of theirs."
    )


def _choose(view, seat, action, fits) -> str:
    other = next(p for p in view["players"] if p["djinn"] == action.arg)
    return "Choose " + seat_words(view, other["seat"], seat, after(fits, "Choose "))


def _end(view, seat, action, fits) -> str:
    me = view["players"][seat]
    left = 3 - sum(1 for m in me["markers"] if m)
    if left <= 0:
        return "End the turn: the next Djinn plays."
    return f"End the turn with {markers_left(left)} unused."


def _pass(view, seat, action, fits) -> str:
    decision = (view.get("decision") or {}).get("kind", "")
    words = PASS_WORDS.get(decision, "pass")
    return words[0].upper() + words[1:] + "."


def _plain(view, seat, action, fits) -> str:
    return str(action)


def markers_left(n: int) -> str:
    """'no action marker', '1 action marker', '3 action markers'."""
    if n <= 0:
        return "no action marker"
    return f"{n} action marker{'' if n == 1 else 's'}"


_WORDS = {
    "travel": _travel,
    "empower": _empower,
    "manifest": _manifest,
    "caravan": _caravan,
    "fulfill": _fulfill,
    "build": _build,
    "icedibs": _icedibs,
    "clone": _token,
    "blast": _token,
    "harvest": _harvest,
    **dict.fromkeys(COLOUR_KINDS, _colour),
    **dict.fromkeys(CARD_KINDS, _card),
    "swap": _swap,
    "keep": _keep,
    "teleport": _place,
    "wind": _place,
    "look": _look,
    "choose": _choose,
    "end": _end,
    "pass": _pass,
}
"""Per kind of action: its detail line."""
