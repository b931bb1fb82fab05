"""Actions and what happened, in words: for the log, the choice panel, hints and refusals.

The log reads whole states (the screen's own business) but writes a secret — a card drawn into
a solo hand, an Entrepreneur kept before the reveal — only when `private` says the person reading
the log is the one seat allowed to see it.
"""

from __future__ import annotations

from wish_tui.wishland.rules import CATALOG, Action
from wish_tui.wishland.rules import economy as _economy
from wish_tui.wishland.rules.decisions import SOURCES

from .marks import KIND_WORDS, ROW_TITLE, card_title, card_words, seat_title

RESOURCE_WORDS = {"happiness": "1 Happiness", "visitor": "1 Visitor", "worker": "1 Worker"}
TRACK_WORDS = {"happiness": "Happiness", "visitor": "Visitors"}
SPACE_NOTES = {
    1: "go first, no reward",
    2: "1 Credit",
    3: "1 VP",
    4: "1 Happiness, Visitor or Worker",
    5: "1 Ticket Office Card (Card Limit +1)",
}
"""What each Turn Order space gives (space 1 plays first this round)."""
ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}
"""Each Turn Order space in words (the leftmost, the first, plays first this round)."""


def plural(n: int, word: str) -> str:
    """'1 Credit', '3 Credits' (VP stays VP)."""
    if word == "VP" or n == 1 or n == -1:
        return f"{n} {word}"
    return f"{n} {word}s" if not word.endswith("s") else f"{n} {word}"


def entrepreneur_text(ent_id: str) -> str:
    """An Entrepreneur's whole text: 'E5: Ongoing Reward: ...'."""
    e = CATALOG.entrepreneurs[int(ent_id[1:]) - 1]
    return f"{ent_id}: {e.text}"


ENTREPRENEUR_GIST = {
    1: "1st of a colour +1$ · 3rd: H, V or W · 5th: +1 VP",
    2: "your 1st and 5th card of each colour cost 2$ less",
    3: "a private Achievement; +1$ whenever anyone claims one",
    4: "Happiness Track rewards doubled, in play and at the end",
    5: "Visitor Track rewards doubled, in play and at the end",
    6: "Restaurants: 1$ less, H/V/W each, no Card Limit",
    7: "Hotels: 1$ less, H/V/W each, no Card Limit",
    8: "Mascots: 1$ less and double rewards",
    9: "1st Income: +2 Workers, +3$, +1 VP, +2 Ticket Offices",
    10: "+1$ for each new Category Symbol; all 12: +2 VP",
    11: "at the end +1 VP per copy of your commonest Symbol",
    12: "Income with 2/4/6 Restaurants: +1$ / +H,V,W / +1 VP",
}
"""Each Entrepreneur in a few words, for the park's line (`i` reads the whole card)."""


def entrepreneur_gist(ent_id: str) -> str:
    """An Entrepreneur in a few words: 'E4: Happiness Track rewards doubled, …'."""
    number = int(ent_id[1:])
    return f"{ent_id}: {ENTREPRENEUR_GIST.get(number, entrepreneur_text(ent_id))}"


def entrepreneur_short(ent_id: str, width: int = 60) -> str:
    """An Entrepreneur's text cut to `width` cells."""
    text = entrepreneur_text(ent_id)
    return text if len(text) <= width else text[: width - 1] + "…"


def achievement_words(aid: str) -> str:
    """An Achievement in words: 'A4 (15★): Reach 15 on the Victory Track.'"""
    from .marks import ACHIEVEMENT_SHORT

    return f"{aid} ({ACHIEVEMENT_SHORT.get(aid, '')}): {CATALOG.achievements[aid].text}"


# -- actions ---------------------------------------------------------------------------------------
def describe(action: Action) -> str:
    """An action in words, without the position: 'buy Y13 Swing Tower', 'collect your Workers'."""
    words = _DESCRIBE.get(action.kind)
    if words is None:
        return str(action)
    return words if isinstance(words, str) else words(action.arg)


def _extra_words(arg: str) -> str:
    n = int(arg)
    return "place no extra Worker" if n == 0 else f"place {plural(n, 'extra Worker')}"


