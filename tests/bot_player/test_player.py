"""`wish-tui bot`'s side of the protocol, without a server: challenges taken as told, each turn
answered with one of its choices from the view alone, a refused answer tried again a few times."""

from __future__ import annotations

from wish_tui.bot_player.chooser import Chooser
from wish_tui.bot_player.player import RETRIES, BotPlayer
from wish_tui.wish import rules


def _turn(table: str = "t1") -> dict:
    state = rules.new_game(["air", "water"], seed=7)
    seat = state.current_player
    return {
        "type": "turn",
        "table": table,
        "seat": seat,
        "actions": 0,
        "view": state.view(seat),
        "choices": [{"action": str(a), "words": ""} for a in state.legal_actions()],
    }


def test_it_takes_the_challenges_it_is_told_and_declines_the_others():
    player = BotPlayer(Chooser("easy", 1), accept="seeks", games=("wish",))
    invitation = {"type": "challenge", "id": "invite:4", "kind": "invitation", "game": "wish"}
    seek = {"type": "challenge", "id": "seek:2", "kind": "seek", "game": "wish"}
    other_game = {"type": "challenge", "id": "seek:3", "kind": "seek", "game": "spirits"}
    assert player.answer(invitation) == [{"type": "decline", "challenge": "invite:4"}]
    assert player.answer(seek) == [{"type": "accept", "challenge": "seek:2"}]
    assert player.answer(other_game) == []


def test_each_turn_is_answered_with_one_of_its_choices_and_a_refusal_is_tried_again():
    player = BotPlayer(Chooser("hard", 3), games=("wish",), stop_after=1)
    player.answer({"type": "started", "table": "t1", "game": "wish", "seat": 0})
    turn = _turn()
    offered = {c["action"] for c in turn["choices"]}
    (play,) = player.answer(turn)
    assert play["type"] == "play" and play["action"] in offered and play["expect"] == 0
    refused = {"type": "error", "table": "t1", "error": "That is not legal now."}
    again = [player.answer(refused) for _ in range(RETRIES + 1)]
    assert all(a and a[0]["action"] in offered for a in again[:RETRIES]) and again[-1] == []
    assert not player.done
    player.answer({"type": "end", "table": "t1", "scores": {}})
    assert player.done and player.answer(refused) == []


def test_a_move_refused_as_too_fast_is_sent_again_after_the_wait_the_server_names():
    slept = []
    player = BotPlayer(Chooser("easy", 3), games=("wish",), sleep=slept.append)
    player.answer({"type": "started", "table": "t1", "game": "wish", "seat": 0})
    (play,) = player.answer(_turn())
    too_fast = {
        "type": "error",
        "table": "t1",
        "error": "Slow down: at most 30 moves in 10 seconds; try again in 2 s.",
    }
    again = [player.answer(too_fast) for _ in range(RETRIES + 2)]
    assert again == [[play]] * (RETRIES + 2)  # the same move, however often, after the wait
    assert slept == [2.0] * (RETRIES + 2)
