"""Wishland's game screen: its keys, its words and its board on the shared table screen.

A highlight moves over the Marketplace (arrows, or 1-5 for a row); Enter or b places Workers on
the highlighted card's row and buys it. In solo the highlight moves over your hand and Enter
plays the card. The highlight is the screen's own (a row and a column), never part of the game;
the rules decide what may be bought. Decisions that are not board moves — the Turn Order space,
a choice of reward, extra Workers, Hotel #19's VP, Hotel #8's bonus card, the Entrepreneur to
keep — are asked in the choice panel.
"""

from __future__ import annotations

from textual.css.query import NoMatches

from wish_tui.core.game_keys import rare_actions
from wish_tui.ui.screens.board_keys import arrow_bindings, number_bindings
from wish_tui.ui.screens.game_key_bindings import game_bindings
from wish_tui.ui.screens.table_screen import UNDO, TableScreen
from wish_tui.widgets.choice_panel import ChoicePanel
from wish_tui.widgets.detail_line import DetailLine
from wish_tui.widgets.key_bar import with_key
from wish_tui.widgets.projection import projected_total
from wish_tui.wishland.words.board_detail import (
    achievement_detail,
    private_achievement_detail,
    seat_detail,
)
from wish_tui.wishland.words.choices import GAME_KEYS, KEY_GROUPS
from wish_tui.wishland.words.detail import card_detail, option_words
from wish_tui.wishland.words.help_text import (
    KEYS,
    achievement_title,
    entrepreneur_title,
    reference_entries,
)
from wish_tui.wishland.words.marks import (
    ACHIEVEMENT_SHORT,
    ACHIEVEMENT_WORDS,
    ROW_TITLE,
    card_title,
    seat_title,
)
from wish_tui.wishland.words.words import RESOURCE_WORDS, entrepreneur_short, plural

from . import cursor as places
from .board import WishlandBoard
from .seats_view import full_rows

ROWS = 5
SOLO_ONLY = frozenset({"play", "draw", "move"})
MARKET_KINDS = frozenset({"buy", "play", "draw", "advertise"})
"""A turn's decisions taken on the Marketplace (solo: your hand)."""
MULTI_ONLY = frozenset({"buy"})
HINT_KEYS = {key.action: key.key for key in GAME_KEYS}
"""A hinted action's key, by its kind (a key group of Wishland is named for its action's kind)."""


def claim_words(claims: list[str], named: bool, short: bool) -> str:
    """What v claims, for the turn's line: the one Achievement's name while `named` (with
    'the Achievement for having' unless `short`), else 'an Achievement'."""
    if len(claims) != 1 or not named:
        return "v claims an Achievement"
    words = ACHIEVEMENT_WORDS.get(claims[0], claims[0])
    lead = "v claims " if short else "v claims the Achievement for having "
    return f"{lead}{words}: +1 VP"


