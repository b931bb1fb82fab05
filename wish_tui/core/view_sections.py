"""A game's view in sentences, section by section: the plain-text client's `section` for any game."""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["section_reader"]

SectionLines = Callable[[dict, int | None], list[str]]
"""The sentences of one section, from (view, seat)."""


def section_reader(
    names: Sequence[str], lines: Sequence[SectionLines]
) -> Callable[[dict, int | None, str], list[str]]:
    """A game's `section(view, seat, name)`, reading section `names[i]` with `lines[i]`."""
    by_name = dict(zip(names, lines, strict=True))

    def section(view: dict, seat: int | None, name: str) -> list[str]:
        """The sentences of one section of `view` as `seat` sees it (None: a spectator)."""
        return by_name[name](view, seat)

    return section
