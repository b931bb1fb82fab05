"""Wish's game screen: its keys, its words and its board on the shared table screen."""

from __future__ import annotations

from textual.binding import Binding

from wish_tui.widgets.table_screen import UNDO, TableScreen
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.words.choices import KEY_GROUPS
from wish_tui.wish.words.help_text import KEYS, reference_entries
from wish_tui.wish.words.words import action_area, action_name, decision_prompt

from .board import WishBoard

REPEATS = {"gain": 2, "lose": 2, "frost": 3, "pay_trade": 3, "remove": 3, "forgive": 3}
"""Decisions asked again and again, and where their step holds how many are still to come."""


class GameScreen(TableScreen):
    """A game of Wish in progress."""

    BINDINGS = [
        # Potion and Trickery are seldom usable and hidden until they are: they come last, so
        # that their showing up moves no other key.
        Binding("t", "travel", "Travel"),
        Binding("e", "empower", "Empower"),
        Binding("m", "manifest", "Manifest"),
        Binding("f", "fulfill", "Fulfill"),
        Binding("s", "special", "Special"),
        Binding("r", "trade", "Trade"),
        Binding("n", "end_turn", "End turn"),
        UNDO,
        Binding("p", "potion", "Potion"),
        Binding("k", "trickery", "Trickery"),
    ]
    BOARD = WishBoard
    KEY_GROUPS = KEY_GROUPS
    RARE_GROUPS = frozenset({"potion", "trickery"})

    # -- words --------------------------------------------------------------------------------
    def option_steps(self, group: str) -> tuple:
        """A long window (a Potion's every action, Air's Wind Blasts): first the action, then
        the Area, then which."""
        return (("which action?", action_name), ("in which Area?", action_area))

    def decision_title(self, view: dict) -> str:
        decision = view.get("decision") or {}
        title = decision_prompt(decision) or "Choose."
        count = self._repeat_count(view)
        if count:
            title = f"{title.rstrip('.')} ({count})."
        if decision.get("their_hand"):
            title += f" Their hand: {', '.join(decision['their_hand'])}."
        if decision.get("wish"):
            title += f" ({decision['wish']}: {CATALOG.wishes[decision['wish']].cost_letters})"
        return title

    def _repeat_count(self, view: dict) -> str:
        """'2 of 3' while a decision repeats (gain three crystals, pay a trade, lose two)."""
        step = view["pending"][0] if view.get("pending") else None
        if not step or step[0] not in REPEATS or len(step) <= REPEATS[step[0]]:
            self._run = None
            return ""
        left = step[REPEATS[step[0]]]
        key = (step[0], step[1])
        run = getattr(self, "_run", None)
        if run and run[0] == key and left == run[2] - 1:
            run = (key, run[1], left)
        else:
            run = (key, left, left)
        self._run = run
        total = run[1]
        return f"{total - left + 1} of {total}" if total > 1 else ""

    def group_title(self, group: str) -> str:
        if group == "trade":
            return "Trade crystals for which colour?"
        return f"{KEY_GROUPS[group][0]}: choose"

    def turn_status(self, view: dict) -> str:
        me = view["players"][self.viewer]
        left = 3 - sum(1 for m in me["markers"] if m)
        return f"{left} marker(s) left · keys below · ? all keys · F1 rules · q quit"

    def confirm_end(self, action) -> str:
        if action.kind != "end":
            return ""
        me = self.view()["players"][self.viewer]
        left = 3 - sum(1 for m in me["markers"] if m)
        if left <= 0 or not any(a.col for a in self.legal()):
            return ""
        return f"End the turn with {left} action marker{'s' if left > 1 else ''} unused?"

    def keys_text(self) -> str:
        return KEYS

    def rules_entries(self) -> list[tuple[str, str]]:
        return reference_entries()

    def info_targets(self, view: dict) -> list[tuple[str, str]]:
        me = view["players"][self.viewer]
        targets = [(f"Area: {me['area']}", me["area"])]
        targets += [(f"Wish: {n}", n) for n in me.get("hand", [])]
        targets += [(f"Wish: {n}", n) for n in view["offer"] if n]
        if me.get("destiny"):
            targets.append((f"Destiny: {me['destiny']}", me["destiny"]))
        targets += [
            (f"Area: {a['name']}", a["name"]) for a in view["areas"] if a["name"] != me["area"]
        ]
        return targets

    def game_over_screen(self, view: dict, seed: int | None, best=None):
        from .game_over import GameOverScreen

        return GameOverScreen(view, seed)

    # -- keys ---------------------------------------------------------------------------------
    def action_travel(self) -> None:
        """Travel to an adjacent Area."""
        self.run_group("travel")

    def action_empower(self) -> None:
        """Gain the two Crystals of the Area."""
        self.run_group("empower")

    def action_manifest(self) -> None:
        """Use the Area's ability or trade with the Caravan."""
        self.run_group("manifest")

    def action_fulfill(self) -> None:
        """Fulfil a Wish or build a Monument."""
        self.run_group("fulfill")

    def action_special(self) -> None:
        """The Djinn's special action."""
        self.run_group("special")

    def action_potion(self) -> None:
        """A fourth action with a Potion token."""
        self.run_group("potion")

    def action_trickery(self) -> None:
        """Fulfil a Wish with a Trickery token recolouring a Wishing Person."""
        self.run_group("trickery")

    def action_trade(self) -> None:
        """Trade 3 Crystals (Air: 2) for 1 of another colour."""
        self.run_group("trade")

    def action_end_turn(self) -> None:
        """End the turn."""
        self.run_group("end_turn")
