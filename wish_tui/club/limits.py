"""What a person may write into the club: names, profile texts, chat lines and settings.

The hub calls these before anything is stored; each refusal is an `InputRefused` whose message is
one sentence for the person, and nothing changes. A name is refused when it is malformed (a person
chose it and should see why); profile texts and chat lines lose their control characters and are
refused only when empty or too long, never cut without a word.
"""

from __future__ import annotations

import functools
import unicodedata

from wish_tui.core.skeleton import is_default_ignorable, skeleton

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
NAME_CATEGORIES = frozenset(
    ("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi")
    + ("Pf", "Po", "Sm", "Sc", "Sk", "Zs")
)
"""What a name is written in: letters, marks on them, numbers, punctuation, signs and spaces (no
pictures or emoji, no enclosing marks, nothing invisible)."""
MARKS_ABOVE = 2
"""Marks one character of a name may carry above it (Vietnamese uses two), and below it."""
ABOVE = frozenset((214, 216, 228, 230, 232, 234))
BELOW = frozenset((202, 218, 220, 222, 233))
"""The canonical combining classes of marks drawn above and below a letter."""
MARKS_ON_ONE = 4
"""Marks one character of a name may carry in all (a Tibetan stack has up to four)."""
OVERSIZED = (
    (0xFDF0, 0xFDFF),  # Arabic ligatures as wide as a word (﷽)
    (0x12000, 0x1254F),  # cuneiform
    (0x13000, 0x1345F),  # Egyptian hieroglyphs
    (0x14400, 0x1467F),  # Anatolian hieroglyphs
    (0x1D800, 0x1DAAF),  # Sutton SignWriting
)
"""Letters drawn far wider or taller than the one cell a terminal gives them, so a name of them
spills over its neighbours (and into the line above in a browser)."""
VACATION_DAYS = 30
"""Days a member may pause their turn-based clocks in one calendar year (UTC), in one vacation or
several (designed: docs/club.md, "Vacation")."""
SETTINGS = {"bell": bool, "plain": bool, "verbosity": str, "symbols": bool, "notation": bool}
"""Each setting a player may keep, and its type: 'bell' rings when it is their move, 'plain'
chooses the plain-text client; how that client reads to them: 'verbosity' (one of
`VERBOSITY`), 'symbols' (the games' symbols instead of words), 'notation' (each choice's
notation after its words)."""
VERBOSITY = ("short", "normal", "full")
"""The plain client's verbosity settings, least first."""


def _is_shown(ch: str) -> bool:
    return ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF


def name_key(name: str) -> str:
    """The form two names are compared in: NFKC, case folded, spaces joined ('Ann' = 'ANN')."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


@functools.lru_cache(maxsize=65536)
def name_looks(name: str) -> frozenset[str]:
    """How a name looks, as UTS #39 skeletons (of the name, of its case folded form, and of
    its skeleton case folded): two names that share one can be taken for each other ('Аnn'
    with a Cyrillic А and 'Ann'; 'b0b', whose 0 looks like an O, and 'Bob')."""
    shown = unicodedata.normalize("NFKC", " ".join(name.split()))
    folded = skeleton(name_key(name))
    return frozenset((skeleton(shown), folded, skeleton(name_key(folded))))


def check_name(text) -> str:
    """A display name as kept: runs of spaces made one, ends stripped.

    Raises:
        InputRefused: not 2 to 20 printable characters, invisible or oversized characters, marks
            piled on a letter, letters of both writing directions, no letter or digit, or a name
            reserved for bots and seats (or one that looks like it).
    """
    if not isinstance(text, str):
        raise InputRefused(f"Choose a name of {NAME_MIN} to {NAME_MAX} characters.")
    stripped = text.strip()
    if not all(_is_shown(ch) and not is_default_ignorable(ch) for ch in stripped):
        raise InputRefused(
            "A name holds printable characters only (no tabs, control or invisible characters)."
        )
    name = " ".join(stripped.split())
    if len(name) > 4 * NAME_MAX:
        raise InputRefused(f"A name has {NAME_MIN} to {NAME_MAX} characters; that one has more.")
    _check_shape(name)
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise InputRefused(
            f"A name has {NAME_MIN} to {NAME_MAX} characters; that one has {len(name)}."
        )
    reserved = next((r for r in RESERVED if name_looks(r) & name_looks(name)), None)
    if name_key(name) in RESERVED or reserved is not None:
        raise InputRefused(f"'{name}' is kept for the club's bots and seats; choose another name.")
    return name


def _check_shape(name: str) -> None:
    """Refuse a name that would not stay in its place on a screen, or reads both ways."""
    odd = next(
        (
            ch
            for ch in name
            if unicodedata.category(ch) not in NAME_CATEGORIES
            or any(low <= ord(ch) <= high for low, high in OVERSIZED)
        ),
        None,
    )
    if odd is not None:
        raise InputRefused(
            f"A name is written in letters, digits, punctuation and spaces; '{odd}' "
            f"({unicodedata.name(odd, 'a sign').lower()}) cannot be part of one."
        )
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        raise InputRefused("A name holds at least one letter or digit.")
    above = below = on_one = 0
    for index, ch in enumerate(unicodedata.normalize("NFD", name)):
        if unicodedata.category(ch) not in ("Mn", "Mc"):
            above = below = on_one = 0
            continue
        if index == 0:
            raise InputRefused("A name begins with a letter or a digit, not with a mark.")
        on_one += 1
        above += unicodedata.combining(ch) in ABOVE
        below += unicodedata.combining(ch) in BELOW
        if max(above, below) > MARKS_ABOVE or on_one > MARKS_ON_ONE:
            raise InputRefused(
                f"A name carries at most {MARKS_ABOVE} marks above a letter, {MARKS_ABOVE} below "
                f"it and {MARKS_ON_ONE} in all, so it stays on its line; that one piles up more."
            )
    directions = {unicodedata.bidirectional(ch) for ch in name}
    if "L" in directions and directions & {"R", "AL"}:
        raise InputRefused(
            "A name is written in one direction: right-to-left letters (such as Arabic or "
            "Hebrew) and left-to-right ones cannot be mixed in it."
        )


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
        if kind is str and value not in VERBOSITY:
            raise InputRefused(f"The setting '{key}' is one of {', '.join(VERBOSITY)}.")
        if type(value) is not kind:
            raise InputRefused(f"The setting '{key}' is yes or no (true or false).")
    return dict(given)
