"""The keeper's commands read through a pipe that closes early (`wish-tui club … | head -1`):
the command stops quietly, with no traceback."""

from __future__ import annotations

import os
import subprocess
import sys


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path):
    env = {**os.environ, "WISH_TUI_DATA_DIR": str(tmp_path)}
    wish_tui = [sys.executable, "-m", "wish_tui"]
    for name in ("robo", "robi", "roba"):
        subprocess.run([*wish_tui, "club", "bot", "add", name], env=env, check=True, stdout=-3)
    read, write = os.pipe()
    os.close(read)  # the reader is gone before the first line
    try:
        done = subprocess.run(
            [*wish_tui, "club", "bot", "list"], env=env, stdout=write, stderr=subprocess.PIPE
        )
    finally:
        os.close(write)
    assert done.stderr.decode() == ""
    assert done.returncode == 0
