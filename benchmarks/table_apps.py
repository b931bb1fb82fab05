"""The processor time of a game action at a server's table: two apps and the table server in one
process, without SSH, so that a change of the table screen is measured apart from the rest.

Run: python benchmarks/table_apps.py [--actions 16] [--runs 3] [--profile FILE] [--stream FILE]
                                     [--frames FILE] [--term xterm-256color] [--messages]
                                     [--write-time] [--typed] [--table-time] [--render-time]

The table server runs in this process; two sessions' apps (`wish-tui client`, each on a
pseudo-terminal of its own at 100x30, written by the driver a host of the session pool gives
it, each in a context of its own as in such a host) reach its lobby; the
first opens a table of Wish as `benchmarks/serve.py`'s people do (n, then Ctrl+N) and the second
joins it; then whoever's decision it is presses `1` for a decision and `n` otherwise (`1` again
to confirm an early end of turn), at once, until `--actions` actions are played. Prints, for
each run: the processor time of this process per action (the two apps and the table server),
the frames the apps drew and the layouts among them, and the bytes each terminal was sent per
action (as `benchmarks/serve.py` counts them, on a fixed game, for a terminal of type `--term`:
xterm-256color, as serve.py's SSH clients ask, whatever the shell's TERM). With `--stream FILE`,
what the first app's terminal was sent while playing, written to FILE; with `--frames FILE`,
what Textual wrote to it before the screen diff (a pickle: how many writes came before the
playing, and a list of (time, text, pieces) from the app's start, pieces None or a frame's
pieces as the driver reads them: its rows, cursor, colours and the terminal's size), to replay
through the driver's code offline (benchmarks/screen_diff.py). With `--profile FILE`, the playing of the last run under cProfile (with the processor
time as its clock; it makes everything about seven times slower, read the shares), its stats
written to FILE and its top entries printed. With `--write-time`, the processor time spent in
`App._display` (Textual's encoding of a frame, when it is encoded, and the drivers' `write`) and
in the drivers' `write` alone (the screen diff, the style compaction, the write to the terminal)
per action. With `--table-time`, the processor time the apps' table screens spent handling the
table's messages (`ServerScreens._table_message`: the message read into the table, then the
screen's `table_changed`), their keys (a game key's window, an answer in it) and placing what
lies over the table once a change is drawn, per action. With `--render-time`, the processor
time spent in the compositors' render of a frame (`Compositor.render_update`: the widgets' lines
and the pieces the frame sends) per action. Each run's garbage left by the run before is
collected before its playing starts. With `--messages`, the messages each app's message loop
was posted while playing, per action, by kind and by what they were posted to (the
benchmark's own among them: `Pilot` waits for the app to be idle after each key by posting a
callback to each of its widgets), then what the event loop did per action: its iterations (the
whole process), and per app the callbacks it ran (a task's step among them), the timers it armed
and the idle events the app's pumps were dispatched. With `--typed`, the keys of the playing are
written to the app's terminal, as `benchmarks/serve.py`'s clients type them, not pressed through
`Pilot` (whose wait for the app to be idle after each key posts a callback to every widget).
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import cProfile
import fcntl
import gc
import os
import pickle
import pstats
import struct
import sys
import tempfile
import termios
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from textual._compositor import Compositor  # noqa: E402
from textual.app import App  # noqa: E402
from textual.message_pump import MessagePump  # noqa: E402
from textual.screen import Screen  # noqa: E402

from wish_tui.core import environment  # noqa: E402
from wish_tui.launch import Launch  # noqa: E402
from wish_tui.server.hub import Hub  # noqa: E402
from wish_tui.tables.remote import SOCKET_ENV, TOKEN_ENV  # noqa: E402
from wish_tui.ui import new_game  # noqa: E402
from wish_tui.ui.app import WishApp  # noqa: E402
from wish_tui.ui.screens.table_keys import TableKeys  # noqa: E402
from wish_tui.ui.screens.table_screen import TableScreen  # noqa: E402
from wish_tui.ui.screens.table_status import TableStatus  # noqa: E402
from wish_tui.ui.server_screens import ServerScreens  # noqa: E402
from wish_tui.ui.terminal.hosted_driver import HostedDriver  # noqa: E402
from wish_tui.ui.terminal.textual_adapter import PiecesFrame  # noqa: E402

NAMES = ("alice", "bob")


def table_screen(app: WishApp) -> TableScreen | None:
    """The app's table screen, once it is up."""
    screen = next((s for s in reversed(app.screen_stack) if isinstance(s, TableScreen)), None)
    return screen if screen is not None and screen.is_mounted else None


