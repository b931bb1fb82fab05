"""The Load screen: every game in progress, every named save, the finished games kept for
replay and the scenarios, of every game, with date, seats, progress and visible scores; open,
replay or delete. A damaged file is listed with the reason it cannot be opened."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Label, Static

from wish_tui import games, saves
from wish_tui.games import GAMES
from wish_tui.ui.screens.app_screen import AppScreen
from wish_tui.widgets.key_footer import NARROW_WIDTH, KeyFooter
from wish_tui.widgets.row_words import row_words


def seat_label(seat: dict, game: str | None = None) -> str:
    """A seat in a few letters: 'Air' for a person, 'Fire:easy' for a bot."""
    spec = games.GAMES.get(game) or games.get(None)
    name = str(seat.get(spec.seat_key, "?")).capitalize()
    who = seat.get("who", "human")
    return name if who == "human" else f"{name}:{who}"


def row_name(info: saves.SaveInfo, scenarios: set) -> str:
    """How the list names a save: its name, '(scenario)', or what an autosave is a game of."""
    if info.path in scenarios:
        return f"{info.name} (scenario)"
    if info.problem:
        return f"{info.name} (damaged)"
    if info.is_autosave:
        if info.is_over:
            return f"finished: {info.result}" if info.result else "finished game"
        return "game in progress"
    return info.name


class LoadScreen(AppScreen):
    """Choose a save to open."""

    DEFAULT_CSS = """
    LoadScreen > Vertical { height: 1fr; }
    LoadScreen DataTable { height: 1fr; }
    LoadScreen #detail { height: auto; max-height: 4; border-top: solid $accent; padding: 0 1; }
    LoadScreen.-slim #detail { max-height: 10; }
    LoadScreen.-slim Label { width: 1fr; }
    LoadScreen.-slim DataTable { min-height: 4; }
    """
    BINDINGS = [
        Binding("enter", "open", "Open"),
        Binding("r", "replay", "Replay"),
        Binding("d", "delete", "Delete"),
        Binding("escape,q", "back", "Back"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Saved games — Enter opens, r replays, d deletes, Esc or q goes back")
            yield DataTable(id="saves", cursor_type="row", zebra_stripes=True)
            yield Static("", id="detail")
        yield KeyFooter()

    def on_mount(self) -> None:
        self._fill()

    def _fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear(columns=True)
        table.add_columns("Name", "Game", "Saved", "Scores", "Progress", "Seats")
        self.infos = (
            saves.list_saves(games=GAMES)
            + saves.list_history(games=GAMES)
            + saves.list_scenarios(games=GAMES)
        )
        scenarios = {i.path for i in saves.list_scenarios(games=GAMES)}
        for info in self.infos:
            spec = games.GAMES.get(info.game)
            title = spec.title.split()[0] if spec else "—"
            seats = ", ".join(seat_label(s, info.game) for s in info.seats)
            if info.solo:
                seats += f" (solo {info.solo})"
            scores = "/".join(str(x) for x in info.scores)
            table.add_row(
                row_name(info, scenarios),
                title,
                f"{info.date:%m-%d %H:%M}",
                scores,
                info.progress,
                seats,
            )
        if not self.infos:
            self.notify("No saves yet.")
        table.focus()
        self._show_detail()

    def _selected(self):
        table = self.query_one(DataTable)
        if not self.infos or table.cursor_row is None:
            return None
        return self.infos[table.cursor_row]

    def _show_detail(self) -> None:
        info = self._selected()
        text = ""
        if info is not None:
            text = info.problem or info.description or str(info.path)
            if info.result and not info.problem:
                text = f"Finished: {info.result}. {text}"
            if self.size.width < NARROW_WIDTH:  # a phone: the row's columns are cut above
                text = f"{row_words(self.query_one(DataTable))}\n{text}"
        self.query_one("#detail", Static).update(text)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_detail()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    def action_open(self) -> None:
        """Open the highlighted save."""
        info = self._selected()
        if info is not None:
            self.app.open_path(str(info.path))

    def action_replay(self) -> None:
        """Step through the highlighted save from its start."""
        info = self._selected()
        if info is not None:
            self.app.replay_path(str(info.path))

    def action_delete(self) -> None:
        """Delete the highlighted save."""
        info = self._selected()
        if info is None:
            return
        if info.path.parent == saves.SCENARIOS_DIR:
            self.notify("Scenarios come with the game and are not deleted.", severity="warning")
            return
        try:
            saves.delete_save(str(info.path), games=GAMES)
        except saves.SaveError as exc:
            self.notify(str(exc), severity="error")
            return
        self.notify(f"Deleted {info.name}.")
        self._fill()

    def action_back(self) -> None:
        """Back to where the Load screen was opened from."""
        self.app.pop_screen()
