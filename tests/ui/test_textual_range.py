"""The Textual this app is written against: the pinned range of pyproject.toml, and the few
things below Textual's public API the app leans on, which a new major version may change.

When this fails on a new major version of Textual, check each of them (their use is named) and
move the pin.
"""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

from rich.console import Console
from textual.app import App

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def _pinned_major() -> int:
    dependencies = tomllib.loads(PYPROJECT.read_text("utf-8"))["project"]["dependencies"]
    spec = next(d for d in dependencies if d.startswith("textual"))
    low = re.search(r">=(\d+)", spec)
    high = re.search(r"<(\d+)", spec)
    assert low and high, f"textual must be pinned to one major version, not {spec!r}"
    assert int(high.group(1)) == int(low.group(1)) + 1
    return int(low.group(1))


def test_the_installed_textual_is_the_pinned_major_version():
    assert int(version("textual").split(".")[0]) == _pinned_major()


def test_what_the_app_uses_below_textuals_public_api_is_there():
    # ui/closing_words.py: what Textual prints as the app closes (an exit message, the traceback
    # of an error nothing caught) goes to App.error_console, a rich Console whose file is set.
    assert isinstance(App().error_console, Console)
    # ui/terminal/textual_adapter.py sweeps the empty holders Textual's toast rack leaves behind,
    # found by their type name.
    from textual.widgets import _toast

    assert _toast.ToastHolder.__name__ == "ToastHolder"


def test_what_the_terminal_driver_replaces_is_there():
    # ui/terminal/driver.py runs Textual's input loop without its polling: it replaces
    # LinuxDriver.run_input_thread, sets exit_event, and waits for the parser's deadline.
    import inspect

    from textual._xterm_parser import XTermParser
    from textual.drivers.linux_driver import LinuxDriver

    assert "exit_event" in inspect.getsource(LinuxDriver.disable_input)
    assert callable(LinuxDriver.run_input_thread)
    assert "_timeout_time" in vars(XTermParser(False))
