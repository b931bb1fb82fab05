"""The rules' topics in plain text: the game's reference entries, and finding one by its name.

`rules TOPIC` at a table (`sitting.py`) reads them: a topic of the rules themselves, a card or a
place by its name; the topics about the terminal app's screen are not listed (nothing is drawn).
"""

from __future__ import annotations

SCREEN_TOPICS = ("screen", "legend")
"""Words of the topics about the terminal app's screen (not listed here: nothing is drawn)."""


def rules_entries(spec) -> list[tuple[str, str]]:
    """The game's rules reference, (title, text) each (the registry's `ui.rules_entries`, which
    needs no Textual)."""
    return list(spec.ui.rules_entries())


def is_general_topic(title: str) -> bool:
    """True for a topic of the rules themselves (not a card, a place, or the screen)."""
    words = title.split()
    card_id = bool(words) and words[0][:1].isupper() and words[0][1:].isdigit()
    return ":" not in title and not card_id and not any(w in title.lower() for w in SCREEN_TOPICS)


def example_topic(entries: list[tuple[str, str]]) -> str:
    """A topic to name in an example: a card or a place when there is one."""
    named = [t for t, _ in entries if ":" in t or t[:1].isupper() and t.split()[0][1:].isdigit()]
    return (named[0].split(": ", 1)[-1] if named else entries[0][0]) if entries else "Goal"


def find_topics(entries: list[tuple[str, str]], wanted: str) -> list[tuple[str, str]]:
    """The topics `wanted` names: its title (or the name after 'Area: '), else the titles it
    starts, else those holding it (any case)."""
    key = " ".join(wanted.split()).lower()
    for test in (
        lambda t: t.lower() == key or t.lower().partition(": ")[2] == key,
        lambda t: t.lower().startswith(key) or t.lower().partition(": ")[2].startswith(key),
        lambda t: key in t.lower(),
    ):
        found = [(t, x) for t, x in entries if test(t)]
        if found:
            return found
    return []
