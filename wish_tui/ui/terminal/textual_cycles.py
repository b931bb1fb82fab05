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

from textual._compositor import Compositor
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
    timers' callbacks)."""
    for styles in (widget._css_styles, widget._inline_styles):
        styles.node = None
    if isinstance(widget, Screen):
        widget._compositor.root = None
        widget._layout_widgets.clear()
    for value in vars(widget).values():
        if isinstance(value, Timer):
            value._callback = None


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


_patched: list[type] = []
"""The classes patched here (once each)."""
