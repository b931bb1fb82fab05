"""The plain client's seek line: 'seek wish 2 live 10+5 range 0 10 bots 60' as the table
server's `seek` request."""

from __future__ import annotations

from wish_tui import games

from .setup import SetupError, _clock_words

HOW = (
    "Say 'seek GAME [SEATS] [live 10+5 | turn 24h] [range LOW HIGH] [bots SECONDS]', e.g. "
    "'seek wish live 10+5'; 'take N' plays seek N, 'seek off' takes yours back."
)


def seek_request(line: str) -> dict:
    """The `seek` request a line asks for.

    Raises:
        SetupError: the line is not a seek (one sentence, with an example).
    """
    words = line.lower().split()
    if not words or words[0] not in games.GAMES:
        raise SetupError(HOW)
    request: dict = {"type": "seek", "game": words[0]}
    i = 1
    while i < len(words):
        word = words[i]
        i += 1
        if word.isdigit() and "seats" not in request:
            request["seats"] = int(word)
        elif word in ("live", "turn"):
            request["kind"] = word
            clock, i = _clock_words(word, words, i)
            if clock is not None:
                request["clock"] = clock
        elif word == "range" and _numbers(words[i : i + 2]):
            request["range"] = [float(w) for w in words[i : i + 2]]
            i += 2
        elif word == "bots" and i < len(words) and words[i].isdigit():
            request["bots_after"] = int(words[i])
            i += 1
        else:
            raise SetupError(HOW)
    return request


def _numbers(words: list[str]) -> bool:
    """True for two numbers (not 'nan')."""
    try:
        return len(words) == 2 and all(float(w) == float(w) for w in words)
    except ValueError:
        return False
