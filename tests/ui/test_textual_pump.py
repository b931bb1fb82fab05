"""What `ui/terminal/textual_pump.py` takes from below Textual's public API (a widget's check
of its refresh, a screen's update timer, a pump's dispatch of a message) is there and still does
what the app relies on: this fails on a Textual release that changes any of it."""

from __future__ import annotations

TEXTUAL_CODE_COPIED = {
    "Widget._check_refresh": "ad1c8196be9747bf",
    "Screen._on_update": "8d962c0761ddb02e",
    "Screen._on_idle": "05781131b10da971",
    "Timer._run": "60c942a84c1a8765",
    "Timer._tick": "131880e700f4ae71",
    "Screen._update_timer": "6736ab93692ef9ed",
    "MessagePump._on_message": "12c0b6eb18e5ca10",
    "MessagePump.check_idle": "f4962efef0636f26",
    "MessagePump._process_messages_loop": "8b26d5edccbb994f",
    "MessagePump._get_message": "5c8f2e35f9c74837",
    "Widget._on_idle": "dcb1c9d1e74be9b2",
    "Queue": "76cfe3a5e1622282",
    "DOMNode.screen": "df1e242285df4edd",
    "MessagePump._parent": "f31332160f01b114",
    "Screen._invoke_and_clear_callbacks": "73ddb9fc12c345dc",
    "MessagePump._flush_next_callbacks": "52f874c952d9a45c",
    "MessagePump.call_next": "489dc1404089ecca",
    "MessagePump._context": "7b64ec429886866a",
}
"""The code of Textual's that `ui/terminal/textual_pump.py` does the work of, as it was read
(the start of the SHA-256 of its source)."""


def test_textuals_code_that_the_pump_module_does_the_work_of_is_as_it_was_read():
    """Fails on a Textual whose check of a refresh, screen update, idle screen or timer changed:
    `textual_pump` must then be read against it again (and these digests renewed)."""
    import hashlib
    import inspect

    from wish_tui.ui.terminal import textual_pump

    code = {
        "Widget._check_refresh": textual_pump.TEXTUALS_CHECK_REFRESH,
        "Screen._on_update": textual_pump.Screen._on_update,
        "Screen._on_idle": textual_pump.Screen._on_idle,
        "Timer._run": textual_pump.Timer._run,
        "Timer._tick": textual_pump.Timer._tick,
        "Screen._update_timer": textual_pump.TEXTUALS_UPDATE_TIMER.fget,
        "MessagePump._on_message": textual_pump.TEXTUALS_ON_MESSAGE,
        "MessagePump.check_idle": textual_pump.TEXTUALS_CHECK_IDLE,
        "MessagePump._process_messages_loop": textual_pump.MessagePump._process_messages_loop,
        "MessagePump._get_message": textual_pump.MessagePump._get_message,
        "Widget._on_idle": textual_pump.Widget.__dict__["_on_idle"],
        "Queue": textual_pump.Queue,
        "DOMNode.screen": textual_pump.TEXTUALS_SCREEN.fget,
        "MessagePump._parent": textual_pump.MessagePump._parent.fget,
        "Screen._invoke_and_clear_callbacks": textual_pump.TEXTUALS_CALLBACKS_AFTER_THE_FRAME,
        "MessagePump._flush_next_callbacks": textual_pump.MessagePump._flush_next_callbacks,
        "MessagePump.call_next": textual_pump.MessagePump.call_next,
        "MessagePump._context": textual_pump.MessagePump._context,
    }
    digests = {
        name: hashlib.sha256(inspect.getsource(function).encode()).hexdigest()[:16]
        for name, function in code.items()
    }
    assert digests == TEXTUAL_CODE_COPIED


def test_a_screen_uses_its_update_timer_only_to_pause_and_resume_it():
    """What `FrameTimer` answers: Textual's screen calls these two of its timer, and keeps it
    in the slot the adapter fills; the frame is a plain function."""
    import inspect
    import re

    import textual.screen
    from textual.screen import Screen

    from wish_tui.ui.terminal.textual_pump import UPDATE_PERIOD

    source = inspect.getsource(textual.screen)
    assert set(re.findall(r"_update_timer\.(\w+)", source)) == {"pause", "resume"}
    assert "self.__update_timer: Timer | None = None" in source
    assert not inspect.iscoroutinefunction(Screen._on_timer_update)
    assert UPDATE_PERIOD == textual.screen.UPDATE_PERIOD


