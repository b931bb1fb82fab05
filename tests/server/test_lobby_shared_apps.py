"""Apps that share a process (the session pool's hosts) share what the lobby tells them alike:
a shared part's line decoded once, each change of it made once, and each person online made
once, however many of the process's apps are in the lobby."""

from __future__ import annotations

from wish_tui.server.hub.shared_news import SharedNews
from wish_tui.tables.lobby_shared import SharedFollower, decode_line


def _row(number: int) -> dict:
    return {"table": str(number), "kind": "live", "open": [1], "progress": "waiting"}


def _told(follower: SharedFollower, line: bytes, you: str, shared: int) -> dict:
    follower.take(decode_line(bytes(line)))  # each app reads its own copy of the bytes
    return follower.take({"type": "lobby_yours", "shared": shared, "you": you, "rows": {}})


def test_two_apps_told_the_same_lobby_hold_one_copy_of_who_is_online():
    news = SharedNews()
    online = [{"name": f"p{i:03d}", "tables": []} for i in range(300)]
    news.update([_row(1)], online)
    ann, bob = SharedFollower(), SharedFollower()
    first = [_told(ann, news.message(None), "p000", 1), _told(bob, news.message(None), "p001", 1)]
    assert first[0]["you"] == "p000" and first[1]["you"] == "p001"
    assert all(a is b for a, b in zip(first[0]["online"], first[1]["online"], strict=True))
    seated = [*online[:-1], {"name": "p299", "tables": ["2"]}]
    news.update([_row(1), _row(2)], seated)
    after = [_told(ann, news.message(1), "p000", 2), _told(bob, news.message(1), "p001", 2)]
    whole = _told(SharedFollower(), news.message(None), "p000", 2)
    assert after[0] == whole  # what a person sees: the list as made whole
    assert all(a is b for a, b in zip(after[0]["online"], after[1]["online"], strict=True))
    assert after[0]["online"][299] == {"name": "p299", "tables": ["2"]}


def test_a_line_that_is_not_a_shared_part_is_decoded_for_each_app():
    line = b'{"type":"lobby_yours","shared":1,"you":"ann","rows":{}}\n'
    assert decode_line(bytes(line)) == decode_line(bytes(line))
    assert decode_line(bytes(line)) is not decode_line(bytes(line))
