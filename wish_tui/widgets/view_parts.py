"""A board's parts told only what changed: a part is drawn again only when what it read changed.

A table message brings a whole view, of which an action changes a few parts (a seat's crystals,
an Area); each part of a board (the map, the tracks, a hand) reads a few of the view's keys.
`ViewParts.show` hands a part's drawing the view through a dict that notes the keys it reads,
and passes over the drawing next time when each of those keys holds what it held, and the
drawing's other arguments (seat, cursor, width...) are the same. A drawing that walks the whole
view (its keys, its items) is drawn again whenever any of the view changed. Views are never
changed in place (a table's diff patches a new view, keeping the parts that did not change), so
comparing them is cheap: an unchanged part is the same object.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_MISSING = object()
"""What a key the view does not have is noted as."""


class _Reading(dict):
    """A copy of a view that notes each key read of it (`read`), or that it was read whole."""

    def __init__(self, view: dict) -> None:
        super().__init__(view)
        self.read: dict = {}
        self.whole = False

    def __getitem__(self, key):
        value = dict.__getitem__(self, key)
        self.read[key] = value
        return value

    def get(self, key, default=None):
        value = dict.get(self, key, _MISSING)
        self.read[key] = value
        return default if value is _MISSING else value

    def __contains__(self, key) -> bool:
        self.read[key] = dict.get(self, key, _MISSING)
        return dict.__contains__(self, key)

    def _walked(self) -> None:
        self.whole = True

    def __iter__(self):
        self._walked()
        return dict.__iter__(self)

    def keys(self):
        self._walked()
        return dict.keys(self)

    def values(self):
        self._walked()
        return dict.values(self)

    def items(self):
        self._walked()
        return dict.items(self)

    def copy(self) -> dict:
        self._walked()
        return dict(dict.items(self))

    def __len__(self) -> int:
        self._walked()
        return dict.__len__(self)


def _same(old, new) -> bool:
    return old is new or old == new


class ViewParts:
    """What each part of a board read of the view it was last drawn from, and with what."""

    def __init__(self) -> None:
        self._shown: dict[str, tuple[tuple, dict | None, dict, Any]] = {}
        """Per part: its drawing's other arguments, the keys it read with their values (None:
        it read the view whole), the view, and what the drawing gave."""
        self._changes: tuple[dict, dict, frozenset] | None = None
        """A view, the view after it and the keys that changed between them (`follow`)."""

    def follow(self, changes: tuple[dict, dict, frozenset] | None) -> None:
        """`changes` is (`before`, `after`, `keys`): `after` is `before` with only `keys`
        changed (a server's diff said so). A part drawn from `before` is drawn from `after`
        again only when it read one of `keys`, and nothing it read is compared. None: the views
        are compared."""
        self._changes = changes

    def show(
        self, part: str, draw: Callable[..., None], view: dict, *arguments, width: int = 0
    ) -> None:
        """Draw `part` with `draw(view, *arguments)`, unless what it read of the view it was
        last drawn from is unchanged in `view` and `arguments` are the same, and so is `width`
        (the part's, for one whose words depend on it and which is not drawn again on a
        resize of its own)."""
        self.worked(part, draw, view, *arguments, width=width)

    def worked(self, part: str, make: Callable[..., Any], view: dict, *arguments, width=0) -> Any:
        """What `make(view, *arguments)` gives, made again only when what it read of the view
        changed, or `arguments`, or `width` (as `show` draws: anything else it depends on)."""
        arguments = (*arguments, width)
        shown = self._shown.get(part)
        if shown is not None and _same(shown[0], arguments) and self._unchanged(shown, view):
            self._shown[part] = (arguments, shown[1], view, shown[3])
            return shown[3]
        reading = _Reading(view)
        made = make(reading, *arguments[:-1])
        self._shown[part] = (arguments, None if reading.whole else reading.read, view, made)
        return made

    def _unchanged(self, shown: tuple, view: dict) -> bool:
        """True when what a part read of the view it was drawn from is the same in `view`."""
        read, before = shown[1], shown[2]
        changes = self._changes
        if changes is not None and before is changes[0] and view is changes[1]:
            return not changes[2] if read is None else changes[2].isdisjoint(read)
        if read is None:
            return _same(before, view)
        return all(_same(value, view.get(key, _MISSING)) for key, value in read.items())

    def forget(self) -> None:
        """Draw every part next time (the widgets were made anew, or restyled)."""
        self._shown.clear()