async def test_a_refresh_checked_directly_tells_the_screen_what_textuals_check_tells_it():
    """For every refresh a widget may have been asked for, `check_refresh_directly` leaves the
    widget, its ancestors and its screen as Textual's check and the screen's handling of the
    messages it posts leave them, and posts no `Update`."""
    import itertools

    from textual import messages
    from textual.app import App
    from textual.containers import Vertical
    from textual.widgets import Static

    from wish_tui.ui.terminal import textual_pump

    class Boxed(App):
        def compose(self):
            with Vertical(id="box"):
                yield Static("text", id="text")

    textual_pump.draw_frames_without_a_task()  # (an active timer would have an Update sent)
    flags = ("_repaint_required", "_layout_required", "_scroll_required")

    async def checked(check, asked) -> tuple:
        app = Boxed()
        async with app.run_test(size=(40, 10)) as pilot:
            await pilot.pause()
            screen, widget = app.screen, app.query_one("#text")
            posted: list = []
            screen.post_message = posted.append
            for name, value in zip(flags, asked, strict=True):
                setattr(widget, name, value)
            screen._dirty_widgets.clear()
            queued = screen._message_queue.values
            left = textual_pump.IDLE_PROMPT in queued
            try:
                check(widget)
            finally:
                del screen.post_message
            # (a screen prompted by `check_refreshes_in_one_turn` has the prompt in its queue)
            prompted = not left and textual_pump.IDLE_PROMPT in queued
            for message in posted:  # what the screen's handlers do with them
                if isinstance(message, messages.Update):
                    screen._dirty_widgets.add(message.widget)
            return (
                [getattr(widget, name) for name in flags],
                {w.id for w in screen._dirty_widgets},
                sorted(
                    type(m).__name__
                    for m in posted
                    if not isinstance(m, (messages.Update, messages.Prompt))
                ),
                app.query_one("#box")._layout_updates,
                [type(m).__name__ for m in posted if isinstance(m, messages.Update)],
                # (the screen prompted in place of the message, as its handler prompts it)
                sum(isinstance(m, (messages.Update, messages.Prompt)) for m in posted) + prompted,
            )

    for asked in itertools.product((False, True), repeat=3):
        theirs = await checked(textual_pump.TEXTUALS_CHECK_REFRESH, asked)
        mine = await checked(textual_pump.check_refresh_directly, asked)
        assert mine[:4] == theirs[:4], asked
        assert mine[4] == [] and mine[5] == theirs[5], asked


def test_the_frame_timer_ticks_on_textuals_grid():
    """The first tick one period after the first resume; a resume once the next tick is due
    draws at once when nothing waits, after what waits otherwise; a resume before it waits for
    it; a pause drops the tick to come; ticks skipped land where Textual's timer lands them."""
    from wish_tui.ui.terminal import textual_pump
    from wish_tui.ui.terminal.textual_pump import UPDATE_PERIOD, FrameTimer

    period = UPDATE_PERIOD
    clock = [100.0]
    drawn: list[float] = []

    class Loop:
        def __init__(self) -> None:
            self._ready: list = []
            self.armed: list = []

        def time(self) -> float:
            return clock[0]

        def call_at(self, when, callback):
            self.armed.append((when, callback))
            return Handle(self.armed, (when, callback))

        def call_soon(self, callback):
            self._ready.append(callback)
            return Handle(self._ready, callback)

    class Handle:
        def __init__(self, where: list, what) -> None:
            self.where, self.what = where, what

        def cancel(self) -> None:
            self.where.remove(self.what)

    class Screen:
        _closing = _closed = False
        _pending_message = None
        _next_callbacks: list = []

        class app:  # noqa: N801
            _exit = False

        class _message_queue:  # noqa: N801
            @staticmethod
            def empty() -> bool:
                return True

        def _on_timer_update(self) -> None:
            timer.pause()
            drawn.append(clock[0])

    loop = Loop()
    textual_pump.asyncio = type("asyncio", (), {"get_running_loop": staticmethod(lambda: loop)})
    textual_pump.get_time = lambda: clock[0]
    try:
        screen = Screen()
        timer = FrameTimer(screen)
        timer.resume()
        assert drawn == [] and [when for when, _ in loop.armed] == [100.0 + period]
        clock[0] = 100.0 + period
        loop.armed.pop()[1]()
        assert drawn == [100.0 + period]
        clock[0] += period / 2  # too soon: the next tick on the grid
        timer.resume()
        assert [when for when, _ in loop.armed] == [100.0 + 2 * period]
        timer.pause()
        assert loop.armed == []
        clock[0] = 100.0 + 10.5 * period  # long after: at once, and the next as Textual's
        timer.resume()
        assert drawn[-1] == clock[0] and timer._next == 100.0 + 12 * period
        loop._ready.append(print)  # something waits: after it
        clock[0] = 100.0 + 20 * period
        timer.resume()
        assert drawn[-1] != clock[0] and loop._ready[-1] == timer._tick
    finally:
        import asyncio

        from textual._time import get_time

        textual_pump.asyncio, textual_pump.get_time = asyncio, get_time