async def until(ready, what: str, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} never happened")
        await asyncio.sleep(0.01)


class Counted:
    """The frames Textual draws and the layouts among them, counted from `start`."""

    def __init__(self) -> None:
        self.frames = self.layouts = 0
        self.counting = False
        frame, layout = Screen._compositor_refresh, Screen._refresh_layout

        def counted_frame(screen) -> None:
            self.frames += self.counting
            frame(screen)

        def counted_layout(screen, *args, **kwargs) -> None:
            self.layouts += self.counting
            layout(screen, *args, **kwargs)

        Screen._compositor_refresh = counted_frame
        Screen._refresh_layout = counted_layout

    def start(self) -> None:
        self.frames = self.layouts = 0
        self.counting = True


class WriteTime:
    """The processor time spent in the drivers' `write`, and in `App._display` (the frame
    encoded or handed as it is, then written), counted from `start` (when `keep`)."""

    def __init__(self, keep: bool) -> None:
        self.spent = self.displayed = 0.0
        self.counting = False
        if keep:
            write, display = HostedDriver.write, App._display

            def timed_write(driver, data: str) -> None:
                started = time.process_time()
                write(driver, data)
                if self.counting:
                    self.spent += time.process_time() - started

            def timed_display(app, screen, renderable) -> None:
                started = time.process_time()
                display(app, screen, renderable)
                if self.counting:
                    self.displayed += time.process_time() - started

            HostedDriver.write = timed_write
            App._display = timed_display

    def start(self) -> None:
        self.spent = self.displayed = 0.0
        self.counting = True


class TableTime:
    """The processor time the apps spent in their table screens' handling of a table message,
    of a key and of a change drawn, counted from `start` (when `keep`); a handler called within
    another counts once."""

    HANDLERS = (
        (ServerScreens, "_table_message"),
        (TableKeys, "run_group"),
        (TableScreen, "action_choice_digit"),
        (TableScreen, "on_choice_panel_chosen"),
        (TableStatus, "place_when_drawn"),
    )

    def __init__(self, keep: bool) -> None:
        self.spent = 0.0
        self.counting = False
        self._depth = 0
        if keep:
            for cls, name in self.HANDLERS:
                setattr(cls, name, self._timed(getattr(cls, name)))

    def _timed(self, handler):
        def timed(*args, **kwargs):
            if self._depth:
                return handler(*args, **kwargs)
            self._depth += 1
            started = time.process_time()
            try:
                return handler(*args, **kwargs)
            finally:
                self._depth -= 1
                if self.counting:
                    self.spent += time.process_time() - started

        return timed

    def start(self) -> None:
        self.spent = 0.0
        self.counting = True


class RenderTime:
    """The processor time spent in the compositors' render of a frame (`Compositor.render_update`:
    the widgets' lines and the pieces a frame sends), counted while `counted` counts."""

    def __init__(self, counted: Counted) -> None:
        self.spent = 0.0
        render = Compositor.render_update

        def timed_render(compositor, *args, **kwargs):
            started = time.process_time()
            try:
                return render(compositor, *args, **kwargs)
            finally:
                if counted.counting:
                    self.spent += time.process_time() - started

        Compositor.render_update = timed_render


class Messages:
    """The messages posted to each app's widgets, screens and the app, counted from `start` (when
    `keep`), by app, kind and receiver."""

    def __init__(self, keep: bool) -> None:
        self.counts: Counter[tuple[str, str, str]] = Counter()
        self.names: dict[int, str] = {}
        self.counting = False
        if keep:
            post = MessagePump.post_message

            def counted_post(pump, message) -> bool:
                if self.counting:
                    node = pump
                    while node is not None and not isinstance(node, App):
                        node = node._parent
                    name = self.names.get(id(node), "?")
                    self.counts[(name, type(message).__name__, type(pump).__name__)] += 1
                return post(pump, message)

            MessagePump.post_message = counted_post
            self.loop = LoopCounts(self)

    def watch(self, name: str, app: WishApp) -> None:
        self.names[id(app)] = name

    def app_name(self, app) -> str:
        """The name an app was watched by ('server': none, the table server's and the
        benchmark's own)."""
        return self.names.get(id(app), "server")

    def start(self) -> None:
        self.counts.clear()
        self.loop.start()
        self.counting = True

    def report(self, played: int) -> str:
        """The messages per action of each app, the most frequent first, then what the loop
        did per action."""
        self.counting = False
        lines = []
        for name in NAMES:
            mine = {(kind, to): n for (app, kind, to), n in self.counts.items() if app == name}
            total = sum(mine.values())
            lines.append(f"{name}: {total / played:.1f} messages per action")
            for (kind, to), n in sorted(mine.items(), key=lambda item: -item[1]):
                lines.append(f"  {n / played:5.2f}  {kind} to {to}")
        return "\n".join([*lines, self.loop.report(played)])


