"""Textual's objects freed by their reference counts once done with, not by the cyclic collector.

Four kinds of Textual's objects are left in reference cycles when the app is done with them, so
that they, and all they hold, wait for a collection of the generation they have reached: in a
host of the session pool, where a form or a window lives long enough for its widgets to be
promoted, for a full collection, which walks every object of every app of the host
(benchmarks/serve.md, "Eleventh round: the cyclic collector"). Each is patched once, for the
process, by the app (`ui.app`):

1. A widget Textual has removed (a window closed, a form left, a panel replaced) still refers to
   itself: its two `Styles` (`DOMNode._css_styles`, `_inline_styles`) keep it as their `node`, a
   screen's compositor keeps the screen as its `root`, a screen closed with a layout pending
   keeps itself as a key of `_layout_widgets`, and a timer the widget made keeps a callback
   bound to it (`SelectOverlay`'s search reset). `free_closed_widgets` has a widget
   drop those once it has left its message loop (`Widget._message_loop_exit`, after Textual's
   own clean-up there: it is out of the DOM and its pump takes no more messages); its styles
   then have no node, as a `Styles` made alone has.
2. Textual's `LRUCache` keeps its entries in a ring of lists: one it clears, or that is freed
   with its owner, leaves the ring and its values (strips, box models, widgets) in a cycle
   (`unlink_dropped_caches`).
3. The nodes Textual makes to read a node's component classes' styles are kept alive only by
   their own `Styles`, a cycle, and replaced at each restyle (`hold_component_nodes`).
4. A compositor's arrangement of a screen is built by a closure that calls itself, a cycle that
   holds the map of every widget of the screen it placed (`hand_on_arranged_maps`).

`tests/ui/test_textual_cycles.py` fails on a Textual that changes any of them.
"""

from __future__ import annotations

import sys
from types import MethodType

from textual._compositor import Compositor
from textual.app import App
from textual.cache import LRUCache
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

TEXTUALS_LOOP_EXIT = Widget._message_loop_exit
TEXTUALS_LRU_CLEAR = LRUCache.clear
TEXTUALS_COMPONENT_CLASSES = Stylesheet._process_component_classes
TEXTUALS_ARRANGE_ROOT = Compositor._arrange_root


def drop_own_references(widget: Widget) -> None:
    """Have a closed `widget` drop what refers back to it (its styles' node, a screen's
    compositor's root and the widgets it was to lay out, keyed by the screen itself, its
    timers' callbacks, and the looks `textual_layout.plain_looks` kept with the widget and its
    ancestors)."""
    for styles in (widget._css_styles, widget._inline_styles):
        styles.node = None
    widget.__dict__.pop("_plain_looks", None)
    if isinstance(widget, Screen):
        widget._compositor.root = None
        widget._layout_widgets.clear()
    for name, value in list(vars(widget).items()):
        if isinstance(value, Timer):
            value._callback = None
        elif _refers_back(value, widget):
            del widget.__dict__[name]


def _refers_back(value: object, widget: Widget) -> bool:
    """Whether `value`, an attribute of the closed `widget`, refers back to it as our widgets'
    own attributes do: a method bound to it (Textual's `_check_refresh`, replaced by
    `textual_column`: the class's is found again once it is dropped), a tuple of one and its
    arguments (a widget's last update, kept to skip the same again), a helper object that holds
    it (a table screen's parts; one that holds it in a list, the table it listens to, is kept,
    and the widget taken out of the list), or a method of a helper that holds a node (a key
    bar told of a new size by the table screen's part that fills it)."""
    if isinstance(value, tuple) and value:
        value = value[0]
    if isinstance(value, MethodType):
        owner = value.__self__
        return owner is widget or any(isinstance(v, DOMNode) for v in _attributes(owner).values())
    for found in _attributes(value).values():
        if found is widget:
            return True
        if type(found) is list and any(item is widget for item in found):
            found[:] = [item for item in found if item is not widget]  # (a table's listeners)
    return False


def _attributes(value: object) -> dict:
    """The attributes of a helper object (none of a node, a class, or what has none)."""
    if isinstance(value, (DOMNode, type)):
        return {}
    try:
        held = vars(value)
    except TypeError:
        return {}
    return held if type(held) is dict else {}


def free_closed_widgets() -> None:
    """Have each widget drop its references to itself once it has left its message loop.
    Patches the class once, for the process."""
    if Widget in _patched:
        return
    exit_loop = TEXTUALS_LOOP_EXIT

    async def message_loop_exit(self) -> None:
        await exit_loop(self)
        drop_own_references(self)

    message_loop_exit.__name__ = message_loop_exit.__qualname__ = "_message_loop_exit"
    message_loop_exit.__doc__ = exit_loop.__doc__
    Widget._message_loop_exit = message_loop_exit
    _patched.append(Widget)


