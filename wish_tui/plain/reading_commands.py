"""The commands that change how the plain client reads to a person: verbosity, symbols, notation.

Each is kept with the person (`Reading.keep`): in the data directory here, in the member's
settings at a club.
"""

from __future__ import annotations

from .reading import VERBOSITY

READING_COMMANDS = {
    "verbosity": "verbosity [short|normal|full]: how much is said (short: each change in its "
    "first words; full: every choice with what its card or place does)",
    # Said in words, so that it reads the same with symbols off (their words replace them).
    "symbols": "symbols [on|off]: show the games' symbols (a star for VP, an arrow for then) "
    "instead of their words",
    "notation": "notation [on|off]: say each choice's notation (what the rules read) after its words",
}
"""Each reading command and its help line."""
SAID = {
    ("symbols", True): "Symbols are shown as they are.",
    ("symbols", False): "Symbols are said in words.",
    ("notation", True): "Each choice's notation is said after its words, in brackets.",
    ("notation", False): "Each choice is said in words only.",
    ("verbosity", "short"): "Verbosity short: each change in its first words, a bot's move alone.",
    ("verbosity", "normal"): "Verbosity normal.",
    ("verbosity", "full"): "Verbosity full: every choice with what its card or place does.",
}


def _wanted(name: str, typed: str, now):
    """The new value `typed` asks for (nothing: the other one, or the next verbosity); None
    when it is not one."""
    if name == "verbosity":
        if not typed:
            return VERBOSITY[(VERBOSITY.index(now) + 1) % len(VERBOSITY)]
        return typed if typed in VERBOSITY else None
    if not typed:
        return not now
    return {"on": True, "off": False}.get(typed)


def set_reading(sitting, name: str, rest: str) -> None:
    """Answer a reading command: change the setting, keep it, and say how things are read now."""
    reading = sitting.out.reading
    value = _wanted(name, rest.strip().lower(), reading.settings()[name])
    if value is None:
        ways = " or ".join(VERBOSITY) if name == "verbosity" else "on or off"
        sitting.out.say(f"{name} takes {ways}, e.g. '{name} {ways.split()[0]}'.")
        return
    reading.change(name, value)
    sitting.out.say(SAID[name, value])
