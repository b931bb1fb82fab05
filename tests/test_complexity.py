"""How tangled the code may grow: radon's cyclomatic complexity, ranked A (simple) to F.

A function ranked D or worse (complexity above 20) is one a reader cannot hold in mind; the
house keeps at most `MOST_TANGLED` of them in all, and none in a game's rules, words or screens
or in core's base state, where one idea per function is the rule (DESIGN.md §2b)."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_rank, cc_visit

import wish_tui

ROOT = Path(wish_tui.__file__).parent
MOST_TANGLED = 15
"""Issue 33's ceiling on functions ranked D or worse in `wish_tui`."""
GAMES = ("wish", "spirits", "wishland")


def _tangled() -> list[str]:
    """'path:line name rank (complexity)' for every function, method or class ranked D or worse,
    as `radon cc -n D wish_tui` lists them."""
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        for block in cc_visit(path.read_text("utf-8")):
            rank = cc_rank(block.complexity)
            if rank >= "D":
                where = path.relative_to(ROOT.parent)
                found.append(f"{where}:{block.lineno} {block.name} {rank} ({block.complexity})")
    return found


def test_at_most_fifteen_functions_rank_d_or_worse():
    tangled = _tangled()
    assert len(tangled) <= MOST_TANGLED, "\n".join(tangled)


def test_no_games_rules_words_or_screens_rank_d_or_worse():
    parts = [f"wish_tui/{game}/{part}/" for game in GAMES for part in ("rules", "words", "ui")]
    inside = [t for t in _tangled() if t.startswith((*parts, "wish_tui/core/state.py"))]
    assert inside == []