async def test_a_screen_draws_its_frames_without_a_timer_task():
    """An app whose screens have a `FrameTimer` shows what it is told, and runs no update
    timer's task."""
    import asyncio

    from textual.app import App
    from textual.widgets import Static

    from wish_tui.ui.terminal import textual_pump

    textual_pump.draw_frames_without_a_task()
    textual_pump.tell_screens_directly()

    class Shown(App):
        def compose(self):
            yield Static("before", id="text")

    app = Shown()
    async with app.run_test(size=(30, 5)) as pilot:
        await pilot.pause()
        app.query_one("#text").update("after")
        await pilot.pause(0.1)
        assert isinstance(app.screen._update_timer, textual_pump.FrameTimer)
        assert "after" in "".join(strip.text for strip in app.screen._compositor.render_strips())
        assert not [t for t in asyncio.all_tasks() if t.get_name() == "screen_update"]


async def test_a_message_dispatched_without_unread_logs_reaches_the_handlers_textuals_reaches():
    """A message from a widget runs its handlers and bubbles up as with Textual's dispatch
    (stopped by a handler, or where its sender is the parent), and Textual's own dispatch runs
    while the devtools are connected."""
    from textual.app import App
    from textual.containers import Vertical
    from textual.message import Message
    from textual.message_pump import MessagePump
    from textual.widgets import Static

    from wish_tui.ui.terminal import textual_pump

    class Said(Message):
        def __init__(self, stop_at: str) -> None:
            super().__init__()
            self.stop_at = stop_at

    heard: list[tuple[str, str]] = []

    class Node(Static):
        def on_said(self, message: Said) -> None:
            heard.append((self.id, message.stop_at))
            if message.stop_at == self.id:
                message.stop()

    class Outer(Vertical):
        def on_said(self, message: Said) -> None:
            heard.append((self.id, message.stop_at))

    class Nested(App):
        def compose(self):
            with Outer(id="outer"):
                yield Node("inner", id="inner")

        def on_said(self, message: Said) -> None:
            heard.append(("app", message.stop_at))

    async def played(dispatch) -> list:
        heard.clear()
        MessagePump._on_message = dispatch
        try:
            app = Nested()
            async with app.run_test() as pilot:
                inner = app.query_one("#inner")
                for stop_at in ("", "inner", "outer"):
                    inner.post_message(Said(stop_at))
                    await pilot.pause()
                with app.query_one("#outer")._context():  # sent by the parent: heard last there
                    inner.post_message(Said("from the parent"))
                await pilot.pause()
        finally:
            MessagePump._on_message = textual_pump.TEXTUALS_ON_MESSAGE
        return list(heard)

    theirs = await played(textual_pump.TEXTUALS_ON_MESSAGE)
    assert theirs and await played(textual_pump._on_message_without_unread_logs) == theirs

    class Connected:
        is_connected = True

    called = []

    async def textuals(pump, message) -> None:
        called.append(type(message).__name__)

    app = Nested()
    app.devtools = Connected()
    token = textual_pump.active_app.set(app)
    original = textual_pump.TEXTUALS_ON_MESSAGE
    textual_pump.TEXTUALS_ON_MESSAGE = textuals
    try:
        await textual_pump._on_message_without_unread_logs(app, Said(""))
    finally:
        textual_pump.TEXTUALS_ON_MESSAGE = original
        textual_pump.active_app.reset(token)
    assert called == ["Said"]


