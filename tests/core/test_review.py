"""The coach's review logic (core/review.py) on a small made-up game: which decisions are the
seat's, what each cost, the marks lichess gives such costs, the words, and a stored review read
back (or refused in one sentence)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from wish_tui.core.expert import ActionValue
from wish_tui.core.review import Judged, Review, ReviewError, mark_of, run, start


@dataclass
class Position:
    """A position of a made-up game: who decides, among what, and what each seat may see."""

    current_player: int | None
    choices: tuple[str, ...]
    secret: str = "the other seat's hand"
    round: int = 1

    def legal_actions(self) -> list[str]:
        return list(self.choices)

    def view(self, seat: int) -> dict:
        return {"seat": seat, "round": self.round}  # never the secret


VALUES = {"a": 0.6, "b": 0.52, "c": 0.48, "d": 0.3}


def judge(view: dict, legal, played) -> list[ActionValue]:
    assert set(view) == {"seat", "round"}  # the seat's view then, nothing more
    ranked = sorted(legal, key=lambda a: -VALUES[a])
    return [ActionValue(a, VALUES[a], 10) for a in ranked]


def describe(view: dict, action: str) -> str:
    return f"{action} keeps the lead"


GAME = [
    Position(0, ("a", "b")),  # seat 0 plays b: 0.08 lost, an inaccuracy
    Position(1, ("a", "d")),  # the other seat's
    Position(0, ("x",)),  # one legal action: no decision
    Position(0, ("a", "c", "d"), round=2),  # seat 0 plays d: 0.30 lost, a blunder
    Position(0, ("a", "c"), round=3),  # seat 0 plays c: 0.12 lost, a mistake
    Position(0, ("a", "b"), round=3),  # seat 0 plays a: the best
    Position(None, ()),  # over
]
PLAYED = ["b", "a", "x", "d", "c", "a"]


def reviewed(seat: int = 0) -> Review:
    review = start(GAME, seat)
    list(run(review, GAME, PLAYED, judge, describe))
    return review


def test_marks_follow_lichess_by_winning_chance_lost():
    assert [mark_of(c) for c in (0.0, 0.049, 0.05, 0.1, 0.149, 0.15, 0.9)] == [
        "",
        "",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_only_the_seats_own_choices_are_judged_and_each_costs_what_it_lost():
    review = reviewed()
    assert review.total == 4 and review.complete
    assert [j.move for j in review.judged] == [0, 3, 4, 5]
    assert [round(j.cost, 2) for j in review.judged] == [0.08, 0.3, 0.12, 0.0]
    assert review.marks() == {0: "inaccuracy", 3: "blunder", 4: "mistake"}
    assert review.counts() == {"blunder": 1, "mistake": 1, "inaccuracy": 1}
    assert reviewed(seat=1).total == 1


def test_the_three_costliest_are_told_worst_first_with_the_position_and_why():
    review = reviewed()
    assert [j.move for j in review.costliest()] == [3, 4, 0]
    words = review.summary("Fire")
    assert words[0] == "4 of 4 decisions of Fire reviewed: 1 blunder, 1 mistake, 1 inaccuracy."
    assert words[1] == (
        "Move 4 (round 2): Fire played 'd'; the expert would play 'a' (a keeps the lead). "
        "Chance of winning 30% instead of 60%: 30% lost, a blunder."
    )  # a space before % let a wrapped line begin with the % alone
    assert len(words) == 4


def test_a_stopped_review_goes_on_from_the_decisions_it_holds():
    review = start(GAME, 0)
    steps = run(review, GAME, PLAYED, judge, describe)
    next(steps)
    steps.close()  # stopped after one
    assert len(review.judged) == 1 and not review.complete
    again = Review.from_json(review.to_json(), seats=2)
    calls = []

    def counting(view, legal, played):
        calls.append(legal)
        return judge(view, legal, played)

    list(run(again, GAME, PLAYED, counting, describe))
    assert again.complete and len(calls) == 3
    assert again.marks() == reviewed().marks()


def test_an_action_the_judge_left_untried_is_not_charged():
    def untried(view, legal, played):
        return [ActionValue("a", 0.6, 10)] + [ActionValue(a, 0.0, 0) for a in legal[1:]]

    review = start(GAME, 0)
    list(run(review, GAME, PLAYED, untried, describe))
    assert review.marks() == {}
    assert review.summary()[0] == (
        "4 of 4 decisions of you reviewed: 0 blunders, 0 mistakes, 0 inaccuracies."
    )
    assert review.summary()[1].startswith("No decision lost as much as an inaccuracy")


def test_a_review_reads_back_as_it_was():
    review = reviewed()
    assert Review.from_json(review.to_json(), seats=2) == review


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ([], "is not an object"),
        ({"seat": 2, "total": 1, "judged": []}, "names no seat"),
        ({"seat": 0, "total": "4", "judged": []}, "how many decisions"),
        ({"seat": 0, "total": 0, "judged": [{}]}, "more decisions"),
        ({"seat": 0, "total": 1, "judged": [{"move": -1}]}, "without its move"),
        (
            {"seat": 0, "total": 1, "judged": [{"move": 0, "played_value": 2, "best_value": 1}]},
            "out of 0 to 1",
        ),
        ({"seat": 0, "total": 1, "judged": [{"move": 0, "why": "x" * 9999}]}, "unreadable"),
    ],
)
def test_a_damaged_stored_review_is_refused_in_one_sentence(data, says):
    with pytest.raises(ReviewError, match=says):
        Review.from_json(data, seats=2)


def test_a_decision_that_matched_the_expert_says_so():
    same = Judged(5, "a", "a", 0.6, 0.6, "round 3")
    assert same.words() == "Move 6 (round 3): you played 'a', the expert's choice too."
    assert same.mark == ""
