"""Each lesson step that quotes the rule it teaches quotes it word for word from the rulebook
section it names (issue 34: "each step checked against the rulebook section it teaches, quoted in
the lesson's data").

The rulebooks are the project's shared material, beside the repository (`../shared/rulebooks/`,
found by walking up from it); without them the check is skipped, saying so, and in CI it fails.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from wish_tui import games, lessons

from .test_lessons import EVERY_LESSON


def _rulebooks() -> Path | None:
    for folder in Path(__file__).resolve().parents:
        found = folder / "shared" / "rulebooks"
        if found.is_dir():
            return found
    return None


RULEBOOKS = _rulebooks()


def plain_words(text: str) -> str:
    """Text without Markdown's emphasis and with its spacing made single."""
    return " ".join(re.sub(r"\*+", "", text).split())


@pytest.fixture
def rulebooks() -> Path:
    if RULEBOOKS is None:
        if os.environ.get("CI"):
            pytest.fail("the rulebooks (shared/rulebooks/) are not beside the repository")
        pytest.skip("the rulebooks (shared/rulebooks/) are not beside the repository")
    return RULEBOOKS


@pytest.mark.parametrize("name, number", EVERY_LESSON)
def test_a_steps_quote_is_the_rulebooks_words(name, number, rulebooks):
    lesson = lessons.load(games.get(name), number)
    for index, step in enumerate(lesson.steps, 1):
        if not step.rule:
            continue
        file_name, *headings = (part.strip() for part in step.section.split(","))
        book = rulebooks / file_name
        assert book.is_file(), f"step {index}: '{file_name}' is not a rulebook"
        text = plain_words(book.read_text("utf-8"))
        for heading in headings:
            assert plain_words(heading) in text, f"step {index}: no '{heading}' in {file_name}"
        for part in step.rule.split(" … "):
            assert plain_words(part) in text, f"step {index}: '{part}' is not in {file_name}"
