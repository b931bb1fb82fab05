"""Where the processor time of a benchmark goes: py-spy samples of processes, summed by function.

Used by `benchmarks/serve.py --profile DIR` over the playing only: `Spies.start(pids)` attaches
`py-spy record` (raw stacks, idle time left out, so a sample is processor time) to each process,
`Spies.stop()` ends them, and `split(DIR)` prints the share of the samples each part of the way
took (the apps' Textual work, the table messages, the lobby's lists, SSH, the database...).
py-spy is not a dependency of wish_tui: install it (`pip install py-spy`) to profile.

Run on its own to read a directory again: python benchmarks/spy.py DIR
"""

from __future__ import annotations

import collections
import shutil
import signal
import subprocess
import sys
from pathlib import Path

PARTS = (
    ("hub: lobby lists", "LobbyLists."),
    ("hub: table messages", "Table.message_for"),
    ("hub: requests at the tables", "TableRequests."),
    ("hub: database", "Recorder.call"),
    ("SSH: asyncssh (its encryption below)", "asyncssh/"),
    ("SSH: the encryption alone", "asyncssh/crypto/"),
    ("hub: its database thread", "Recorder._run_waiting"),
    ("app: reading the server's messages", "Connection._read"),
    ("app: the table's screen told of a change", "TableScreen.table_changed"),
    ("app: the lobby shown", "LobbyScreen.show"),
    ("app: Textual's layout", "Compositor.reflow"),
    ("app: Textual's rendering of widgets", "Compositor._get_renders"),
    ("app: the screen diff and its bytes", "App._display"),
    ("app: table screen's timer", "TableScreen._tick_clock"),
)
"""Parts of the way, each by a frame its samples pass through (a sample may be in two)."""


RATES = {"apps": 50, "server": 500}
"""Samples a second of each role's processes: the one process of the server, finer (the shares
between roles weigh each sample by its rate)."""


class Spies:
    """py-spy recorders attached to processes, writing raw stacks into a directory."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.running: list[subprocess.Popen] = []

    def start(self, roles: dict[int, str]) -> None:
        """Record each process (`roles`: pid to 'apps' or 'server') until `stop`."""
        spy = shutil.which("py-spy")
        if spy is None:
            raise SystemExit("--profile needs py-spy (pip install py-spy)")
        self.directory.mkdir(parents=True, exist_ok=True)
        for pid, role in roles.items():
            out = self.directory / f"{role}-{pid}.txt"
            rate = str(RATES.get(role, RATES["apps"]))
            command = [spy, "record", "--pid", str(pid), "--rate", rate, "--format", "raw"]
            command += ["--threads"]
            command += ["--nonblocking", "-o", str(out)]
            self.running.append(
                subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            )

    def stop(self) -> None:
        for process in self.running:
            process.send_signal(signal.SIGINT)
        for process in self.running:
            process.wait(timeout=60)


def samples(path: Path):
    """Each stack of a raw py-spy file, as its frames and its count."""
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if stack and count.isdigit():
            yield stack.split(";"), int(count)


PEOPLE = "the benchmark's SSH clients"
"""The role of the samples of the server process's thread named `people` (serve_sessions.People)."""


def split(directory: Path) -> str:
    """The share of the samples of each role, and of each part of the way within each role."""
    by_role: collections.Counter = collections.Counter()
    by_part: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for path in sorted(directory.glob("*.txt")):
        weight = RATES["apps"] / RATES.get(path.name.split("-")[0], RATES["apps"])
        for frames, whole in samples(path):
            count = whole * weight
            role = path.name.split("-")[0]
            if frames and frames[0].startswith("thread ") and frames[0].endswith(": people"):
                role = PEOPLE
            by_role[role] += count
            for part, marker in PARTS:
                if any(marker in frame for frame in frames):
                    by_part[role][part] += count
    total = sum(by_role.values()) or 1
    lines = []
    for role, count in by_role.most_common():
        lines.append(f"{role}: {count / total:.0%} of the samples")
        lines += [
            f"  {part}: {n / count:.0%} of its samples" for part, n in by_part[role].most_common()
        ]
    return "\n".join(lines)


if __name__ == "__main__":
    print(split(Path(sys.argv[1])))
