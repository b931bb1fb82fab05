"""Crash reports: when the app fails, the traceback and the open game go to a file, not the screen.

A person sees one sentence (`crash_sentence`, said by `ui/closing_words.py` and the plain
client); the report holds what a bug needs (the
traceback as Textual printed it, with each frame's locals, the version, and the record of the game
that was open, which replays to the very position).
"""

from __future__ import annotations

import json
import platform
import secrets
import sys
from datetime import UTC, datetime
from pathlib import Path

from wish_tui import __version__

REPORTS = "crash-reports"
"""The folder of the data directory that keeps crash reports."""


def write_report(details: str, record: dict | None, folder: Path) -> Path:
    """Write a crash report of `details` (the traceback) and the open game's record into
    `folder`; return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = folder / f"crash-{stamp}-{secrets.token_hex(2)}.txt"
    lines = [
        f"wish_tui {__version__} crashed at {datetime.now(UTC).isoformat(timespec='seconds')}",
        f"Python {sys.version.split()[0]} on {platform.platform()}",
        "",
        details.rstrip() or "(the app closed before its traceback could be printed)",
        "",
    ]
    if record is not None:
        lines += ["The game that was open (a save file: copy it into a .json file to load it):", ""]
        lines.append(json.dumps(record, ensure_ascii=True))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def keep_report(details: str, record: dict | None) -> Path | None:
    """Write a crash report into the data directory's REPORTS; its path, or None when it could
    not be written (the report is a courtesy: the person's sentence is said all the same)."""
    from wish_tui.save_paths import data_dir

    try:
        return write_report(details, record, data_dir() / REPORTS)
    except Exception:  # noqa: BLE001
        return None


def crash_sentence(report: Path | None, served: bool) -> str:
    """What a person is told when the app stopped on an internal error (`report`: where its
    crash report is, None when it could not be written; `served`: the app of a session of
    `wish-tui serve`, whose person is told nothing of the server's files)."""
    if served:
        kept = ", and a report of it is kept for the keeper of this server" if report else ""
        return f"wish-tui: the game stopped on an internal error{kept}; your seats are still yours."
    return (
        "wish-tui stopped on an internal error; the details and the open game are in "
        f"{report} (your autosave is kept: 'wish-tui continue')."
    )
