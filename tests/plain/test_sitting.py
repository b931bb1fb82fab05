"""A table in lines, in process: the commands, the refusals in the rules' words, undo, hints,
saves, and people sharing a keyboard who never read each other's secrets."""

from __future__ import annotations

import asyncio
import io
import re

import pytest

from tests.plain.helpers import odd_characters
from wish_tui import games, saves
from wish_tui.plain.output import Output
from wish_tui.plain.sitting import PlainTable
from wish_tui.records import GameRecord
from wish_tui.tables.local import LocalTable


class Console:
    """What a table needs of the loop: pokes, and the end."""

    at_terminal = False

    def __init__(self) -> None:
        self.finished = None

    def poke(self) -> None:
        pass

    def finish(self, status: int = 0) -> None:
        self.finished = status

    def fail(self, error: BaseException) -> None:
        raise error


pytestmark = pytest.mark.usefixtures("data_dir")


class Sitting:
    """A table here and its plain client, with what the client said since the last read."""

    def __init__(self, game: str, seats: list[tuple[str, str]], seed: int, solo=None, options=None):
        spec = games.get(game)
        record, state = GameRecord.new(
            [{spec.seat_key: name, "who": who} for name, who in seats],
            seed,
            solo,
            game,
            options,
            games=games.GAMES,
        )
        self.table = LocalTable(record, [state], autosave=False, pace=0, games=games.GAMES)
        self.stream = io.StringIO()
        self.console = Console()
        mine = [i for i, (_, who) in enumerate(seats) if who == "human"]
        self.plain = PlainTable(self.table, Output(self.stream, 80), self.console, viewer=mine[0])
        self.plain.start()

    def said(self) -> str:
        """What was said since the last call, as one line of words."""
        text = self.stream.getvalue()
        self.stream.seek(0)
        self.stream.truncate()
        for line in text.splitlines():
            assert not odd_characters(line), line
        return " ".join(text.split())

    def type(self, line: str) -> str:
        self.said()
        self.plain.handle(line)
        return self.said()


def test_a_decision_is_asked_with_every_choice_numbered():
    sitting = Sitting("spirits", [("air", "human")], 3, solo="easy")
    said = sitting.said()
    assert said.startswith("A game of Spirits of the Forest: Air (human).")
    assert "Your decision (8 choices): Take a face-up tile from a row end" in said
    assert "Take: Row 1: 1, left end: " in said
    assert "Row 4: 7, left end: " in said and "8, right end: " in said


def test_a_move_by_number_by_notation_and_by_the_start_of_its_words():
    sitting = Sitting("spirits", [("air", "human")], 3, solo="easy")
    sitting.said()
    assert sitting.type("1").startswith("Air takes ")
    assert sitting.type("TAKE 2 right").startswith("Air takes ")
    assert sitting.table.actions == 2
    said = sitting.type("ta 3 l")
    assert said.startswith("Air takes ") and "from the left end of row 3" in said
    assert sitting.type("take").startswith("That could be 1 take 1 left, 2 take 1 right")
    assert sitting.table.actions == 3


def test_a_move_the_rules_refuse_is_their_sentence_and_changes_nothing():
    sitting = Sitting("wish", [("air", "human")], 5, solo="easy")
    sitting.type("1")  # the setup's discard
    before = sitting.table.state.to_dict()
    assert sitting.type("travel Cataracts") == (
        "Cataracts does not border Sandhills; Travel moves to an adjacent Area."
    )
    assert sitting.type("99") == "There is no choice 99: the choices are 1 to 18."
    assert sitting.type("fly to the moon") == (
        "'fly' is not an action you can take on your turn now; try blast, empower, end, "
        "manifest, travel."
    )
    assert sitting.table.state.to_dict() == before


def test_why_is_the_rules_sentence_and_legal_moves_say_so():
    sitting = Sitting("wish", [("air", "human")], 5, solo="easy")
    sitting.type("2")
    assert sitting.type("why end") == "end is legal now: End the turn"
    why = sitting.type("why fulfill Authority")
    assert why and why.endswith(".") and "legal now" not in why
    assert sitting.type("why") == "why needs a move, e.g. 'why travel Oasis #1'."


def test_undo_takes_back_the_last_decision_and_asks_again():
    sitting = Sitting("wish", [("air", "human")], 5, solo="easy")
    sitting.type("2")
    assert sitting.type("undo").startswith("Nothing can be undone")
    sitting.type("3")  # empower
    said = sitting.type("undo")
    assert said.startswith("(Air took back 1 action) Your decision (18 choices)")
    assert sitting.table.actions == 1


def test_look_reads_each_section_and_says_which_there_are():
    sitting = Sitting("wishland", [("red", "human"), ("blue", "random")], 6)
    for name in games.get("wishland").text.SECTIONS:
        assert sitting.type(f"look {name}"), name
    assert sitting.type("look offer") == sitting.type("look market")
    assert sitting.type("look moon") == (
        "There is no section 'moon' here; the sections are round, market, park, seats, "
        "achievements."
    )
    everything = sitting.type("look")
    assert everything.startswith("Round: Round 1 of 7") and "Achievements:" in everything


