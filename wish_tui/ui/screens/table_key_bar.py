"""The table screen's key bar: the game's keys, greyed or hidden as they apply, and every key
the status line or a hint names.

One object the `TableScreen` composes (`screen.key_bar`). The bar lists the screen's shown
bindings (`check_action` greys or hides each), then the keys of a finished game, then the keys
a screen binds without showing them (`?`, `F1`, `q`, `h`, …): those take no room until a
sentence on the screen names them. A key the status line or the hint on the screen names is
never left out of the bar (issue 34: Wishland's status named `v` and `e`, which the bar hid).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

from textual.binding import Binding

from wish_tui.widgets.key_bar import KeyBar, key_label
from wish_tui.widgets.named_keys import keys_named

OVER_KEYS = (("⏎", "Final scoring"), ("q", "Leave"))
"""The keys the key bar offers once the game is over, instead of the game's."""
NEVER_NAMED = ("turn_page", "choice_digit", "choice_move")
"""Bindings a sentence never names as a key of the bar (a window's title says how to answer)."""
ALWAYS_NAMED = ("question_mark", "q")
"""Keys the bar keeps as if a sentence named them: a newcomer always finds how to get help
(`?`, every key) and how to leave (`q`). They come last, their words the first to give way."""
_ALWAYS = frozenset(ALWAYS_NAMED)
NAMED_KEPT = 64
"""The most status lines and hints a key bar keeps the keys named in."""
ANSWER_AWAITED = 1.0
"""Seconds the keys stay as they were after an action is sent, unless the table answers first:
its answer (a few milliseconds at a server, a few hundred under load) shows them in its own
frame; only an answer that does not come shows them without it (at 80 ms, an answer only slow
under load drew the key bar twice)."""


