"""The environment an app reads: the process's, or its own where several apps share a process.

A session's app that the server's session pool runs beside others (`server.pool.host`) has an
environment of its own (its token, NO_COLOR, its terminal type) while the process has one
`os.environ`. `get` and `has` read the app's own when one is in use (`use`, a context variable,
so every task the app starts sees it), else the process's. `as_process_environment` lends it to
`os.environ` for the length of a synchronous step that reads `os.environ` itself (Textual's
`App.__init__`, which reads NO_COLOR and gives its console the rest).
"""

from __future__ import annotations

import contextlib
import contextvars
import os
from collections.abc import Iterator, Mapping

__all__ = ["as_process_environment", "current", "get", "has", "use"]

_OWN: contextvars.ContextVar[Mapping[str, str] | None] = contextvars.ContextVar(
    "wish_tui_environment", default=None
)


def current() -> Mapping[str, str]:
    """The environment in use: the app's own, else the process's."""
    own = _OWN.get()
    return os.environ if own is None else own


def get(name: str, default: str | None = None) -> str | None:
    """The value of `name` in the environment in use, else `default`."""
    return current().get(name, default)


def has(name: str) -> bool:
    """True when `name` is set (to anything, even '') in the environment in use."""
    return name in current()


def use(env: Mapping[str, str]) -> None:
    """Make `env` the environment of the running context (and of the tasks it starts)."""
    _OWN.set(dict(env))


@contextlib.contextmanager
def as_process_environment() -> Iterator[None]:
    """Lend the environment in use to `os.environ` until the block ends (no await inside)."""
    own = _OWN.get()
    if own is None:
        yield
        return
    saved = dict(os.environ)
    os.environ.clear()
    os.environ.update(own)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)