async def test_widgets_prompted_together_are_checked_in_one_turn_as_their_tasks_would_check():
    """Widgets refreshed from elsewhere have their refreshes checked in the order and between
    the same callbacks of the loop as their own tasks would check them, without those tasks,
    but for a widget posted a message after its prompt: its task reads them as with Textual.
    The screen shows the same."""
    import asyncio

    from textual.app import App
    from textual.message import Message
    from textual.widget import Widget
    from textual.widgets import Static

    from wish_tui.ui.terminal import textual_pump

    class Poked(Message):
        pass

    trace: list[tuple] = []

    class Text(Static):
        def _check_refresh(self) -> None:
            if self._repaint_required:
                in_task = asyncio.current_task() is self._task
                trace.append(("checked", self.id, "in its task" if in_task else "elsewhere"))
            super()._check_refresh()

        def on_poked(self, message: Poked) -> None:
            trace.append(("poked", self.id, self._repaint_required))

    class Texts(App):
        def compose(self):
            for name in "abcd":
                yield Text(name, id=name)

    async def played(check_idle) -> tuple[list, str]:
        trace.clear()
        Widget.check_idle = check_idle
        try:
            app = Texts()
            async with app.run_test(size=(20, 6)) as pilot:
                await pilot.pause()
                trace.clear()
                a, b, c, d = (app.query_one(f"#{name}") for name in "abcd")
                a.update("A")
                b.update("B")
                c.update("C")
                c.post_message(Poked())
                asyncio.get_running_loop().call_soon(trace.append, ("between",))
                d.update("D")
                for _ in range(4):  # (the loop's turns, before the pilot's callbacks)
                    await asyncio.sleep(0)
                await pilot.pause()
                shown = "".join(s.text for s in app.screen._compositor.render_strips())
        finally:
            del Widget.check_idle
        return list(trace), shown

    textuals = await played(textual_pump.TEXTUALS_CHECK_IDLE)
    mine = await played(textual_pump._prompt_idle_in_a_turn)
    assert textuals[0] == [
        ("checked", "a", "in its task"),
        ("checked", "b", "in its task"),
        ("checked", "c", "in its task"),
        ("poked", "c", False),
        ("between",),
        ("checked", "d", "in its task"),
    ]
    assert mine[0] == [
        ("checked", "a", "elsewhere"),
        ("checked", "b", "elsewhere"),
        ("checked", "c", "in its task"),
        ("poked", "c", False),
        ("between",),
        ("checked", "d", "elsewhere"),
    ]
    assert "ABCD" in textuals[1].replace(" ", "") and mine[1] == textuals[1]


async def test_a_node_finds_the_screen_textual_finds():
    """For the app, its screens, nodes nested in them, a node not mounted, one removed, one
    whose parent is gone and one whose constructor was not called, `_screen_of` answers what
    Textual's `DOMNode.screen` answers, or raises what it raises."""
    import gc

    from textual.app import App
    from textual.containers import Vertical
    from textual.screen import Screen
    from textual.widgets import Static

    from wish_tui.ui.terminal import textual_pump

    class Bare(Static):
        def __init__(self) -> None:  # (Textual's constructor not called)
            pass

    class Nested(App):
        def compose(self):
            with Vertical(id="outer"), Vertical(id="inner"):
                yield Static("text", id="text")

    def answer(find, node):
        try:
            return find(node)
        except Exception as error:  # noqa: BLE001 (what is raised is the answer)
            return type(error)

    app = Nested()
    async with app.run_test() as pilot:
        await app.push_screen(Screen())
        await pilot.pause()
        first = app.screen_stack[0]
        removed = first.query_one("#inner")
        orphan = Static("orphan")
        orphan._attach(Vertical())  # (its parent gone once collected)
        gc.collect()
        nodes = [app, *app.screen_stack, *first.walk_children(), Static("alone")]
        await removed.remove()
        nodes += [removed, orphan, Bare()]
        theirs = [answer(textual_pump.TEXTUALS_SCREEN.fget, node) for node in nodes]
        mine = [answer(textual_pump._screen_of, node) for node in nodes]
    assert mine == theirs
    assert {answer.__name__ for answer in theirs if isinstance(answer, type)} == {
        "NoScreen",
        "RuntimeError",
    }
    assert theirs[1] is first and theirs[3] is first


async def test_a_turn_that_has_run_drops_the_handle_that_holds_it():
    """A turn of refresh checks and the loop's handle of its callback refer to each other while
    it waits; once it has run, the turn holds no handle: both are freed by their counts, not
    left to the cyclic collector."""
    import asyncio

    from wish_tui.ui.terminal import textual_pump

    turn = textual_pump._Turn(None, [])
    turn.handle = asyncio.get_running_loop().call_soon(textual_pump._check_in_turn, turn)
    await asyncio.sleep(0)
    assert turn.handle is None