def unlink_dropped_caches() -> None:
    """Have Textual's `LRUCache` unlink its entries when it is cleared or freed.

    Its entries are a ring of lists ``[previous, next, key, value]``: one it clears (a widget's
    query cache as it closes, an option list's rendered options at each change) or that is
    freed with its owner (a widget's box models) leaves that ring, and every value in it
    (strips, box models, widgets), to the cyclic collector. Patches the class once, for the
    process."""
    if LRUCache in _patched:
        return
    clear = TEXTUALS_LRU_CLEAR

    def clear_unlinked(self) -> None:
        for link in self._cache.values():
            link.clear()
        clear(self)

    def unlink_when_freed(self) -> None:
        for link in self._cache.values():
            link.clear()

    clear_unlinked.__name__ = clear_unlinked.__qualname__ = "clear"
    clear_unlinked.__doc__ = clear.__doc__
    unlink_when_freed.__name__ = unlink_when_freed.__qualname__ = "__del__"
    LRUCache.clear = clear_unlinked
    LRUCache.__del__ = unlink_when_freed
    _patched.append(LRUCache)


def hold_component_nodes() -> None:
    """Have a node hold the nodes its component classes' styles are read from, not their
    styles.

    Each time Textual styles a node with component classes (an option list's highlight, an
    input's cursor: at each change of its classes or pseudo-classes) it makes a node for each
    (`Stylesheet._process_component_classes`) whose styles the node keeps; the styles refer
    to that node weakly and its own `Styles` keep it alive: a cycle, so the nodes replaced
    each time wait for the cyclic collector. Here the node holds them itself
    (`_component_nodes`) and their `Styles` drop their node: the ones replaced are freed at
    once. Patches the class once, for the process."""
    if Stylesheet in _patched:
        return
    process = TEXTUALS_COMPONENT_CLASSES

    def process_and_hold(self, node: DOMNode) -> None:
        process(self, node)
        held = {}
        for name, styles in node._component_styles.items():
            component = styles.node
            if component is not None and component is not node:
                component._css_styles.node = component._inline_styles.node = None
                held[name] = component
        node._component_nodes = held

    process_and_hold.__name__ = process_and_hold.__qualname__ = "_process_component_classes"
    process_and_hold.__doc__ = process.__doc__
    Stylesheet._process_component_classes = process_and_hold
    _patched.append(Stylesheet)


def hand_on_arranged_maps() -> None:
    """Have a compositor's arrangement hand on copies of its map and widgets, and empty its own.

    `Compositor._arrange_root` builds them with a closure that calls itself (`add_widget`): a
    cycle, which holds the map (every widget of the screen at that layout, with its geometry)
    and the set of widgets until the cyclic collector frees it; a window closed since stays
    alive with them. The copies are what Textual keeps; the closure is left holding empty
    ones. Patches the class once, for the process."""
    if Compositor in _patched:
        return
    arrange_root = TEXTUALS_ARRANGE_ROOT

    def arrange_root_handing_on(self, root, size, visible_only=True):
        made, widgets = arrange_root(self, root, size, visible_only)
        kept, kept_widgets = dict(made), set(widgets)
        made.clear()
        widgets.clear()
        return kept, kept_widgets

    arrange_root_handing_on.__name__ = arrange_root_handing_on.__qualname__ = "_arrange_root"
    arrange_root_handing_on.__doc__ = arrange_root.__doc__
    Compositor._arrange_root = arrange_root_handing_on
    _patched.append(Compositor)


def keep_prints_in_the_process(app: App) -> None:
    """Have `app`, which shares its process with other apps, leave the process's standard
    output and error as they are while it runs.

    Textual puts a capture of the app's prints there (`_PrintCapture`, which refers to the app)
    and, as the app ends, puts back what it found: apps of one process that do not end in the
    order they began leave an ended app's capture there, and so the app, alive; and a thread
    started while it is there (an executor's) keeps it as its `_stderr` for good. Its prints
    went to the process's streams (`App._print`, no one asking for them otherwise) and go there
    still."""
    app._capture_stdout, app._capture_stderr = sys.stdout, sys.stderr


def let_go_of_ended_app(app: App) -> None:
    """Break the cycles through `app`, which has ended and is never used again: it and all it
    held are then freed by their reference counts, not left to the cyclic collector.

    An ended app is a cycle with nearly all it made: its driver, its styles, its workers'
    manager, its animator and logger, its screen-change signal, its print captures, the words
    and screens of the table server and its connection each refer back to it (benchmarks/
    serve.md, "Twelfth round: the cyclic collector"). Its attributes are dropped, and its
    animator's timer its callback (the animator itself)."""
    animator = app.__dict__.get("_animator")
    if animator is not None:
        animator._timer._callback = None
    vars(app).clear()


_patched: list[type] = []
"""The classes patched here (once each)."""