class TableKeyBar:
    """The key bar of a `TableScreen` (its `#keys`)."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.named: tuple[str, ...] = ()
        """The keys the status line and the hint on the screen name, and `ALWAYS_NAMED`."""
        self.said: tuple[str, ...] = ()
        """The keys the status line and the hint on the screen name."""
        self.hint_text = ""
        """The hint on the screen ('' when none)."""
        self._said = ""
        """The words the keys named (`named`) were read from."""
        self._named_in: dict[str, tuple[str, ...]] = {}
        """The keys words name (`keys_named`), by the words, up to `NAMED_KEPT` of them."""
        self._holding = 0
        self._due = False
        """True when an `update` was asked while held."""
        self._awaited = None
        """The loop's timer that shows the keys of an action awaited (`update_unless_answered`)."""
        self._bar: tuple[list, list, list] | None = None
        """The bar's entries (a binding, or None for a key of a finished game) and their
        labels, from the screen's bindings, which never change: worked out once."""
        self._bound: tuple[list[str], list[frozenset[str]], dict[str, list[int]]] = ([], [], {})
        """With `_bar`: the shown bindings' actions as `check_action` is asked them, each
        entry's keys, and each key's entries (in order)."""

    def all_bindings(self) -> list[Binding]:
        """Every binding of the screen, the game's own first."""
        return [b for cls in type(self.screen).__mro__ for b in cls.__dict__.get("BINDINGS", [])]

    def shown_bindings(self) -> list[Binding]:
        """The keys of the key bar, in order. A key with several meanings (Enter takes a tile or
        places a gemstone) has one entry per meaning; `check_action` hides those that do not
        apply now."""
        seen, shown = set(), []
        for binding in self.all_bindings():
            if binding.show and (binding.key, binding.action) not in seen:
                seen.add((binding.key, binding.action))
                shown.append(binding)
        return shown

    def unshown_bindings(self) -> list[Binding]:
        """The screen's other keys with a name, once each: shown only when a sentence names
        them (a key the bar shows may have another meaning here: Spirits' Enter takes a row
        end, and in a window chooses)."""
        shown = {(b.key, b.action) for b in self.shown_bindings()}
        seen: set[str] = set()
        unshown = []
        for binding in self.all_bindings():
            if binding.show or not binding.description or binding.key in seen:
                continue
            if (binding.key, binding.action) in shown:
                continue
            if binding.action.startswith(NEVER_NAMED):
                continue
            seen.add(binding.key)
            unshown.append(binding)
        return unshown

    def set_up(self) -> None:
        """Give the key bar every key it may show."""
        shown = [(b.key_display or b.key, b.description) for b in self.shown_bindings()]
        unshown = [(b.key_display or b.key, b.description) for b in self.unshown_bindings()]
        keys = [*shown, *OVER_KEYS, *unshown]
        bar = self.screen.query_one(KeyBar)
        bar.set_keys(keys, terse_from=len(shown) + len(OVER_KEYS))
        # What gives way is judged at the bar's own width: the screen's resize comes first.
        bar.resized = self.update

    def rows(self) -> int:
        """The rows the key bar takes (more than one on a narrow terminal, when its keys wrap)."""
        return self.screen.composed(KeyBar).rows

    def name_keys(self, status: str) -> None:
        """The status line now says `status`: the keys it names show in the bar
        (and `ALWAYS_NAMED`)."""
        words = f"{status}\n{self.hint_text}"
        if words == self._said:
            return  # the same words name the same keys (a table's change says them again)
        self._said = words
        said = self._named_in.get(words)
        if said is None:
            # A turn's words come back (whose turn, what is waited for): read once each.
            if len(self._named_in) >= NAMED_KEPT:
                self._named_in.clear()
            said = self._named_in[words] = tuple(keys_named(words))
        named = tuple(dict.fromkeys([*said, *ALWAYS_NAMED]))
        if named != self.named or said != self.said:
            self.named, self.said = named, said
            self.update()

    def name_hint_keys(self, hint: str) -> None:
        """A hint now says `hint` ('' when it went): the keys it names show in the bar."""
        self.hint_text = hint
        statuses = self.screen.query("#status")
        self.name_keys(statuses.first().text.plain if statuses else "")

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """Within, an `update` waits for the end, where it is done once: a table's change asks
        for it from several places (the view, the status line, a question), and each works out
        every key's state."""
        self._holding += 1
        try:
            yield
        finally:
            self._holding -= 1
            if not self._holding and self._due:
                self._due = False
                self.update()

    def update_unless_answered(self) -> None:
        """An action was sent to the table: the keys change, but the table's answer, which
        updates them too, is drawn in a frame of its own a few milliseconds later. So the bar is
        updated when the answer comes, or after `ANSWER_AWAITED` seconds without one: a key
        greyed for the wait would be a frame more (what keys do is the router's, not the bar's:
        a key pressed meanwhile is taken as the table's state says)."""
        if self._awaited is None:
            # The loop's own timer, not Textual's (`set_timer`: a task made and stepped twice):
            # it is cancelled nearly always, and when it is not, the screen is asked to call
            # back as Textual's timer asks it.
            loop = asyncio.get_running_loop()
            self._awaited = loop.call_later(
                ANSWER_AWAITED, self.screen.call_next, self._answer_late
            )

    def _answer_late(self) -> None:
        self._awaited = None
        if self.screen.is_mounted:
            self.update()

    def update(self) -> None:
        """Show in the key bar which keys can be used now (it redraws only the keys that changed)."""
        if self._awaited is not None:
            self._awaited, awaited = None, self._awaited
            awaited.cancel()
        if self._holding:
            self._due = True
            return
        shown, bindings, labels = self._entries()
        labels = list(labels)
        over = self.screen.table.is_over
        with self.screen.router.steady():
            if over:
                states = [False] * len(shown) + [True] * len(OVER_KEYS)
            else:
                check = self.screen.check_action
                states = [check(action, ()) for action in self._bound[0]]
                states += [False] * len(OVER_KEYS)
            states += [False] * (len(bindings) - len(states))
            if not over:
                before = list(states)
                self._show_named(states, labels, bindings)
        bar = self.screen.composed(KeyBar)
        bar.show_states(states, labels)
        if not over:
            self._give_way(bar, before, states, labels, bindings)

    def _give_way(self, bar: KeyBar, before: list, states: list, labels: list, bindings) -> None:
        """`ALWAYS_NAMED` keys give way where they alone cut the words of a key a sentence
        names (Wishland's fullest solo bar: 'm Free draw' would read 'm Free')."""
        keys, named = self._bound[1], frozenset(self.said)
        added = [
            i
            for i, bound in enumerate(keys)
            if states[i] and not before[i] and bound & _ALWAYS and bound.isdisjoint(named)
        ]
        said = [i for i, bound in enumerate(keys) if states[i] and not bound.isdisjoint(named)]
        if not added or not any(bar.cut(i) for i in said):
            return
        without = [False if i in added else state for i, state in enumerate(states)]
        bar.show_states(without, labels)
        if any(bar.cut(i) for i in said):
            bar.show_states(states, labels)  # cut all the same: ? and q stay

    def _entries(self) -> tuple[list, list, list]:
        """The shown bindings, then every entry of the bar and its label."""
        if self._bar is None:
            shown, unshown = self.shown_bindings(), self.unshown_bindings()
            bindings = [*shown, *([None] * len(OVER_KEYS)), *unshown]
            over_labels = [key for key, _ in OVER_KEYS]
            labels = [*(_label(b) for b in shown), *over_labels, *(_label(b) for b in unshown)]
            self._bar = (shown, bindings, labels)
            keys = [frozenset(b.key.split(",")) if b is not None else frozenset() for b in bindings]
            entries: dict[str, list[int]] = {}
            for index, bound in enumerate(keys):
                for key in sorted(bound):
                    entries.setdefault(key, []).append(index)
            # An action may carry arguments ("cursor(-1, 0)"); check_action is asked its name.
            self._bound = ([b.action.partition("(")[0] for b in shown], keys, entries)
        return self._bar

    def key_state(self, binding: Binding) -> bool | None:
        """Whether `binding` shows live (True), hidden (False) or greyed (None) now."""
        return self.screen.check_action(binding.action.partition("(")[0], ())

    def _show_named(self, states: list, labels: list, bindings: list) -> None:
        """Show each named key the bar would leave out, or print under another label (b for
        "enter,b"): the usable entry that binds it is labelled with it too ('⏎/b'), else an
        unshown one usable now (an open window's ⏎ Choose), else its first entry labelled with
        it shows, usable or grey (one hidden as not of this game, solo's ⏎ Play, only when no
        other entry binds the key)."""
        for key in self.named:
            label = key_label(key)
            entries = self._bound[2].get(key, [])
            if entries and not any(states[i] and labels[i] == label for i in entries):
                self._show_key(label, entries, states, labels, bindings)

    def _show_key(self, label: str, entries: list, states: list, labels: list, bindings) -> None:
        """Show the named key `label` on one of its `entries` (see `_show_named`)."""
        usable = [i for i in entries if states[i]]
        usable = usable or [i for i in entries if self.key_state(bindings[i])]
        if usable:
            first = usable[0]
            states[first] = True
        elif any(states[i] is None and labels[i] == label for i in entries):
            return  # greyed under its own label already
        else:
            shown = [i for i in entries if self.key_state(bindings[i]) is not False] or entries
            first = next((i for i in shown if labels[i] == label), shown[0])
            states[first] = None
        if labels[first] != label:
            labels[first] = f"{label}/{labels[first]}"


def _label(binding: Binding) -> str:
    """A binding's key as the bar prints it."""
    return key_label(binding.key_display or binding.key)
