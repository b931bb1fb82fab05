"""Textual's way from a widget's refresh to a frame, with fewer messages, tasks and wakeups.

A host of the session pool runs many apps in one loop, and every message, task step and wakeup
of that loop is paid by all of them. Three places below Textual's public API, each behind one
name here (`tests/ui/test_textual_pump.py` fails on a Textual that changes any):

1. A widget's check for a refresh it was asked for (`Widget._check_refresh`), made on every
   idle turn of every widget: Textual finds the widget's screen (a walk up the DOM) before it
   looks whether anything was asked, and tells the screen of a repaint with an `Update` message
   whose one handler (`Screen._on_update`) adds the widget to the screen's dirty widgets and
   prompts it. `check_refresh_directly` looks first, and adds the widget itself.
2. A screen's update timer (`Screen._update_timer`, a `textual.timer.Timer`), resumed when the
   screen is idle with something to draw, paused when it draws: its task wakes through an event
   to draw, then sleeps until the next tick of its grid whether or not anything waits (a wakeup
   of the whole process 1/60 s after every frame) and waits on the event again.
   `draw_frames_without_a_task` gives each screen a `FrameTimer`: the same ticks on the same
   grid, a frame drawn at once when nothing else waits in the loop, and no task.
3. A message pump's dispatch of a message to its handlers (`MessagePump._on_message`), which
   makes a log line for Textual's devtools (a logger or two and an f-string) for every message,
   whether or not anything reads it: `dispatch_without_unread_logs` makes none when nothing
   would (no devtools connected, no log file, not Textual's debug mode).
4. A widget's prompt to go idle (`MessagePump.check_idle`, which a refresh asks): a `Prompt`
   put in the widget's queue (`textual._queue.Queue`) wakes the widget's task, which reads it,
   goes idle and, for a widget whose one idle handler is `Widget._on_idle`, checks its refresh:
   a step of a task, a message and an idle event for each widget a table message refreshes.
   `check_refreshes_in_one_turn` puts the `Prompt` in the queue without waking the task (the
   queue is not empty: no second prompt, as with Textual), and one callback of the loop, where
   the first widget's task would have been woken, checks the refreshes of the widgets
   prompted one after another as their tasks would have, in the same order; a widget that was
   posted anything since (or asked to call something next) has its task woken to read it all.
5. A node's screen (`DOMNode.screen`), which every widget's `region`, `size` and
   `content_region` asks (a hundred times an action and app: the log's and texts' lines, the
   detail line's wrap, the styles cache): Textual imports its `Screen` class and walks up the
   parents through a property that derefs a weak reference at each step. `find_screens_quickly`
   walks the weak references themselves, the same nodes to the same answer.
6. A callback asked after a screen's next frame (`MessagePump.call_after_refresh`): Textual
   posts an `InvokeLater` to the screen, which, read, puts the callback among the current
   screen's (`Screen._invoke_later`). `after_the_frame` puts it there at once where no such
   message waits in the screen's queue before it: the same place, no message.
7. A screen's prompt to go idle (a repaint of one of its widgets, a callback asked after its
   frame, the frame's own call of those callbacks next): a `Prompt` wakes the screen's task,
   which reads it and goes idle (`Screen._on_idle`: the frame timer resumed, or the callbacks
   after the frame called; then `_flush_next_callbacks`). Where the screen's idle handler is
   Textual's and its callbacks are plain functions, `check_refreshes_in_one_turn` has the
   same turn of the loop do that work (`_idle_screen`), at the place the task would have been
   woken. A message that reaches the screen after the prompt and before the turn (a layout
   asked by a widget checked just before it) wakes its task, which reads the prompt and the
   message itself, a little later in the loop than Textual's task, woken by the prompt, would.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from functools import partial
from inspect import CO_COROUTINE, iscoroutinefunction
from types import FunctionType, MethodType

from textual import constants, events, messages
from textual._callback import invoke
from textual._context import active_app, active_message_pump
from textual._context import message_hook as message_hook_context_var
from textual._queue import Queue  # noqa: F401 (the queue whose event is left unset; its tests read it)
from textual._time import get_time, time
from textual.dom import DOMNode
from textual.message_pump import MessagePump
from textual.screen import UPDATE_PERIOD, Screen
from textual.timer import Timer  # noqa: F401 (what `FrameTimer` stands in for; its tests read it)
from textual.widget import NoScreen, Widget

from .textual_adapter import _DISPATCH, _find_handlers, _found_now, _still_found
from .textual_column import _arrangements_cleared

TEXTUALS_CHECK_REFRESH = Widget._check_refresh
"""Textual's check of a widget's refresh (kept for the tests)."""
TEXTUALS_UPDATE_TIMER = Screen.__dict__["_update_timer"]
"""Textual's screen update timer, a property (kept for the tests)."""
TEXTUALS_ON_MESSAGE = MessagePump._on_message
"""Textual's dispatch of a message to a pump's handlers (for when its log lines are read)."""
TEXTUALS_SCREEN = DOMNode.__dict__["screen"]
"""Textual's screen of a node, a property (kept for the tests)."""
TEXTUALS_CHECK_IDLE = MessagePump.check_idle
"""Textual's prompt of a pump to go idle (for every widget that does more when idle)."""
TEXTUALS_SCREEN_ON_IDLE = Screen.__dict__["_on_idle"]
"""Textual's idle turn of a screen (a turn does its work for a screen that has no other)."""
TEXTUALS_CALLBACKS_AFTER_THE_FRAME = Screen._invoke_and_clear_callbacks
"""Textual's call of a screen's callbacks after its frame (a turn calls plain ones itself)."""


