"""Actions in words, for the log, menus and notifications."""

from __future__ import annotations

from wish_tui.wish.rules import CATALOG, COLOURS, GEMS, LETTERS, Action

from .marks import DJINN_TITLE

_PLAIN = {
    "travel": "travel to {arg}",
    "empower": "Empower",
    "manifest": "Manifest",
    "caravan": "trade with the Caravan",
    "fulfill": "fulfill {arg}",
    "build": "build the {arg}",
    "icedibs": "Ice Dibs on {arg}",
    "clone": "Fiery Clone to {arg}",
    "blast": "Wind Blast to {arg}",
    "harvest": "Harvest the Nest",
    "trade": "trade crystals for {arg}",
    "end": "end the turn",
    "keep": "keep the Destiny {arg}",
    "discard": "discard {arg}",
    "draw": "draw {arg}",
    "gain": "gain {arg}",
    "pay": "pay {arg}",
    "nest": "put {arg} on the Nest",
    "teleport": "teleport to {arg}",
    "wind": "ride the wind to {arg}",
    "look": "look at {arg}'s hand",
    "swap": "swap {arg} for {arg2}",
    "give": "give {arg}",
    "take": "take {arg}",
    "remove": "make them lose {arg}",
    "lose": "lose {arg}",
    "choose": "choose {arg}",
    "pass": "pass",
}


SYMBOL_WORD = {
    "travel": "Travel",
    "empower": "Empower",
    "manifest": "Manifest",
    "fulfill": "Fulfill",
}
"""The actions of a Djinn's board, by their symbol."""
ACTION_NAME = {
    **SYMBOL_WORD,
    "caravan": "Trade with the Caravan",
    "build": "Build a Monument",
    "icedibs": "Ice Dibs",
    "clone": "Fiery Clone",
    "blast": "Wind Blast",
    "harvest": "Harvest the Nest",
}
"""An action's name by its kind, as the part of a long window it falls in."""


def action_name(action: Action) -> str:
    """The action's name, as the part of a long window it falls in: 'Wind Blast'."""
    return ACTION_NAME.get(action.kind, describe(action))


def action_area(action: Action) -> str:
    """The Area a Wind Blast or Fiery Clone goes to, as the part of a long window it falls in
    (another action: its own words)."""
    if action.kind in ("clone", "blast"):
        return f"in {action.arg}"
    return describe(action)


def symbol_word(board, symbol: str) -> str:
    """A symbol of a Djinn's board (`catalog.djinns[...]`) in words: the action, or the special
    ability by its name."""
    return board.special if symbol == "special" else SYMBOL_WORD[symbol]


def describe_choice(action: Action, text: str | None = None) -> str:
    """The action in words for a menu, with what the card or crystal is (`text`: its
    `describe`, when made already)."""
    if text is None:
        text = describe(action)
    if action.kind == "keep" and action.arg in CATALOG.destinies:
        return f"{text}: {CATALOG.destinies[action.arg].text}"
    wish = CATALOG.wishes.get(action.arg)
    if wish and action.kind in ("draw", "discard", "fulfill", "icedibs", "swap"):
        return f"{text} — {wish.type}, cost {wish.cost_letters}, {wish.vp} VP: {wish.text}"
    return text


def describe(action: Action) -> str:
    """The action in words, without the acting Djinn: 'travel to Dock (column 3)'."""
    template = _PLAIN.get(action.kind, "{kind} {arg}")
    arg = DJINN_TITLE.get(action.arg, action.arg)
    if action.arg in COLOURS:
        arg = f"{GEMS[COLOURS.index(action.arg)]} ({LETTERS[COLOURS.index(action.arg)]})"
    text = template.format(kind=action.kind, arg=arg, arg2=action.arg2)
    if action.kind in ("clone", "blast") and action.arg2:
        token = "Fiery Clone" if action.kind == "clone" else "Wind Blast"
        text = f"{token} to {arg} from {action.arg2}"
    if action.at:
        text += f" through the clone in {action.at}"
    if action.source:
        text += " with a Monument's Wishing Person"
    if action.trick:
        text += f" (Trickery: {action.trick} person)"
    if action.potion:
        text = "Potion: " + text[0].upper() + text[1:]
    if action.col:
        text += f" (column {action.col})"
    return text[0].upper() + text[1:]


