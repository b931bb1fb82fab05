"""One spelling of the rulebook's verb everywhere a person reads it: "Fulfill" (issue 34: the
screen said "Fulfil" and "Fulfill" side by side). The notation still reads 'fulfil' typed."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import wish_tui

ROOT = Path(wish_tui.__file__).parent
PROJECT = ROOT.parent
ONE_L = re.compile(r"\b[Ff]ulfil(s|ment)?\b")
ALIAS = '"fulfil"'
"""The one place the other spelling stays: the notation's alias for it."""


def _strings(path: Path) -> list[str]:
    tokens = tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline)
    return [t.string for t in tokens if t.type == tokenize.STRING and t.string != ALIAS]


def test_no_text_of_the_package_spells_it_fulfil():
    found = [
        f"{path.relative_to(PROJECT)}: {text[:60]}"
        for path in sorted(ROOT.rglob("*.py"))
        for text in _strings(path)
        if ONE_L.search(text)
    ]
    found += [
        f"{path.relative_to(PROJECT)}"
        for path in [
            *ROOT.rglob("*.toml"),
            PROJECT / "README.md",
            PROJECT / "docs/rules-decisions.md",
        ]
        if ONE_L.search(path.read_text("utf-8"))
    ]
    assert found == []