class LoopCounts:
    """What the event loop did from `start`: its iterations (each one call of the selector), the
    callbacks it ran (a task's step among them) and the timers it armed, by app and callback,
    and the idle events each app's pumps were dispatched."""

    def __init__(self, messages: Messages) -> None:
        from asyncio import base_events, events

        from textual._context import active_app

        from wish_tui.ui.terminal import textual_adapter

        self.selects = 0
        self.ran: Counter[tuple[str, str]] = Counter()
        self.armed: Counter[tuple[str, str]] = Counter()
        self.idle: Counter[tuple[str, str]] = Counter()
        self.counting = False
        run, call_at = events.Handle._run, base_events.BaseEventLoop.call_at
        dispatch = textual_adapter._cached_dispatch_methods

        def whose(context) -> str:
            app = context.get(active_app, None) if context is not None else None
            return messages.app_name(app)

        def counted_run(handle) -> None:
            if self.counting:
                self.ran[(whose(handle._context), _callback_name(handle._callback))] += 1
            run(handle)

        def counted_call_at(loop, when, callback, *args, context=None):
            if self.counting:
                mine = context if context is not None else contextvars.copy_context()
                self.armed[(whose(mine), _callback_name(callback))] += 1
            return call_at(loop, when, callback, *args, context=context)

        def counted_dispatch(pump, method_name, message):
            if self.counting and method_name == "on_idle":
                app = pump if isinstance(pump, App) else pump._parent
                while app is not None and not isinstance(app, App):
                    app = app._parent
                self.idle[(messages.app_name(app), type(pump).__name__)] += 1
            return dispatch(pump, method_name, message)

        events.Handle._run = counted_run
        base_events.BaseEventLoop.call_at = counted_call_at
        textual_adapter._cached_dispatch_methods = counted_dispatch

    def start(self) -> None:
        self.selects = 0
        for counts in (self.ran, self.armed, self.idle):
            counts.clear()
        selector = asyncio.get_running_loop()._selector
        if not hasattr(selector, "counted"):
            select = selector.select

            def counted_select(timeout=None):
                self.selects += self.counting
                return select(timeout)

            selector.select = counted_select
            selector.counted = True
        self.counting = True

    def report(self, played: int) -> str:
        self.counting = False
        lines = [f"the loop: {self.selects / played:.1f} iterations per action (the whole process)"]
        for title, counts in (
            ("callbacks run", self.ran),
            ("timers armed", self.armed),
            ("idle events dispatched", self.idle),
        ):
            for name in (*NAMES, "server"):
                mine = {what: n for (who, what), n in counts.items() if who == name}
                lines.append(f"{name}: {sum(mine.values()) / played:.1f} {title} per action")
                for what, n in sorted(mine.items(), key=lambda item: -item[1])[:12]:
                    lines.append(f"  {n / played:5.2f}  {what}")
        return "\n".join(lines)


def _callback_name(callback) -> str:
    """What a loop's callback is: a task's coroutine, or the function's qualified name."""
    task = getattr(callback, "__self__", None)
    if isinstance(task, asyncio.Task):
        coro = task.get_coro()
        return f"step of {getattr(coro, '__qualname__', type(coro).__name__)}"
    if isinstance(task, asyncio.Future):
        return f"{type(task).__name__}.{getattr(callback, '__name__', '?')}"
    inner = getattr(callback, "func", None)  # functools.partial
    if inner is not None:
        return f"partial({_callback_name(inner)})"
    return getattr(callback, "__qualname__", type(callback).__name__)


class Terminal:
    """The far end of an app's pseudo-terminal: what it was sent, kept from `start`."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        os.set_blocking(self.master, False)
        self.sent = bytearray()
        self.counting = False
        asyncio.get_running_loop().add_reader(self.master, self._read)

    def _read(self) -> None:
        try:
            chunk = os.read(self.master, 65536)
        except (BlockingIOError, OSError):
            return
        if self.counting:
            self.sent += chunk

    def start(self) -> None:
        self.sent.clear()
        self.counting = True

    def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        for fd in (self.master, self.slave):
            os.close(fd)


def _pieces(driver: HostedDriver, data: str) -> tuple | None:
    """A frame's pieces as `HostedDriver.write` reads them (each strip as its list of segments,
    to be kept), with its cursor, colours and the terminal's size; None for any other write."""
    if not isinstance(data, PiecesFrame):
        return None
    rows = {
        y: [(x, tuple(list(strip) for strip in strips)) for x, strips in pieces]
        for y, pieces in data.rows().items()
    }
    screen = driver._screen
    return rows, data.cursor, data.colour_system, screen.columns, screen.rows


