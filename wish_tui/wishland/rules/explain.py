"""Why the rules refuse an action: one sentence that names the rule."""

from __future__ import annotations

from . import achievements, decisions, economy, effects
from .actions import Action, IllegalAction
from .catalog import KIND_NAMES, RESOURCES
from .economy import ADVERTISEMENT
from .tables import CARD_INDEX, CARDS, CAT, ENTREPRENEUR_IDS, hotel_param
from .turn import SOLO_ROW

_OVER = "The game is over; no one acts any more."
_TURN_KINDS = ("buy", "advertise", "collect", "claim", "end", "draw", "move", "play")
_H16_CREDITS = hotel_param(16, "credits")


def name(st, seat: int) -> str:
    """A seat's colour, capitalised."""
    return st.seats[seat].capitalize()


def as_action(value) -> Action:
    """Accept a plain (kind, arg) tuple as an Action; refuse anything else."""
    if isinstance(value, tuple) and 1 <= len(value) <= 2 and all(isinstance(x, str) for x in value):
        return Action(*value)
    raise IllegalAction("That is not an action; use one of legal_actions() or parse_action.")


def wrong_seat(st, seat) -> str:
    """Explain that `seat` may not act now."""
    if st.phase == "over":
        return _OVER
    decider = st.current_player
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(st.seats):
        who = name(st, seat)
    else:
        who = f"seat {seat!r}"[:24]
    return f"It is {name(st, decider)}'s decision now, not {who}'s."


def why_illegal(st, action: Action) -> str:
    """Explain why a refused action is not legal in `st`."""
    if st.phase == "over":
        return _OVER
    if st.pending:
        return _decision_reason(st, st.pending[0], action)
    if st.phase == "order":
        return _order_reason(st, action)
    return _turn_reason(st, action) or f"'{action}' is not legal now."


def _examples(st) -> str:
    return ", ".join(str(a) for a in st.legal_actions()[:6])


def _decision_reason(st, step: tuple, action: Action) -> str:
    kind, seat = step[0], step[1]
    p = st.players[seat]
    ask = f"{name(st, seat)} must first decide: {decisions.prompt(step)} (e.g. {_examples(st)})."
    if kind == "gain" and action.kind == "gain":
        if action.arg not in RESOURCES:
            return f"'{action.arg}' is not a choice here: take happiness, visitor or worker."
        if action.arg == "worker":
            return "No bonus Worker is left on your Worker Reserve; choose another reward."
        return f"Your {action.arg.capitalize()} Track is already at 10; choose another reward."
    if kind == "extra" and action.kind == "extra":
        low, high = decisions.extra_range(p, step)
        if low == high:
            workers = "Worker" if low == 1 else "Workers"
            return f"Here you place exactly {low} extra {workers} (e.g. 'extra {low}')."
        return f"Place between {low} and {high} extra Workers here (e.g. 'extra {low}')."
    if kind == "keep" and action.kind == "keep":
        mine = " or ".join(ENTREPRENEUR_IDS[e - 1] for e in p.ent_options)
        return f"'{action.arg}' is not one of your two Entrepreneurs: keep {mine}."
    if kind == "bonus" and action.kind == "bonus":
        return _card_reason(st, seat, action.arg, supply=True)
    return ask


def _order_reason(st, action: Action) -> str:
    if action.kind != "order":
        seat = st.current_player
        return f"{name(st, seat)} must first choose a Turn Order space (e.g. {_examples(st)})."
    if action.arg not in ("1", "2", "3", "4", "5"):
        return "The Turn Order Track has spaces 1 to 5."
    owner = st.track[int(action.arg) - 1]
    return f"Turn Order space {action.arg} is taken by {name(st, owner)}."


def _card_reason(st, seat: int, card_id: str, supply: bool = False) -> str:
    """Why `card_id` cannot be had now (a bonus purchase, or a card in the hand or a row)."""
    card = CARD_INDEX.get(card_id)
    if card is None:
        return f"'{card_id}' is not a card; cards are named like Y3, R12, B5, G8, K20."
    p = st.players[seat]
    c = CARDS[card]
    if supply and card not in decisions.bonus_pool(st):
        return f"{card_id} is in no Deck, Discard Pile or Marketplace slot."
    if not economy.can_hold(p, card):
        limit = economy.card_limit(p)
        return (
            f"Your Card Limit is {limit}: you may not have another {KIND_NAMES[c.kind]} Card "
            "until you add a Ride or Ticket Office Card."
        )
    cost = economy.price(p, card)
    return f"{card_id} costs {cost} Credits; you have {p.credits}."


