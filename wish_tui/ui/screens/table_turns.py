"""The table screen's turns at one keyboard: what happens next (the final scoring, a curtain, a
window for the decision), the curtain as the keyboard passes to another person, the bell as a
decision becomes this keyboard's after a wait, and a game key kept from another seat's decision
for this keyboard's turn (as a premove is on lichess).

One object the `TableScreen` composes (`screen.turns`).
"""

from __future__ import annotations

import time

from textual.screen import ModalScreen

from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.key_bar import key_label

from .curtain import CurtainScreen

BELL_AFTER = 5.0
"""Seconds a person must have waited for their decision before the bell rings for it."""


class TableTurns:
    """Whose turn it is at this keyboard, as the `TableScreen` follows it."""

    def __init__(self, screen) -> None:
        self.screen = screen
        self.waiting_since: float | None = None
        """Since when this keyboard has waited for others to decide (None while it decides)."""
        self.kept: str | None = None
        """A game key pressed while another seat decided, taken when the turn is this
        keyboard's (None: none is kept)."""

    def proceed(self) -> None:
        """Decide what happens next: game over, a curtain, or a person's choice (a bot, or a
        person elsewhere, moves by itself and the table tells of it). Nothing once the screen
        is gone (the table closed, left) before a step it had put off."""
        screen = self.screen
        if screen.busy or screen not in screen.app.screen_stack:
            return
        table = screen.table
        if table.is_over:
            if not self._left_behind():
                screen.leaving.show_game_over()
            return
        seat = table.deciding
        if not screen._is_mine(seat):
            return
        if seat != screen.viewer:
            self.pass_to(seat)
            return
        view = screen.view()
        if screen.asks_in_panel(view):
            screen._ask_decision(view)
        elif self.kept is not None:
            self._take_kept()

    def _left_behind(self) -> bool:
        """True when a screen of its own (the lobby, a club's page) lies over the table screen:
        its final scoring would open over that screen."""
        stack = self.screen.app.screen_stack
        above = stack[stack.index(self.screen) + 1 :]
        return any(not isinstance(shown, ModalScreen) for shown in above)

    def _mine_decides(self) -> bool:
        table = self.screen.table
        return table.seats[table.deciding].mine if table.deciding is not None else False

    def keep(self, key: str) -> None:
        """Keep a game key pressed while another seat decides for this keyboard's turn (a later
        one takes its place); the status line says so."""
        self.kept = key
        self.screen.status_line.show()

    def forget(self) -> None:
        """Forget the kept key (Esc while another seat decides)."""
        self.kept = None
        self.screen.status_line.show()

    def kept_words(self) -> str:
        """What the status line adds while a key is kept ('' while none is)."""
        if self.kept is None or self.screen.table.is_over:
            return ""
        return f" {key_label(self.kept)} waits for your turn (Esc forgets it)."

    def _take_kept(self) -> None:
        """The turn is this keyboard's: the kept key's window opens, even for one action, so
        nothing is played in a position its presser has not seen; a key that acts on the
        highlight (Wishland's b) opens on the action it would take there, when it still may;
        a key that offers nothing now says why in one sentence."""
        screen = self.screen
        key, self.kept = self.kept, None
        router = screen.router
        groups = router.key_groups(key)
        for group in groups:
            actions = router.group(group) if router.live(group) else []
            chosen = screen.highlighted_action(group) if actions else None
            if len(actions) == 1 or chosen in actions:
                name = screen.KEY_GROUPS[group][0]
                screen._choose(f"{name}, pressed before your turn: Enter takes it", actions)
                if chosen in actions:
                    panel = screen.composed(ChoicePanel)
                    panel.move(actions.index(chosen) - panel.highlighted)
                return
            if actions:
                router.run_group(group)
                return
        if groups:
            why = screen.why_not(groups[0])
            screen.refuse(
                f"The {key_label(key)} pressed before your turn cannot be taken now: {why}"
            )

    def ring_if_called(self) -> None:
        """Ring the terminal's bell once when a decision becomes this keyboard's after a wait,
        so a person who looked away knows (ctrl+g turns it off)."""
        now = time.monotonic()
        app = self.screen.app
        if self.screen.table.is_over or not self._mine_decides():
            if self.waiting_since is None:
                self.waiting_since = now
            return
        waited, self.waiting_since = self.waiting_since, None
        if waited is not None and now - waited >= BELL_AFTER and app.bell_on:
            app.bell()

    def toggle_bell(self) -> None:
        """Turn the bell for a decision on or off."""
        on = not self.screen.app.bell_on
        self.screen.app.set_bell(on)
        self.screen.toast(
            "The bell rings when a decision becomes yours (ctrl+g turns it off)."
            if on
            else "The bell is off (ctrl+g turns it on)."
        )

    def pass_to(self, seat: int) -> None:
        """The decision is another seat's of this keyboard: show its view, behind a curtain
        when several people share the keyboard."""
        screen = self.screen
        if len(screen._mine()) <= 1:
            screen.viewer = seat
            screen.refresh_view()
            screen.proceed()
            return
        screen.busy = True
        reason = screen.curtain_reason(screen.table.seat(seat).view())

        def lifted(_: None) -> None:
            screen.viewer = seat
            screen.busy = False
            screen.news.write_unread()
            screen.refresh_view()
            screen.proceed()

        curtain = CurtainScreen(
            screen.people.seat_label(seat),
            reason,
            save=screen.action_save if screen.table.can_save else None,
            leave=screen.action_quit_game,
        )
        screen.app.push_screen(curtain, lifted)