def check_refresh_directly(widget: Widget) -> None:
    """Textual's `Widget._check_refresh`, looking first whether a refresh was asked for, and
    adding a widget to repaint to its screen's dirty widgets as `Screen._on_update` does (no
    `Update` message) where the screen would take one."""
    if not (
        widget._repaint_required
        or widget._layout_required
        or widget._scroll_required
        or widget._refresh_styles_required
    ):
        return
    if widget._parent is None or widget._closing:
        return
    try:
        screen = widget.screen
    except NoScreen:
        return
    if widget._refresh_styles_required:
        widget._refresh_styles_required = False
        widget.call_later(widget.update_node_styles)
    if widget._scroll_required:
        widget._scroll_required = False
        if not widget._layout_required:
            if widget.styles.keyline[0] != "none":
                widget._set_dirty()
            screen.post_message(messages.UpdateScroll())
    if widget._repaint_required:
        widget._repaint_required = False
        if widget.display:
            _repaint(screen, widget)
    if widget._layout_required:
        widget._layout_required = False
        _arrangements_cleared(widget)
        screen.post_message(messages.Layout(widget))


def _repaint(screen: Screen, widget: Widget) -> None:
    """What the `Update` message of `widget` would have done at `screen` (Textual's
    `Screen._on_update`), or the message itself where the screen would not take it as it is
    (closing, the message disabled, a handler of the screen's own) or where a frame may come
    before the screen reads its messages (its timer resumed: the frame would draw this widget
    without what the messages before the screen say, a layout among them)."""
    timer = screen._Screen__update_timer
    if (
        type(timer) is not FrameTimer
        or timer._active
        or screen._closing
        or screen._closed
        or messages.Update in screen._disabled_messages
        or not _updated_by_textual(type(screen))
    ):
        screen.post_message(messages.Update(widget))
        return
    if screen in screen._compositor:
        screen._dirty_widgets.add(widget)
        screen.check_idle()


_UPDATED_BY_TEXTUAL: dict[type, bool] = {}
"""Per kind of screen: whether Textual's `Screen._on_update` is the one handler of an `Update`."""


def _updated_by_textual(kind: type) -> bool:
    known = _UPDATED_BY_TEXTUAL.get(kind)
    if known is None:
        found, _ = _find_handlers(kind, "on_update", messages.Update)
        known = _UPDATED_BY_TEXTUAL[kind] = found == (
            (Screen, "_on_update", Screen.__dict__["_on_update"]),
        )
    return known


