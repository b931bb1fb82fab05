"""Reasons for an action in plain words, for the hint a player asks for."""

from __future__ import annotations

from wish_tui.wishland.rules import Action, economy
from wish_tui.wishland.rules.catalog import CATEGORY_SYMBOLS, KIND_NAMES
from wish_tui.wishland.rules.tables import CARD_INDEX, CARDS, CAT

from .evaluate import score_now

_RESOURCE_WHY = {
    "happiness": "the Happiness Track pays 1 VP at every odd space",
    "visitor": "the Visitor Track pays 2 Credits at every odd space",
    "worker": "another Worker means fewer turns spent collecting",
}
_ORDER_REWARD = ("no reward but the first pick", "1 Credit", "1 VP", "a choice of resource")


def _card_gain(state, seat: int, card: int) -> str:
    """What playing `card` does for the seat, in a few words."""
    c = CARDS[card]
    p = state.players[seat]
    kind = KIND_NAMES[c.kind]
    if c.kind == 0:
        return f"{c.vp} VP now and a higher Card Limit"
    if c.kind == 1:
        if c.penalty:
            return f"{c.credits} Credits now for 1 VP at the end"
        if c.visitors:
            visitors = f"{c.visitors} Visitor" + ("s" if c.visitors != 1 else "")
            return f"{visitors} and +{c.income} Income every round"
        return f"+{c.income} Income every round"
    if c.kind == 2:
        symbol = CAT.entertainment[c.entertainment]
        return f"its reward and the {symbol} Entertainment Symbol"
    if c.kind == 4:
        nth = p.counts[4] + 1
        return f"your Mascot Card #{nth} bonus and matches for its {_symbol(c)} symbol"
    return f"{kind} #{c.number}: {c.text.split('.')[0].split(': ', 1)[-1].lower()}"


def _symbol(c) -> str:
    return CATEGORY_SYMBOLS[c.category]


def describe(action: Action, state, seat: int) -> str:
    """A short reason for `action` by `seat` in `state` (a State consistent with its view)."""
    kind = action.kind
    p = state.players[seat]
    if kind in ("buy", "play", "bonus"):
        card = CARD_INDEX[action.arg]
        c = CARDS[card]
        price = economy.price(p, card)
        verb = {"buy": "buy", "play": "play", "bonus": "take with Hotel #8"}[kind]
        return f"{verb} {c.name} ({action.arg}, {price} Credits): {_card_gain(state, seat, card)}"
    if kind == "advertise":
        return "advertise for 1 Credit and a resource: no card here is worth its price now"
    if kind == "collect":
        if action.arg == "paid":
            return "pay 3 Credits to take your Workers back and still act this turn"
        return "take your Workers back so that you can buy again next turn"
    if kind == "claim":
        return f"claim Achievement {action.arg} for 1 VP before someone else does"
    if kind == "end":
        return "your action is done and nothing else helps this turn"
    if kind == "order":
        space = int(action.arg)
        reward = _ORDER_REWARD[space - 1] if space < 5 else "a Ticket Office Card (Card Limit +1)"
        return f"Turn Order space {space}: {reward}"
    if kind == "gain":
        return f"take 1 {action.arg}: {_RESOURCE_WHY[action.arg]}"
    if kind == "extra":
        n = int(action.arg)
        if n == 0:
            return "pay in Credits and keep your Workers at hand"
        s = "s" if n != 1 else ""
        return f"place {n} extra Worker{s} to save {n} Credit{s}"
    if kind == "pay":
        return "2 Credits for 1 VP is a good trade now"
    if kind == "pass":
        if state.pending and state.pending[0][0] == "bonus":
            return "no card left is worth buying with Hotel #8"
        return "your Credits are worth more than 1 VP now"
    if kind == "keep":
        number = int(action.arg[1:])
        return f"Entrepreneur #{number} promises the most over the game"
    if kind == "draw":
        return "draw a card from the Marketplace Deck (1 Worker)"
    if kind == "move":
        return "move your token right for a free card to choose from"
    return f"it leaves your position best (about {score_now(p)} VP now)"
