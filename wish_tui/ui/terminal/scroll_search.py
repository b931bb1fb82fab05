"""Rows a frame moves up or down whole, found for `screen_diff.ScreenDiff` to scroll them instead
of sending them again: by how many rows (`shift`), which run of them (`longest_run`), and whether
a row the frame writes is whole (`whole`) or exactly as a row shown (`same`)."""

from __future__ import annotations

from operator import itemgetter

from .frame_cells import Cell, Written

_CHARACTER_OF = itemgetter(0)


def shift(
    shown: dict[int, list[Cell | None]],
    wanted: dict[int, tuple[list[Cell | None], int]],
    width: int,
    probes: dict[int, int],
) -> int | None:
    """By how many rows most of the rows `wanted` (each as a row of `shown`, with how many
    cells the frame writes on it) moved from where `shown` has them (up when above 0); None
    when none did. (`probes`: the fingerprints of rows of `shown` taken before, each kept
    until its row changes; those taken here are added.)"""
    # A row shown is compared whole only when a few of its cells are those of a row wanted
    # (its fingerprint, said as its hash: rows alike have the same); a row exactly `width`
    # wide is compared whole (its cells are mostly the same objects), else by its first
    # `width` cells.
    probe = itemgetter(0, 1, 2, width // 2, width - 1)
    by_probe: dict[int, list[int]] = {}
    for row, (cells, _) in wanted.items():
        by_probe.setdefault(hash(probe(cells)), []).append(row)
    places: dict[int, list[int]] = {}  # a row wanted: the rows shown with its cells
    blank: dict[int, bool] = {}  # a row wanted: whether it is blank
    for row, cells in shown.items():
        key = probes.get(row)
        if key is None:
            key = probes[row] = hash(probe(cells))
        targets = by_probe.get(key)
        if targets is None or None in cells[:width]:
            continue
        content = None
        for target in targets:
            wanted_cells, written = wanted[target]
            if written == width:
                if cells != wanted_cells:
                    continue
            else:
                content = content or cells[:width]
                if wanted_cells[:width] != content:
                    continue
            if target not in blank:  # (a letter among its fingerprint's cells: not blank)
                blank[target] = not any(
                    cell[0].strip(" ") for cell in probe(wanted_cells)
                ) and not _text(wanted_cells[:width]).strip(" ")
            if blank[target]:
                break  # (a blank row says nothing of where rows went)
            places.setdefault(target, []).append(row)
    votes: dict[int, int] = {}
    for row in wanted:
        for source in places.get(row, ()):
            if source != row:
                votes[source - row] = votes.get(source - row, 0) + 1
    if not votes:
        return None
    return max(votes, key=lambda k: (votes[k], -abs(k)))


def longest_run(rows: list[int]) -> tuple[int, int] | None:
    """The first and last of the longest run of consecutive rows among `rows` (sorted): the
    first such run of that length; None when there is no row."""
    best: tuple[int, int] | None = None
    for top in rows:
        bottom = top
        while bottom + 1 in rows:
            bottom += 1
        if best is None or bottom - top > best[1] - best[0]:
            best = (top, bottom)
    return best


def whole(written: Written, width: int) -> bool:
    """True when `written` holds every column of a row `width` wide."""
    first, cells, gapless, _ = written
    return first == 0 and len(cells) >= width and (gapless or None not in cells[:width])


def same(shown: list[Cell | None] | None, written: Written) -> bool:
    """True when the row `shown` knows exactly the cells `written` (no more)."""
    if shown is None:
        return False
    first, cells = written[0], written[1]
    end = first + len(cells)
    if first:
        return shown[first:end] == cells and not any(shown[:first]) and not any(shown[end:])
    return shown[:end] == cells and not any(shown[end:])


def _text(content: list) -> str:
    """The characters of a row's cells, without their styles."""
    return "".join(map(_CHARACTER_OF, content))