class FrameTimer:
    """A screen's update timer without a task: Textual's `Timer` as the screen uses it
    (`resume`, `pause`), its ticks on the same grid of `UPDATE_PERIOD`, each the screen's
    `_on_timer_update`.

    Textual's timer, first resumed at `start`, ticks one period later; resumed after its next
    tick's time has passed, it ticks at once (after the loop's other ready callbacks), and after
    a tick numbered `count` its next is at `start + (count + 1) * period`, or, when that has
    passed, at `start + (int((now - start) / period + 1) + 1) * period`. This one keeps the
    same times and arms a callback only for a tick to come; a tick due at once is drawn there
    and then when nothing else waits in the loop, and after what waits otherwise.
    """

    __slots__ = ("_screen", "_active", "_handle", "_start", "_count", "_next", "__weakref__")

    def __init__(self, screen: Screen) -> None:
        self._screen = weakref.ref(screen)
        self._active = False
        self._handle: asyncio.Handle | None = None
        self._start: float | None = None
        self._count = 0
        self._next = 0.0

    def pause(self) -> None:
        """No more ticks until resumed."""
        self._active = False
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def resume(self) -> None:
        """Tick when the next tick is due (at once if it is)."""
        if self._active:
            return
        self._active = True
        loop = asyncio.get_running_loop()
        now = get_time()
        if self._start is None:
            self._start = now
            self._next = now + UPDATE_PERIOD
        wait = self._next - now
        if wait > 0:
            self._handle = loop.call_at(loop.time() + wait, self._tick)
        elif loop._ready or not _nothing_waits(self._screen()):
            # after what waits (the screen's own messages first: the timer's task would have
            # been woken once the screen's task let go of the loop)
            self._handle = loop.call_soon(self._tick)
        else:
            self._tick()

    def _tick(self) -> None:
        self._handle = None
        screen = self._screen()
        if not self._active or screen is None or screen._closing or screen._closed:
            return
        app = screen.app
        if app._exit:
            return
        self._count += 1
        try:
            screen._on_timer_update()
        except Exception as error:  # noqa: BLE001 (as Textual's timer hands it to the app)
            app._handle_exception(error)
        self._plan(get_time())

    def _plan(self, now: float) -> None:
        """The time of the next tick, after the tick numbered `_count` (Textual's arithmetic)."""
        while True:
            self._next = self._start + (self._count + 1) * UPDATE_PERIOD
            if self._next >= now:
                return
            self._count = int((now - self._start) / UPDATE_PERIOD + 1)


def _nothing_waits(screen: Screen) -> bool:
    """True when `screen` has no message to read and nothing to call once it is idle."""
    return (
        screen._message_queue.empty()
        and screen._pending_message is None
        and not screen._next_callbacks
    )


def _frame_timer(screen: Screen) -> FrameTimer:
    """The screen's `FrameTimer`, made on first use (where Textual made its timer)."""
    timer = screen._Screen__update_timer
    if timer is None:
        timer = screen._Screen__update_timer = FrameTimer(screen)
    return timer


def draw_frames_without_a_task() -> None:
    """Give every screen of the process a `FrameTimer` for its update timer."""
    Screen._update_timer = property(_frame_timer, doc=TEXTUALS_UPDATE_TIMER.__doc__)


def tell_screens_directly() -> None:
    """Have every widget of the process check its refresh with `check_refresh_directly`."""
    Widget._check_refresh = check_refresh_directly


async def _on_message_without_unread_logs(pump: MessagePump, message) -> None:
    """Textual's `MessagePump._on_message` without its log lines, or Textual's own where they
    would be read."""
    app = active_app.get(None)
    if constants.LOG_FILE or constants.DEBUG or app is None or app._is_devtools_connected:
        await TEXTUALS_ON_MESSAGE(pump, message)
        return
    for _cls, method in pump._get_dispatch_methods(message.handler_name, message):
        await invoke(method, message)
    if message.bubble and pump._parent and not message._stop_propagation:
        if message._sender is not None and message._sender == pump._parent:
            message.stop()
        if pump.is_parent_active and pump.is_attached:
            message._bubble_to(pump._parent)


def dispatch_without_unread_logs() -> None:
    """Have every message pump of the process dispatch with `_on_message_without_unread_logs`."""
    MessagePump._on_message = _on_message_without_unread_logs


def check_refreshes_in_one_turn() -> None:
    """Have every widget of the process prompted to go idle by `_prompt_idle_in_a_turn`."""
    Widget.check_idle = _prompt_idle_in_a_turn


IDLE_PROMPT = messages.Prompt()
"""The `Prompt` left unread in the queue of a widget whose refresh a turn of the loop checks."""
IDLE_PROMPT._sender = None  # (it outlives whatever pump was active when it was made)


class _Turn:
    """One callback of the loop checking the refreshes of widgets prompted one after another."""

    __slots__ = ("app", "handle", "widgets")

    def __init__(self, app, widgets: list) -> None:
        self.app = app
        self.widgets = widgets
        self.handle: asyncio.Handle | None = None


_open_turn: _Turn | None = None
"""The turn widgets prompted now join while its callback is the last the loop has ready."""


