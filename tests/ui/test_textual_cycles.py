"""What `ui/terminal/textual_cycles.py` changes of Textual (a closed widget's references to
itself, an `LRUCache`'s ring, a node's component nodes) is there and frees what it should by
reference counts alone: this fails on a Textual release that changes any of it."""

from __future__ import annotations

import gc
import weakref

from wish_tui.ui.terminal import textual_cycles

TEXTUAL_CODE_READ = {
    "Widget._message_loop_exit": "f11bec54df4efd84",
    "Screen._message_loop_exit": "ca1d23f5bb411ad8",
    "LRUCache": "a4c5ed270a5d4365",
    "Stylesheet._process_component_classes": "852b5e4b93c6fc25",
    "DOMNode.get_component_styles": "b92de91553e14e0d",
    "RenderStyles.__init__": "1d9f3d4977bed9d0",
    "Timer.__init__": "8ca147ea690cee4b",
    "Compositor._arrange_root": "e893dcd84bf247f8",
    "Screen._on_layout": "55209a37fad6f883",
}
"""The code of Textual's that `textual_cycles` relies on, as it was read (the start of the
SHA-256 of its source)."""


def test_textuals_code_that_the_cycles_module_relies_on_is_as_it_was_read():
    """Fails on a Textual whose widgets' end, `LRUCache`, component styles or timers changed:
    `textual_cycles` must then be read against it again (and these digests renewed)."""
    import hashlib
    import inspect

    from textual.css.styles import RenderStyles
    from textual.dom import DOMNode
    from textual.screen import Screen
    from textual.timer import Timer

    code = {
        "Widget._message_loop_exit": textual_cycles.TEXTUALS_LOOP_EXIT,
        "Screen._message_loop_exit": Screen._message_loop_exit,
        "LRUCache": textual_cycles.LRUCache,
        "Stylesheet._process_component_classes": textual_cycles.TEXTUALS_COMPONENT_CLASSES,
        "DOMNode.get_component_styles": DOMNode.get_component_styles,
        "RenderStyles.__init__": RenderStyles.__init__,
        "Timer.__init__": Timer.__init__,
        "Compositor._arrange_root": textual_cycles.TEXTUALS_ARRANGE_ROOT,
        "Screen._on_layout": Screen._on_layout,
    }
    source = {name: inspect.getsource(function) for name, function in code.items()}
    digests = {
        name: hashlib.sha256(text.encode()).hexdigest()[:16] for name, text in source.items()
    }
    assert digests == TEXTUAL_CODE_READ


def _patched() -> None:
    textual_cycles.free_closed_widgets()
    textual_cycles.unlink_dropped_caches()
    textual_cycles.hold_component_nodes()
    textual_cycles.hand_on_arranged_maps()


async def alive_after_popping(app, pilot, nodes: list[weakref.ref]) -> list[str]:
    """Pops the screen on top with the cyclic collector off and names those of `nodes` (weak
    references to its widgets) still alive a few frames later: what reference counts left."""
    gc.collect()
    gc.disable()
    try:
        app.pop_screen()
        for _ in range(4):
            await pilot.pause()
        return [type(node()).__name__ for node in nodes if node() is not None]
    finally:
        gc.enable()


async def test_a_closed_window_and_all_its_widgets_are_freed_without_the_cyclic_collector():
    from textual.app import App
    from textual.containers import Vertical
    from textual.screen import ModalScreen
    from textual.widgets import Button, Input, Label, Select, Static

    _patched()

    class Form(ModalScreen):
        def compose(self):
            with Vertical():
                yield Label("a form")
                yield Select([(str(i), i) for i in range(6)], value=1)
                yield Input("some text")
                yield Button("OK")

        def on_unmount(self) -> None:
            # As Textual leaves a screen closed while a layout was due (`Screen._on_layout`:
            # seen in hosted apps): itself a key of its widgets to lay out.
            self._layout_widgets.setdefault(self, set()).add(self)

    class Forms(App):
        def compose(self):
            yield Static("the main screen")

    app = Forms()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        form = Form()
        await app.push_screen(form)
        await pilot.press("tab", "down")
        await pilot.pause()
        nodes = [weakref.ref(node) for node in form.walk_children(with_self=True)]
        assert len(nodes) > 10
        del form
        assert await alive_after_popping(app, pilot, nodes) == []
        assert "the main screen" in "".join(
            strip.text for strip in app.screen._compositor.render_strips()
        )


