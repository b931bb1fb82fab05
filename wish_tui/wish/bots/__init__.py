"""Computer opponents that see only what their seat may see.

bot = make_bot("hard", seed=7)
action = bot.choose(state.view(seat), state.legal_actions())
action, reason = bot.hint(state.view(seat), state.legal_actions())

Levels: random (uniform), easy (random with sense), medium (a greedy one-turn plan), hard
(determinized look-ahead guided by the medium policy, within a think budget), expert
(information-set Monte Carlo tree search guided by the hard bot's judgement, `expert.py`). A bot is given a
seat's view and the legal actions, never the State; hidden cards are sampled with
`rules.determinize`. Each bot draws its chance from `random.Random(seed)` only.
"""

from __future__ import annotations

from wish_tui.core.bots import LEVELS, bot_maker

from .base import Bot
from .expert import ExpertBot
from .hard import HardBot
from .medium import MediumBot
from .simple import EasyBot, RandomBot

make_bot = bot_maker(RandomBot, EasyBot, MediumBot, HardBot, ExpertBot)

__all__ = ["LEVELS", "Bot", "make_bot"]
