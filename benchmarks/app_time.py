"""Whose processor time the apps' is while serve.py's tables play: each app's, by the screen it
shows (the tables' or the lobby's), and the lobby's share of the server's.

Run: PYTHONPATH=.:benchmarks/app_time_hook python benchmarks/app_time.py --sessions 200 --playing 32
     (any of serve.py's options; its figures are printed as ever, then these)

py-spy splits the apps' samples by process, and a process of the pool hosts up to 20 apps, at
tables and in the lobby alike. `benchmarks/app_time_hook` times every callback of a host's loop
to the app it runs for; this script runs serve.py with the hosts told (SIGUSR1) to write what
they counted at the start and end of the playing (where serve.py reads its threads' times), and
counts in the server, over the same span, the messages sent to sessions in the lobby (by type,
with their bytes) and the time of the lobby's rounds of news (`LobbyLists._round`, which sends
them, and `LobbyLists.tell`, after each action).

Prints, per action played: the hosts' processor time; each kind of screen's (the apps showing
it at the end), its apps, and the callbacks that took the most of it; what ran outside any
app's callback (the loop's select); the collector's; the lobby's share of the server.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import runpy
import signal
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import benchmarks.serve_measure as measure  # noqa: E402
from wish_tui.server.hub.lobby import LobbyLists  # noqa: E402
from wish_tui.server.hub.session import Session  # noqa: E402

OUT = Path(tempfile.gettempdir()) / "wish_tui_app_time"
"""Where the hook writes (`app_time_hook.OUT`)."""

_pools: list = []
_part = [0]
"""0 before the playing, 1 while it plays, 2 after."""
_sent: collections.Counter = collections.Counter()
_bytes: collections.Counter = collections.Counter()
_lobby_time: collections.Counter = collections.Counter()
_actions = [0]


def _hosts_write() -> None:
    if not _pools:
        return
    for pid in _session_pids(_pools[-1]):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGUSR1)


_session_pids = measure.session_pids
_thread_seconds = measure.thread_seconds


def session_pids(pool):
    _pools.append(pool)
    return _session_pids(pool)


def thread_seconds():
    """serve.py reads its threads' times right at the playing's start and end."""
    _part[0] += 1
    _hosts_write()
    return _thread_seconds()


def _counted_send(send, whole: bool):
    def counted(self, message):
        if _part[0] == 1 and self.in_lobby:
            kind = message.get("type") if whole else json.loads(message)["type"]
            _sent[kind] += 1
            _bytes[kind] += len(json.dumps(message)) + 1 if whole else len(message)
        return send(self, message)

    return counted


def _timed(name: str):
    run = getattr(LobbyLists, name)

    def timed(*args, **kwargs):
        if _part[0] != 1:
            return run(*args, **kwargs)
        started = time.thread_time()
        try:
            return run(*args, **kwargs)
        finally:
            _lobby_time[name] += time.thread_time() - started
            if name == "tell" and kwargs.get("moved") is not None:
                _actions[0] += 1  # an action played (Hub.changed)

    return timed


def summary(folder: Path, actions: int) -> list[str]:
    """What the hosts wrote at the playing's start (0) and end (1), per action."""
    per = 1000 / max(1, actions)
    dumps: dict[str, dict[int, dict]] = collections.defaultdict(dict)
    for path in folder.glob("*.json"):
        pid, number = path.stem.split("-")
        dumps[pid][int(number)] = json.loads(path.read_text())
    spent: collections.Counter = collections.Counter()
    apps: collections.Counter = collections.Counter()
    names: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    process = outside = collector = 0.0
    for written in dumps.values():
        if 0 not in written or 1 not in written:
            continue
        start, end = written[0], written[1]
        process += end["process"] - start["process"]
        collector += end["collector"][0] - start["collector"][0]
        counted = 0.0
        for key, (time_then, _, screen, by_name) in end["apps"].items():
            time_before, _, _, names_before = start["apps"].get(key, (0.0, 0, "", {}))
            spent[screen] += time_then - time_before
            counted += time_then - time_before
            apps[screen] += screen != "the host"
            for name, seconds in by_name.items():
                names[screen][name] += seconds - names_before.get(name, 0.0)
        outside += end["process"] - start["process"] - counted
    lines = [
        f"the hosts' processor time while playing: {process * per:.2f} ms an action "
        f"({len(dumps)} hosts); of it the collector's {collector * per:.2f} ms (inside callbacks)"
    ]
    for screen, seconds in spent.most_common():
        each = f", {seconds * per * 1000 / apps[screen]:.1f} us an app" if apps[screen] else ""
        lines.append(f"  {screen} ({apps[screen]} apps): {seconds * per:.2f} ms an action{each}")
        for name, took in names[screen].most_common(3):
            lines.append(f"    {name}: {took * per:.2f} ms")
    lines.append(f"  outside any app's callback (the loop's select): {outside * per:.2f} ms")
    return lines


def main() -> None:
    for old in OUT.glob("*.json") if OUT.exists() else ():
        old.unlink()
    measure.session_pids = session_pids
    measure.thread_seconds = thread_seconds
    Session.send = _counted_send(Session.send, whole=True)
    Session.send_encoded = _counted_send(Session.send_encoded, whole=False)
    for name in ("_round", "tell"):
        setattr(LobbyLists, name, _timed(name))
    sys.argv = [str(HERE / "serve.py"), *sys.argv[1:]]
    runpy.run_path(str(HERE / "serve.py"), run_name="__main__")
    time.sleep(0.5)  # the hosts' last files written
    actions = _actions[0]
    per = 1000 / max(1, actions)
    print(f"while playing, {actions} actions (app_time.py):")
    for line in summary(OUT, actions):
        print(line)
    rounds = ", ".join(f"{name} {seconds * per:.3f} ms" for name, seconds in _lobby_time.items())
    print(f"the server's lobby, per action: {rounds}")
    for kind, count in _sent.most_common():
        print(
            f"  sent to sessions in the lobby: {count} {kind} messages "
            f"({count / max(1, actions):.2f} an action, {_bytes[kind] / max(1, count):.0f} B each)"
        )


if __name__ == "__main__":
    main()
