"""Every action of the game, made once: legal-action lists reuse these objects."""

from __future__ import annotations

from .actions import Action
from .catalog import RESOURCES
from .tables import CARD_ID, CAT, ENTREPRENEUR_IDS

BUY = tuple(Action("buy", i) for i in CARD_ID)
"""Place Workers on the card's row and purchase it (by card number)."""
PLAY = tuple(Action("play", i) for i in CARD_ID)
"""Solo: play a card from the hand (by card number)."""
BONUS = tuple(Action("bonus", i) for i in CARD_ID)
"""Hotel #8: purchase and play this card in Final Scoring (by card number)."""
KEEP = {number: Action("keep", eid) for number, eid in enumerate(ENTREPRENEUR_IDS, 1)}
"""Keep this Entrepreneur (by Entrepreneur number)."""
CLAIM = {aid: Action("claim", aid) for aid in CAT.achievements}
ORDER = (None, *(Action("order", str(k)) for k in range(1, 6)))
"""Take this Turn Order space (ORDER[1] to ORDER[5])."""
GAIN = tuple(Action("gain", r) for r in RESOURCES)
"""Take 1 Happiness, 1 Visitor or 1 Worker (by RESOURCES index)."""
EXTRA = tuple(Action("extra", str(n)) for n in range(CAT.extra_max + 1))
"""Place this many extra Workers to lower the cost."""
COLLECT = Action("collect")
PAID_COLLECT = Action("collect", "paid")
"""Hotel #16: pay 3 Credits to collect without spending the action."""
ADVERTISE = Action("advertise")
DRAW = Action("draw")
"""Solo: place a Worker on the Mascot Worker Space and draw the top card."""
MOVE = Action("move")
"""Solo free action: move the Player Token one space right and draw the top card."""
END = Action("end")
PAY_VP = Action("pay", "vp")
"""Hotel #19: pay 2 more Credits for 1 VP."""
PASS = Action("pass")
