"""The table screen's game keys: which are live, why a refused one is refused, which action a
key takes (or which of its actions it asks about), and keys typed ahead of a question.

A part of `TableScreen` kept in its own file (mixed into it).
"""

from __future__ import annotations

import time

from textual.events import Key

from .choice_panel import ChoicePanel
from .key_bar import key_label

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
    """The game keys of a `TableScreen` (its `KEY_GROUPS`), undo's key and the choice keys."""

    def _human_main_turn(self) -> bool:
        """True when the person at the keyboard may use the game's keys now."""
        table = self.table
        if table.is_over or self.busy:
            return False
        seat = table.deciding
        if not self._is_mine(seat) or seat != self.viewer:
            return False
        return not self.asks_in_panel(self.view())

    def _keys_live(self, group: str | None = None) -> bool:
        """True when the person may use the game's keys (`group`'s, when given) now: in their
        turn, or while a window a key of their turn opened is open. Another game key then
        takes the window's place, as on Board Game Arena another action's button does; a key
        the window answers with stays the window's."""
        if self._human_main_turn():
            return True
        if not (self._switchable and self.query_one(ChoicePanel).is_open):
            return False
        if group is not None and self._group_keys(group) & WINDOW_KEYS:
            return False
        table = self.table
        return (
            not table.is_over
            and table.deciding == self.viewer
            and self._is_mine(self.viewer)
            and not self.asks_in_panel(self.view())
        )

    def _group_keys(self, group: str) -> set[str]:
        """The keys bound to a key group."""
        return {
            key
            for binding in self._all_bindings()
            if binding.action == group
            for key in binding.key.split(",")
        }

    def _group(self, name: str) -> list:
        """The legal actions a game key offers now."""
        return [a for a, choice in self._legal_pairs() if name in choice.groups]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.KEY_GROUPS:
            if self._keys_live(action) and self._group(action):
                return True
            if self._other_meaning_possible(action):
                # A key with several meanings shows the one that applies now.
                return False
            # Rarely possible actions stay out of the way; the usual ones show greyed.
            return False if action in self.RARE_GROUPS else None
        if action == "undo":
            return True if self._undo_possible() else None
        if action in ("chat", "people"):
            return self.table.can_chat
        if action == "hand_to_bot":
            return self.table.can_hand_to_bot
        if action == "resign":
            return bool(getattr(self.table, "can_resign", False))
        if action.startswith("choice_"):
            panel = self.query_one(ChoicePanel)
            if action == "choice_cancel":
                return panel.is_open and panel.cancellable
            return panel.is_open
        return True

    def on_key(self, event: Key) -> None:
        """Keys typed ahead of a question are dropped; a refused game key says why (a key takes
        the refusal before it off the status line)."""
        self.clear_refusal()
        if self.table.is_over and event.key in ("enter", "space"):
            event.stop()
            self._show_game_over(again=True)
            return
        panel = self.query_one(ChoicePanel)
        if panel.is_open and event.key in CHOICE_KEYS and event.time < self._asked_at:
            event.stop()
            return
        if event.key == "u":
            if not self._undo_possible():
                event.stop()
                self.refuse(self._why_no_undo())
            return
        if not self._keys_live():
            if not self.table.is_over and not self._is_mine(self.table.deciding):
                hurry = getattr(self.table, "hurry", None)
                if hurry is not None:
                    hurry()  # a bot thinking for another seat plays without its pace
                    if self._key_groups(event.key):
                        self.hurried_by = (event.key, time.monotonic())
            elif panel.is_open and not panel.cancellable and self._answers_elsewhere(event.key):
                event.stop()
                self.refuse(self._answer_first())
            else:
                self._say_if_dead(event)
            return
        if panel.is_open and event.key in WINDOW_KEYS:
            return  # the window's own key
        groups = self._key_groups(event.key)
        if not groups:
            self._say_if_dead(event)
            return
        if any(self._keys_live(group) and self._group(group) for group in groups):
            # Another game key while a window is open: the window goes, unanswered, and the
            # key is then taken as in the turn itself.
            self._drop_question()
            return
        event.stop()
        self.refuse(self.why_not(groups[0]))

    def _say_if_dead(self, event: Key) -> None:
        """Say in the status line that a key does nothing here, when no key of the screen (nor
        of the app) that could act on it is live now."""
        key = event.key
        if not (event.is_printable or key in SAID_KEYS) or self.table.is_over:
            return
        bindings = [*self._all_bindings(), *self.app.BINDINGS]
        for binding in bindings:
            if key in binding.key.split(","):
                name = binding.action.removeprefix("app.").partition("(")[0]
                if binding.action.startswith("app.") or self.check_action(name, ()):
                    return
        self.refuse(f"{key_label(key)} does nothing here; ? shows the keys.")

    def _answers_elsewhere(self, key: str) -> bool:
        """True for a key that a rules' decision's window does not take: Esc, or a game key."""
        return key == "escape" or (key not in WINDOW_KEYS and bool(self._key_groups(key)))

    def _answer_first(self) -> str:
        """Why a key is refused while the rules wait for an answer in the window."""
        sentence = "The game goes on once this is chosen: pick an option by its number or ↑↓ Enter"
        if self._undo_possible():
            sentence += ", or u takes back your last move"
        return sentence + "."

    def _key_groups(self, key: str) -> list[str]:
        """The key groups bound to `key`, in binding order (a key may have several meanings)."""
        return [
            binding.action
            for binding in self._all_bindings()
            if key in binding.key.split(",") and binding.action in self.KEY_GROUPS
        ]

    def _other_meaning_possible(self, group: str) -> bool:
        """True when another group bound to the same key as `group` can be taken now."""
        if not self._keys_live():
            return False
        return any(
            other != group and self._keys_live(other) and self._group(other)
            for key in self._group_keys(group)
            for other in self._key_groups(key)
        )

    def run_group(self, group: str) -> None:
        """A game key: take its action, or ask which of its actions."""
        actions = self._group(group)
        if not actions:
            self.refuse(self.why_not(group))
            return
        if len(actions) == 1:
            self._confirm_then_play(actions[0])
            return
        steps = self.option_steps(group)
        if len(actions) > MANY_OPTIONS and steps:
            self._choose_in_steps(self.KEY_GROUPS[group][0], actions, steps)
            return
        self._choose(self.group_title(group), actions)

    def option_steps(self, group: str) -> tuple:
        """How a long window of `group`'s actions is split, one step at a time: pairs of the
        step's question and a function giving each action the name of its part. By default
        none: one window."""
        return ()

    def _choose_in_steps(self, path: str, actions: list, steps: tuple) -> None:
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
                    self._confirm_then_play(chosen[0])
                else:
                    self._choose_in_steps(f"{path}{joined}{names[index]}", chosen, rest)

            labels = [
                self.label(parts[n][0]) if len(parts[n]) == 1 else f"{n}: {len(parts[n])} choices"
                for n in names
            ]
            self._ask(f"{path}: {question}", labels, answered)
            if self._hinted in actions:
                panel = self.query_one(ChoicePanel)
                panel.move(names.index(part_of(self._hinted)) - panel.highlighted)
            return
        self._choose(f"{path}: choose", actions)

    def _confirm_then_play(self, action) -> None:
        question = self.confirm_end(action)
        if not question:
            self.play(action)
            return

        def answered(index: int) -> None:
            if index == 0:
                self.play(action)

        self._ask(question, ["Yes", "No, go back"], answered)
