"""The table's layout, shared by the game screen and the replay: map with tracks and Offer on
top, the player board (and the hand) below, then the log."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical

from .game_log import GameLog
from .hand_view import HandView
from .map_view import MapView
from .offer_view import OfferView
from .player_board import PlayerBoard
from .tracks_view import TracksView


def compose_table(with_hand: bool = True) -> ComposeResult:
    """Yield the table's widgets (use inside a screen's `compose`)."""
    with Horizontal(id="top"):
        yield MapView(id="map")
        with Vertical(id="side"):
            yield TracksView(id="tracks")
            yield OfferView(id="offer")
    with Horizontal(id="bottom"):
        yield PlayerBoard(id="board")
        if with_hand:
            yield HandView(id="hand")
    yield GameLog(id="log")