def test_a_cleared_or_freed_lru_cache_leaves_its_values_to_their_counts():
    from textual.cache import LRUCache

    _patched()

    class Value:
        pass

    gc.disable()
    try:
        for end in ("clear", "free"):
            cache = LRUCache(4)
            values = [Value() for _ in range(6)]
            held = [weakref.ref(value) for value in values]
            for number, value in enumerate(values):
                cache[number] = value
            assert cache.get(3) is values[3] and cache.get(0) is None  # (evicted)
            del values, value
            if end == "clear":
                cache.clear()
                assert len(cache) == 0 and cache.get(3) is None
                cache[1] = "again"
                assert cache.get(1) == "again"
            else:
                del cache
            assert [ref() for ref in held] == [None] * 6, end
    finally:
        gc.enable()


async def test_a_restyled_node_frees_its_old_component_nodes_and_reads_the_new_styles():
    from textual.app import App
    from textual.widgets import OptionList

    _patched()

    class Options(App):
        CSS = """
        OptionList > .option-list--option-highlighted { color: red; }
        OptionList.other > .option-list--option-highlighted { color: blue; }
        """

        def compose(self):
            yield OptionList("one", "two")

    app = Options()
    async with app.run_test(size=(30, 8)) as pilot:
        await pilot.pause()
        options = app.query_one(OptionList)
        name = "option-list--option-highlighted"
        before = weakref.ref(options._component_nodes[name])
        assert options.get_component_styles(name).color.rgb == (255, 0, 0)
        gc.disable()
        try:
            options.add_class("other")
            await pilot.pause()
            assert before() is None
        finally:
            gc.enable()
        assert options.get_component_styles(name).color.rgb == (0, 0, 255)


async def test_an_arrangement_leaves_no_widget_in_a_cycle():
    from textual.app import App
    from textual.containers import Vertical
    from textual.dom import DOMNode
    from textual.widgets import Static

    _patched()

    class Texts(App):
        def compose(self):
            with Vertical():
                yield Static("one")
                yield Static("two")

    app = Texts()
    async with app.run_test(size=(30, 8)) as pilot:
        await pilot.pause()
        screen = app.screen
        gc.collect()
        gc.disable()
        gc.set_debug(gc.DEBUG_SAVEALL)
        try:
            placed, widgets = screen._compositor._arrange_root(screen, screen.size)
            assert screen in placed and len(widgets) == 4
            del placed, widgets
            gc.collect()
            held = [
                type(found).__name__
                for found in gc.garbage
                if isinstance(found, DOMNode)
                or (isinstance(found, (dict, set)) and any(isinstance(k, DOMNode) for k in found))
            ]
        finally:
            gc.set_debug(0)
            gc.garbage.clear()
            gc.enable()
        assert held == []


async def test_a_closed_screen_drops_its_helpers_own_methods_and_plain_looks_cycles():
    from textual.app import App
    from textual.screen import Screen
    from textual.widgets import Static

    from wish_tui.ui.terminal.textual_layout import plain_looks

    _patched()

    class Part:
        """A screen's helper: it holds the screen (a table screen's parts)."""

        def __init__(self, screen) -> None:
            self.screen = screen

        def update(self) -> None:
            pass

    class Listened:
        """What a screen listens to: it holds the screen in a list (a table's listeners)."""

        def __init__(self) -> None:
            self.listeners: list = []

    table = Listened()

    class Board(Screen):
        def compose(self):
            yield Static("the board", id="text")

        def on_mount(self) -> None:
            self.part = Part(self)
            self.last = (self.refresh, ())  # a widget's last update, kept
            text = self.query_one("#text")
            text.told = self.part.update  # a widget told by the screen's part
            text.again = text.refresh
            plain_looks(text)  # (kept with the widget and its ancestors)
            self.table = table
            table.listeners.append(self)

    class Boards(App):
        def compose(self):
            yield Static("the main screen")

    app = Boards()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        board = Board()
        await app.push_screen(board)
        await pilot.pause()
        assert "_plain_looks" in vars(board.query_one("#text"))
        nodes = [weakref.ref(node) for node in board.walk_children(with_self=True)]
        del board
        assert await alive_after_popping(app, pilot, nodes) == []
        assert table.listeners == []