class Frames:
    """What Textual writes to the first app's driver, with the time, when kept (`--frames`);
    `begin`: how many of them came before the playing."""

    def __init__(self, keep: bool) -> None:
        self.kept: list[tuple[float, str, tuple | None]] = []
        self.app: WishApp | None = None
        self.begin = 0
        self.keep = keep
        if keep:
            write = HostedDriver.write

            def kept_write(driver, data: str) -> None:
                if driver.shown_app is self.app:
                    self.kept.append((time.perf_counter(), data, _pieces(driver, data)))
                write(driver, data)

            HostedDriver.write = kept_write

    def watch(self, name: str, app: WishApp) -> None:
        """Keep what `app` is written, if it is the first's."""
        if name == NAMES[0]:
            self.app = app

    def start(self) -> None:
        self.begin = len(self.kept)

    def save(self, path: str) -> None:
        """Stop keeping; write what was kept to `path`."""
        self.app = None
        if self.keep:
            Path(path).write_bytes(pickle.dumps((self.begin, self.kept)))


async def one_run(
    actions: int,
    profile: cProfile.Profile | None,
    counted: Counted,
    frames: Frames,
    stream: str = "",
    keep: str = "",
    messages: Messages | None = None,
    write_time: WriteTime | None = None,
    typed: bool = False,
    table_time: TableTime | None = None,
    render_time: RenderTime | None = None,
) -> str:
    data = Path(tempfile.mkdtemp(prefix="table-apps-"))
    os.environ["WISH_TUI_DATA_DIR"] = str(data)
    hub = Hub(data, bot_pace=0.0, seed_source=lambda: 17, rate_limits={})
    await hub.start()
    apps: dict[str, WishApp] = {}
    pilots: dict = {}
    terminals = {name: Terminal() for name in NAMES}
    done = asyncio.Event()

    async def session(name: str) -> None:
        env = {**os.environ, SOCKET_ENV: str(hub.socket_path)}
        env[TOKEN_ENV] = hub.register_session(f"open:{name}", name)
        environment.use(env)
        app = apps[name] = WishApp(Launch(screen="client"), terminal_fd=terminals[name].slave)
        frames.watch(name, app)
        if messages is not None:
            messages.watch(name, app)
        async with app.run_test(headless=False, size=(100, 30)) as pilot:
            pilots[name] = pilot
            await done.wait()

    tasks = [asyncio.create_task(session(name)) for name in NAMES]
    try:
        await until(
            lambda: len(pilots) == 2 and all(s.in_lobby for s in hub.sessions), "the lobbies"
        )
        await asyncio.sleep(0.5)
        first, second = (pilots[name] for name in NAMES)
        await first.press("n")
        await asyncio.sleep(1.0)
        await first.press("ctrl+n")
        await until(lambda: hub.tables, "the table")
        table = next(iter(hub.tables.values()))
        await asyncio.sleep(0.5)
        apps["bob"].server_send({"type": "join", "table": table.id, "seat": 1})
        await until(lambda: all(table_screen(app) for app in apps.values()), "the table screens")
        await asyncio.sleep(1.0)
        gc.collect()  # (what the run before left is not collected while this one plays)
        counted.start()
        frames.start()
        if messages is not None:
            messages.start()
        if write_time is not None:
            write_time.start()
        if table_time is not None:
            table_time.start()
        if render_time is not None:
            render_time.spent = 0.0
        for terminal in terminals.values():
            terminal.start()
        if profile is not None:
            profile.enable()
        started = time.process_time()
        played = 0
        while played < actions and not table.is_over:
            seat = table.deciding()
            pilot, app = pilots[NAMES[seat]], apps[NAMES[seat]]
            before = table.actions
            key = "1" if table.state.view(seat).get("decision") else "n"
            await press(pilot, terminals[NAMES[seat]], key, typed)
            deadline = time.monotonic() + 30
            while table.actions == before:
                if time.monotonic() > deadline:
                    raise TimeoutError(f"{key} pressed at {before} actions played nothing")
                await asyncio.sleep(0.01)
                if (
                    key == "n"
                    and "unused?" in table_screen(app).query_one("ChoicePanel").title_text
                ):
                    await press(pilot, terminals[NAMES[seat]], "1", typed)
                    key = "n1"
            await asyncio.sleep(0.15)
            played += table.actions - before
        spent = time.process_time() - started
        if profile is not None:
            profile.disable()
        counted.counting = False
        if write_time is not None:
            write_time.counting = False
        if table_time is not None:
            table_time.counting = False
        told = messages.report(played) if messages is not None else ""
        await asyncio.sleep(0.2)  # the last frames read
        sent = sum(len(t.sent) for t in terminals.values())
        if stream:
            Path(stream).write_bytes(terminals[NAMES[0]].sent)
        frames.save(keep)
        return (
            f"{played} actions: {spent / played * 1000:.1f} ms of processor time per action "
            f"(the two apps and the table server), {counted.frames / played:.1f} frames and "
            f"{counted.layouts / played:.1f} layouts per action, "
            f"{sent / played / 2:.0f} B sent per action per terminal"
            + (
                f"; {write_time.displayed / played * 1000:.2f} ms of it in App._display, "
                f"{write_time.spent / played * 1000:.2f} in the drivers' write"
                if write_time is not None
                else ""
            )
            + (
                f"; {table_time.spent / played * 1000:.2f} ms of it in the table screens' "
                "handling of a table message, a key and a change drawn"
                if table_time is not None
                else ""
            )
            + (
                f"; {render_time.spent / played * 1000:.2f} ms in the compositors' render"
                if render_time is not None
                else ""
            )
        ) + (f"\n{told}" if told else "")
    finally:
        done.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        await hub.close()
        for terminal in terminals.values():
            terminal.close()


