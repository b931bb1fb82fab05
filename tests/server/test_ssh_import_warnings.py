"""`wish-tui serve` starts with its own lines, not ten of a library's warnings: asyncssh, imported
with a newer cryptography, warned that DSA keys are deprecated (CryptographyDeprecationWarning,
with the source lines of asyncssh that named them), a keeper's first sight of the server."""

from __future__ import annotations

import subprocess
import sys


def test_the_ssh_front_end_imports_without_a_librarys_deprecation_warnings():
    code = "import wish_tui.server.ssh.front, wish_tui.server.ssh.lean"
    done = subprocess.run(
        [sys.executable, "-W", "default", "-c", code], capture_output=True, text=True, check=True
    )
    assert "CryptographyDeprecationWarning" not in done.stderr, done.stderr
