"""The bots' shared base: a hint is the choice of a copy, and make_bot knows every level."""

from __future__ import annotations

import pytest

from wish_tui.core.bots import LEVELS, Bot, bot_maker, match


class Counting(Bot):
    """Remembers how many choices it made and draws from its generator for each."""

    level = "random"

    def __init__(self, seed: int, think_ms: int | None = None) -> None:
        super().__init__(seed, think_ms)
        self.made: list[str] = []

    def _choose(self, view: dict, legal: list) -> str:
        action = self.rng.choice(legal)
        self.made.append(action)
        return action

    def _reason(self, view: dict, action: str) -> str:
        return f"choice {len(self.made)}"


def _kinds(*names: str) -> list[type[Bot]]:
    return [type(name.title(), (Counting,), {"level": name}) for name in names]


def test_a_hint_leaves_the_bot_as_it_was() -> None:
    bot, twin = Counting(3), Counting(3)
    legal = list("abcdefgh")
    action, reason = bot.hint({}, legal)
    assert action in legal and reason == "choice 1"
    assert bot.made == [] and bot.rng.getstate() == twin.rng.getstate()
    assert [bot.choose({}, legal) for _ in range(5)] == [twin.choose({}, legal) for _ in range(5)]


def test_a_hint_with_one_legal_action_says_so() -> None:
    assert Counting(1).hint({}, ["only"]) == ("only", "the only legal action")


def test_a_bot_refuses_to_choose_from_nothing() -> None:
    with pytest.raises(ValueError, match="no legal actions"):
        Counting(1).choose({}, [])


def test_make_bot_makes_each_level_and_refuses_the_rest() -> None:
    make_bot = bot_maker(*_kinds(*LEVELS))
    assert [make_bot(level, 1).level for level in LEVELS] == list(LEVELS)
    assert make_bot("hard", 2, 50).think_ms == 50
    with pytest.raises(ValueError, match="'grandmaster' is not a bot level"):
        make_bot("grandmaster", 1)
    with pytest.raises(ValueError, match="not a bot level"):
        make_bot(["hard"], 1)
    with pytest.raises(ValueError, match="think_ms"):
        make_bot("hard", 1, 0)
    with pytest.raises(ValueError, match="takes no iterations"):
        make_bot("hard", 1, None, 100)


def test_bot_maker_wants_every_level_in_order() -> None:
    with pytest.raises(ValueError, match="levels"):
        bot_maker(*_kinds("random", "easy", "hard"))
    with pytest.raises(ValueError, match="levels"):
        bot_maker(*_kinds("easy", "random", "medium", "hard"))


def test_match_finds_the_legal_action_of_the_same_notation() -> None:
    legal = [1, 2, 3]
    assert match(2, legal) == 2
    assert match("3", legal) == 3
    assert match("9", legal) == 1
