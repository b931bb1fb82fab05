"""Friends and blocks in words, said alike by both clients: the friends page, and the request a
line asks for ('follow bob', 'unfollow bob', 'block bob', 'unblock bob')."""

from __future__ import annotations

from .whereabouts import where_words

VERBS = {"follow": "follow", "unfollow": None, "block": "block", "unblock": None}
"""Each word a member says, and the choice it makes (None: neither any more)."""
ASK = "follow NAME, unfollow NAME, block NAME or unblock NAME (empty: your friends):"
HOW = (
    "Say 'follow NAME' (see when they are online, their open tables first), 'block NAME' (they "
    "cannot invite you, join your tables or chat to you), 'unfollow NAME' or 'unblock NAME'."
)


def follow_request(text: str) -> dict | None:
    """The `follow` request a line asks for, or None when it is none of them."""
    verb, _, name = text.strip().partition(" ")
    verb = verb.lower()
    if verb not in VERBS or not name.strip():
        return None
    return {"type": "follow", "name": name.strip(), "kind": VERBS[verb]}


def friends_lines(page: dict) -> list[str]:
    """The friends page in sentences: whom you follow (online or not, their tables), whom you
    block, who follows you."""
    lines = []
    follows = page.get("follows", [])
    if not follows:
        lines.append("You follow no one: 'follow NAME' to see when they are online.")
    for friend in follows:
        where = ", " + where_words(friend["tables"]) if friend.get("tables") else ""
        state = f"online{where}" if friend.get("online") else "not online"
        lines.append(f"You follow {friend['name']}: {state}.")
    blocks = [b["name"] for b in page.get("blocks", [])]
    lines.append(f"You block {', '.join(blocks)}." if blocks else "You block no one.")
    followers = [f["name"] for f in page.get("followers", [])]
    if followers:
        lines.append(f"Following you: {', '.join(followers)}.")
    return lines