async def press(pilot, terminal: Terminal, key: str, typed: bool) -> None:
    """Press `key` (a character): through `pilot`, or typed at `terminal` when `typed`."""
    if typed:
        os.write(terminal.master, key.encode())
    else:
        await pilot.press(key)


def run_keeping_streams(coroutine):
    """Run `coroutine` in a new event loop, and put back the standard output and error.

    Each app puts its capture of prints in sys.stdout and sys.stderr while it runs and, as it
    ends, puts back what it found there: two apps of one process that end in the order they
    began leave the first one's capture, which writes nowhere (an app on a terminal). A run that
    failed after one of them said nothing, its traceback lost, and the script ended without its
    result line."""
    streams = sys.stdout, sys.stderr
    try:
        return asyncio.run(coroutine)
    finally:
        sys.stdout, sys.stderr = streams


def main() -> None:
    new_game.fresh_seed = lambda: 17  # the same djinns each run (the form's random seats)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=16, help="actions played a run (16)")
    parser.add_argument("--runs", type=int, default=3, help="runs, each a new table (3)")
    parser.add_argument("--profile", metavar="FILE", default="", help="cProfile the last run")
    parser.add_argument(
        "--stream", metavar="FILE", default="", help="the first terminal's bytes of the last run"
    )
    parser.add_argument(
        "--frames",
        metavar="FILE",
        default="",
        help="what Textual wrote to the first terminal in the last run, before the screen diff",
    )
    parser.add_argument(
        "--term",
        default="xterm-256color",
        help="the terminals' type, which decides the colours' codes (xterm-256color)",
    )
    parser.add_argument(
        "--messages", action="store_true", help="the messages each app was posted per action"
    )
    parser.add_argument(
        "--write-time", action="store_true", help="the processor time in the drivers' write"
    )
    parser.add_argument(
        "--typed", action="store_true", help="keys typed at the terminals, not pressed by Pilot"
    )
    parser.add_argument(
        "--table-time",
        action="store_true",
        help="the processor time in the table screens' handling of a message, a key, a frame",
    )
    parser.add_argument(
        "--render-time", action="store_true", help="the processor time in the frames' render"
    )
    options = parser.parse_args()
    os.environ["TERM"] = options.term
    counted = Counted()
    messages = Messages(keep=True) if options.messages else None
    write_time = WriteTime(keep=True) if options.write_time else None
    table_time = TableTime(keep=True) if options.table_time else None
    render_time = RenderTime(counted) if options.render_time else None
    for run in range(options.runs):
        last = run == options.runs - 1
        profile = cProfile.Profile(time.process_time) if options.profile and last else None
        stream = options.stream if last else ""
        frames = Frames(bool(options.frames and last))
        line = run_keeping_streams(
            one_run(
                options.actions,
                profile,
                counted,
                frames,
                stream,
                options.frames,
                messages,
                write_time,
                options.typed,
                table_time,
                render_time,
            )
        )
        print(line, flush=True)
        if profile is not None:
            profile.dump_stats(options.profile)
            pstats.Stats(options.profile).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
