"""A seek in words, said alike by both clients' lobbies ('Seek 3 by alice: Wish, 2 seats, live,
10 minutes and 5 seconds a move, ratings 0 to 10.'), and the line both read as a seek ('seek wish
2 live 10+5 range 0 10 bots 60')."""

from __future__ import annotations

from wish_tui import games

from .clock_words import clock_words


def _bound(value) -> str:
    return "any" if value is None else f"{value:g}"


def seek_line(seek: dict) -> str:
    """One seek of the lobby's list in a sentence (without what to type to take it)."""
    clock = seek.get("clock") or {}
    how = "live" if seek.get("kind") == "live" else "turn-based"
    if clock.get("type") == "live":
        how += f", {clock['minutes']} minutes and {clock['increment']} seconds a move"
    elif clock.get("type") == "turn":
        how += f", {clock['hours']} hours a move"
    parts = [seek["title"], f"{seek['seats']} seats", how]
    if seek.get("range"):
        low, high = seek["range"]
        parts.append(f"ratings {_bound(low)} to {_bound(high)}")
    if seek.get("takers"):
        parts.append("with " + ", ".join(seek["takers"]))
    if seek.get("yours"):
        return f"Your seek {seek['id']}: {', '.join(parts)}."
    return f"Seek {seek['id']} by {seek['by']}: {', '.join(parts)}."


HOW = (
    "Say 'seek GAME [SEATS] [live 10+5 | turn 24h] [range LOW HIGH] [bots SECONDS]', e.g. "
    "'seek wish live 10+5'; 'take N' plays seek N, 'seek off' takes yours back."
)


def seek_request(line: str) -> dict:
    """The `seek` request a line asks for.

    Raises:
        ValueError: the line is not a seek (one sentence, with an example).
    """
    words = line.lower().split()
    if not words or words[0] not in games.GAMES:
        raise ValueError(HOW)
    request: dict = {"type": "seek", "game": words[0]}
    i = 1
    while i < len(words):
        word = words[i]
        i += 1
        if word.isdigit() and "seats" not in request:
            request["seats"] = int(word)
        elif word in ("live", "turn"):
            request["kind"] = word
            clock, i = clock_words(word, words, i)
            if clock is not None:
                request["clock"] = clock
        elif word == "range" and _numbers(words[i : i + 2]):
            request["range"] = [float(w) for w in words[i : i + 2]]
            i += 2
        elif word == "bots" and i < len(words) and words[i].isdigit():
            request["bots_after"] = int(words[i])
            i += 1
        else:
            raise ValueError(HOW)
    return request


def _numbers(words: list[str]) -> bool:
    """True for two numbers (not 'nan')."""
    try:
        return len(words) == 2 and all(float(w) == float(w) for w in words)
    except ValueError:
        return False


ASK = (
    "Seek a game (e.g. 'wish live 10+5 range 0 20 bots 60'), a seek's number to take it, or "
    "'off' to take yours back:"
)


def seek_answer(text: str) -> dict:
    """The request a line typed at the terminal app's seek question asks for.

    Raises:
        ValueError: it is none of them (one sentence).
    """
    said = text.strip()
    if said.isdigit():
        return {"type": "accept_seek", "id": int(said)}
    if said.lower() in ("off", "cancel"):
        return {"type": "cancel_seek"}
    return seek_request(said.removeprefix("seek "))