def _prompt_idle_in_a_turn(widget: Widget) -> None:
    """Textual's `check_idle`: for a widget whose task waits on its empty queue and which does
    nothing idle but check its refresh, the `Prompt` left in its queue unread, and the check
    made by a turn of the loop (`_check_in_turn`) where its task would have been woken."""
    global _open_turn
    if not widget._running:
        return
    queue = widget._message_queue
    if queue.values:
        return
    loop = asyncio._get_running_loop()  # (None in another thread: Textual's prompt crosses)
    if loop is None or not (
        _idle_in_a_turn(widget, queue)
        if isinstance(widget, Screen)
        else _checked_in_a_turn(widget, queue)
    ):
        widget.post_message(messages.Prompt())
        return
    app = active_app.get(None)
    turn = _open_turn
    ready = loop._ready
    queue.values.append(IDLE_PROMPT)  # (not empty: a second prompt adds nothing, as Textual's)
    if turn is not None and turn.app is app and ready and ready[-1] is turn.handle:
        turn.widgets.append(widget)
        return
    turn = _open_turn = _Turn(app, [widget])
    turn.handle = loop.call_soon(_check_in_turn, turn)


def _checked_in_a_turn(widget: Widget, queue) -> bool:
    """True when a turn of the loop may check `widget`'s refresh in place of its task."""
    if widget._next_callbacks or not _taken_by_a_turn(widget, queue):
        return False
    key = (type(widget), "on_idle", events.Idle)
    entry = _DISPATCH.get(key)
    if entry is None or not _still_found(entry):
        entry = _DISPATCH[key] = _found_now(*key)
    return entry[3]  # (False: its idle handlers do more than check its refresh)


def _taken_by_a_turn(widget: Widget, queue) -> bool:
    """True when nothing but a turn's own work waits for `widget`'s task, which waits on its
    empty queue: nothing listens for its messages, and it is not closing."""
    return not (
        widget._pending_message is not None
        or widget._max_idle is not None
        or not queue.ready_event._waiters  # (its task reads no message now: it waits on them)
        or widget.message_signal._subscriptions
        or message_hook_context_var.get(None) is not None
        or widget._closing
    )


def _idle_in_a_turn(screen: Screen, queue) -> bool:
    """True when a turn of the loop may do `screen`'s idle turn in place of its task: its idle
    handler is Textual's `Screen._on_idle` (and what it calls, its callbacks after the frame,
    Textual's `_invoke_and_clear_callbacks`); the turn looks at the callbacks themselves
    (`_plain_callbacks`)."""
    if not _taken_by_a_turn(screen, queue):
        return False
    key = (type(screen), "on_idle", events.Idle)
    entry = _DISPATCH.get(key)
    if entry is None or not _still_found(entry):
        entry = _DISPATCH[key] = _found_now(*key)
    return bool(
        entry[0]
        and entry[0][0][2] is TEXTUALS_SCREEN_ON_IDLE
        and type(screen)._invoke_and_clear_callbacks is TEXTUALS_CALLBACKS_AFTER_THE_FRAME
    )


def _plain_callbacks(screen: Screen) -> bool:
    """True when each callback `screen` holds for after its frame is a plain function, and all
    it was asked to call next is those callbacks (as `Screen._on_timer_update` asks)."""
    for message in screen._next_callbacks:
        callback = message.callback
        if not (
            type(callback) is partial
            and callback.func == screen._invoke_and_clear_callbacks
            and not callback.args
            and not callback.keywords
        ):
            return False
    return all(_plain(callback) for callback, _pump in screen._callbacks)


def _plain(callback: Callable) -> bool:
    """Not a coroutine function (`inspect.iscoroutinefunction`, read from a function's or a
    method's code at once)."""
    function = callback.__func__ if type(callback) is MethodType else callback
    if type(function) is FunctionType:
        return not function.__code__.co_flags & CO_COROUTINE
    return not iscoroutinefunction(callback)


