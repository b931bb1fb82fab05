"""What a person may write into the club: names, profile texts, chat lines and settings.

The hub calls these before anything is stored; each refusal is an `InputRefused` whose message is
one sentence for the person, and nothing changes. A name is refused when it is malformed (a person
chose it and should see why); profile texts and chat lines lose their control characters and are
refused only when empty or too long, never cut without a word.
"""

from __future__ import annotations

import unicodedata

from .errors import InputRefused

NAME_MIN = 2
NAME_MAX = 20
PROFILE_MAX = 400
"""Characters of a profile text."""
PROFILE_LINES = 8
CHAT_MAX = 200
"""Characters of a chat line (as the table server's protocol allows)."""
BOT_NAMES = ("random", "easy", "medium", "hard", "expert")
"""The bot levels, each a rated player of its own under this name."""
REMOVED_NAME = "removed player"
"""How a removed player is shown in the games they played."""
RESERVED = frozenset((*BOT_NAMES, REMOVED_NAME, "guest", "bot", "open seat", "you"))
"""Names no person may take (they would pass for a bot, a removed player or a seat)."""
SETTINGS = {"bell": bool, "plain": bool}
"""Each setting a player may keep, and its type: 'bell' rings when it is their move, 'plain'
chooses the plain-text client."""


def _is_shown(ch: str) -> bool:
    return ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, case folded, spaces joined ('Ann' = 'ANN')."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def check_name(text) -> str:
    """A display name as kept: runs of spaces made one, ends stripped.

    Raises:
        InputRefused: not 2 to 20 printable characters, or a name reserved for bots and seats.
    """
    if not isinstance(text, str):
        raise InputRefused(f"Choose a name of {NAME_MIN} to {NAME_MAX} characters.")
    stripped = text.strip()
    if not all(_is_shown(ch) for ch in stripped):
        raise InputRefused(
            "A name holds printable characters only (no tabs, control or invisible characters)."
        )
    name = " ".join(stripped.split())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise InputRefused(
            f"A name has {NAME_MIN} to {NAME_MAX} characters; that one has {len(name)}."
        )
    if name_key(name) in RESERVED:
        raise InputRefused(f"'{name}' is kept for the club's bots and seats; choose another name.")
    return name


def clean_text(text: str, keep_newlines: bool = False) -> str:
    """`text` without control characters (newlines kept when asked), each line's end stripped."""
    lines = text.split("\n") if keep_newlines else [text]
    kept = ["".join(ch for ch in line if _is_shown(ch)).rstrip() for line in lines]
    return "\n".join(kept).strip()


def check_profile(text) -> str:
    """A profile text as kept (control characters dropped; '' clears it).

    Raises:
        InputRefused: not text, longer than PROFILE_MAX characters or PROFILE_LINES lines.
    """
    if not isinstance(text, str):
        raise InputRefused("A profile is text.")
    clean = clean_text(text.replace("\r\n", "\n"), keep_newlines=True)
    if len(clean) > PROFILE_MAX:
        raise InputRefused(
            f"A profile holds at most {PROFILE_MAX} characters; that one has {len(clean)}."
        )
    if clean.count("\n") >= PROFILE_LINES:
        raise InputRefused(f"A profile holds at most {PROFILE_LINES} lines.")
    return clean


def check_chat(text) -> str:
    """A chat line as kept (control characters dropped, ends stripped).

    Raises:
        InputRefused: empty once cleaned, or longer than CHAT_MAX characters.
    """
    clean = clean_text(text) if isinstance(text, str) else ""
    if not clean:
        raise InputRefused("Type something to say first.")
    if len(clean) > CHAT_MAX:
        raise InputRefused(
            f"A chat line holds at most {CHAT_MAX} characters; that one has {len(clean)}."
        )
    return clean


def check_settings(given) -> dict:
    """Settings as kept, each of a known name and type.

    Raises:
        InputRefused: not an object, an unknown setting or a value of the wrong type.
    """
    if not isinstance(given, dict):
        raise InputRefused("Settings are given as an object of names and values.")
    for key, value in given.items():
        kind = SETTINGS.get(key) if isinstance(key, str) else None
        if kind is None:
            known = ", ".join(SETTINGS)
            raise InputRefused(f"There is no setting '{str(key)[:20]}'; the settings are {known}.")
        if type(value) is not kind:
            raise InputRefused(f"The setting '{key}' is yes or no (true or false).")
    return dict(given)
