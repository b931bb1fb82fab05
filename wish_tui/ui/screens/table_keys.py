"""The table screen's key router: which game keys are live, why a refused one is refused, which
action a key takes (or which of its actions it asks about), and keys typed ahead of a question.

One object the `TableScreen` composes (`screen.router`); it asks the screen for what the game
supplies (its key groups, its words) and the table for what it can do.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from textual.events import Key

from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.key_bar import key_label

CHOICE_KEYS = {str(d) for d in range(10)} | {"enter", "up", "down"}
"""Keys that answer an open question: dropped when typed before it was asked."""
WINDOW_KEYS = CHOICE_KEYS | {"escape"}
"""Keys an open window takes for itself (a game key bound to one of them waits until it shuts)."""
SAID_KEYS = frozenset({"escape", "enter", "up", "down", "left", "right", "tab", "space"})
"""Keys that are not printable but are said to do nothing when they do nothing."""
MANY_OPTIONS = 12
"""A game key's window of more options than this is asked in steps, where the game says how
(`option_steps`): 36 Wind Blasts become the Area, then which Wind Blast."""


class TableKeys:
    """The key router of a `TableScreen`: its game keys (`KEY_GROUPS`), undo's key and the choice
    keys."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self._turn: bool | None = None
        """`human_main_turn()`, kept while the key bar asks every key's state (`steady`)."""
        self._open: bool | None = None
        """Whether the window is open, kept while `steady` as `_turn` is."""
        self._live: bool | None = None
        """`live()`, kept while `steady` as `_turn` is."""
        self._group_keys: dict[str, set[str]] = {}
        self._key_groups: dict[str, list[str]] = {}
        """What the screen's bindings (which never change) say, worked out once each."""
        self._offered: tuple[list | None, frozenset[str]] = (None, frozenset())
        """The legal actions last asked about, and the key groups that offer any of them."""

    @contextlib.contextmanager
    def steady(self) -> Iterator[None]:
        """Within, nothing at the table or on the screen changes: whose turn it is, whether
        the window is open and whether the game's keys are live are worked out once, not once
        for every key asked about."""
        self._turn = self.human_main_turn()
        self._open = self.screen.composed(ChoicePanel).is_open
        self._live = self.live()
        try:
            yield
        finally:
            self._turn = self._open = self._live = None

    def _window_open(self) -> bool:
        """True while a window is open."""
        if self._open is not None:
            return self._open
        return self.screen.composed(ChoicePanel).is_open

    def human_main_turn(self) -> bool:
        """True when the person at the keyboard may use the game's keys now."""
        if self._turn is not None:
            return self._turn
        table = self.screen.table
        if table.is_over or self.screen.busy:
            return False
        seat = table.deciding
        if not self.screen._is_mine(seat) or seat != self.screen.viewer:
            return False
        return not self.screen.asks_in_panel(self.screen.view())

    def live(self, group: str | None = None) -> bool:
        """True when the person may use the game's keys (`group`'s, when given) now: in their
        turn, or while a window a key of their turn opened is open. Another game key then
        takes the window's place, as on Board Game Arena another action's button does; a key
        the window answers with stays the window's."""
        if self.human_main_turn():
            return True
        if group is None and self._live is not None:
            return self._live
        if not (self.screen._switchable and self._window_open()):
            return False
        if group is not None and self.group_keys(group) & WINDOW_KEYS:
            return False
        table = self.screen.table
        return (
            not table.is_over
            and table.deciding == self.screen.viewer
            and self.screen._is_mine(self.screen.viewer)
            and not self.screen.asks_in_panel(self.screen.view())
        )

    def group_keys(self, group: str) -> set[str]:
        """The keys bound to a key group."""
        if group not in self._group_keys:
            self._group_keys[group] = {
                key
                for binding in self.screen.key_bar.all_bindings()
                if binding.action == group
                for key in binding.key.split(",")
            }
        return self._group_keys[group]

    def group(self, name: str) -> list:
        """The legal actions a game key offers now."""
        return [a for a, choice in self.screen._legal_pairs() if name in choice.groups]

    def offers(self, name: str) -> bool:
        """True when a game key offers a legal action now (`group(name)` is not empty): the
        groups offering any are worked out once a position, not for every key asked about."""
        pairs = self.screen._legal_pairs()
        if self._offered[0] is not pairs:
            self._offered = (pairs, frozenset(g for _, choice in pairs for g in choice.groups))
        return name in self._offered[1]

    def check(self, action: str) -> bool | None:
        """Whether a binding's action shows live (True), hidden (False) or greyed (None) now."""
        if action in self.screen.KEY_GROUPS:
            if self.live(action) and self.offers(action):
                return True
            if self.group_keys(action) <= WINDOW_KEYS and self._window_open():
                return False  # the window holds the key (Spirits' Enter): the bar shows its own
            if self.other_meaning_possible(action):
                # A key with several meanings shows the one that applies now.
                return False
            # Rarely possible actions stay out of the way; the usual ones show greyed.
            return False if action in self.screen.RARE_GROUPS else None
        if action == "undo":
            return True if self.undo_possible() else None
        if action in ("chat", "people"):
            return self.screen.table.can_chat
        if action == "hand_to_bot":
            return self.screen.table.can_hand_to_bot
        if action == "resign":
            return self.screen.table.can_resign
        if action == "next_part":
            return self.screen.parts.switchable
        if action.startswith("choice_"):
            if action == "choice_cancel":
                return self._window_open() and self.screen.composed(ChoicePanel).cancellable
            return self._window_open()
        return True

    def on_key(self, event: Key) -> None:
        """Keys typed ahead of a question are dropped; a refused game key says why (a key takes
        the refusal before it off the status line)."""
        self.screen.status_line.clear_refusal()
        if self.screen.table.is_over and event.key in ("enter", "space"):
            event.stop()
            self.screen.leaving.show_game_over(again=True)
            return
        panel = self.screen.composed(ChoicePanel)
        if panel.is_open and event.key in CHOICE_KEYS and event.time < self.screen._asked_at:
            event.stop()
            return
        if event.key == "u":
            if not self.undo_possible():
                event.stop()
                self.screen.refuse(self.why_no_undo())
            return
        if not self.live():
            self._out_of_turn(event, panel)
            return
        if panel.is_open and event.key in WINDOW_KEYS:
            return  # the window's own key
        groups = self.key_groups(event.key)
        if not groups:
            self._say_if_dead(event)
            return
        if any(self.live(group) and self.group(group) for group in groups):
            # Another game key while a window is open: the window goes, unanswered, and the
            # key is then taken as in the turn itself.
            self.screen._drop_question()
            return
        event.stop()
        if panel.is_open and self._held_by_window(groups):
            # Wishland's b shares Enter with the window: what it would do is the window's now.
            if event.time >= self.screen._asked_at:  # else typed before the window: dropped
                self.screen.refuse(self.window_first(event.key, panel))
            return
        # Textual runs a key's binding once the key is back at the app: a key typed just before
        # this one (an arrow moving the highlight) has its binding run there later than now, so
        # the refusal waits its turn there too and speaks of what that key reached.
        self.screen.app.call_later(self._refuse_group, groups[0])

    def _held_by_window(self, groups: list[str]) -> bool:
        """True when a group of a key could act now but for the open window, which takes one
        of its keys (Enter) for itself."""
        return any(self.group_keys(g) & WINDOW_KEYS and self.group(g) for g in groups)

    def window_first(self, key: str, panel: ChoicePanel) -> str:
        """Why a game key that shares a key with the open window waits for it to close."""
        if not panel.cancellable:
            return self.answer_first()
        return (
            f"{key_label(key)} waits for this window: Enter takes its highlighted option, "
            "or Esc closes it."
        )

    def _refuse_group(self, group: str) -> None:
        if self.screen.is_mounted:
            self.screen.refuse(self.screen.why_not(group))

    def undo_possible(self) -> bool:
        """True when `u` may take back the last actions of this keyboard's turn now."""
        screen = self.screen
        if screen.busy and not screen.composed(ChoicePanel).is_open:
            return False
        if not screen._is_mine(screen.table.deciding):
            return False
        return screen.choices().can_undo

    def why_no_undo(self) -> str:
        """Why `u` takes nothing back now."""
        return self.screen.choices().why_no_undo or "There is nothing of yours to undo."

    def undo(self) -> None:
        """Take back the last actions of this turn, as far as the rules allow."""
        screen = self.screen
        if not self.undo_possible():
            screen.refuse(self.why_no_undo())
            return
        # Undo inside a decision closes the question first; nothing is chosen.
        screen._drop_question()
        screen.busy = True
        screen.seat.undo()

    def _out_of_turn(self, event: Key, panel: ChoicePanel) -> None:
        """A key while the game's keys are not live: it hurries a bot thinking for another seat
        (a game key is kept for this keyboard's turn, Esc forgets it), or is refused while the
        rules wait for an answer in the window."""
        table = self.screen.table
        turns = self.screen.turns
        if not table.is_over and not self.screen._is_mine(table.deciding):
            table.hurry()  # a bot thinking for another seat plays without its pace
            if event.key == "escape" and turns.kept is not None:
                event.stop()
                turns.forget()
            elif self.key_groups(event.key):
                event.stop()
                turns.keep(event.key)
        elif panel.is_open and not panel.cancellable and self.answers_elsewhere(event.key):
            event.stop()
            self.screen.refuse(self.answer_first())
        else:
            self._say_if_dead(event)

    def _say_if_dead(self, event: Key) -> None:
        """Say in the status line that a key does nothing here, when no key of the screen (nor
        of the app) that could act on it is live now."""
        key, screen = event.key, self.screen
        if not (event.is_printable or key in SAID_KEYS) or screen.table.is_over:
            return
        for binding in [*screen.key_bar.all_bindings(), *screen.app.BINDINGS]:
            if key in binding.key.split(","):
                name = binding.action.removeprefix("app.").partition("(")[0]
                if binding.action.startswith("app.") or screen.check_action(name, ()):
                    return
        screen.refuse(f"{key_label(key)} does nothing here; ? shows the keys.")

    def answers_elsewhere(self, key: str) -> bool:
        """True for a key that a rules' decision's window does not take: Esc, or a game key."""
        return key == "escape" or (key not in WINDOW_KEYS and bool(self.key_groups(key)))

    def answer_first(self) -> str:
        """Why a key is refused while the rules wait for an answer in the window."""
        # One line at 80 columns: a refusal of two lines rises over the window's last row,
        # which in a window of one option is the option it asks for.
        sentence = "Choose in the window to go on: a number or ↑↓ Enter"
        if self.undo_possible():
            sentence += "; u undoes your last move"
        return sentence + "."

    def key_groups(self, key: str) -> list[str]:
        """The key groups bound to `key`, in binding order (a key may have several meanings)."""
        if key not in self._key_groups:
            self._key_groups[key] = [
                binding.action
                for binding in self.screen.key_bar.all_bindings()
                if key in binding.key.split(",") and binding.action in self.screen.KEY_GROUPS
            ]
        return self._key_groups[key]

    def other_meaning_possible(self, group: str) -> bool:
        """True when another group bound to the same key as `group` can be taken now."""
        if not self.live():
            return False
        return any(
            other != group and self.live(other) and self.offers(other)
            for key in self.group_keys(group)
            for other in self.key_groups(key)
        )

    def run_group(self, group: str) -> None:
        """A game key: take its action, or ask which of its actions."""
        actions = self.group(group)
        if not actions:
            self.screen.refuse(self.screen.why_not(group))
            return
        if len(actions) == 1:
            self.confirm_then_play(actions[0])
            return
        steps = self.screen.option_steps(group)
        if len(actions) > MANY_OPTIONS and steps:
            self.choose_in_steps(self.screen.KEY_GROUPS[group][0], actions, steps)
            return
        self.screen._choose(self.screen.group_title(group), actions)

    def choose_in_steps(self, path: str, actions: list, steps: tuple) -> None:
        """Ask which of `actions`: first which part of them, while they are many and a step
        splits them, then which action of that part. `path` names them ('Potion — Wind
        Blast') in the windows' titles."""
        for at, (question, part_of) in enumerate(steps):
            if len(actions) <= MANY_OPTIONS:
                break
            parts: dict[str, list] = {}
            for action in actions:
                parts.setdefault(part_of(action), []).append(action)
            if len(parts) < 2:
                continue
            names = list(parts)
            rest = steps[at + 1 :]
            joined = " " if " — " in path else " — "

            def answered(index: int, names=names, parts=parts, rest=rest, joined=joined) -> None:
                chosen = parts[names[index]]
                if len(chosen) == 1:
                    self.confirm_then_play(chosen[0])
                else:
                    self.choose_in_steps(f"{path}{joined}{names[index]}", chosen, rest)

            labels = [
                self.screen.label(parts[n][0])
                if len(parts[n]) == 1
                else f"{n}: {len(parts[n])} choices"
                for n in names
            ]
            self.screen._ask(f"{path}: {question}", labels, answered)
            if self.screen._hinted in actions:
                panel = self.screen.composed(ChoicePanel)
                panel.move(names.index(part_of(self.screen._hinted)) - panel.highlighted)
            return
        self.screen._choose(f"{path}: choose", actions)

    def confirm_then_play(self, action) -> None:
        question = self.screen.confirm_end(action)
        if not question:
            self.screen.play(action)
            return

        def answered(index: int) -> None:
            if index == 0:
                self.screen.play(action)

        self.screen._ask(question, ["Yes", "No, go back"], answered)