PASS_WORDS = {
    "wind": "stay (no free Wind Blast travel)",
    "teleport": "stay (no teleport)",
    "a_child": "keep the crystals (A Child)",
    "forgive": "give nothing more (Forgiveness)",
    "fresh_discard": "stop discarding (Fresh Start)",
    "palace_swap": "swap nothing (Palace)",
}
"""What 'pass' means in each decision that allows it."""

OTHER_PROMPTS = {
    "take": "Take a Crystal of your choice from {other}.",
    "remove": "Choose a Crystal {other} loses.",
    "give": "Give a Crystal of your choice to {other}.",
}
"""The rules' prompts of decisions about another seat, naming it."""


def decision_prompt(decision: dict) -> str:
    """The sentence of a seat's decision (its view's ``decision``), naming the other seat
    where it is about one."""
    other = DJINN_TITLE.get(decision.get("their_djinn", ""))
    if other and decision.get("kind") in OTHER_PROMPTS:
        return OTHER_PROMPTS[decision["kind"]].format(other=other)
    return decision.get("prompt", "")


SECRET_KINDS = ("keep", "swap")
"""Decisions whose details only the deciding seat may read: the Destiny kept, a Palace swap."""


IN_AREA = frozenset(("empower", "manifest", "caravan"))
"""Actions whose log line says the Area they were taken in."""


def log_line(
    djinn: str, action: Action, private: bool = False, decision: str = "", where: str = ""
) -> str:
    """One line of the game log; secret details are left out unless `private` (only the deciding
    person reads this log). `decision` is the kind of decision answered, if any; `where` the
    Area the acting Djinn stands in (an Empower, a Manifest or a trade names it)."""
    if action.kind in SECRET_KINDS and not private:
        what = "keeps a Destiny (secret)" if action.kind == "keep" else "swaps a Wish (Palace)"
        return f"{DJINN_TITLE[djinn]} {what}"
    if action.kind == "pass" and decision in PASS_WORDS:
        return f"{DJINN_TITLE[djinn]}: {PASS_WORDS[decision]}"
    text = describe(action)
    if action.kind in IN_AREA and where and not action.at:
        text = text.replace(" (column", f" in {where} (column", 1) if action.col else text
    return f"{DJINN_TITLE[djinn]}: {text}"


def decision_cause(view: dict, seat: int | None) -> str:
    """Why a decision is the seat's now, when its own turn's action did not bring it: another
    Djinn's Cataracts or Charm, a Frostflake's Wish leaving the Offer, the solo Challenge card,
    Hatred ('' when the seat's own action did)."""
    decision = view.get("decision") or {}
    kind = decision.get("kind")
    if view.get("phase") != "play" or seat is None:
        return ""
    turn = view["turn_seat"]
    mover = DJINN_TITLE[view["djinns"][turn]] if turn is not None else ""
    if kind == "frost" and decision.get("wish"):
        return f"{decision['wish']}, with your Frostflake on it, left the Offer."
    if turn != seat:
        if kind == "gain":
            return f"{mover} used the Cataracts' Manifest: each other Djinn gains 1 Crystal."
        if kind == "give":
            return f"{mover} fulfilled Charm: each opponent gives them a Crystal of their choice."
        return f"It is {mover}'s turn; this decision is yours."
    me = view["players"][seat]
    challenge = view.get("challenge") or {}
    started = any(me["markers"]) or me["potion_used"]
    if challenge.get("card") and kind in ("give", "lose") and not started:
        return f"The Challenge card {challenge['card']}, revealed at the start of your turn."
    if kind == "lose":
        return "Hatred: fulfilling a Wish in or next to the Caravan's Area costs a Crystal."
    return ""
