"""Spirits of the Forest's game screen: its keys, its words and its board on the shared table
screen.

The keys move a highlight over the forest: in the collect steps over the row ends that may be
taken, in the gemstone step (after `g`, an arrow or Enter) over the tiles a gemstone may go to.
The highlight is the screen's own (a place number), never part of the game; the rules decide what
may be highlighted. Decisions that are not moves on the forest — keeping a Wish and a Hex, the
gemstone to give up, a Favor token as a reward, passing — are asked in the choice panel.
"""

from __future__ import annotations

from textual.binding import Binding

from wish_tui.core.game_keys import rare_actions
from wish_tui.spirits.words.choices import GAME_KEYS, KEY_GROUPS
from wish_tui.spirits.words.help_text import KEYS, reference_entries
from wish_tui.spirits.words.marks import (
    SEAT_TITLE,
    category_name,
    kind_name,
    place_words,
    tile_words,
)
from wish_tui.ui.screens.board_keys import arrow_bindings, number_bindings
from wish_tui.ui.screens.game_key_bindings import game_bindings
from wish_tui.ui.screens.table_screen import UNDO, TableScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.key_bar import with_key

from . import cursor as nav
from .board import SpiritsBoard

FOREST_KINDS = frozenset({"take", "gem", "move", "stop"})
"""Decisions the keys make on the forest; any other is asked in the choice panel."""