_DESCRIBE = {
    "buy": lambda arg: f"buy {card_title(arg)}",
    "play": lambda arg: f"play {card_title(arg)} from your hand",
    "advertise": "use the Advertisement Space",
    "collect": lambda arg: (
        "pay 3 Credits to collect your Workers (Hotel #16)" if arg else "collect your Workers"
    ),
    "claim": lambda arg: f"claim Achievement {achievement_words(arg)}",
    "end": "end your turn",
    "draw": "draw a card from the Marketplace Deck (1 Worker)",
    "move": "move your Player Token one space right and draw a card (free)",
    "order": lambda arg: f"take Turn Order space {arg} ({SPACE_NOTES[int(arg)]})",
    "gain": lambda arg: f"take {RESOURCE_WORDS[arg]}",
    "extra": _extra_words,
    "pay": "pay 2 more Credits for 1 VP (Hotel #19)",
    "pass": "pass",
    "bonus": lambda arg: f"buy and play {card_title(arg)} (Hotel #8)",
    "keep": lambda arg: f"keep Entrepreneur {arg}",
}
"""Per kind of action: its words, or how its argument makes them."""


def describe_choice(action: Action, view: dict, step: list | None = None) -> str:
    """An option of a decision in the choice panel, with what it does for the deciding seat."""
    kind, arg = action.kind, action.arg
    me = view["players"][view["seat"]]
    if kind == "keep":
        return entrepreneur_text(arg)
    if kind == "order":
        # Words, not the space's number: the window numbers its options, and once a space is
        # taken "4. Space 5" would make the key 4 take space 5.
        return f"The {ORDINALS[int(arg)]} space: {SPACE_NOTES[int(arg)]}"
    if kind == "gain":
        if arg == "worker":
            return f"1 Worker (from your Reserve: {me['workers']['reserve']} left)"
        now = me["happiness"] if arg == "happiness" else me["visitors"]
        note = " (odd: +1 VP)" if arg == "happiness" and (now + 1) % 2 else ""
        if arg == "visitor" and (now + 1) % 2:
            note = " (odd: +2 Credits)"
        return f"{RESOURCE_WORDS[arg]}: {TRACK_WORDS[arg]} {now} → {now + 1}{note}"
    if kind == "extra":
        n = int(arg)
        cost = int(step[4]) if step else 0
        pay = cost - n
        if n == 0:
            return f"No extra Worker: pay {plural(pay, 'Credit')}"
        return f"{plural(n, 'extra Worker')}: pay {plural(pay, 'Credit')}"
    if kind == "pay":
        return f"Pay 2 more Credits for 1 VP (you have {me['credits']} Credits)"
    if kind == "pass":
        return "Pass"
    if kind == "bonus":
        card = CATALOG.by_id[arg]
        return f"{card_words(arg, cost=False)}  [{ROW_TITLE[card.kind]}]"
    return describe(action)[:1].upper() + describe(action)[1:]


# -- the log ---------------------------------------------------------------------------------------
_COUNTED = (
    ("vp", "VP"),
    ("credits", "Credit"),
    ("happiness", "Happiness"),
    ("visitors", "Visitor"),
)


def changes(before_p, after_p) -> list[str]:
    """What changed for one seat's pieces, in words: '+3 VP', '−5 Credits', '+1 Worker'."""
    parts = []
    for attr, word in _COUNTED:
        d = getattr(after_p, attr) - getattr(before_p, attr)
        if d:
            parts.append(_signed(d, word))
    gained = before_p.reserve - after_p.reserve
    if gained:
        parts.append(_signed(gained, "Worker"))
    tickets = after_p.tickets - before_p.tickets
    if tickets:
        parts.append(_signed(tickets, "Ticket Office Card"))
    return parts


def _signed(d: int, word: str) -> str:
    text = plural(abs(d), word)
    return f"+{text}" if d > 0 else f"−{text}"


def _name(state, seat: int) -> str:
    return seat_title(state.seats[seat])


def action_line(before, action: Action, after, seat: int, private: bool) -> str:
    """The sentence for one action (without what it changed)."""
    who = _name(before, seat)
    line = _LINES.get(action.kind)
    if line is None:
        return f"{who}: {action}."
    return line(who, before, action, after, seat, private)


def _keep_line(who, before, action, after, seat, private) -> str:
    if private:
        return f"{who} keeps Entrepreneur {action.arg}."
    return f"{who} keeps one of their two Entrepreneur cards."


def _gain_line(who, before, action, after, seat, private) -> str:
    source = before.pending[0][2] if before.pending and before.pending[0][0] == "gain" else ""
    why = SOURCES[source].split(" (")[0].replace("your ", "") if source in SOURCES else ""
    why = f" ({why})" if why else ""
    return f"{who} chooses {RESOURCE_WORDS[action.arg]}{why}."


