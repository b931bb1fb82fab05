"""Help: the keys, and a searchable rules reference in our own words with every card and Area."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from wish_tui.wish.rules import CATALOG

KEYS = """\
t Travel        e Empower       m Manifest (or the Caravan's trade)
f Fulfill (or build a Monument)  s the Djinn's Special action
p Potion: a fourth action        k Trickery: Fulfill, person recoloured
r Trade 3:1 (Air 2:1)            n End the turn
u Undo    h Hint    i Text of a card or Area    F1 Rules reference
ctrl+s Save    q Quit    PageUp/PageDown scroll the log
In a choice: 1-9 pick, arrows and Enter, Esc goes back (when allowed)."""

ABILITIES = {
    "dark_temple": "Draw the top Wish of the discard pile, then discard a Wish.",
    "cataracts": "Gain 2 Crystals of any colours; each other player gains 1 of any colour.",
    "palace_gardens": "Draw a Wish from the deck, then discard a Wish.",
    "palace": "Look at an opponent's hand; you may swap one of your Wishes for one of theirs.",
    "forest": "Gain 1 Crystal of any colour.",
    "ruins": "Teleport anywhere on the map.",
    "oasis": "Trade with the Caravan as if you were in its Area.",
    "sandhills": "Discard the Offer, reveal 3 new cards; draw a Wish from the deck, discard a Wish.",
    "mountain_caves": "Gain 1 Potion token.",
    "volcano": "Gain 1 VP token.",
    "trade_market": "Spend 1 Crystal; gain 2 Crystals of other colours.",
    "dock": "Gain 1 Trickery token.",
}
"""Each Area's Manifest ability in our words."""

RULES = [
    ("Goal", "Score the most VP: fulfil Wishes, build Monuments, fulfil your secret Destiny."),
    (
        "Rounds",
        "Each round a Caravan card moves the Caravan 0-2 Areas towards the Dock and sets its trade. When it reaches the Dock (X), that round is the last.",
    ),
    (
        "Your turn",
        "Place up to 3 action markers, one per column, on one symbol each. Column 2 is locked until your third fulfilled Wish.",
    ),
    ("Travel", "Move to an adjacent Area."),
    ("Empower", "Gain the Area's two Crystals."),
    ("Manifest", "Use the Area's ability, or trade with the Caravan in its Area."),
    (
        "Fulfill",
        "Pay a Wish's cost in an Area with a Wishing Person of its colour; take the person, draw a card from the Offer, then the Wish's effect. Or build the Area's Monument with people you collected.",
    ),
    (
        "Monuments",
        "People on a Monument can still be used to fulfil Wishes; the builder gains 1 VP each time someone else does.",
    ),
    ("Trade", "Any time on your turn: 3 Crystals for 1 of another colour (Air: 2 for 1)."),
    ("Potion", "After your 3 markers, one more action on a symbol without a marker. One per turn."),
    ("Trickery", "Just before a Fulfill, treat a Wishing Person here as any colour. One per turn."),
    (
        "Air",
        "Sky's Blessing: trade 2:1. Cloudbearer: place or move a Wind Blast; entering or starting on one lets you travel on for free.",
    ),
    (
        "Water",
        "Hand of 4 Wishes. Ice Dibs: put a Frostflake on an Offer card; when it leaves the Offer gain 1 Crystal of its cost (2 if an opponent drew it).",
    ),
    (
        "Fire",
        "Fiery Clone: place or move a clone anywhere; Empower, Manifest or Fulfill from a clone's Area (the clone is used up).",
    ),
    (
        "Earth",
        "Providence: after every Manifest put a Crystal on your Nest. Harvest: take all Nest Crystals (safe from spending and theft).",
    ),
    (
        "Scoring",
        "Wishes' VP, VP tokens, Ongoing Wishes, Badges, Destiny. Ties: Badges, Crystals, Wishes fulfilled.",
    ),
    (
        "Solo",
        "A Challenge card each turn acts as an opponent; the Offer slides right each round; fulfil your Destiny.",
    ),
]


def reference_entries() -> list[tuple[str, str]]:
    """Every rule, Area, Wish, Destiny and Monument as (title, text)."""
    entries = list(RULES)
    for area in CATALOG.areas:
        entries.append((f"Area: {area.name}", ABILITIES[area.ability]))
    for wish in CATALOG.wishes.values():
        entries.append(
            (
                f"Wish: {wish.name}",
                f"{wish.type.capitalize()}, {wish.timing}, cost {wish.cost_letters}, {wish.vp} VP. {wish.text}",
            )
        )
    for destiny in CATALOG.destinies.values():
        entries.append((f"Destiny: {destiny.name}", destiny.text))
    for monument in CATALOG.monuments:
        cost = ", ".join(
            f"{n} {c}"
            for c, n in zip(
                ("red", "blue", "green", "yellow", "white", "purple"), monument.cost, strict=True
            )
            if n
        )
        entries.append(
            (
                f"Monument: {monument.name}",
                f"In {CATALOG.areas[monument.area].name}; needs {cost}; {monument.vp} VP.",
            )
        )
    return entries


class KeysScreen(ModalScreen[None]):
    """Every key of the game."""

    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen > Vertical { width: 78; max-width: 100%; height: auto; border: thick $accent; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape,question_mark,q", "close", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Keys", id="keys-title")
            yield Label(KEYS)
            yield Label("Esc closes.")

    def action_close(self) -> None:
        """Close the window."""
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """A searchable rules reference; Enter on an entry shows its full text."""

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > Vertical { width: 96%; height: 95%; border: thick $accent; background: $surface; }
    RulesScreen OptionList { height: 1fr; }
    RulesScreen #rule-text { height: auto; min-height: 3; padding: 0 1; border-top: solid $accent; }
    """
    BINDINGS = [Binding("escape", "close", "Close")]

    def __init__(self, search: str = "") -> None:
        super().__init__()
        self.entries = reference_entries()
        self.search = search

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("How to play — type to search, ↑↓ to browse, Esc to close")
            yield Input(value=self.search, placeholder="search rules, Areas, Wishes, Destinies…")
            yield OptionList()
            yield Label("", id="rule-text")

    def on_mount(self) -> None:
        self._fill(self.search)
        self.query_one(Input).focus()

    def _fill(self, needle: str) -> None:
        needle = needle.lower().strip()
        option_list = self.query_one(OptionList)
        option_list.clear_options()
        self.shown = [e for e in self.entries if needle in e[0].lower() or needle in e[1].lower()]
        option_list.add_options([Option(title) for title, _ in self.shown])
        if self.shown:
            option_list.highlighted = 0
            self.query_one("#rule-text", Label).update(self.shown[0][1])
        else:
            self.query_one("#rule-text", Label).update("Nothing matches.")

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if 0 <= event.option_index < len(self.shown):
            self.query_one("#rule-text", Label).update(self.shown[event.option_index][1])

    def action_close(self) -> None:
        """Close the reference."""
        self.dismiss(None)
