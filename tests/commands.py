"""The command line in the tests: `wish-tui new` parsed and the engine protocol answering in this
process, or a command run as a process of its own."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

from wish_tui.cli import Launch, build_parser, launch_for_new
from wish_tui.engine_protocol import serve


def launch_new(*args: str) -> Launch:
    """What `wish-tui new ARGS` launches."""
    return launch_for_new(build_parser().parse_args(["new", *args]))


def wish_tui(*args: str, data=None, timeout: float = 60, **options) -> subprocess.CompletedProcess:
    """`python -m wish_tui ARGS` run to its end, its output kept as text.

    Args:
        data: the data directory it uses (None: the test's environment says).
        options: more of `subprocess.run`'s (`env`, `stdin`, `input`).
    """
    if data is not None:
        options.setdefault("env", {**os.environ, "WISH_TUI_DATA_DIR": str(data)})
    return subprocess.run(
        [sys.executable, "-m", "wish_tui", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        **options,
    )


def engine(*requests: dict) -> list[dict]:
    """The engine protocol's answers to `requests`, one a line."""
    out = io.StringIO()
    serve(io.StringIO("\n".join(json.dumps(r) for r in requests) + "\n"), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]