class GameScreen(TableScreen):
    """A game of Spirits of the Forest in progress."""

    BINDINGS = [
        # The key bar shows them in this order; keys with two meanings (Enter, n) show the one
        # that applies, and the seldom usable ones come last, so that their showing up moves no
        # other key.
        *TableScreen.base_bindings("enter", "left", "right", "up", "down", "escape"),
        *TableScreen.base_bindings("1", "2", "3", "4"),
        *arrow_bindings("cursor", "Choose"),
        *number_bindings("row", 4, "Row"),
        *game_bindings(GAME_KEYS, UNDO, undo_before="take"),
        Binding("escape", "back", "Back"),
    ]
    BOARD = SpiritsBoard
    KEY_GROUPS = KEY_GROUPS
    RARE_GROUPS = rare_actions(GAME_KEYS)

    def __init__(self, table, warning: str | None = None) -> None:
        self.cursor: int | None = None
        """The highlighted forest place (the screen's own, not the game's)."""
        self.gem_mode = False
        """True while the highlight chooses where a gemstone goes."""
        self.move_from: int | None = None
        """The gemstone chosen to move (an empty supply), before its new tile is chosen."""
        self._seen: tuple = ()
        super().__init__(table, warning)

    # -- words --------------------------------------------------------------------------------
    def keys_text(self) -> str:
        return KEYS

    def rules_entries(self) -> list[tuple[str, str]]:
        return reference_entries()

    def info_targets(self, view: dict) -> list[tuple[str, str]]:
        targets = []
        ends = []
        for r, row in enumerate(view["forest"]):
            for c, entry in enumerate(row):
                if entry is not None and entry["end"] and entry.get("face_up"):
                    ends.append(r * 12 + c)
        if self.cursor in ends:
            ends.remove(self.cursor)
            ends.insert(0, self.cursor)
        for place in ends:
            entry = view["forest"][place // 12][place % 12]
            words = tile_words(entry["spirit"], entry["symbols"], entry["power"])
            targets.append((f"Tile at {place_words(place)}: {words}", f"Tile: {words}"))
        me = view["players"][self.viewer]
        for kind in ("wish", "hex"):
            if kind in me:
                name = me[kind]["name"]
                targets.append(
                    (f"Your {kind.capitalize()}: {name}", f"{kind.capitalize()}: {name}")
                )
        for kind in dict.fromkeys(me.get("tokens", [])):
            targets.append(
                (f"Your Favor token: {kind_name(kind)}", f"Favor token: {kind_name(kind)}")
            )
        for p in view["players"]:
            if p["seat"] == self.viewer:
                continue
            for kind in ("wish", "hex"):
                if kind in p:
                    name = p[kind]["name"]
                    who = SEAT_TITLE[p["djinn"]]
                    targets.append(
                        (f"{who}'s {kind.capitalize()}: {name}", f"{kind.capitalize()}: {name}")
                    )
        targets.append(("The rules of a turn", "A turn"))
        targets.append(("Scoring", "Scoring"))
        return targets

    def game_over_screen(self, view: dict, seed: int | None, best=None):
        mine = self.table.held_seats  # a seat given up for good is still this person's
        return self.final_scoring(view, seed, mine[0] if len(mine) == 1 else None)

    @staticmethod
    def final_scoring(view: dict, seed: int | None, you: int | None = None, best=None):
        """The final scoring window of `view` (`you`: the one seat at this keyboard; None for
        several, or a spectator)."""
        from .game_over import GameOverScreen

        rewards = {p["seat"]: p["reward"] for p in view["players"] if p.get("reward")}
        return GameOverScreen(view, seed, you, rewards)

    # -- decisions in the panel ------------------------------------------------------------------
    def asks_in_panel(self, view: dict) -> bool:
        decision = view.get("decision") or {}
        if decision.get("seat") != self.viewer:
            return False
        return not any(a.kind in FOREST_KINDS for a in self.legal())

    def decision_title(self, view: dict) -> str:
        decision = view.get("decision") or {}
        kind = decision.get("kind")
        me = view["players"][self.viewer]
        if kind == "wish":
            return (
                "Keep one of your two Wish cards (at the end, having the most of what it asks "
                "pays its reward):"
            )
        if kind == "hex":
            return (
                "Keep one of your two Hex cards (at the end, having the least of what it names "
                "costs 6 points):"
            )
        if kind == "favor":
            wish = me.get("wish", {}).get("name", "")
            return f"Your Wish {wish} is met: choose a Favor token from those set aside."
        if kind == "give":
            return (
                "You took a tile another seat reserved: give up one of your gemstones "
                "(it leaves the game)."
            )
        legal = self.legal()
        if any(a.kind == "pass" for a in legal):
            return "No tile can be taken this turn (every row end is reserved and you have no gemstone to give)."
        if any(a.kind == "plus" for a in legal):
            return "Gemstone step: you have no gemstone, but a + token can take back a lost one."
        return decision.get("prompt") or "Choose."

    def curtain_reason(self, view: dict) -> str:
        kind = (view.get("decision") or {}).get("kind")
        if kind in ("wish", "hex"):
            return "They keep a Wish card and a Hex card."
        if kind == "favor":
            return "Their Wish is met: they choose a Favor token."
        return "It is their turn."

    def confirm_end(self, action) -> str:
        if action.kind == "plus":
            return "Spend a + token to take back one of your lost gemstones?"
        return ""

    # -- what the keys may choose ---------------------------------------------------------------
    def _now(self) -> tuple[dict, list]:
        view = self.view()
        legal = self.legal() if self._human_main_turn() else []
        return view, legal

    def _targets(self, view: dict, legal: list) -> dict:
        take = nav.take_targets(view, legal)
        if take:
            return take
        if self.gem_mode:
            return nav.gem_targets(legal, self.move_from)
        if not legal and self._browsing():
            return nav.row_ends(view)
        return {}

    def board_marks(self, view: dict, legal: list) -> dict:
        if (self.table.version, self.viewer) != self._seen:
            # A new decision: the gemstone highlight starts again.
            self._seen = (self.table.version, self.viewer)
            self.gem_mode = False
            self.move_from = None
            if any(a.kind in FOREST_KINDS for a in legal):
                # A phone shows the forest when a decision is taken on it.
                self.bring_part("forest")
        targets = self._targets(view, list(legal))
        if not targets:
            return {"targets": (), "cursor": None}
        self.cursor = nav.settle(self.cursor, targets)
        return {"targets": tuple(targets), "cursor": self.cursor}

    def _enter_gem_mode(self, legal: list) -> None:
        self.gem_mode = True
        if nav.moving(legal):
            sources = {a.a for a in legal if a.kind == "move"}
            if len(sources) == 1:
                self.move_from = next(iter(sources))
        self.refresh_view()

    def _forest_keys_active(self) -> bool:
        if not self._human_main_turn():
            return False
        return any(a.kind in ("take", "gem", "move") for a in self.legal())

    def _browsing(self) -> bool:
        """True while another seat decides: the arrows and the row keys move the highlight over
        the row ends (browsing plays nothing; an Enter kept for the turn then takes where the
        person pointed), as in Wishland."""
        table = self.table
        deciding = table.deciding
        if table.is_over or self.busy or deciding is None:
            return False
        return not self._is_mine(deciding)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("cursor", "row"):
            if self.composed(ChoicePanel).is_open:
                return False
            return True if self._forest_keys_active() or self._browsing() else None
        if action in ("gem", "place", "stop", "skip", "plus") and self.view()["solo"]:
            # The solo game has no gemstones and no second tile.
            return False
        if action == "back":
            if self.composed(ChoicePanel).is_open:
                return False
            return bool(self.gem_mode and self._human_main_turn())
        return super().check_action(action, parameters)

    # -- the status line -------------------------------------------------------------------------
    def turn_status(self, view: dict) -> str:
        # The seat's name and a colon come before it; the line is never cut: the first of its
        # wordings, the fullest first, that fits the width is said.
        title = SEAT_TITLE.get(view["seats"][self.viewer], "Water")
        room = (self.size.width or 80) - len(f"{title}: ")
        wordings = self._status_wordings(view)
        return next((words for words in wordings if len(words) <= room), wordings[-1])

    def _status_wordings(self, view: dict) -> list[str]:
        """The turn's status line, in wordings from the fullest to the shortest."""
        legal = self.legal()
        targets = self._targets(view, legal)
        on = self.cursor in targets
        here = self._place_text(view, self.cursor) if on else ""
        short = self._place_text(view, self.cursor, short=True) if on else ""
        # A phone's narrow line: the tile and where, the fewest words.
        tiny = self._place_text(view, self.cursor, short=True, tiny=True) if on else ""
        if any(a.kind == "take" for a in legal):
            if view["solo"]:
                return [
                    f"Enter takes {here}; the forest takes the other end",
                    f"Enter takes {here}",
                    f"Enter: {tiny}",
                ]
            if view["step"] == "more":
                spirit = category_name(view["spirit"])
                return [
                    f"Enter takes a second {spirit}: {here} · n stops",
                    f"Enter takes {here} · n stops",
                    f"Enter takes {short} · n stops",
                    f"Enter takes {tiny} · n stops",
                    f"Enter takes {tiny}",
                ]
            first = " · first turn: one tile" if view["turn_no"] == 0 else ""
            return [
                f"Enter takes {here}{first}",
                f"Enter takes {here}",
                f"Enter takes {short}",
                f"Enter takes {tiny}",
                f"Enter: {tiny}",
            ]
        if any(a.kind in ("gem", "move") for a in legal):
            moving = nav.moving(legal)
            if not self.gem_mode:
                verb = "moves one of your gemstones" if moving else "places a gemstone"
                brief = "move a gemstone" if moving else "place a gemstone"
                return [
                    f"g {verb} to reserve a tile · n: no gemstone",
                    f"g: {brief} · n: no gemstone",
                    f"g: {brief}",
                ]
            if moving and self.move_from is None:
                return [
                    f"Enter moves this gemstone: {here} · n: no gemstone",
                    f"Enter moves this gemstone: {short} · n: no gemstone",
                    f"Enter moves this gemstone: {tiny}",
                    f"Enter moves: {tiny}",
                ]
            verb = "moves it to" if moving else "reserves"
            return [
                f"Enter {verb} {here} · g lists · n: no gemstone",
                f"Enter {verb} {short} · n: no gemstone",
                f"Enter {verb} {tiny}",
                f"Enter: {tiny}",
            ]
        return ["keys below · ? all keys · F1 rules · q quit", "? all keys · F1 rules"]

    @staticmethod
    def _place_text(view: dict, place: int | None, short: bool = False, tiny: bool = False) -> str:
        """The tile at `place` in words, where it is and what lies on it (`short`: fewer
        words for what lies on it; `tiny`: fewer for where it is, for a phone's line)."""
        if place is None:
            return ""
        entry = view["forest"][place // 12][place % 12]
        if entry is None or not entry.get("face_up"):
            return f"({place_words(place)})"
        words = tile_words(entry["spirit"], entry["symbols"], entry["power"])
        notes = []
        if entry["gem"] is not None and entry["gem"] != view["seat"]:
            owner = SEAT_TITLE[view["seats"][entry["gem"]]]
            notes.append(
                f"{owner}'s: costs a gem" if short else f"{owner}'s reserve: costs a gemstone"
            )
        elif entry["gem"] is not None:
            notes.append("your gem" if short else "your gemstone")
        if entry["token"]:
            notes.append("token" if short else "Favor token")
        side = "left" if _is_left(view, place) else "right"
        where = f"row {place // 12 + 1} {side}" if entry["end"] else place_words(place)
        if tiny and not entry["end"]:
            where = where.replace(", column", " col")
        extra = f", {', '.join(notes)}" if notes else ""
        return f"{words} ({where}{extra})"

    # -- keys ----------------------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the highlight to another row end (or, for a gemstone, another tile)."""
        self.bring_part("forest")
        view, legal = self._now()
        if self._browsing():
            legal = []
        elif not any(a.kind == "take" for a in legal) and not self.gem_mode:
            self._enter_gem_mode(legal)
            return
        targets = self._targets(view, legal)
        if not targets:
            return
        self.cursor = nav.step(nav.settle(self.cursor, targets), targets, dx, dy)
        self.refresh_view()

    def action_row(self, row: int) -> None:
        """Highlight an end of row `row` (counted from 0)."""
        self.bring_part("forest")
        view, legal = self._now()
        browsing = self._browsing()
        taking = any(a.kind == "take" for a in legal) or browsing
        if not taking and not self.gem_mode:
            self._enter_gem_mode(legal)
        targets = self._targets(view, [] if browsing else legal)
        places = nav.in_row(row, targets)
        if not places and browsing:
            self.refuse(f"Row {row + 1} has no tile left.")
            return
        if not places:
            if taking:
                refusals = self.choices().refusals
                ends = (f"take {row + 1} left", f"take {row + 1} right")
                reasons = [refusals.get(end, "") for end in ends]
                reason = next((r for r in reasons if r), f"Row {row + 1} has no tile to take.")
                self.refuse(reason)
            else:
                self.refuse(f"Row {row + 1} has no tile to choose now.")
            return
        column = (self.cursor or 0) % 12
        self.cursor = min(places, key=lambda p: abs(p % 12 - column))
        if taking and self.cursor is not None and len(places) == 2:
            # Keep the side the highlight was on.
            side = 1 if self.cursor % 12 >= 6 else 0
            self.cursor = places[side]
        self.refresh_view()

    def highlighted_action(self, group: str):
        view, legal = self._now()
        if group == "take":
            targets = nav.take_targets(view, legal)
        elif group == "place" and self.gem_mode:
            targets = nav.gem_targets(legal, self.move_from)
        else:
            return None
        return targets.get(nav.settle(self.cursor, targets))

    def action_take(self) -> None:
        """Take the highlighted row end (on a phone, first bring the forest into sight)."""
        if self.bring_part("forest"):
            return
        action = self.highlighted_action("take")
        if action is not None:
            self.play(action)

    def _gem_step(self) -> list | None:
        """The legal actions of the gemstone step once its highlight is up in sight; None when
        this key only brought it up (or, on a phone, the forest into sight)."""
        legal = self._now()[1]
        if self.bring_part("forest"):
            return None
        if self.gem_mode:
            return legal
        self._enter_gem_mode(legal)
        return None

    def action_place(self) -> None:
        """Put (or move) a gemstone on the highlighted tile."""
        legal = self._gem_step()
        if legal is None:
            return
        targets = nav.gem_targets(legal, self.move_from)
        place = nav.settle(self.cursor, targets)
        if place is None:
            return
        action = targets[place]
        if action is None:
            self.move_from = place
            self.refresh_view()
            return
        self.play(action)

    def action_gem(self) -> None:
        """Choose a tile for a gemstone: on the forest, or (pressed again) from a list."""
        legal = self._gem_step()
        if legal is None:
            return
        actions = [a for a in legal if a.kind in ("gem", "move")]
        if self.move_from is not None:
            actions = [a for a in actions if a.a == self.move_from]
        verb = "Move your gemstone to" if nav.moving(legal) else "Put a gemstone on"
        self._choose(f"{verb} which tile?", actions)
        here = [
            i for i, a in enumerate(actions) if (a.b if a.kind == "move" else a.a) == self.cursor
        ]
        if here:
            # The list opens on the tile the highlight was on.
            panel = self.composed(ChoicePanel)
            panel.highlighted = here[0]
            panel.refresh()

    def action_stop(self) -> None:
        """Take no second tile."""
        self.run_group("stop")

    def action_skip(self) -> None:
        """Place no gemstone this turn."""
        self.run_group("skip")

    def action_plus(self) -> None:
        """Spend a + token to take back a lost gemstone."""
        self.run_group("plus")

    def action_back(self) -> None:
        """Step back out of choosing a gemstone's tile."""
        if (
            self.move_from is not None
            and len({a.a for a in self._now()[1] if a.kind == "move"}) > 1
        ):
            self.move_from = None
        else:
            self.gem_mode = False
            self.move_from = None
        self.refresh_view()

    def hint_words(self, action, words: str) -> str:
        if self.asks_in_panel(self.view()):
            return f"{words} (in the window)"  # its keys wait until the window is answered
        key = {
            "take": "highlighted: Enter",
            "gem": "highlighted: Enter",
            "move": "highlighted: Enter",
            "stop": "n",
            "skip": "n",
            "plus": "p",
        }.get(action.kind, "in the window")
        return with_key(words, key)

    def hinted(self, action) -> None:
        """Highlight the tile a hint names."""
        if not self._human_main_turn():
            return
        view, legal = self._now()
        if action.kind == "take":
            targets = nav.take_targets(view, legal)
            self.cursor = next((p for p, a in targets.items() if a == action), self.cursor)
        elif action.kind in ("gem", "move"):
            self.gem_mode = True
            self.move_from = action.a if action.kind == "move" else None
            self.cursor = action.a if action.kind == "gem" else action.b
        self.refresh_view()


def _is_left(view: dict, place: int) -> bool:
    row = view["forest"][place // 12]
    cols = [c for c, e in enumerate(row) if e is not None]
    return bool(cols) and place % 12 == cols[0]