class GameScreen(TableScreen):
    """A game of Wishland in progress."""

    BINDINGS = [
        # The key bar shows them in this order; the seldom usable keys come last, so that their
        # showing up moves no other key.
        *TableScreen.base_bindings("enter", "left", "right", "up", "down"),
        *TableScreen.base_bindings(*"123456789"),
        # At 80 columns every key fits with all the rare ones showing (solo's 1-9 is in `?`).
        *arrow_bindings("cursor", "Card"),
        *number_bindings("row", 5, "Row"),
        *number_bindings("hand", 9),
        *game_bindings(GAME_KEYS, UNDO, undo_before="move"),
    ]
    BOARD = WishlandBoard
    DETAIL_ROWS = 2
    KEY_GROUPS = KEY_GROUPS
    RARE_GROUPS = rare_actions(GAME_KEYS)

    def __init__(self, table, warning: str | None = None) -> None:
        self.cursor: tuple[int, int] = (0, 0)
        """The highlighted card: a Marketplace (row, column), or a card of your park (its row,
        its place in it); in solo (0, index in the hand) or your park (see `cursor`)."""
        self._seen: tuple = ()
        self._best: int | None = None
        """Solo: the best score kept for this setup, to beat (None: none yet)."""
        super().__init__(table, warning)

    # -- words --------------------------------------------------------------------------------
    def keys_text(self) -> str:
        return KEYS

    def rules_entries(self) -> list[tuple[str, str]]:
        return reference_entries()

    def group_title(self, group: str) -> str:
        if group == "collect":
            return "Collect your Workers:"
        if group == "claim":
            return "Claim which Achievement (1 VP each; you may claim several)?"
        return super().group_title(group)

    # -- decisions in the panel ------------------------------------------------------------------
    def asks_in_panel(self, view: dict) -> bool:
        decision = view.get("decision") or {}
        return decision.get("seat") == self.viewer and decision.get("kind") != "turn"

    def decision_title(self, view: dict) -> str:
        decision = view.get("decision") or {}
        kind = decision.get("kind")
        me = view["players"][self.viewer]
        if kind == "keep":
            if view["solo"]:
                return "Keep one of your two Entrepreneur cards (the other is discarded):"
            return (
                "Keep one of your two Entrepreneur cards (the other is discarded unseen; all "
                "kept cards are revealed together):"
            )
        if kind == "order":
            taken = [s for s in view["turn_order_track"] if s["seat"] is not None]
            note = f" ({len(taken)} taken)" if taken else ""
            return (
                f"Round {view['round']}: place your Player Token on a Turn Order space{note}. "
                "The leftmost plays first; each space gives its reward now:"
            )
        if kind == "extra":
            card = decision.get("card", {})
            cost = decision.get("cost", 0)
            return (
                f"Pay for {card.get('id', '')} {card.get('name', '')}: {cost} Credits; each extra "
                f"Worker (up to 3) lowers it by 1. You have {plural(me['credits'], 'Credit')} and "
                f"{plural(me['workers']['hand'], 'Worker')} at hand:"
            )
        if kind == "boost":
            card = decision.get("card", {})
            return (
                f"Hotel #19: pay 2 more Credits for 1 VP on {card.get('id', '')} "
                f"{card.get('name', '')}? You have {me['credits']} Credits."
            )
        if kind == "bonus":
            return (
                f"Hotel #8, Final Scoring: buy and play 1 more card from any Deck, Discard Pile "
                f"or the Marketplace (you have {me['credits']} Credits), or pass:"
            )
        if kind == "gain":
            return self._gain_title(decision.get("prompt") or "")
        return decision.get("prompt") or "Choose."

    def _gain_title(self, prompt: str) -> str:
        """The choice of 1 Happiness, Visitor or Worker, naming only what is offered (a track at
        its top is not)."""
        offered = [RESOURCE_WORDS[a.arg] for a in self.legal() if a.kind == "gain"]
        full = "Choose 1 Happiness, 1 Visitor or 1 Worker"
        if not prompt.startswith(full) or not 0 < len(offered) < len(RESOURCE_WORDS):
            return prompt or "Choose."
        return f"Choose {' or '.join(offered)}{prompt[len(full) :]}"

    def _ask_decision(self, view: dict) -> None:
        legal = self.legal()
        # Passing on Hotel #8's long list of cards comes first, where a key reaches it at once.
        passes = [a for a in legal if a.kind == "pass"]
        ordered = passes + [a for a in legal if a.kind != "pass"]
        self._choose(self.decision_title(view), ordered, cancellable=False)

    def curtain_reason(self, view: dict) -> str:
        kind = (view.get("decision") or {}).get("kind")
        return {
            "keep": "They keep one of their two Entrepreneur cards.",
            "order": "They choose a Turn Order space.",
            "gain": "They choose a reward.",
            "extra": "They pay for a card.",
            "boost": "Hotel #19: they may pay for 1 VP.",
            "bonus": "Hotel #8: they may buy one more card.",
        }.get(kind, "It is their turn.")

    def confirm_end(self, action) -> str:
        view = self.view()
        me = view["players"][self.viewer]
        if action.kind == "end":
            claims = [a for a in self.legal() if a.kind == "claim"]
            if claims:
                names = " and ".join(ACHIEVEMENT_WORDS.get(a.arg, a.arg) for a in claims)
                worth = "1 VP" if len(claims) == 1 else "1 VP each"
                what = "the Achievement" if len(claims) == 1 else "the Achievements"
                return f"End your turn without claiming {what} for {names} ({worth})?"
        if action.kind == "collect" and not action.arg and not me["workers"]["on_board"]:
            return "None of your Workers is on the board: collecting only passes your turn. Do it?"
        if action.kind == "advertise" and view["solo"]:
            n = len(me.get("hand", []))
            return f"Use the Advertisement Space? Your hand of {plural(n, 'card')} is discarded."
        return ""

    # -- what the keys may choose ---------------------------------------------------------------
    def _solo(self) -> bool:
        return bool(self.view()["solo"])

    def _cards(self, view: dict) -> dict[tuple[int, int], dict]:
        """The cards a key may buy (solo: play), by place."""
        return places.offered(view, self.viewer)

    def _in_park(self, view: dict) -> dict | None:
        """The card of your park the highlight is on, or None."""
        row, index = self.cursor
        if row != places.park_row(view):
            return None
        park = places.park_cards(view, self.viewer)
        return park[index] if index < len(park) else None

    def _buyable(self, legal) -> dict:
        return {a.arg: a for a in legal if a.kind in ("buy", "play")}

    def board_marks(self, view: dict, legal: list) -> dict:
        cards = self._cards(view)
        buyable = self._buyable(legal)
        seen = (self.table.version, self.viewer, bool(legal))
        if seen != self._seen:
            # A new position: the highlight settles on a card that can be bought.
            self._seen = seen
            self._settle(cards, buyable)
            if any(a.kind in MARKET_KINDS for a in legal):
                # A phone shows the Marketplace (solo: your hand) when a card is chosen there.
                self.bring_part(places.part_of(self.cursor))
        claimable = [a.arg for a in legal if a.kind == "claim"]
        cursor = self.cursor if self._human_main_turn() or not view["solo"] else None
        return {"buyable": tuple(buyable), "cursor": cursor, "claimable": claimable}

    def _settle(self, cards: dict, buyable: dict) -> None:
        """Keep the highlight on a card: the same place if a card is there (a card of your park
        stays highlighted), else the first card that can be bought (or any card)."""
        if places.on_table(self.cursor) and self.cursor in places.places(self.view(), self.viewer):
            return
        if self.cursor in cards and (cards[self.cursor]["id"] in buyable or not buyable):
            return
        for place, card in sorted(cards.items()):
            if card["id"] in buyable:
                self.cursor = place
                return
        if self.cursor not in cards and cards:
            self.cursor = min(cards)

    def _keys_active(self) -> bool:
        return self._human_main_turn()

    def _may_browse(self) -> bool:
        """True when the arrows and the row keys may move the highlight: in the turn, and while
        another seat decides (browsing plays nothing; a b kept for the turn then buys where the
        person pointed). Solo has no other seat, and its highlight is on your hand."""
        if self._keys_active():
            return True
        return not (self.table.is_over or self.busy or self._solo())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        solo = self._solo()
        if action in ("cursor", "row", "hand"):
            if self.composed(ChoicePanel).is_open or (action == "row" and solo):
                return False
            if action == "hand" and not solo:
                return False
            return True if self._may_browse() else None
        if (action in SOLO_ONLY and not solo) or (action in MULTI_ONLY and solo):
            return False
        return super().check_action(action, parameters)

    # -- the status line -------------------------------------------------------------------------
    def opened(self) -> None:
        view = self.view()
        if view["solo"] and not self.table.is_over:
            self._best = self.app.best_solo_score(self.table, view)
            if self._best is not None:
                self.toast(f"Your best score in this setup is {self._best} VP: beat it!")

    def turn_status(self, view: dict) -> str:
        # The seat's name and a colon come before this; the longest name is "Yellow".
        room = (self.size.width or 80) - len("Yellow: ")
        for named, short in ((True, False), (True, True), (False, True)):
            text = self._turn_status(view, named, short)
            if len(text) <= room:
                break
        best = f" · best {self._best} VP" if self._best is not None else ""
        return text + best if len(text + best) <= room else text

    def _turn_status(self, view: dict, named: bool, short: bool = False) -> str:
        """The turn's line; `named` names the highlighted card (and the one Achievement to
        claim), `short` leaves out what the key bar says already (Advertise, Collect), writes
        Workers as W and an Achievement's name alone."""
        legal = self.legal()
        kinds = {a.kind for a in legal}
        claims = [a.arg for a in legal if a.kind == "claim"]
        extras = [claim_words(claims, named, short)] if claims else []
        if any(a.kind == "collect" and a.arg for a in legal):
            extras.append("c pays 3$ to collect")
        if "move" in kinds:
            extras.append("m free draw")
        if view["stage"] == "after":
            # The turn waits for e only while something free is left to do (the rules' one
            # rule for a turn's end): the line says so before the key that ends it.
            if extras:
                return " · ".join(["Action done", *extras, "e ends your turn"])
            return "Action done, nothing free left · e ends your turn"
        here = self._here(view, legal, named, short)
        if view["solo"]:
            if view["stage"] == "start":
                if "draw" in kinds:
                    return " · ".join(["d draws a card (1 Worker)", "c collects Workers", *extras])
                return " · ".join(["no Worker at hand: c collects them", *extras])
            draw = ["d draws again"] if "draw" in kinds else []
            return " · ".join([here, *draw, "a advertises", *extras])
        if not kinds & {"buy", "advertise"}:
            hand = view["players"][self.viewer]["workers"]["hand"]
            # Short: the seats' table says how many Workers are at hand (W:hand).
            at_hand = "" if short else f"{plural(hand, 'Worker')} at hand: "
            return " · ".join([f"{here} · {at_hand}c collects your Workers", *extras])
        if short:
            return " · ".join([here, *extras])
        ad = ["a advertise"] if "advertise" in kinds else []
        return " · ".join([here, *ad, "c collect", *extras])

    def _here(self, view: dict, legal, named: bool = True, short: bool = False) -> str:
        """The highlighted card and whether Enter buys (plays) it (with its name if `named`)."""
        owned = self._in_park(view)
        if owned is not None:
            return f"{owned['id']} {owned['name']}: in your park" if named else owned["id"]
        card = self._cards(view).get(self.cursor)
        if card is None:
            return "↑ back to the cards" if places.on_table(self.cursor) else "no card here"
        buyable = self._buyable(legal)
        verb = "plays" if view["solo"] else "buys"
        if card["id"] in buyable:
            price = card.get("price", card["cost"])
            title = f"{card['id']} {card['name']}" if named else card["id"]
            if view["solo"]:
                return f"Enter {verb} {title} ({price}$)"
            need = view["marketplace"][self.cursor[0]]["workers_needed"]
            cost = f"{need}W {price}$" if short else f"{plural(need, 'Worker')}, {price}$"
            return f"Enter {verb} {title} ({cost})"
        return (
            f"{card['id']}: cannot buy (b says why)"
            if not view["solo"]
            else (f"{card['id']}: cannot play (Enter says why)")
        )

    # -- refusals ------------------------------------------------------------------------------
    def why_not(self, group: str) -> str:
        if group in ("buy", "play") and not self.table.is_over:
            view = self.view()
            owned = self._in_park(view)
            if owned is not None:
                back = "your hand" if view["solo"] else "the Marketplace"
                return f"{owned['id']} {owned['name']} is in your park: ↑ goes back to {back}."
            if places.on_table(self.cursor):
                where = "your hand" if view["solo"] else "the Marketplace"
                return f"The highlight is on the table, not on a card: ↑ goes back to {where}."
            card = self._cards(view).get(self.cursor)
            if card is not None:
                kind = "play" if view["solo"] else "buy"
                refusals = self.choices().refusals
                return refusals.get(f"{kind} {card['id']}") or f"{card['id']} cannot be had now."
        return super().why_not(group)

    # -- the detail line ----------------------------------------------------------------------
    def detail_words(self, view: dict) -> str:
        owned = self._in_park(view)
        if owned is not None:
            return card_detail(owned, view, self.viewer, "park", fits=self._detail_fits())
        if places.on_table(self.cursor):
            return self._table_detail(view)
        card = self._cards(view).get(self.cursor)
        if card is None:
            return ""
        kind = "play" if view["solo"] else "buy"
        refusal = ""
        if self._human_main_turn() and card["id"] not in self._buyable(self.legal()):
            refusal = self.choices().refusals.get(f"{kind} {card['id']}", "")
        place = "hand" if view["solo"] else "market"
        return card_detail(card, view, self.viewer, place, refusal, self._detail_fits())

    def _table_detail(self, view: dict) -> str:
        """The detail line of the seat's row or the Achievement the highlight is on."""
        row, column = self.cursor
        if row == places.ACHIEVEMENTS_ROW:
            feat = places.achievements(view, self.viewer)[column]
            claimable = feat["id"] in [a.arg for a in self.legal() if a.kind == "claim"]
            if feat.get("own"):
                return private_achievement_detail(feat, claimable)
            return achievement_detail(feat["id"], view, feat["claimed_by"], claimable)
        seat = row - places.SEATS_ROW
        end, full = projected_total(view, seat), full_rows(view, seat)
        return seat_detail(view, seat, self.viewer, end, full, self._detail_fits())

    def option_detail(self, action) -> str:
        return option_words(action, self.view(), self.viewer, self._detail_fits())

    def _detail_fits(self):
        """The detail line's test of a whole text (None before it is mounted: any text fits)."""
        try:
            return self.composed(DetailLine).fits
        except NoMatches:
            return None

    # -- keys ----------------------------------------------------------------------------------
    def action_cursor(self, dx: int, dy: int) -> None:
        """Move the highlight over the Marketplace (in solo your hand) and your park."""
        if not self._may_browse():
            return
        view = self.view()
        self.cursor = places.step(self.cursor, places.places(view, self.viewer), dy, dx)
        self.bring_part(places.part_of(self.cursor))
        self.refresh_view()

    def action_hand(self, index: int) -> None:
        """Solo: highlight card `index` of your hand."""
        self.action_row(index)

    def action_row(self, row: int) -> None:
        """Highlight Marketplace row `row` (solo: card `row` of your hand)."""
        if not self._may_browse():
            return
        self.bring_part(places.MARKET_PART)
        view = self.view()
        if view["solo"]:
            hand = view["players"][self.viewer].get("hand", [])
            if row >= len(hand):
                self.refuse(
                    f"Your hand has {plural(len(hand), 'card')}."
                    if hand
                    else "Your hand is empty: d draws a card."
                )
                return
            self.cursor = (0, row)
        else:
            if row >= ROWS:
                self.refuse("The Marketplace has 5 rows: 1 Y, 2 R, 3 B, 4 G, 5 K.")
                return
            cards = self._cards(view)
            buyable = self._buyable(self.legal())
            in_row = [p for p in sorted(cards) if p[0] == row]
            if not in_row:
                self.refuse(f"No {ROW_TITLE[row][:-1]} card is left this round.")
                return
            good = [p for p in in_row if cards[p]["id"] in buyable]
            keep = (row, self.cursor[1])
            self.cursor = (
                keep if keep in in_row and (keep in good or not good) else (good or in_row)[0]
            )
        self.refresh_view()

    def highlighted_action(self, group: str):
        if group not in ("buy", "play"):
            return None
        card = self._cards(self.view()).get(self.cursor)
        return self._buyable(self.legal()).get(card["id"]) if card else None

    def _play_highlighted(self, group: str) -> None:
        if self.bring_part(places.part_of(self.cursor)):
            return  # on a phone, the card comes into sight before Enter buys it
        action = self.highlighted_action(group)
        if action is None:
            self.refuse(self.why_not(group))
            return
        self.play(action)

    def action_buy(self) -> None:
        """Place Workers on the highlighted card's row and buy it."""
        self._play_highlighted("buy")

    def action_play(self) -> None:
        """Solo: play the highlighted card from your hand."""
        self._play_highlighted("play")

    def action_advertise(self) -> None:
        """Place Workers on the Advertisement Space."""
        self.run_group("advertise")

    def action_collect(self) -> None:
        """Collect your Workers."""
        self.run_group("collect")

    def action_claim(self) -> None:
        """Claim an Achievement."""
        self.run_group("claim")

    def action_end(self) -> None:
        """End your turn."""
        self.run_group("end")

    def action_draw(self) -> None:
        """Solo: place a Worker and draw a card."""
        self.run_group("draw")

    def action_move(self) -> None:
        """Solo: move your Player Token right and draw a card (free)."""
        self.run_group("move")

    # -- help ------------------------------------------------------------------------------------
    def info_targets(self, view: dict) -> list[tuple[str, str]]:
        targets: list[tuple[str, str]] = []
        cards = self._cards(view)
        highlighted = cards.get(self.cursor)
        seen = set()

        def add(label: str, card_id: str) -> None:
            if card_id not in seen:
                seen.add(card_id)
                targets.append((label, card_title(card_id)))

        if highlighted:
            add(f"Highlighted: {card_title(highlighted['id'])}", highlighted["id"])
        for card in cards.values():
            add(card_title(card["id"]), card["id"])
        me = view["players"][self.viewer]
        for kind_cards in me["park"].values():
            for card in kind_cards:
                add(f"Your park: {card_title(card['id'])}", card["id"])
        own = me.get("entrepreneur")
        if own:
            targets.append(
                (
                    f"Your Entrepreneur: {entrepreneur_short(own['id'])}",
                    entrepreneur_title(own["id"]),
                )
            )
        for option in me.get("entrepreneur_options") or []:
            targets.append(
                (f"On offer: {entrepreneur_short(option['id'])}", entrepreneur_title(option["id"]))
            )
        for p in view["players"]:
            ent = p.get("entrepreneur")
            if p["seat"] != self.viewer and ent:
                who = seat_title(p["colour"])
                targets.append(
                    (
                        f"{who}'s Entrepreneur: {entrepreneur_short(ent['id'])}",
                        entrepreneur_title(ent["id"]),
                    )
                )
        for a in view["achievements"]:
            short = ACHIEVEMENT_SHORT.get(a["id"], a["id"])
            targets.append((f"Achievement {short}: {a['text']}", achievement_title(a["id"])))
        targets.append(("The rules of a turn", "A turn"))
        targets.append(("Final Scoring", "Final Scoring"))
        return targets

    def hint_words(self, action, words: str) -> str:
        kind = action.kind
        if kind in ("buy", "play"):
            key = "highlighted: Enter" if kind == "play" else "highlighted: b or Enter"
        elif kind in HINT_KEYS:
            key = HINT_KEYS[kind]
        else:
            key = "highlighted in the window: Enter"
        return with_key(words, key)

    def hinted(self, action) -> None:
        """Highlight the card a hint names (or its option, when the choice panel asks)."""
        panel = self.composed(ChoicePanel)
        if panel.is_open and action in self._options:
            # After the toast is drawn: a redraw of the panel's lines first would hide it.
            delta = self._options.index(action) - panel.highlighted
            self.call_after_refresh(panel.move, delta)
            return
        if action.kind not in ("buy", "play") or not self._human_main_turn():
            return
        view = self.view()
        for place, card in self._cards(view).items():
            if card["id"] == action.arg:
                self.cursor = place
        self.refresh_view()

    # -- the end -----------------------------------------------------------------------------------
    def game_over_screen(self, view: dict, seed: int | None, best=None):
        mine = self.table.held_seats  # a seat given up for good is still this person's
        return self.final_scoring(view, seed, mine[0] if len(mine) == 1 else None, best)

    @staticmethod
    def final_scoring(view: dict, seed: int | None, you: int | None = None, best=None):
        """The final scoring window of `view` (`you`: the one seat at this keyboard; None for
        several, or a spectator; `best`: how a solo score compares with the best ones)."""
        from .game_over import GameOverScreen

        return GameOverScreen(view, seed, you, best)


__all__ = ["GameScreen"]
