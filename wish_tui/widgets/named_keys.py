"""The keys a sentence on a table screen names: the key bar shows each of them.

A status line names a key at the head of a clause ("Enter takes Fruits · n stops", "g lists ·
n: none", "? all keys · F1 rules · q quit"); a hint names it in brackets at the end ("(n)",
"(highlighted: b or Enter)"). Pure text in, Textual's key names out.
"""

from __future__ import annotations

import re

WRITTEN_KEYS = {
    "Enter": "enter",
    "⏎": "enter",
    "Esc": "escape",
    "?": "question_mark",
    "F1": "f1",
    "Space": "space",
    "PgUp": "pageup",
    "PgDn": "pagedown",
}
"""Keys as the screens write them, and Textual's names of them (a lowercase letter is itself)."""
_KEY = r"(?:[a-z]|Enter|⏎|Esc|\?|F1|Space|PgUp|PgDn)"
_CLAUSE_HEAD = re.compile(rf"^{_KEY}(?=:? [a-z]|:$)")
_ARTICLE = re.compile(r"^a [^aeiou]")
"""'a decision' is English; 'a advertise' names the key a."""
_BRACKETED = re.compile(rf"(?<!\w)\((?:[^():]*: )?({_KEY}(?: or {_KEY})*)\)")


def key_name(written: str) -> str:
    """Textual's name of a key as a screen writes it ('Enter' is 'enter', '?' 'question_mark')."""
    return WRITTEN_KEYS.get(written, written)


def keys_named(text: str) -> list[str]:
    """The keys `text` names, in order, once each (Textual's names)."""
    found: list[str] = []
    for line in text.splitlines():
        _, colon, rest = line.partition(": ")
        head = rest if colon and " " not in line.partition(": ")[0] else line
        for clause in re.split(r" · |; |, or ", head):
            clause = clause.strip().removeprefix("✗ ")
            match = _CLAUSE_HEAD.match(clause)
            if match and not _ARTICLE.match(clause):
                found.append(key_name(match.group(0)))
        for match in _BRACKETED.finditer(line):
            found.extend(key_name(k) for k in match.group(1).split(" or "))
    return list(dict.fromkeys(found))
