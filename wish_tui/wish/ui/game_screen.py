"""Wish's game screen: its keys, its words and its board on the shared table screen."""

from __future__ import annotations

from textual.binding import Binding

from wish_tui.core.game_keys import rare_actions
from wish_tui.ui.screens.game_key_bindings import game_bindings
from wish_tui.ui.screens.table_screen import UNDO, TableScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.widgets.view_parts import ViewParts
from wish_tui.wish.rules import CATALOG
from wish_tui.wish.words.choices import GAME_KEYS, KEY_GROUPS
from wish_tui.wish.words.details import area_words, wish_words
from wish_tui.wish.words.help_text import KEYS, reference_entries
from wish_tui.wish.words.option_details import markers_left, option_words
from wish_tui.wish.words.text import cost_words
from wish_tui.wish.words.words import (
    IN_AREA,
    action_area,
    action_name,
    decision_cause,
    decision_prompt,
    describe,
)

from . import look
from .board import WishBoard

LOOK_PARTS = {"area": "map", "hand": "bottom", "board": "bottom"}
"""The board's part (`WishBoard.PARTS`) each kind of look target lies in; the others lie in the
tracks and Offer (`side`). On a narrow terminal the look cursor brings its part in sight."""


class GameScreen(TableScreen):
    """A game of Wish in progress."""

    BINDINGS = [
        # ↑↓ answer an open window first; with none open they and ←→ move the look cursor.
        *TableScreen.base_bindings("up", "down"),
        Binding("left", "look(-1, 0)", show=False),
        Binding("right", "look(1, 0)", show=False),
        Binding("up", "look(0, -1)", show=False),
        Binding("down", "look(0, 1)", show=False),
        *game_bindings(GAME_KEYS, UNDO, undo_before="potion"),
    ]
    BOARD = WishBoard
    KEY_GROUPS = KEY_GROUPS
    RARE_GROUPS = rare_actions(GAME_KEYS)
    DETAIL_ROWS = 2
    DETAIL_OF_VIEW = True  # the words of what the look cursor is on (`look.target_words`)

    def __init__(self, table, warning: str | None = None) -> None:
        self.look_at: tuple | None = None
        """The look cursor's target (`look`); None: the Area of the seat's Djinn."""
        self._details = ViewParts()
        """The detail line's words of the look cursor's target, and what they read."""
        super().__init__(table, warning)

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
            title += f" ({decision['wish']} costs {cost_words(CATALOG.wishes[decision['wish']].cost_letters)}.)"
        cause = decision_cause(view, decision.get("seat"))
        return f"{cause} {title}" if cause else title

    def _repeat_count(self, view: dict) -> str:
        """'2 of 3' while a decision repeats (gain three crystals, pay a trade, lose two): the
        table counts it (`wish.rules.repeats`), so a screen opened again mid-run counts on."""
        which, total = view.get("repeat") or (0, 0)
        return f"{which} of {total}" if total > 1 else ""

    def group_title(self, group: str) -> str:
        if group == "trade":
            return "Trade crystals for which colour?"
        return f"{KEY_GROUPS[group][0]}: choose"

    def turn_status(self, view: dict) -> str:
        me = view["players"][self.viewer]
        left = 3 - sum(1 for m in me["markers"] if m)
        return f"{markers_left(left)} left · keys below · ←→↑↓ look · ? keys · F1 rules"

    def confirm_end(self, action) -> str:
        if action.kind != "end":
            return ""
        me = self.view()["players"][self.viewer]
        left = 3 - sum(1 for m in me["markers"] if m)
        if left <= 0 or not any(a.col for a in self.legal()):
            return ""
        return f"End the turn with {markers_left(left)} unused?"

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

    def info_detail(self, view: dict, search: str) -> str:
        if search in CATALOG.area_index:
            fits = self.composed(DetailLine).fits
            return area_words(view, CATALOG.area_index[search], self.viewer, fits)
        if search in CATALOG.wishes:
            return wish_words(search, self.composed(DetailLine).fits)
        if search in CATALOG.destinies:
            return f"Your Destiny {search}: {CATALOG.destinies[search].text}"
        return ""

    def option_reference(self, action) -> str:
        # A swap's card received is the one not in the hand: its text is what one wants to read.
        name = action.arg2 if action.kind == "swap" else action.arg
        return name if name in CATALOG.wishes or name in CATALOG.area_index else ""

    # -- the look cursor and the detail line ---------------------------------------------------
    def _look_target(self, view: dict) -> tuple:
        if look.valid(view, self.viewer, self.look_at):
            return self.look_at
        return look.home(view, self.viewer)

    def detail_words(self, view: dict) -> str:
        return self._detail("look", look.target_words, view, self._look_target(view))

    def option_detail(self, action) -> str:
        return self._detail("option", option_words, self.view(), action)

    def _detail(self, part: str, words, view: dict, what) -> str:
        """`words(view, seat, what, fits)` for the detail line, worked out again only when what
        they read of the view changed (the same words, most table messages), or `what`, or
        the line's size."""
        line = self.composed(DetailLine)
        self._details.follow(self.table.view_changes)
        with line.held() as width:  # the line's width asked once for all the texts tried
            size = (width, line.rows)
            return self._details.worked(part, words, view, self.viewer, what, line.fits, width=size)

    def board_marks(self, view: dict, legal: list) -> dict:
        return {"cursor": self._look_target(view)}

    def kept_rows(self) -> int:
        return self.query_one("#top").region.bottom

    def label(self, action) -> str:
        """An option as a window shows it: the action in words, and a card's type, cost and
        VP (the detail line says the rest)."""
        text = describe(action)
        if action.kind in IN_AREA and action.col and not action.at:
            where = self.view()["players"][self.viewer]["area"]
            text = text.replace(" (column", f" in {where} (column", 1)
        names = [action.arg2] if action.kind == "swap" else [action.arg]
        if action.kind in ("fulfill", "draw", "discard", "icedibs", "swap"):
            wish = CATALOG.wishes.get(names[0])
            if wish is not None:
                text += f" — {wish.type.capitalize()}, costs {wish.cost_letters}, {wish.vp} VP"
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "look":
            return not self.composed(ChoicePanel).is_open
        return super().check_action(action, parameters)

    def action_look(self, dx: int, dy: int) -> None:
        """Move the look cursor over the table; the detail line says what it is on."""
        view = self.view()
        self.look_at = look.moved(view, self.viewer, self._look_target(view), dx, dy)
        self.bring_part(LOOK_PARTS.get(self.look_at[0], "side"))
        self.refresh_view()

    def game_over_screen(self, view: dict, seed: int | None, best=None):
        return self.final_scoring(view, seed)

    @staticmethod
    def final_scoring(view: dict, seed: int | None, you: int | None = None, best=None):
        """The final scoring window of `view` (the same for every seat and a spectator)."""
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
        """Fulfill a Wish or build a Monument."""
        self.run_group("fulfill")

    def action_special(self) -> None:
        """The Djinn's special action."""
        self.run_group("special")

    def action_potion(self) -> None:
        """A fourth action with a Potion token."""
        self.run_group("potion")

    def action_trickery(self) -> None:
        """Fulfill a Wish with a Trickery token recolouring a Wishing Person."""
        self.run_group("trickery")

    def action_trade(self) -> None:
        """Trade 3 Crystals (Air: 2) for 1 of another colour."""
        self.run_group("trade")

    def action_end_turn(self) -> None:
        """End the turn."""
        self.run_group("end_turn")
