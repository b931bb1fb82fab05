"""What every game's final scoring window shares: its keys.

Esc goes back to the table to look at the final position (Enter there opens the window again),
`n` sets up a new game (a new table at a server), `q` leaves: the app, or at a server's table,
back to the server's tables. `r` asks for a rematch at a server's table (not a watched one), and
elsewhere opens the game's replay with the expert's review of your seat under way.

The same window shows a game in progress as it would end now (`projected`, the table's `w`):
then it says so above the verdict, and Esc, `q` or `w` only close it.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Vertical

from wish_tui.widgets.view_text import NARROW_BELOW

from .app_screen import AppModalScreen

GAME_OVER_EXIT = "The game is over; 'wish-tui' then Load lists it to replay."
"""What is said on leaving the app after a game's end."""


class FinalScoringScreen(AppModalScreen[None]):
    """Base of a game's final scoring window."""

    DEFAULT_CSS = """
    FinalScoringScreen { align: center middle; }
    FinalScoringScreen > Vertical { width: 96%; height: auto; max-height: 100%; overflow-y: auto;
        border: double $accent; background: $surface; padding: 0 1; }
    FinalScoringScreen #verdict { text-style: bold; }
    FinalScoringScreen Label { width: 100%; }
    FinalScoringScreen #rematch-offer { color: $warning; text-style: bold; }
    """
    GAME: str | None = None
    """The game a new game is set up for (the registry's name)."""
    projected = False
    """True when the window shows the final scoring if the game ended now, not its end."""
    table = None
    """The table whose game the window scores (its rematch offer, its rematch), given by the
    table screen that opens the window; None for a window shown on its own."""
    online = False
    """True at a server's table: n sets up a new table, q goes back to the tables, r rematches."""
    notes: tuple[str, ...] = ()
    """Sentences under the verdict on how the game was settled: aborted, or a seat given up
    and ranked last whatever its score (`core.ranking.result_lines`)."""
    BINDINGS = [
        Binding("escape", "back", "The table"),
        Binding("n", "new_game", "New game"),
        Binding("q", "leave", "Leave"),
        Binding("r", "review", "Review"),
        Binding("r", "rematch", "Rematch"),
        Binding("w", "back", show=False),
    ]

    def __init__(self, view: dict | None = None, seed: int | None = None, you: int | None = None):
        super().__init__()
        self.view = view or {}
        """The game's last view, as the window's seat sees it."""
        self.seed = seed
        """The game's seed, shown now that the deal is no longer a secret."""
        self.you = you
        """The seat of the one person at the table (None: several people, or none)."""

    def seed_note(self) -> str:
        """How to deal this game again ('' without a seed), in one line of 80 columns: at a
        club, where a table is opened without a seed and '--seed' needs the app on one's own
        computer, how to find the game again there."""
        if self.seed is None:
            return ""
        if self.online:
            return f"Seed {self.seed}: h in the lobby lists this game to replay."
        return f"Seed {self.seed}: --seed {self.seed} deals it again."

    def on_mount(self) -> None:
        if self.app.size.width < NARROW_BELOW:
            # A phone's narrow screen: the window takes every column for the seats' scores.
            for window in self.query_children(Vertical):
                window.styles.width = "100%"
        # On a short terminal the window scrolls: it opens at its top, on the verdict.
        self.call_after_refresh(self._show_top)
        table = self.table
        if table is not None and table.rematch_offer and not self.projected:
            self.show_rematch_offer(table.rematch_offer)
        if self.projected:
            from textual.widgets import Label

            for label in self.query("#verdict").results(Label):
                shown = str(label.render())
                # A name keeps its capital ('Air wins'); 'The forest wins' reads 'the forest'.
                if shown.startswith("The "):
                    shown = "t" + shown[1:]
                label.update(f"If the game ended now: {shown}")
        if self.notes:
            from textual.widgets import Label

            for verdict in self.query("#verdict").results(Label):
                notes = Label("\n".join(self.notes), id="result-notes")
                verdict.parent.mount(notes, after=verdict)
                break

    def check_action(self, action: str, parameters) -> bool | None:
        # `r` has one meaning at a time: a rematch at a server's table, else a review.
        if action == "rematch":  # (a spectator's window has no table: no seat to sit at again)
            return self.online and not self.projected and self.table is not None
        if action == "review":
            return not (self.online or self.projected) and self.table is not None
        return not (self.projected and action == "new_game")

    def show_rematch_offer(self, text: str) -> None:
        """Say above the verdict that another player asks for a rematch (r sits you down)."""
        from textual.widgets import Label

        shown = self.query("#rematch-offer")
        if shown:
            shown.first(Label).update(text)
            return
        box = self.query(Vertical).first()
        title = box.query("#title")
        offer = Label(text, id="rematch-offer")
        if title:
            box.mount(offer, after=title.first())
        else:
            box.mount(offer, before=0)

    def action_rematch(self) -> None:
        """At a server's table: a new table with the same game and seats; the others are
        invited to sit down again."""
        if self.table is not None:
            self.table.rematch()

    def action_review(self) -> None:
        """The game's replay, the expert reviewing your seat's decisions."""
        from wish_tui.records import GameRecord

        table = self.table
        data = table.open_record()
        if data is None:
            return
        record = GameRecord.from_json(data, games={table.spec.name: table.spec})
        self.app.show_replay(record, review=True)

    def _show_top(self) -> None:
        for box in self.query(Vertical):
            box.scroll_home(animate=False)
            break

    def action_back(self) -> None:
        """Look at the final position."""
        self.dismiss()

    def action_new_game(self) -> None:
        """Set up a new game (a new table when playing at a server)."""
        self.app.show_new_game(game=self.GAME, online=self.online, over_this=True)

    def action_leave(self) -> None:
        """Leave the app, or at a server's table go back to its tables."""
        if self.projected:
            self.dismiss()
        elif self.online:
            self.app.show_lobby()
        else:
            self.app.exit(message=GAME_OVER_EXIT)
