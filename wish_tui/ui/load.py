"""The Load screen: every save with its date, seats, round and visible scores; open or delete."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Label

from wish_tui import saves


def seat_label(seat: dict) -> str:
    """A seat in a few letters: 'Air' for a person, 'Fire:easy' for a bot."""
    djinn = seat["djinn"].capitalize()
    return djinn if seat["who"] == "human" else f"{djinn}:{seat['who']}"


class LoadScreen(Screen):
    """Choose a save to open."""

    DEFAULT_CSS = """
    LoadScreen > Vertical { height: 1fr; }
    LoadScreen DataTable { height: 1fr; }
    """
    BINDINGS = [
        Binding("enter", "open", "Open"),
        Binding("d", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Saved games — Enter opens, d deletes, Esc goes back")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self._fill()

    def _fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns("Name", "Saved", "Round", "Scores", "Seats")
        self.infos = saves.list_saves() + saves.list_scenarios()
        scenarios = {i.path for i in saves.list_scenarios()}
        for info in self.infos:
            seats = ", ".join(seat_label(s) for s in info.seats) or info.problem
            scores = " / ".join(str(x) for x in info.scores)
            if info.path in scenarios:
                name = f"{info.name} (scenario)"
            elif info.is_autosave:
                name = "autosave" + (" (over)" if info.is_over else "")
            else:
                name = info.name
            table.add_row(name, f"{info.date:%m-%d %H:%M}", str(info.round), scores, seats)
        if not self.infos:
            self.notify("No saves yet.")
        table.focus()

    def _selected(self):
        table = self.query_one(DataTable)
        if not self.infos or table.cursor_row is None:
            return None
        return self.infos[table.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        """Open the highlighted save."""
        info = self._selected()
        if info is not None:
            self.app.open_path(str(info.path))

    def action_delete(self) -> None:
        """Delete the highlighted save."""
        info = self._selected()
        if info is None:
            return
        if info.path.parent == saves.SCENARIOS_DIR:
            self.notify("Scenarios come with the game and are not deleted.", severity="warning")
            return
        try:
            saves.delete_save(str(info.path))
        except saves.SaveError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Deleted {info.name}.")
        self._fill()

    def action_back(self) -> None:
        """Back to where the Load screen was opened from."""
        self.app.pop_screen()
