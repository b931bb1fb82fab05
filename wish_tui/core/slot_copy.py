"""A fast `copy` for a class with `__slots__`, written out slot by slot once, when the class is made.

The rules copy a State (and a seat's pieces) on every action, so the copy is a hot path: a
generic copy (`copy.copy`, or a loop of `getattr`/`setattr` over the slots) costs about ten
times what a method that assigns each slot in turn does. `slot_copy` writes that method for the
class, the way `dataclasses` writes an `__init__`: the source is built from the slots' names,
compiled once, and runs as fast as the hand-written method it replaces, while each game names
only what differs (the lists that are copied rather than shared, the slots that start afresh).

    @slot_copy(sliced=("pending",), fresh={"_legal": None})
    class State(BaseState):
        __slots__ = ("seed", "pending", "_legal")

    state.copy()   # seed shared (immutable), pending a new list, _legal None
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable

__all__ = ["slot_copy", "slots_of"]


def slots_of(cls: type) -> tuple[str, ...]:
    """Every slot of `cls` and its bases, the bases' first."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        slots = vars(klass).get("__slots__", ())
        names.extend((slots,) if isinstance(slots, str) else slots)
    return tuple(names)


def _is_literal(value) -> bool:
    try:
        return ast.literal_eval(repr(value)) == value
    except (ValueError, SyntaxError):
        return False


def _line(slot: str, sliced: frozenset[str], fresh: dict) -> str:
    if slot in fresh:
        return f"    new.{slot} = {fresh[slot]!r}"
    if slot in sliced:
        return f"    new.{slot} = self.{slot}[:]"
    return f"    new.{slot} = self.{slot}"


def _names(names: str | Iterable[str]) -> frozenset[str]:
    return frozenset(names.split() if isinstance(names, str) else names)


def copier(
    cls: type,
    *,
    sliced: str | Iterable[str] = (),
    fresh: dict | None = None,
    leave: str | Iterable[str] = (),
    doc: str = "Return an independent copy.",
) -> Callable:
    """A method that returns a copy of an instance of `cls`, one assignment a slot.

    Args:
        cls: a class whose instances have no `__dict__` (every field a slot).
        sliced: list slots the copy gets a new list of (`[:]`); the others are shared. Names
            may be given as one string, space-separated (as `namedtuple` takes them).
        fresh: slot -> the value the copy starts with instead (a literal: None, 0, (), '').
        leave: slots the copy leaves unset, for the caller to set.
        doc: the method's docstring.

    Raises:
        ValueError: a name given is not a slot of `cls`, or a fresh value is not a literal.
    """
    slots = slots_of(cls)
    fresh = dict(fresh or {})
    sliced, leave = _names(sliced), _names(leave)
    unknown = sorted((sliced | leave | set(fresh)) - set(slots))
    if unknown:
        raise ValueError(f"{cls.__name__} has no slot {unknown[0]!r}.")
    for slot, value in fresh.items():
        if not _is_literal(value):
            raise ValueError(f"The fresh value of {slot!r} must be a literal.")
    body = [_line(slot, sliced, fresh) for slot in slots if slot not in leave]
    source = "\n".join(["def copy(self):", "    new = _new(_cls)", *body, "    return new"])
    namespace: dict = {"_new": object.__new__, "_cls": cls}
    exec(compile(source, f"<slot_copy {cls.__qualname__}>", "exec"), namespace)
    method = namespace["copy"]
    method.__qualname__ = f"{cls.__qualname__}.copy"
    method.__doc__ = doc
    return method


def slot_copy(*, name: str = "copy", **how) -> Callable[[type], type]:
    """A class decorator that gives the class `copier(cls, **how)` as its method `name`."""

    def decorate(cls: type) -> type:
        method = copier(cls, **how)
        method.__name__ = name
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
        return cls

    return decorate
