"""One browser tab's app process: `wish-tui client` on pipes, speaking Textual's web driver.

Textual's web driver (``textual.drivers.web_driver``, the one textual-serve runs apps with) reads
packets on its standard input and writes packets on its standard output: one byte of type
(``D`` terminal data, ``M`` a JSON meta message, ``P`` a packed message), four bytes of length,
big-endian, then the payload. Its first line is ``__GANGLION__``; its last packet is the meta
``{"type": "exit"}``, after which anything the app prints (its closing sentence) is plain text.

The process is started with the environment given and nothing else, as the leader of its own
process group; its keys wait on a pipe whose writer waits in turn (so a browser that floods the
app is slowed at its socket), its output is read only as fast as the browser takes it, and
stopping it sends SIGTERM to its group, then SIGKILL after a grace time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable, Mapping, Sequence

from wish_tui.server.child import GroupStopper

READY_LINE = b"__GANGLION__\n"
"""The web driver's first line: the app is up."""
MAX_PACKET = 8 * 1024 * 1024
"""The largest packet read from the app (a whole frame of a large window is far below)."""
MAX_CLOSING_WORDS = 2048
"""The most bytes of the app's closing sentence kept."""
FIRST_FRAME = 200
"""Bytes of data above which a packet is a frame (the modes set before it are a few bytes each)."""
STDERR_TAIL = 4096
"""The most bytes of the app's error output kept, to log when it fails."""


def packet(kind: bytes, payload: bytes) -> bytes:
    """One packet of the web driver's protocol."""
    return kind + len(payload).to_bytes(4, "big") + payload


class WebChild:
    """The app of one browser tab.

    Args:
        command: the program and its arguments.
        env: the whole environment of the app.
        on_output: awaited with each chunk of terminal data the app writes.
        stop_grace: seconds between SIGTERM and SIGKILL.
    """

    def __init__(
        self,
        command: Sequence[str],
        env: Mapping[str, str],
        on_output: Callable[[bytes], Awaitable[None]],
        stop_grace: float = 3.0,
    ) -> None:
        self._command = list(command)
        self._env = dict(env)
        self._on_output = on_output
        self._stopper = GroupStopper(stop_grace)
        self._proc: asyncio.subprocess.Process | None = None
        self._stderr = bytearray()
        self._stderr_task: asyncio.Task | None = None
        self.closing_words = ""
        """What the app printed after it stopped drawing (its closing sentence, if any)."""
        self.drawn = asyncio.Event()
        """Set once the app has drawn its first frame (not only switched the screen's modes)."""

    @property
    def pid(self) -> int | None:
        """The app's process id once started."""
        return self._proc.pid if self._proc else None

    @property
    def is_running(self) -> bool:
        """True from the start until the app has exited."""
        return self._proc is not None and self._proc.returncode is None

    @property
    def error_tail(self) -> str:
        """The end of what the app wrote on its standard error."""
        return self._stderr.decode("utf-8", "replace")

    async def start(self) -> None:
        """Start the app.

        Raises:
            OSError: the process could not be started.
        """
        self._proc = await asyncio.create_subprocess_exec(
            *self._command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._env,
            start_new_session=True,
            limit=64 * 1024,
        )
        self._stderr_task = asyncio.get_running_loop().create_task(self._read_stderr())

    async def _read_stderr(self) -> None:
        assert self._proc is not None and self._proc.stderr is not None
        with contextlib.suppress(Exception):
            while chunk := await self._proc.stderr.read(4096):
                self._stderr += chunk
                del self._stderr[:-STDERR_TAIL]

    # -- the app's output ------------------------------------------------------------------------
    async def relay(self) -> None:
        """Pass the app's terminal data on until it stops drawing (or its output ends)."""
        assert self._proc is not None and self._proc.stdout is not None
        stdout = self._proc.stdout
        try:
            for _ in range(20):  # a few lines (warnings) may come before the first packet
                line = await stdout.readline()
                if not line or line == READY_LINE:
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                if size > MAX_PACKET:
                    return
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    if size > FIRST_FRAME:
                        self.drawn.set()
                    await self._on_output(payload)
                elif kind == b"M" and _meta_type(payload) == "exit":
                    break
            with contextlib.suppress(TimeoutError):
                words = await asyncio.wait_for(stdout.read(MAX_CLOSING_WORDS), 2.0)
                self.closing_words = words.decode("utf-8", "replace").strip()
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            return

    # -- the browser's input ---------------------------------------------------------------------
    async def _send(self, data: bytes) -> None:
        if self._proc is None or self._proc.stdin is None or self._proc.stdin.is_closing():
            return
        with contextlib.suppress(ConnectionError, RuntimeError):
            self._proc.stdin.write(data)
            await self._proc.stdin.drain()

    async def keys(self, text: str) -> None:
        """Pass what the browser typed to the app (waits while the app reads none)."""
        if text:
            await self._send(packet(b"D", text.encode("utf-8")))

    async def meta(self, message: dict) -> None:
        """Tell the app of a resize, a focus or a blur."""
        await self._send(packet(b"M", json.dumps(message).encode()))

    # -- the end ---------------------------------------------------------------------------------
    async def wait(self) -> int:
        """Wait for the app to exit; return its status (negative: killed by that signal)."""
        assert self._proc is not None
        status = await self._proc.wait()
        if self._stderr_task is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._stderr_task), 1.0)
        return status

    def terminate(self) -> None:
        """Ask the app to end (SIGTERM to its group); SIGKILL follows after the grace time."""
        self._stopper.terminate(self._proc)

    async def stop(self) -> None:
        """End the app (see `terminate`) and whatever it left in its group."""
        if self._proc is None:
            return
        await self._stopper.stop(self._proc)
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        if self._stderr_task is not None:
            self._stderr_task.cancel()


def _meta_type(payload: bytes) -> str:
    try:
        message = json.loads(payload)
    except ValueError:
        return ""
    return message.get("type", "") if isinstance(message, dict) else ""
