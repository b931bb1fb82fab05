"""The table screen's key bar: the game's keys, greyed or hidden as they apply, and every key
the status line or a hint names.

A part of `TableScreen` kept in its own file (mixed into it). The bar lists the screen's shown
bindings (`check_action` greys or hides each), then the keys of a finished game, then the keys
a screen binds without showing them (`?`, `F1`, `q`, `h`, …): those take no room until a
sentence on the screen names them. A key the status line or the hint on the screen names is
never left out of the bar (issue 34: Wishland's status named `v` and `e`, which the bar hid).
"""

from __future__ import annotations

from textual.binding import Binding

from .key_bar import KeyBar, key_label
from .named_keys import keys_named

OVER_KEYS = (("⏎", "Final scoring"), ("q", "Leave"))
"""The keys the key bar offers once the game is over, instead of the game's."""
NEVER_NAMED = ("log_scroll", "choice_digit", "choice_move")
"""Bindings a sentence never names as a key of the bar (a window's title says how to answer)."""


class TableKeyBar:
    """The key bar of a `TableScreen` (its `#keys`)."""

    _named: tuple[str, ...] = ()
    """The keys the status line and the hint on the screen name."""
    _hint_text: str = ""
    """The hint on the screen ('' when none)."""

    def _all_bindings(self) -> list[Binding]:
        """Every binding of the screen, the game's own first."""
        return [b for cls in type(self).__mro__ for b in cls.__dict__.get("BINDINGS", [])]

    def _shown_bindings(self) -> list[Binding]:
        """The keys of the key bar, in order. A key with several meanings (Enter takes a tile or
        places a gemstone) has one entry per meaning; `check_action` hides those that do not
        apply now."""
        seen, shown = set(), []
        for binding in self._all_bindings():
            if binding.show and (binding.key, binding.action) not in seen:
                seen.add((binding.key, binding.action))
                shown.append(binding)
        return shown

    def _unshown_bindings(self) -> list[Binding]:
        """The screen's other keys with a name, once each: shown only when a sentence names
        them."""
        seen = {b.key for b in self._shown_bindings()}
        unshown = []
        for binding in self._all_bindings():
            if binding.show or not binding.description or binding.key in seen:
                continue
            if binding.action.startswith(NEVER_NAMED):
                continue
            seen.add(binding.key)
            unshown.append(binding)
        return unshown

    def set_up_key_bar(self) -> None:
        """Give the key bar every key it may show."""
        shown = [(b.key_display or b.key, b.description) for b in self._shown_bindings()]
        unshown = [(b.key_display or b.key, b.description) for b in self._unshown_bindings()]
        keys = [*shown, *OVER_KEYS, *unshown]
        self.query_one(KeyBar).set_keys(keys, terse_from=len(shown) + len(OVER_KEYS))

    def name_keys(self, status: str) -> None:
        """The status line now says `status`: the keys it names show in the bar."""
        named = tuple(keys_named(f"{status}\n{self._hint_text}"))
        if named != self._named:
            self._named = named
            self._update_footer()

    def name_hint_keys(self, hint: str) -> None:
        """A hint now says `hint` ('' when it went): the keys it names show in the bar."""
        self._hint_text = hint
        status = self.query_one("#status").text.plain if self.query("#status") else ""
        self.name_keys(status)

    def _update_footer(self) -> None:
        """Show in the key bar which keys can be used now (it redraws only the keys that changed)."""
        shown, unshown = self._shown_bindings(), self._unshown_bindings()
        if self.table.is_over:
            states = [False] * len(shown) + [True] * len(OVER_KEYS)
        else:
            # An action may carry arguments ("cursor(-1, 0)"); check_action is asked its name.
            states = [self._key_state(b) for b in shown] + [False] * len(OVER_KEYS)
        states += [False] * len(unshown)
        bindings = [*shown, *([None] * len(OVER_KEYS)), *unshown]
        over = [key for key, _ in OVER_KEYS]
        labels = [*(_label(b) for b in shown), *over, *(_label(b) for b in unshown)]
        if not self.table.is_over:
            self._show_named(states, labels, bindings)
        self.query_one(KeyBar).show_states(states, labels)

    def _key_state(self, binding: Binding) -> bool | None:
        return self.check_action(binding.action.partition("(")[0], ())

    def _show_named(self, states: list, labels: list, bindings: list) -> None:
        """Show each named key the bar would leave out, or print under another label (b for
        "enter,b"): the usable entry that binds it is labelled with it too ('⏎/b'), else its
        first entry labelled with it shows, usable or grey."""
        for key in self._named:
            label = key_label(key)
            entries = [
                i for i, b in enumerate(bindings) if b is not None and key in b.key.split(",")
            ]
            if not entries or any(states[i] is not False and labels[i] == label for i in entries):
                continue
            usable = [i for i in entries if states[i]]
            if usable:
                labels[usable[0]] = f"{label}/{labels[usable[0]]}"
                continue
            first = next((i for i in entries if labels[i] == label), entries[0])
            states[first] = True if self._key_state(bindings[first]) else None
            if labels[first] != label:
                labels[first] = f"{label}/{labels[first]}"


def _label(binding: Binding) -> str:
    """A binding's key as the bar prints it."""
    return key_label(binding.key_display or binding.key)
