"""The SSH user name that asks for the plain-text client: `plain`, or `plain+NAME`.

With keys, a person is their key, so `ssh -p PORT plain@HOST` is enough (the key's comment names
them). With `--open`, the user name is the person's name, so the plain client is asked for with
the name after a plus: `ssh -p PORT plain+alice@HOST` is alice, in plain text. A client may ask
for it instead by sending `WISH_TUI_PLAIN` (`ssh -o SetEnv=WISH_TUI_PLAIN=1 alice@HOST`), and a
person's profile asks for it for them with its 'plain' setting (`session.AppSession.wants_plain`,
`hub.Hub.prefers_plain`).
"""

from __future__ import annotations

PLAIN_USER = "plain"
"""The user name (any case) that asks for the plain client."""
NAME_AFTER = "+"
"""What separates `plain` from the person's name: `plain+alice`."""


def read_user(username: str | None) -> tuple[str, bool]:
    """The name a login gives and whether it asks for the plain client.

    'plain' -> ('', True); 'plain+alice' -> ('alice', True); 'alice' -> ('alice', False).
    """
    name = username or ""
    head, sep, rest = name.partition(NAME_AFTER)
    if head.strip().lower() != PLAIN_USER:
        return name, False
    return (rest if sep else ""), True
