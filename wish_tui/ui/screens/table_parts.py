"""A board's parts on a narrow terminal: one part shown at a time, a key and a tap to switch.

The contract every game follows (a phone's portrait terminal is about 40x30, its landscape one
about 90x20):

- Below `NARROW_WIDTH` columns or `NARROW_HEIGHT` rows a screen showing a board (the table
  screen, a replay, a watched table) has the class `narrow` and shows one part of the board at
  a time. The game's board declares its parts in `TableBoard.PARTS`, (widget id, name) in order
  (Wish: the map, the tracks and Offer, your board and hand, the log); a widget of the board
  that is no part and holds none shows in every part.
- A part shown gets the class `-part-shown`, the containers holding it `-part-holder` (both take
  the board's whole room), every other part and container `-part-hidden` (not displayed); what
  a part looks like at 40 columns is the game's own CSS under `Screen.table.narrow`.
- Tab shows the next part, shift+Tab the one before (the key bar says `tab Part`); the part
  tabs (`PartTabs`, a row above the board) name every part and a click or a tap on a name shows
  it.
- A part taller than the room left for it (Wish's map and Spirits of the Forest's forest at
  40x20) scrolls with the board: PageUp and PageDown, the wheel, a finger on a phone's page;
  the log takes the board's room and pages itself. When the game's highlight moves (an arrow
  key, a tap), the part scrolls to show the highlighted place whole with the row around it
  (an Area's frame and number): `BoardParts.follow`, from the places the boards mark. A replay
  stepped by its arrows and a watched table keep the row of the seat deciding (its `▶`) in
  sight the same way (`BoardParts.follow_turn`).
- Nothing a decision needs is ever hidden: the choice panel, the status line, the detail line
  and the key bar lie outside the board and show in every part; the key bar wraps to up to
  `NARROW_KEY_ROWS` rows rather than cut its keys' words.
- At `NARROW_WIDTH`x`NARROW_HEIGHT` and larger nothing of this shows: the layouts there are
  those of the wide screens (`is_compact` tells the smaller of them from the roomy ones).
"""

from __future__ import annotations

from textual.binding import Binding
from textual.css.query import NoMatches
from textual.geometry import Region, Size

from wish_tui.widgets.board_place import PLACE, TURN, drawn_rows
from wish_tui.widgets.key_bar import KeyBar
from wish_tui.widgets.part_tabs import PartTabs

from .table_board import TableBoard

NARROW_WIDTH, NARROW_HEIGHT = 80, 24
"""Below either, a board shows one part at a time."""
ROOMY_WIDTH, ROOMY_HEIGHT = 100, 34
"""From both on, a board takes the room of a large terminal (the `roomy` class)."""
NARROW_KEY_ROWS = 3
"""The most rows the key bar takes on a narrow terminal (one on a wider one)."""
PART_KEYS = [
    Binding("tab", "next_part(1)", "Part"),
    Binding("shift+tab", "next_part(-1)", show=False),
    Binding("pageup", "turn_page(-1)", show=False),
    Binding("pagedown", "turn_page(1)", show=False),
]
"""The keys that switch parts and page through the one in sight (or the log), which every
screen showing a board lists."""


def is_compact(size: Size) -> bool:
    """True on a terminal smaller than a roomy one (80x24 and the like, and a narrow one)."""
    return size.height < ROOMY_HEIGHT or size.width < ROOMY_WIDTH


def is_narrow(size: Size) -> bool:
    """True on a terminal that shows one part of a board at a time."""
    return size.width < NARROW_WIDTH or size.height < NARROW_HEIGHT


