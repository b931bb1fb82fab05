"""Which save a command line names: a name that names none gets one sentence with the closest
names, and a replay without a name finds the newest finished game."""

from __future__ import annotations

import difflib
from pathlib import Path

from wish_tui import files, saves
from wish_tui.core.text import plain_text


def no_such_save(text: str) -> str:
    """One sentence when `text` is a save name that names no save (with the closest names), or
    '' when it names one or is a path (the loader then speaks for the file)."""
    if saves.is_path(text) or files.exists(saves.save_path(text)):
        return ""
    names = set()
    for folder in (saves.saves_dir(), saves.SCENARIOS_DIR):
        try:
            names |= {Path(p).stem for p in folder.glob("*.json") if not p.name.startswith(".")}
        except OSError:
            continue
    wanted = f"there is no save named '{plain_text(text, 40, odd='escape', cut='…')}'"
    close = difflib.get_close_matches(text, sorted(names), n=3, cutoff=0.5)
    if not close:
        close = [n for n in sorted(names) if text.lower() in n.lower()][:3]
    if close:
        return f"{wanted}; the closest: {', '.join(close)} (or see them all with 'wish-tui')"
    if names:
        return f"{wanted}; the saves are listed on the Load screen of 'wish-tui'"
    return f"{wanted}, and there are no saves yet: start a game with 'wish-tui new'"


def newest_finished(games) -> str | None:
    """The path of the newest finished game (the history's, else a save of a game that is
    over), or None when no game has been finished yet."""
    finished = [
        info
        for info in [*saves.list_history(games=games), *saves.list_saves(games=games)]
        if info.is_over and not info.problem
    ]
    return str(max(finished, key=lambda info: info.date).path) if finished else None