def _turn_reason(st, action: Action) -> str:
    seat = st.order[st.idx]
    p = st.players[seat]
    kind = action.kind
    stage = st.stage
    if kind not in _TURN_KINDS:
        if kind in ("keep", "order", "gain", "extra", "pay", "pass", "bonus"):
            return f"There is no '{kind}' decision to make now; it is {name(st, seat)}'s turn."
        return f"'{kind}' is not an action of Wishland (e.g. {_examples(st)})."
    if kind == "claim":
        return _claim_reason(st, seat, action.arg)
    if kind == "collect" and action.arg == "paid":
        return _paid_collect_reason(st, seat)
    if kind == "move":
        if not st.solo:
            return "The free draw by moving the Player Token is a solo rule."
        if st.track[4] >= 0:
            return "Your Player Token is on the 5th Turn Order space; it cannot move further."
        return "The Marketplace Deck is empty."
    if kind == "end":
        if stage == "more":
            return "After drawing, play a card, draw again or use the Advertisement Space."
        return "Take your action first: place Workers, or collect them."
    if stage == "after":
        return "You have taken your action this turn; claim an Achievement or end the turn."
    if st.solo:
        return _solo_reason(st, seat, action)
    if kind in ("draw", "play"):
        return f"'{kind}' is a solo rule; buy a card from the Marketplace instead."
    if kind == "advertise":
        need = 1 + len(st.stacks[ADVERTISEMENT])
        return f"The Advertisement Space needs {need} Workers; you have {p.workers} at hand."
    if kind == "buy":
        return _buy_reason(st, seat, action.arg)
    return ""


def _buy_reason(st, seat: int, card_id: str) -> str:
    card = CARD_INDEX.get(card_id)
    if card is None:
        return f"'{card_id}' is not a card; cards are named like Y3, R12, B5, G8, K20."
    if card not in st.market:
        return f"{card_id} is not face up in the Marketplace."
    p = st.players[seat]
    row = CARDS[card].kind
    need = 1 + len(st.stacks[row])
    if p.workers < need:
        return (
            f"The {KIND_NAMES[row]} space needs {need} Workers (1, plus 1 for each stack "
            f"there); you have {p.workers} at hand."
        )
    reason = _card_reason(st, seat, card_id)
    spare = economy.max_extra(p, p.workers - need)
    if spare and reason.endswith(f"you have {p.credits}."):
        reason = reason[:-1] + f", and {spare} extra Workers lower the cost by {spare} at most."
    return reason


def _solo_reason(st, seat: int, action: Action) -> str:
    p = st.players[seat]
    kind = action.kind
    deck = st.decks[SOLO_ROW]
    if kind == "buy":
        return "In a solo game you draw from the Marketplace Deck ('draw'), then play from hand."
    if kind == "draw":
        if not deck:
            return "The Marketplace Deck is empty."
        return "Drawing a card needs a Worker at hand; collect your Workers."
    if st.stage == "start" and kind in ("play", "advertise"):
        return "First draw a card from the Marketplace Deck ('draw'), or collect your Workers."
    if kind == "collect":
        return "After drawing, play a card, draw again or use the Advertisement Space."
    if kind == "play":
        card = CARD_INDEX.get(action.arg)
        if card is not None and card not in p.hand:
            return f"{action.arg} is not in your hand."
        return _card_reason(st, seat, action.arg)
    return ""


def _claim_reason(st, seat: int, aid: str) -> str:
    a = CAT.achievements.get(aid)
    if a is None:
        return f"'{aid}' is not an Achievement; they are A1-A9 and T1-T15."
    p = st.players[seat]
    if aid in st.ach:
        owner = st.claimed[st.ach.index(aid)]
        if owner >= 0:
            return f"{aid} was already claimed by {name(st, owner)}; each is claimed once."
    elif aid == p.tile:
        if p.tile_claimed:
            return f"You already claimed {aid}; each Achievement is claimed once."
    elif any(q.tile == aid for q in st.players):
        return f"{aid} belongs to another seat's Entrepreneur #3; only they may claim it."
    else:
        return f"{aid} is not in play in this game."
    if not achievements.met(p, aid):
        return f"You have not met {aid} yet: {a.text}"
    return ""


def _paid_collect_reason(st, seat: int) -> str:
    p = st.players[seat]
    if not p.has_hotel(16):
        return "Collecting for 3 Credits is Hotel #16's reward, and you do not have it."
    if st.paid:
        return "Hotel #16's paid collect is used once a turn."
    if p.credits < _H16_CREDITS:
        return f"Hotel #16's collect costs {_H16_CREDITS} Credits; you have {p.credits}."
    if not effects.on_board(st, seat):
        return "None of your Workers is on the board to collect."
    return ""