def test_score_reads_the_final_scoring_as_it_would_stand_now():
    sitting = Sitting("wish", [("air", "human"), ("earth", "random")], 8)
    said = sitting.type("score")
    assert said.startswith("If the game ended now: ")
    assert "Earth: 0 VP (Wishes 0, VP tokens 0, Ongoing Wishes 0, Badges 0, Destiny 0); " in said
    assert "Destiny unknown to you" in said


def test_help_names_every_command_and_section():
    said = Sitting("spirits", [("air", "human")], 3, solo="easy").type("help")
    for word in ("look [SECTION]", "score:", "why MOVE", "undo:", "hint:", "save [NAME]", "quit:"):
        assert word in said
    assert "Sections of look: forest: the four rows" in said


def test_save_writes_a_save_that_loads():
    sitting = Sitting("wish", [("air", "human")], 5, solo="easy")
    sitting.type("1")
    said = sitting.type("save my game")
    assert said == "Saved as 'my game': 'wish-tui plain load my game' opens it again."
    record, history, _ = saves.load_with_history("my game", games=games.GAMES)
    assert record.actions == sitting.table.record.actions


def test_a_save_at_a_path_says_the_path_that_loads_it(tmp_path):
    """'save DIR/x' writes DIR/x, a path: the sentence names it, not a save name that loads nothing."""
    sitting = Sitting("wish", [("air", "human")], 5, solo="easy")
    sitting.type("1")
    target = tmp_path / "elsewhere" / "evening"
    said = sitting.type(f"save {target}")
    expected = f"Saved as {target}: 'wish-tui plain load {target}' opens it again."
    assert "".join(said.split()) == "".join(expected.split())  # a long path wraps
    record, _, _ = saves.load_with_history(str(target), games=games.GAMES)
    assert record.actions == sitting.table.record.actions


def test_quit_and_the_end_of_input_leave_with_the_words_given():
    sitting = Sitting("wish", [("air", "human")], 5, solo="easy")
    sitting.plain.leave_words = lambda: "The game is autosaved."
    assert sitting.type("quit") == "The game is autosaved." and sitting.console.finished == 0
    sitting = Sitting("wish", [("air", "human")], 5, solo="easy")
    sitting.said()
    sitting.plain.end_of_input()
    assert sitting.said() == "End of input: you leave the game (it is at the setup)."


async def test_a_hint_names_a_numbered_choice():
    sitting = Sitting("spirits", [("air", "human")], 3, solo="easy")
    sitting.type("hint")
    for _ in range(400):
        if not sitting.plain.awaiting:
            break
        await asyncio.sleep(0.02)
    said = sitting.said()
    assert said.startswith("Hint: ") and ", Take row " in said
    reason = said.split("]. ", 1)[-1] if "]. " in said else said.split(". ", 1)[1]
    assert reason[:1].isupper(), said  # a sentence after the hint's full stop


def test_people_sharing_a_keyboard_pass_it_and_never_read_each_others_hand():
    sitting = Sitting("wish", [("air", "human"), ("water", "human")], 11)
    opening = sitting.said()
    first = sitting.table.deciding
    names = {0: "Air", 1: "Water"}
    other = 1 - first
    hands = [sitting.table.state.view(s)["players"][s]["destiny_options"] for s in (0, 1)]
    assert f"{names[first]}, your decision (2 choices): Keep one of your two Destiny" in opening
    assert not any(card in opening for card in hands[other])
    said = sitting.type("1")
    assert said.endswith(
        f"{names[other]}'s decision: pass the keyboard to {names[other]}, then press Enter."
    )
    assert not any(card in said for card in hands[other])
    assert sitting.type("look hand").startswith(f"Press Enter once {names[other]} is at")
    assert sitting.type("2").startswith(f"Press Enter once {names[other]}")
    lifted = sitting.type("")
    assert lifted.startswith(f"{names[other]}, your decision (2 choices)")
    assert all(card in lifted for card in hands[other])


def test_a_game_resumed_says_how_many_lines_it_left_out_and_how_to_read_them_all():
    """Sitting down at a game under way tells its last lines; the line before them counts the
    earlier lines left out, and 'log N' names them all (it said '223 lines of the game so far'
    for the lines it left out, and 'log 232' beside it)."""
    record, states, _ = saves.load_with_history("four-seat-monuments", games=games.GAMES)
    table = LocalTable(record, states, autosave=False, pace=0, games=games.GAMES)
    stream = io.StringIO()
    plain = PlainTable(table, Output(stream, 80), Console(), viewer=0)
    plain.start()
    said = stream.getvalue().splitlines()
    count = next(line for line in said if "earlier lines left out" in line)
    left_out, every = (int(n) for n in re.findall(r"\d+", count)[:2])
    told = said[said.index(count) + 1 :]
    assert every == len(plain.news_kept) and left_out < every
    assert f"'log {every}' reads all {every}." in count
    assert plain.news_kept[-1] in told and plain.news_kept[1] not in told