def _buy_line(who, before, action, after, seat, private) -> str:
    arg = action.arg
    card = CATALOG.by_id[arg]
    workers = 1 + len(before.stacks[card.kind])
    space = ROW_TITLE[card.kind][:-1]
    return f"{who} buys {card_title(arg)} ({plural(workers, 'Worker')} on the {space} space)."


def _discards(cards) -> str:
    """The cards a solo hand discards, by name: they lie face up on the Discard Pile."""
    titles = [card_title(CATALOG.cards[card].id) for card in cards]
    if len(titles) > 1:
        return ", ".join(titles[:-1]) + " and " + titles[-1]
    return titles[0] if titles else ""


def _advertise_line(who, before, action, after, seat, private) -> str:
    if before.solo:
        hand = before.players[seat].hand
        rest = f" and discards {_discards(hand)}" if hand else ""
        return f"{who} uses the Advertisement Space{rest}."
    workers = 1 + len(before.stacks[5])
    return f"{who} places {plural(workers, 'Worker')} on the Advertisement Space."


def _collect_line(who, before, action, after, seat, private) -> str:
    back = after.players[seat].workers - before.players[seat].workers
    paid = " for 3 Credits (Hotel #16)" if action.arg else ""
    if back <= 0:
        return f"{who} collects: no Worker was on the board."
    return f"{who} collects {plural(back, 'Worker')}{paid}."


def _draw_line(who, before, action, after, seat, private) -> str:
    drawn = _drawn(before, after, seat)
    if private and drawn:
        return f"{who} places a Worker and draws {card_title(drawn)}, {_kind(drawn)}."
    return f"{who} places a Worker and draws a card."


def _move_line(who, before, action, after, seat, private) -> str:
    drawn = _drawn(before, after, seat)
    space = after.track.index(seat) + 1
    what = f"{card_title(drawn)}, {_kind(drawn)}" if private and drawn else "a card"
    return f"{who} moves the Player Token to space {space} and draws {what}."


def _play_line(who, before, action, after, seat, private) -> str:
    dropped = list(before.players[seat].hand)
    dropped.remove(CATALOG.by_id[action.arg].index)
    rest = f" and discards {_discards(dropped)}" if dropped else ""
    return f"{who} plays {card_title(action.arg)}{rest}."


def _extra_line(who, before, action, after, seat, private) -> str:
    n = int(action.arg)
    if n:
        return f"{who} places {plural(n, 'extra Worker')} to lower the price."
    return f"{who} pays without extra Workers."


def _pass_line(who, before, action, after, seat, private) -> str:
    step = before.pending[0][0] if before.pending else ""
    what = {"boost": "Hotel #19's VP", "bonus": "Hotel #8's bonus card"}.get(step, "")
    return f"{who} passes on {what}." if what else f"{who} passes."


_LINES = {
    "keep": _keep_line,
    "order": lambda who, before, action, after, seat, private: (
        f"{who} takes Turn Order space {action.arg} ({SPACE_NOTES[int(action.arg)]})."
    ),
    "gain": _gain_line,
    "buy": _buy_line,
    "advertise": _advertise_line,
    "collect": _collect_line,
    "claim": lambda who, before, action, after, seat, private: (
        f"{who} claims Achievement {achievement_words(action.arg)}"
    ),
    "end": lambda who, before, action, after, seat, private: f"{who} ends the turn.",
    "draw": _draw_line,
    "move": _move_line,
    "play": _play_line,
    "extra": _extra_line,
    "pay": lambda who, before, action, after, seat, private: (
        f"{who} pays 2 more Credits for 1 VP (Hotel #19)."
    ),
    "pass": _pass_line,
    "bonus": lambda who, before, action, after, seat, private: (
        f"{who} buys and plays {card_title(action.arg)} with Hotel #8."
    ),
}
"""Per kind of action: its sentence, from (who, before, action, after, seat, private)."""


def _kind(card_id: str) -> str:
    """A card's kind with its article, for the log: 'a Ride', 'an Actor'."""
    return KIND_WORDS[CATALOG.by_id[card_id].kind]


def _drawn(before, after, seat: int) -> str:
    old = list(before.players[seat].hand)
    for card in after.players[seat].hand:
        if card in old:
            old.remove(card)
        else:
            return CATALOG.cards[card].id
    return ""


def income_words(state) -> str:
    """Every seat's Income this round: 'Red 6, Blue 5 Credits'."""
    parts = [f"{_name(state, s)} {_economy.income(state.players[s])}" for s in state.order]
    return ", ".join(parts) + " Credits"