def _idle_screen(screen: Screen) -> None:
    """What the screen's task does with the `Prompt` a turn took from its queue (Textual's
    `_process_messages_loop`): its idle turn (`Screen._on_idle`: the frame timer resumed when
    something waits to be drawn, else the callbacks after the frame called), then what it was
    asked to call next (`_flush_next_callbacks`: those callbacks again); and so again while
    only a prompt reached it meanwhile, as the task reads at once what reached it while it ran.
    A message that reached it meanwhile wakes its task, which reads it."""
    queue = screen._message_queue
    with screen._context():
        while True:
            screen._last_idle = time()
            try:
                if not screen.app._batch_count and screen.is_current and _to_draw(screen):
                    screen._update_timer.resume()
                else:
                    _call_after_the_frame(screen)
            except Exception as error:  # noqa: BLE001 (as the screen's task hands it to the app)
                screen.app._handle_exception(error)
            callbacks = screen._next_callbacks.copy()
            screen._next_callbacks.clear()
            for message in callbacks:
                try:
                    with screen.prevent(*message._prevent):
                        _call_after_the_frame(screen)
                except Exception as error:  # noqa: BLE001 (as the task hands it to the app)
                    screen.app._handle_exception(error)
                    break
            values = queue.values
            if not values or screen._closed:
                return
            if (
                len(values) == 1
                and values[0] is IDLE_PROMPT
                and not queue.ready_event.is_set()
                and screen._running
                and _idle_in_a_turn(screen, queue)
                and _plain_callbacks(screen)
            ):
                values.popleft()
                continue
            queue.ready_event.set()
            return


def _to_draw(screen: Screen) -> bool:
    """Whether `Screen._on_idle` finds something for the screen's next frame."""
    return bool(
        screen._layout_required
        or screen._scroll_required
        or screen._repaint_required
        or screen._recompose_required
        or screen._dirty_widgets
    )


def _call_after_the_frame(screen: Screen) -> None:
    """Textual's `Screen._invoke_and_clear_callbacks` for plain functions: each callback
    called in the context of the pump that asked it."""
    if screen._callbacks:
        callbacks = screen._callbacks[:]
        screen._callbacks.clear()
        for callback, message_pump in callbacks:
            with message_pump._context():
                callback()


def _check_in_turn(turn: _Turn) -> None:
    """What each widget's task would have done with its `Prompt`: read it, go idle and check
    its refresh; or, where it was posted more since, wake the task to read it all."""
    global _open_turn
    if _open_turn is turn:
        _open_turn = None
    turn.handle = None  # (it held the turn: a cycle, left to the cyclic collector)
    for widget in turn.widgets:
        queue = widget._message_queue
        values = queue.values
        if not values or values[0] is not IDLE_PROMPT or queue.ready_event.is_set():
            continue  # its task was woken: it reads the prompt itself
        if (
            len(values) > 1
            or widget._pending_message is not None
            or not widget._running
            or widget._closed
            or (
                widget._closing or not _plain_callbacks(widget)
                if isinstance(widget, Screen)
                else widget._next_callbacks
            )
        ):
            queue.ready_event.set()
            continue
        values.popleft()
        if isinstance(widget, Screen):
            _idle_screen(widget)
            continue
        reset = active_message_pump.set(widget)  # (what the widget's `_context` sets)
        try:
            widget._check_refresh()
        except Exception as error:  # noqa: BLE001 (as the widget's task hands it to the app)
            widget.app._handle_exception(error)
        finally:
            active_message_pump.reset(reset)


def find_screens_quickly() -> None:
    """Have every node of the process find its screen with `_screen_of`."""
    DOMNode.screen = property(_screen_of, doc=TEXTUALS_SCREEN.__doc__)


def _screen_of(node: DOMNode) -> Screen:
    """Textual's `DOMNode.screen`: the first of the node and its ancestors that is a screen,
    found through the weak references to the parents (Textual's `MessagePump._parent`)."""
    try:
        while not isinstance(node, Screen):
            parent = node._MessagePump__parent
            if parent is None or (node := parent()) is None:
                raise NoScreen("node has no screen")
    except AttributeError:
        raise RuntimeError(
            "Widget is missing attributes; have you called the constructor in your widget class?"
        ) from None
    return node


def after_the_frame(screen: Screen, callback: Callable[[], object]) -> None:
    """`screen.call_after_refresh(callback)`, without the message where its order is kept.

    Textual posts an `InvokeLater` to the screen; the screen, reading it, hands the callback
    to the app's current screen (`_invoke_later`, with the message's sender), which calls it
    after its next refresh. Where the screen is the current one, running and not closing, and
    no `InvokeLater` waits in its queue (one that would put its callback first), the callback
    is handed over now, as the screen would hand it."""
    app = screen.app
    queue = screen._message_queue
    if (
        app._running
        and screen is app.screen
        and not (screen._closing or screen._closed)
        and not isinstance(screen._pending_message, messages.InvokeLater)
        and not any(isinstance(message, messages.InvokeLater) for message in queue.values)
    ):
        screen._invoke_later(callback, active_message_pump.get(None) or screen)
    else:
        screen.call_after_refresh(callback)
