"""The bot protocol over HTTP(S) on the web front end: an event stream and a door for lines.

    GET  /bot/events   Authorization: Bearer TOKEN   the bot's events, one JSON object a line
                                                     (an empty line now and then: keep-alive)
    POST /bot/send     Authorization: Bearer TOKEN   one line or a few, as over SSH

The token is a bot member's (`wish-tui club bot add NAME`). One stream at a time per bot: a new
one ends the one before. A line sent is checked here, and a bad one is answered by the POST
itself, one JSON error with status 400, with nothing sent on; a good one is answered in the
stream, as over SSH (docs/bot-protocol.md). Streams count against the web front end's limits.
"""

from __future__ import annotations

import asyncio
import contextlib

from aiohttp import web

from wish_tui.server.outside_bots.events import MAX_LINE, BotLineError
from wish_tui.server.outside_bots.gateway import BotGateway, GatewayClosed
from wish_tui.server.ssh.front import address_group
from wish_tui.tables.protocol import encode

KEEP_ALIVE = 20.0
"""Seconds without an event before the stream sends an empty line."""
MAX_BODY = 4 * MAX_LINE
"""The largest body of a POST of lines."""
NDJSON = "application/x-ndjson"


class BotRoutes:
    """The web front end's routes for outside bots.

    Args:
        front: the web front end (its `admit`, `forget`, `log`, and `client_address`).
        bots: the way in (`outside_bots.door.BotDoor`).
        client_address: the address a request comes from (behind a proxy too).
    """

    def __init__(self, front, bots, client_address) -> None:
        self.front, self.bots, self.client_address = front, bots, client_address
        self.streams: dict[int, tuple[BotGateway, asyncio.Event]] = {}
        """Per bot member's id: the gateway of its open stream, and what ends that stream."""

    def routes(self) -> list:
        return [web.get("/bot/events", self.events), web.post("/bot/send", self.send)]

    async def _member(self, request: web.Request):
        header = request.headers.get("Authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        try:
            return await self.bots.by_token(token.strip())
        except Exception as exc:  # the club could not answer: refused, never a crash
            self.front.log(f"a bot's token could not be looked up: {exc!r}")
            return None

    async def events(self, request: web.Request) -> web.StreamResponse:
        member = await self._member(request)
        if member is None:
            return _refused(401, NO_TOKEN)
        group = address_group(self.client_address(request))
        refusal = self.front.admit(group)
        if refusal:
            return _refused(503, refusal)
        queue: asyncio.Queue[dict] = asyncio.Queue()
        gateway = self.bots.gateway(member, queue.put_nowait)
        earlier = self.streams.get(member.id)
        if earlier is not None:
            earlier[1].set()  # one stream a bot: the newer one wins
        ended = asyncio.Event()
        self.streams[member.id] = (gateway, ended)
        response = web.StreamResponse(headers={"Content-Type": NDJSON, "Cache-Control": "no-store"})
        running = asyncio.ensure_future(gateway.run())
        try:
            await response.prepare(request)
            self.front.log(f"the bot {member.name} ({member.id}) plays over HTTP")
            await self._stream(response, queue, running, ended)
        except GatewayClosed as exc:
            with contextlib.suppress(ConnectionError):
                await response.write(encode({"type": "error", "error": str(exc), "final": True}))
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            if self.streams.get(member.id, (None,))[0] is gateway:
                del self.streams[member.id]
            running.cancel()
            await gateway.close()
            self.front.forget(group)
        return response

    async def _stream(self, response, queue, running, ended) -> None:
        stop = asyncio.ensure_future(ended.wait())
        try:
            while not running.done() and not ended.is_set():
                getting = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait(
                    [getting, running, stop],
                    timeout=KEEP_ALIVE,
                    return_when=asyncio.FIRST_COMPLETED,
                )
                if getting in done:
                    await response.write(encode(getting.result()))
                    while not queue.empty():
                        await response.write(encode(queue.get_nowait()))
                    continue
                getting.cancel()
                if not done:
                    await response.write(b"\n")
            while not queue.empty():
                await response.write(encode(queue.get_nowait()))
            if running.done() and not running.cancelled():
                running.result()  # a refusal (GatewayClosed) is said at the end of the stream
        finally:
            stop.cancel()

    async def send(self, request: web.Request) -> web.Response:
        member = await self._member(request)
        if member is None:
            return _refused(401, NO_TOKEN)
        body = await request.content.read(MAX_BODY + 1)
        if len(body) > MAX_BODY:
            return _refused(413, f"Send at most {MAX_BODY} bytes at once.")
        stream = self.streams.get(member.id)
        if stream is None or not await stream[0].ready():
            return _refused(
                409, "Open the event stream first (GET /bot/events): answers come there."
            )
        gateway = stream[0]
        lines = [line for line in body.split(b"\n") if line.strip()]
        try:
            requests = [gateway.check(line) for line in lines]
        except BotLineError as exc:
            return _refused(400, str(exc))
        for checked in requests:
            gateway.forward(checked)
        return web.json_response({"type": "sent", "lines": len(lines)})


NO_TOKEN = (
    "Sign in with a bot member's token: 'Authorization: Bearer TOKEN' (wish-tui club bot add)."
)


def _refused(status: int, sentence: str) -> web.Response:
    return web.json_response({"type": "error", "error": sentence}, status=status)
