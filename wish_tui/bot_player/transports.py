"""The bot protocol's lines both ways, over SSH (`ssh -T bot@HOST`, a key) or HTTP (a token).

Each transport reads the server's events, hands each to an answer function, and sends back the
lines it returns, until the answer function's player is done, the server ends the session, or
the program is stopped. A server that cannot be reached or refuses the bot raises
`TransportError` with one sentence.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import ssl
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

SSH_PORT = 2222
"""The port of `wish-tui serve`'s SSH front end unless told."""
MAX_EVENT = 1024 * 1024
"""The longest event line read."""
PING_EVERY = 600.0
"""Seconds without an event before the bot pings over SSH (the server closes a session that
sends nothing for its idle timeout, 30 minutes unless told)."""

Answer = Callable[[dict], list[dict]]
"""An event in, the lines to send back out."""


class TransportError(Exception):
    """The server could not be reached or refused the bot; the text is one sentence."""


def _line(message: dict) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def split_address(server: str, default_port: int) -> tuple[str, int]:
    """(host, port) of 'HOST', 'HOST:PORT' or '[IPV6]:PORT'.

    Raises:
        TransportError: a port that is not a number.
    """
    host, port = server, default_port
    if server.startswith("["):
        host, _, rest = server[1:].partition("]")
        if rest.startswith(":"):
            port = rest[1:]
    elif server.count(":") == 1:
        host, port = server.split(":")
    try:
        return host, int(port)
    except ValueError:
        raise TransportError(f"{port!r} is not a port number; give --server HOST:PORT") from None


async def play_over_ssh(
    server: str, key: Path | None, known_hosts: str, answer: Answer, done: Callable[[], bool]
) -> None:
    """Play as `bot@server` with the key at `key` (None: the keys ssh would use)."""
    import asyncssh

    host, port = split_address(server, SSH_PORT)
    options: dict = {}  # without known_hosts, asyncssh reads ~/.ssh/known_hosts, as ssh does
    if known_hosts:
        options["known_hosts"] = None if known_hosts == "none" else known_hosts
    if key is not None:
        options["client_keys"] = [str(key)]
    try:
        conn = await asyncssh.connect(
            host, port, username="bot", agent_path=None, config=None, **options
        )
    except asyncssh.HostKeyNotVerifiable:
        raise TransportError(
            f"{server}'s host key is not trusted yet: connect once with 'ssh -p {port} {host}' "
            "and accept its key, or name a known hosts file with --known-hosts"
        ) from None
    except (OSError, asyncssh.Error) as exc:
        raise TransportError(f"{server} could not be reached as bot@: {exc}") from None
    async with conn:
        process = await conn.create_process(encoding=None)
        while not done():
            try:
                line = await asyncio.wait_for(process.stdout.readline(), PING_EVERY)
            except TimeoutError:
                process.stdin.write(_line({"type": "ping"}))  # the server closes idle sessions
                continue
            if not line:
                said = (await process.stderr.read(2000)).decode("utf-8", "replace").strip()
                raise TransportError(
                    said.removeprefix("wish-tui: ").rstrip(".") or "the server ended the session"
                )
            for reply in answer(json.loads(line)):
                process.stdin.write(_line(reply))
        process.stdin.write_eof()


class HttpSession:
    """The bot's stream and its lines over HTTP(S), with the token as its bearer."""

    def __init__(self, server: str, token: str) -> None:
        url = server if "://" in server else f"http://{server}"
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise TransportError(
                f"{server!r} is not the address of a web front end (http://HOST:PORT)"
            )
        self.secure = parts.scheme == "https"
        self.host = parts.hostname
        self.port = parts.port or (443 if self.secure else 80)
        self.base = parts.path.rstrip("/")
        self.headers = {"Authorization": f"Bearer {token}"}

    def connection(self) -> http.client.HTTPConnection:
        if self.secure:
            return http.client.HTTPSConnection(
                self.host, self.port, context=ssl.create_default_context(), timeout=120
            )
        return http.client.HTTPConnection(self.host, self.port, timeout=120)

    def send(self, lines: list[dict]) -> None:
        """POST lines; a refusal is raised in its own sentence.

        Raises:
            TransportError: the server refused them.
        """
        conn = self.connection()
        try:
            body = b"".join(_line(m) for m in lines)
            conn.request(
                "POST",
                f"{self.base}/bot/send",
                body,
                {**self.headers, "Content-Type": "application/x-ndjson"},
            )
            response = conn.getresponse()
            said = response.read()
        except OSError as exc:
            raise TransportError(f"the server could not be reached: {exc}") from None
        finally:
            conn.close()
        if response.status != 200:
            raise TransportError(_error_of(said, response.status))


def play_over_http(server: str, token: str, answer: Answer, done: Callable[[], bool]) -> None:
    """Play through the web front end at `server` with the bot member's `token`."""
    session = HttpSession(server, token)
    conn = session.connection()
    try:
        conn.request("GET", f"{session.base}/bot/events", headers=session.headers)
        response = conn.getresponse()
        if response.status != 200:
            raise TransportError(_error_of(response.read(), response.status))
        while not done():
            line = response.readline(MAX_EVENT)
            if not line:
                raise TransportError("the server ended the stream")
            if not line.strip():
                continue  # keep-alive
            event = json.loads(line)
            if event.get("final"):
                raise TransportError(
                    str(event.get("error", "the server let the bot go")).rstrip(".")
                )
            replies = answer(event)
            if replies:
                session.send(replies)
    except OSError as exc:
        raise TransportError(f"{server} could not be reached: {exc}") from None
    finally:
        conn.close()


def _error_of(body: bytes, status: int) -> str:
    try:
        said = json.loads(body).get("error")
    except (ValueError, AttributeError):
        said = None
    return str(said or f"the server answered HTTP {status}").rstrip(".")


def run_ssh(*args) -> None:
    """`play_over_ssh` on an event loop of its own."""
    asyncio.run(play_over_ssh(*args))
