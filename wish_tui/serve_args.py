"""The arguments of `wish-tui serve` (checked and run by `cli.py`)."""

from __future__ import annotations

from wish_tui.server.smtp_relay import relay_flag

SERVE_LIMITS = (
    ("--max-connections", 32, "connections at once in all (32)"),
    ("--max-per-address", 4, "connections at once from one address (4)"),
    ("--login-timeout", 30, "seconds to log in (30)"),
    ("--idle-timeout", 1800, "seconds without a key before a session is closed (1800)"),
    ("--apps-per-process", 20, "sessions' apps that share one process (20; 1: a process each)"),
)
"""The limits of `serve`: flag, default, help."""


def add_parser(commands) -> None:
    """Add `serve` and its arguments to the `wish-tui` subparsers."""
    serve = commands.add_parser(
        "serve", help="let friends play together over SSH, each from their own terminal"
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=2222, help="the port to listen on (2222)")
    who = serve.add_mutually_exclusive_group()
    who.add_argument(
        "--open",
        action="store_true",
        help="admit anyone who can connect, by the name they connect as (trusted networks only)",
    )
    who.add_argument(
        "--keys",
        metavar="FILE",
        help="admit only the public keys in this authorized_keys file "
        "(serve-authorized_keys in the data directory)",
    )
    for flag, default, help_text in SERVE_LIMITS:
        serve.add_argument(flag, type=int, default=default, metavar="N", help=help_text)
    serve.add_argument(
        "--web",
        type=int,
        metavar="PORT",
        help="also serve the game to web browsers over HTTP on this port (needs the web extra)",
    )
    serve.add_argument(
        "--web-url",
        metavar="URL",
        help="the address browsers open, when a TLS proxy stands in front (https://HOST)",
    )
    serve.add_argument(
        "--database",
        metavar="URL",
        help="keep the club in this PostgreSQL database, shared with the other serve nodes that "
        "name it (postgresql://USER@HOST:PORT/DATABASE; needs the postgres extra); by default, "
        "the SQLite file of the data directory",
    )
    serve.add_argument(
        "--smtp",
        metavar="HOST:PORT",
        type=relay_flag,
        help="email turn alerts through this relay (login: WISH_TUI_SMTP_USER, _PASSWORD)",
    )
    serve.add_argument(
        "--new-club",
        action="store_true",
        help="start a new, empty club where the data directory's club database is missing or "
        "an empty (0-byte) file, which is otherwise refused",
    )