def _word(word: str, id: str):
    """A widget of one word, repainted in place when it changes (no layout)."""
    from textual.widget import Widget

    class Word(Widget):
        DEFAULT_CSS = "Word { width: 8; height: 1; }"

        def __init__(self) -> None:
            super().__init__(id=id)
            self.word = word

        def render(self) -> str:
            return self.word

        def update(self, word: str) -> None:
            self.word = word
            self.refresh()

    return Word()


async def test_a_screen_prompted_to_go_idle_draws_and_calls_back_as_its_task_would():
    """A screen told of repaints draws its frame, and calls what was asked of it after the
    frame, between the same callbacks of the loop as its own task would, without that task:
    no `Prompt` is posted to it. The screen shows the same. (Texts repainted in place: a
    layout's message to the screen wakes its task, which reads it and goes idle itself.)"""
    import asyncio

    from textual.app import App
    from textual.widget import Widget

    from wish_tui.ui.terminal import textual_pump

    textual_pump.draw_frames_without_a_task()
    textual_pump.tell_screens_directly()
    trace: list[tuple] = []

    class Texts(App):
        def compose(self):
            for name in "ab":
                yield _word(name, name)

    async def played(check_idle) -> tuple[list, str, list]:
        Widget.check_idle = check_idle
        posted: list[str] = []
        try:
            app = Texts()
            async with app.run_test(size=(20, 4)) as pilot:
                await pilot.pause(0.05)
                screen = app.screen
                frame, post = screen._compositor_refresh, screen.post_message

                def where() -> str:
                    return "in its task" if asyncio.current_task() is screen._task else "elsewhere"

                def drawn() -> None:
                    trace.append(("frame", where()))
                    frame()

                def posted_to_screen(message) -> bool:
                    posted.append(type(message).__name__)
                    return post(message)

                screen._compositor_refresh = drawn
                screen.post_message = posted_to_screen
                trace.clear()
                app.query_one("#a").update("A")
                app.query_one("#b").update("B")
                textual_pump.after_the_frame(screen, lambda: trace.append(("called", where())))
                asyncio.get_running_loop().call_soon(trace.append, ("between",))
                for _ in range(6):  # (the loop's turns, before the pilot's callbacks)
                    await asyncio.sleep(0)
                trace.append(("turns",))
                await pilot.pause(0.05)
                shown = "".join(s.text for s in screen._compositor.render_strips())
        finally:
            del Widget.check_idle
        return list(trace), shown, posted

    textuals = await played(textual_pump.TEXTUALS_CHECK_IDLE)
    mine = await played(textual_pump._prompt_idle_in_a_turn)
    assert [step[0] for step in textuals[0]] == [step[0] for step in mine[0]]
    assert ("called", "in its task") in textuals[0]
    assert all(step[1:] in ((), ("elsewhere",)) for step in mine[0])
    assert "Prompt" in textuals[2] and "Prompt" not in mine[2]
    assert "AB" in textuals[1].replace(" ", "") and mine[1] == textuals[1]


async def test_a_screens_coroutine_after_the_frame_is_awaited_by_its_task():
    """A coroutine function asked after a screen's frame is left to the screen's task, which
    awaits it (a turn of the loop calls only plain functions)."""
    import asyncio

    from textual.app import App
    from textual.widget import Widget

    from wish_tui.ui.terminal import textual_pump

    textual_pump.draw_frames_without_a_task()
    textual_pump.tell_screens_directly()
    called: list[str] = []

    class Shown(App):
        def compose(self):
            yield _word("before", "text")

    Widget.check_idle = textual_pump._prompt_idle_in_a_turn
    try:
        app = Shown()
        async with app.run_test(size=(30, 5)) as pilot:
            await pilot.pause(0.05)
            screen = app.screen

            async def awaited() -> None:
                await asyncio.sleep(0)
                called.append("in its task" if asyncio.current_task() is screen._task else "")

            app.query_one("#text").update("after")
            textual_pump.after_the_frame(screen, awaited)
            await asyncio.sleep(0.1)  # (no pilot's pause: it would wake the screen's task)
    finally:
        del Widget.check_idle
    assert called == ["in its task"]
