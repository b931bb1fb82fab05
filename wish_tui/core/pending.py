"""The queue of pending steps, for games whose rules keep one (Wish, Wishland).

A state keeps ``pending``, a list of steps (tuples, the step's kind first), ``_buf``, the steps a
resolution queued (empty when none), and ``flush()``, which puts those in front of the pending
ones. A step resolves by itself (`auto`, by kind) or is a decision whose options and resolution
come from the game's `decisions` module.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType


def resolve_forced(st, auto: dict[str, Callable], decisions: ModuleType) -> bool:
    """Resolve the automatic steps and forced choices at the front of `st.pending`.

    Returns:
        True when a seat has a real decision (its options are kept as the state's legal
        actions), False when nothing is pending any more.
    """
    pending = st.pending
    while pending:
        step = pending[0]
        run = auto.get(step[0])
        if run is not None:
            pending.pop(0)
            run(st, step)
            if st._buf:
                st.flush()
            continue
        opts = decisions.options(st, step)
        if len(opts) > 1:
            st._legal = opts
            return True
        pending.pop(0)
        if opts:
            decisions.resolve(st, step, opts[0])
            if st._buf:
                st.flush()
    return False
