"""The best solo scores, per game and setup, in a small JSON file beside the saves.

    result = record_score("wishland", "solo+entrepreneurs", 34, game_id, seed)
    result.is_new_best, result.best_before, result.table, result.warning

The file is ``data_dir() / "best-scores.json"``::

    {"format": "wish_tui.best_scores", "version": 1,
     "games": {"wishland": {"solo": [{"score": 34, "date": "2026-12-01", "id": "...",
                                       "seed": 7}, ...]}}}

It is written like a save (a temporary file, fsync, `os.replace`) and read defensively: a file
that cannot be read or is not such a table is set aside as ``best-scores.damaged.json`` with a
one-sentence warning, and a new table is started; nothing here raises on a bad file. A game is
recorded once, by its id, however often its final scoring is shown.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from wish_tui import files, saves

FORMAT = "wish_tui.best_scores"
VERSION = 1
FILE = "best-scores.json"
DAMAGED = "best-scores.damaged.json"
KEEP = 10
"""Scores kept per game and setup, the best first."""
MAX_BYTES = 256 * 1024


@dataclass
class BestResult:
    """What recording a score found."""

    setup: str
    score: int
    best_before: int | None
    """The best score of this setup before this game (None: the first game of it)."""
    is_new_best: bool
    game_id: str = ""
    table: list[dict] = field(default_factory=list)
    """The kept scores of this setup, the best first, each {score, date, id, seed}."""
    warning: str = ""
    """'' or one sentence about a file that could not be read or written."""


def path() -> Path:
    """The best-score file in the data directory."""
    return saves.data_dir() / FILE


def _valid_entry(entry) -> bool:
    return (
        isinstance(entry, dict)
        and type(entry.get("score")) is int
        and isinstance(entry.get("date", ""), str)
        and isinstance(entry.get("id", ""), str)
    )


def _parse(raw: bytes) -> dict:
    """The games table of a best-score file.

    Raises:
        ValueError: one clause saying what is wrong.
    """
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ValueError("is not JSON") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("is not a best-score table")
    if type(data.get("version")) is not int or data["version"] > VERSION:
        raise ValueError("was written by a newer version")
    table = data.get("games")
    if not isinstance(table, dict):
        raise ValueError("has no table of games")
    for setups in table.values():
        if not isinstance(setups, dict):
            raise ValueError("has a game that is not a table of setups")
        for entries in setups.values():
            if not isinstance(entries, list) or not all(_valid_entry(e) for e in entries):
                raise ValueError("has a score that is not a score")
    return table


def load() -> tuple[dict, str]:
    """Every kept score as {game: {setup: [entry, ...]}}, and '' or a warning sentence.

    A damaged file is moved aside (to `DAMAGED`) so that the next write starts a clean table.
    """
    target = path()
    if not files.exists(target):
        return {}, ""
    try:
        raw = files.read_regular(target, MAX_BYTES)
        return _parse(raw), ""
    except (files.FileRefused, ValueError) as exc:
        reason = str(exc)
    aside = target.with_name(DAMAGED)
    try:
        os.replace(target, aside)
    except OSError:
        return {}, f"The best-score file {target} {reason}; it is ignored."
    return {}, (
        f"The best-score file {reason}; it was kept as {aside.name} and a new table started."
    )


def best(game: str, setup: str) -> int | None:
    """The best kept score of a game's setup, or None."""
    table, _ = load()
    entries = table.get(game, {}).get(setup, [])
    return max((e["score"] for e in entries), default=None)


def record_score(game: str, setup: str, score: int, game_id: str, seed: int | None) -> BestResult:
    """Keep a finished solo game's score (once per game id) and say how it compares."""
    table, warning = load()
    entries = [e for e in table.get(game, {}).get(setup, []) if _valid_entry(e)]
    others = [e for e in entries if e.get("id") != game_id or not game_id]
    best_before = max((e["score"] for e in others), default=None)
    is_new = best_before is None or score > best_before
    if len(others) == len(entries):
        entry = {
            "score": score,
            "date": datetime.now(UTC).strftime("%Y-%m-%d"),
            "id": game_id,
            "seed": seed,
        }
        entries.append(entry)
        entries.sort(key=lambda e: -e["score"])
        del entries[KEEP:]
        table.setdefault(game, {})[setup] = entries
        data = {"format": FORMAT, "version": VERSION, "games": table}
        try:
            saves.atomic_write(path(), json.dumps(data, indent=1))
        except OSError as exc:
            reason = exc.strerror or "input/output error"
            warning = warning or f"The best-score file could not be written: {reason}."
    new_best = is_new and best_before is not None
    return BestResult(setup, score, best_before, new_best, game_id, entries, warning)