class BoardParts:
    """The parts of the board a screen shows (its `#board-root`), and which one is in sight."""

    def __init__(self, screen, board: type[TableBoard]) -> None:
        self.screen = screen
        self.parts = board.PARTS
        self.shown = 0
        """The index of the part in sight on a narrow terminal."""
        self.narrow = False
        self.followed = None
        """The highlighted place the part in sight scrolled to last."""
        self.turn_followed = None
        """The position whose seat deciding the part in sight scrolled to last."""

    def tabs(self) -> PartTabs:
        """The row of part names, for the screen to compose above its board."""
        tabs = PartTabs(id="parts")
        tabs.set_names(tuple(name for _, name in self.parts))
        tabs.display = False
        return tabs

    def places_bottom(self) -> int:
        """The screen row just under the board's first part, where a player chooses places
        (Wish's map, the forest, the market): 0 on a narrow terminal or before it is drawn."""
        if self.narrow or not self.parts:
            return 0
        try:  # Textual keeps what `query_one` found, where a `query` walks every widget
            return self.screen.composed(f"#{self.parts[0][0]}").region.bottom
        except NoMatches:
            return 0

    @property
    def switchable(self) -> bool:
        """True when a key or a tap shows another part now."""
        return self.narrow and len(self.parts) > 1

    def fit(self) -> None:
        """The terminal's size changed: show the board whole, or one part of it."""
        screen = self.screen
        self.narrow = is_narrow(screen.size)
        screen.set_class(self.narrow, "narrow")
        screen.set_class(not is_compact(screen.size), "roomy")
        for tabs in screen.query(PartTabs):
            tabs.display = self.switchable
        for bar in screen.query(KeyBar):
            bar.set_max_rows(NARROW_KEY_ROWS if self.narrow else 1)
        self._mark()
        screen.refresh_bindings()

    def step(self, delta: int) -> None:
        """Show the next part (`delta` 1) or the one before (-1)."""
        if self.parts:
            self.show_part((self.shown + delta) % len(self.parts))

    def show_part(self, index: int) -> None:
        """Show part `index`."""
        self.shown = index
        for tabs in self.screen.query(PartTabs):
            tabs.mark(index)
        self._mark()

    def turn_page(self, pages: int) -> bool:
        """Scroll the part in sight a page up (-1) or down (1) when it is taller than its room;
        True when it is."""
        board = self.screen.query_one("#board-root")
        if not self.switchable or not board.max_scroll_y:
            return False
        board.scroll_to(y=board.scroll_y + pages * max(1, board.size.height - 1), animate=False)
        return True

    def follow(self, place) -> None:
        """The game's highlight is on `place` (None: none): when it moved, scroll the part in
        sight to show it once the board is drawn."""
        if place == self.followed:
            return
        self.followed = place
        if place is not None and self.switchable:
            self.screen.call_after_refresh(self._bring_into_sight, place)

    def follow_turn(self, moment) -> None:
        """Keep the row of the seat deciding (its `▶`) in sight in the part shown, as `follow`
        keeps the highlight: a replay stepped by its arrows, a watched table as it goes on.
        `moment` names the position (a replay's step, who decides at a watched table): the part
        scrolls when it changed, so paging it by hand holds until then."""
        if moment == self.turn_followed:
            return
        self.turn_followed = moment
        if self.switchable:
            self.screen.call_after_refresh(self._bring_into_sight, True, TURN)

    def _bring_into_sight(self, place, key: str = PLACE) -> None:
        board = self.screen.query_one("#board-root")
        if not self.switchable or not board.max_scroll_y:
            return
        rows = drawn_rows(board.query_one(f"#{self.parts[self.shown][0]}"), place, key)
        if rows is None:
            return
        # The place with the row above and below it: an Area's frame and its number.
        top = rows[0] - 1 - board.content_region.y + round(board.scroll_y)
        region = Region(0, max(0, top), 1, rows[1] - rows[0] + 3)
        board.scroll_to_region(region, animate=False, x_axis=False, immediate=True)

    def shown_id(self) -> str | None:
        """The widget id of the part in sight (None: the board shows whole)."""
        return self.parts[self.shown][0] if self.switchable else None

    def _mark(self) -> None:
        if not self.parts:
            return
        board = self.screen.query_one("#board-root")
        shown = board.query_one(f"#{self.parts[self.shown][0]}")
        holders = set(shown.ancestors) - set(board.ancestors_with_self)
        narrow = self.switchable
        for part_id, _ in self.parts:
            part = board.query_one(f"#{part_id}")
            part.set_class(narrow and part is shown, "-part-shown")
            part.set_class(narrow and part is not shown, "-part-hidden")
            for holder in part.ancestors:
                if holder is board:
                    break
                holder.set_class(narrow and holder in holders, "-part-holder")
                holder.set_class(narrow and holder not in holders, "-part-hidden")
