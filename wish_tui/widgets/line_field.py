"""A one-line text field whose keys act in the order they were typed.

Textual's `Input` inserts a letter as its own key handler reads it, but acts on its other keys
(Enter, backspace, ctrl+u, the arrows, home, …) through its bindings, which the app looks up
only once the key has gone round by the screen: keys that arrive in one burst (over SSH, a fast
typist's or a script's, in one read) had every letter inserted first, so ctrl+u, a name and
Enter sent an empty line. `LineField` acts on its bound keys as they come, between the letters.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.widgets import Input


class LineField(Input):
    """An `Input` acting on each of its own keys in the order typed."""

    async def on_key(self, event: events.Key) -> None:
        action = next((_ACTIONS[key] for key in event.aliases if key in _ACTIONS), None)
        if action is None:
            return
        event.stop()
        event.prevent_default()  # Input's own handler has nothing to add
        await self.run_action(action)


def _actions(bindings) -> dict[str, str]:
    """Each key of `bindings` and the action it runs (the first binding of a key wins)."""
    actions: dict[str, str] = {}
    for binding in Binding.make_bindings(bindings):
        actions.setdefault(binding.key, binding.action)
    return actions


_ACTIONS = _actions(Input.BINDINGS)
"""Input's keys and the actions they run."""
