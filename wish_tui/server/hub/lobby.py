"""What the lobby says: every table in a few words, who is online, the invitations waiting; and
when each session in the lobby is told again.

A service the hub composes (`Hub.lobby_lists`). A change a session cares about (a new table, an
open seat, its move) is told within LOBBY_EVERY seconds, a burst of them once (other people's
tables less often when hundreds of sessions are in the lobby: LOBBY_LISTS_A_SECOND); a change in the
background only waits for the next news, or for LOBBY_BACKGROUND_EVERY seconds (who is online)
or LOBBY_PROGRESS_EVERY (how far the other tables have got), told a few sessions at a time; no
round is run before one is due.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Container

from wish_tui.club.identity import person_of
from wish_tui.core.game_spec import SETUP_PROGRESS
from wish_tui.tables.lobby_shared import ROW_OF_YOURS, lobby_order

from .listed_tables import ListedTables
from .online_list import OnlineList, tables_of
from .session import Session
from .shared_news import SharedNews
from .table import Table, TableError

LOBBY_EVERY = 0.5
"""Seconds between two lobby lists sent to the sessions in the lobby (changes in between are
told once, as they stand last)."""
LOBBY_BACKGROUND_EVERY = 10.0
"""Seconds between two lobby lists sent to a session when all that changed is in the background:
who is online, and how far the other tables have got (at a club of hundreds, one of them changes
every moment, and each list sent is drawn again by every session in the lobby: at 200 sessions
these lists were nearly half of all the processor time the apps spent, every 5 s). Whatever
concerns the session itself (a new table, an open seat, its move) is told at once."""
LOBBY_PROGRESS_EVERY = 60.0
"""Seconds between two lobby lists sent to a session when all that changed is how far the
tables have got: at 200 sessions with 16 tables playing, telling it every 10 s cost the apps in
the lobby as much processor time per move as the two apps at its table."""
LOBBY_BACKGROUND_BATCH = 16
"""The most sessions told only background news at one round of news (every LOBBY_EVERY)."""
LOBBY_LISTS_A_SECOND = 200
"""How many lobby lists a second the news of other people's tables (a new table, a seat taken
or opened) may cost, all sessions together: with more sessions in the lobby than this times
LOBBY_EVERY, each is told such news less often (at 840 sessions, every 4.2 s), as every list
sent is drawn again by its app; what concerns a session itself is still told at once. At a club
event of 1,000 people, seating its tables told 840 sessions every 0.5 s, and their apps drawing
it took both cores. Nor are more sessions than this times LOBBY_EVERY told such news at one round
(those told longest ago first, the others at the next round): when all were told the last at the
same round, all were due again together, and the 840 apps woken at once kept both cores busy for
a second, a person's keypress waiting behind them; so spread, they stay spread."""


class LobbyLists:
    """Each session's lobby list, and when it is sent."""

    def __init__(self, hub) -> None:
        self.hub = hub
        self._due: asyncio.TimerHandle | None = None
        self._due_at = 0.0
        """When the next round is due (the loop's time)."""
        self._front: list | None = None
        """What every list shared in the last round, but its background."""
        self._front_version = 0
        self._online: list | None = None
        """Its background: who is online, and how far each table has got."""
        self._progress: list | None = None
        self._back_version = (0, 0)
        """The numbers of the two (who is online, how far)."""
        self._invited: set[int] | None = None
        """During a round, the players with an open invitation (asked once for the round)."""
        self.shared = SharedNews()
        """What every list shares, for the sessions told it in a part shared by all."""
        self.listed = ListedTables(hub)
        """Which tables the lists name: the open and running ones, few finished ones."""
        self.online = OnlineList()
        """Who is online (`arrived`, `gone`: kept as people come and go)."""
        self._sends: set[asyncio.TimerHandle] = set()
        """The background news a round has spread over the next moments, not yet told."""
        self._closed = False
        """The hub is closing: no round is run any more (the club's store closes after it)."""
        self._order: dict[Session, None] = {}
        """The sessions in the lobby, those told their list longest ago first: a round looks
        only at those that may be due (its cost in proportion to them, not to the lobby)."""
        self._changed_at = [0.0, 0.0, 0.0]
        """When the foreground, who is online and how far the tables have got last changed
        (monotonic seconds): a session told since holds them as they are."""
        self._own_told: set[Session] = set()
        """The sessions last told something of their own (tables, invitations)."""
        self._behind: set[Session] = set()
        """The sessions last told news older than what stood when it was sent."""
        self._seeks: tuple | None = None
        """The seeks' summary at the last round (every session's own part says them)."""
        self._whole_at = 0.0
        """From when (the loop's time) a round looks at everything: something but a move is
        news (`tell`), or some session's news falls due (a round woken for it)."""
        self._moved: dict[str, Table] = {}
        """The tables moved since the last round (`tell`'s `moved`)."""
        self._rows: dict[str, dict] = {}
        """What every list said of each listed table when last numbered (`_seen_round`)."""
        self._known: set[str] = set()
        """The hub's tables then (those of them not in `_rows` are not listed)."""
        self._invited_then: set[int] | None = None
        """The players with an open invitation at the last whole round."""

    def open(self, session: Session, message: dict) -> None:
        """A session shows the lobby (the `lobby` request): its list now, and every change."""
        session.in_lobby = True
        self.hub.presence.show_table(session, "")
        session.send_lobby(self.list_told(session))

    def resend(self, session: Session, message: dict) -> None:
        """A client missed a lobby list (a diff came from one it lacks): the list whole."""
        if session.in_lobby and session.person:
            if session.lobby_teller is not None:
                session.lobby_teller.forget()
            session.send_lobby(self.list_told(session))

    def web_link(self, session: Session, message: dict) -> None:
        """A one-time link that signs a browser in as this session's person (`serve --web`:
        links.py, web.py); the lobby shows it."""
        links = self.hub.web_links
        if links is None:
            raise TableError("This server has no web front end (it is started with --web PORT).")
        token = links.issue_link(session.person, session.name)
        answer = self.hub.lobby(session)
        answer["web_link"] = {"url": links.url_for(token), "minutes": links.minutes}
        session.send(answer)

    def list_told(self, session: Session) -> dict:
        """The whole list for `session`, which is sent it now (asked, or with its welcome)."""
        common = self.common()
        numbers = (self._front_version, self._back_version)
        self._seen_round(common)
        if numbers != (self._front_version, self._back_version):
            self._whole_at = float("-inf")  # the others told at the next round, as ever
        session.lobby_told_back = self._back_version
        session.lobby_told = (self._front_version, self._personal(session, self._owned()))
        session.lobby_told_at = time.monotonic()
        session.shared_told = session.yours_told = None  # the parts start again after it
        self._told(session)
        return self.for_session(session, common)

    def _common_summary(self, table: Table, here: Container[str]) -> dict:
        """What the lobby says of `table` to everyone (`here`: the people connected)."""
        progress = table.master.progress()
        return {
            "table": table.id,
            "game": table.spec.name,
            "title": table.spec.title,
            "seats": [table.seat_label(i) for i in range(len(table.seats))],
            "open": table.open_seats(),
            "connected": [bool(s.person) and s.person in here for s in table.seats],
            "progress": progress,
            "solo": table.record.solo,
            "over": table.is_over,
            "ended": table.finished,
            "kind": table.kind,
            "clock": dict(table.clock.setting) if table.clock.is_on else None,
        }

    def _summary(self, table: Table, common: dict, session: Session) -> dict:
        """What the lobby says of `table` to `session`: `common`, and what the table is to it."""
        seat = table.seat_of(session.person)
        your_move = seat is not None and table.deciding() == seat and not table.seats[seat].zombie
        return {
            **common,
            "mine": seat is not None,
            "owner": table.owner == session.person,
            "your_move": your_move,
            "since": max(0, round(self.hub.clock() - table.since)) if your_move else None,
            "new": your_move and table.seats[seat].seen < table.actions,
            "friend": bool(session.follows)
            and any(s.person in session.follows for s in table.seats if s.person),
        }

    def common(self) -> tuple[list[tuple[Table, dict]], list[dict]]:
        """What every session's lobby list shares: each table's summary, and who is online."""
        online = self.online
        online.see_elsewhere(self.hub.node.elsewhere)
        listed = self.listed.tables()
        online.see_tables(tables_of(listed, self._shown()))
        summaries = [(t, self._common_summary(t, online.people)) for t in listed]
        return summaries, online.listed()

    def _shown(self) -> dict[str, list[str]]:
        """Each table some session here shows: the people it is shown to (read from the hub's
        lookers, not a walk over every session of the server at each round)."""
        lookers = self.hub.lookers
        shown = {
            table: [session.person for session in lookers.of(table) if session.person]
            for table in lookers.tables()
        }
        return {table: people for table, people in shown.items() if people}

    def for_session(self, session: Session, common=None) -> dict:
        """The lobby's list as `session` sees it (`common`: `common()`, if at hand)."""
        summaries, online = common or self.common()
        entries = [self._summary(table, shared, session) for table, shared in summaries]
        entries.sort(key=lobby_order)
        return {
            "type": "lobby",
            "tables": entries,
            "you": session.name,
            "online": online,
            "friends": self._friends_online(session),
            "seeks": self.hub.seeks.listed(session),
            "invitations": self.hub.club_service.invitations_for(session, self._invited),
        }

    def _yours(self, session: Session, owned: dict[str, list[Table]]) -> dict:
        """What `session`'s list says to it alone (a ``lobby_yours`` message but its number):
        its own tables' rows and those of the people it follows, where anything of them is so."""
        tables = {table.id: table for table in owned.get(session.person, ())}
        if session.follows:
            for table in self.listed.tables():
                if any(place.person in session.follows for place in table.seats if place.person):
                    tables.setdefault(table.id, table)
        rows = {}
        for table in tables.values():
            summary = self._summary(table, {}, session)
            row = {key: summary[key] for key in ROW_OF_YOURS if summary[key] != ROW_OF_YOURS[key]}
            if row:
                rows[table.id] = row
        return {
            "type": "lobby_yours",
            "you": session.name,
            "rows": rows,
            "friends": self._friends_online(session),
            "seeks": self.hub.seeks.listed(session),
            "invitations": self.hub.club_service.invitations_for(session, self._invited),
        }

    def _news_for(self, session: Session, common, owned) -> dict:
        """What `session` is to be told now: its own part (told in parts), or its whole list."""
        if session.lobby_shared:
            return self._yours(session, owned)
        return self.for_session(session, common)

    def _friends_online(self, session: Session) -> list[dict]:
        """Those the session's member follows who are online, each with the tables they sit at."""
        if not session.follows:
            return []
        hub = self.hub
        listed = self.listed.tables()
        names = {o.person: o.name for o in hub.sessions if o.person in session.follows}
        names.update((p, n) for p, n in hub.node.elsewhere.items() if p in session.follows)
        return [
            {
                "name": name,
                "tables": [t.id for t in listed if t.seat_of(person) is not None],
            }
            for person, name in sorted(names.items(), key=lambda pair: pair[1].casefold())
        ]

    def tell(self, moved: Table | None = None) -> None:
        """Have the lobby's list sent to every session in the lobby, at most every LOBBY_EVERY
        seconds (a burst of changes is told once, as it stands last).

        Args:
            moved: the table an action was played at, when that is all that changed: its round
                looks at that table alone, and at nothing more when the lobby shows it as it was
                (a move changes how far a game has got now and then, the game's end, and whose
                move it is to the people at the table in the lobby).
        """
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._closed:
            return
        if moved is None:
            self._whole_at = min(self._whole_at, loop.time())
        else:
            self._moved[moved.id] = moved
        self._round_in(loop, LOBBY_EVERY)

    def shown_changed(self) -> None:
        """A session shows another table, or the lobby: who is online says it at the next round
        of news (whenever it is), which looks at everything."""
        self._whole_at = float("-inf")

    def close(self) -> None:
        """Run no round and tell no news any more: the hub is closing, and its store with it
        (a round due after it asked a closed database for the invitations)."""
        self._closed = True
        if self._due is not None:
            self._due.cancel()
            self._due = None
        for handle in self._sends:
            handle.cancel()
        self._sends.clear()

    def _round_in(self, loop: asyncio.AbstractEventLoop, delay: float) -> None:
        """Have a round of news within `delay` seconds (one already due sooner is kept)."""
        at = loop.time() + delay
        if self._due is not None:
            if self._due_at <= at:
                return
            self._due.cancel()
        self._due, self._due_at = loop.call_later(delay, self._round, loop), at

    def _round(self, loop: asyncio.AbstractEventLoop) -> None:
        """One round of news: what every list shares is worked out and compared once; a
        session's own list is made only when it is sent (its own tables or invitations, or the
        tables' list, changed; or only the background, told when due)."""
        self._due = None
        moved, self._moved = self._moved, {}
        if loop.time() < self._whole_at - 0.01 and self._shown_as_it_stands(moved):
            if self._whole_at != float("inf"):  # the round woken for news due, kept
                self._round_in(loop, self._whole_at - loop.time())
            return
        self._whole_at = float("inf")
        for table in self.listed.past():  # in the history; no one looks at it
            self.hub.seating.forget(table)
        self._invited = self._invited_then = self.hub.club_service.invited_players()
        try:
            self._tell_round(loop)
        finally:
            self._invited = None

    def _tell_round(self, loop: asyncio.AbstractEventLoop) -> None:
        """The round itself: each session in the lobby that may be due told what is due to it."""
        common = self.common()
        self._seen_round(common)
        now = time.monotonic()
        owned = self._owned()
        seeks = self.hub.seeks.summary()
        wake: float | None = None
        background = []
        others_every = max(LOBBY_EVERY, len(self._order) / LOBBY_LISTS_A_SECOND)
        others_told, others_a_round = 0, max(1, int(LOBBY_LISTS_A_SECOND * LOBBY_EVERY))
        for session in self._looked_at(owned, seeks, now, others_every):
            if not (session.in_lobby and session.person):
                self.left(session)
                continue
            front = (self._front_version, self._personal(session, owned, seeks))
            told = session.lobby_told
            others = front != told and told is not None and front[1] == told[1]
            others_due = session.lobby_told_at + others_every
            if others and (now < others_due or others_told >= others_a_round):
                # Other people's tables: when due, and no more sessions a round than the pace.
                later = max(others_due, now)
                wake = later if wake is None else min(wake, later)
            elif front != told:
                others_told += others
                session.lobby_told_back = self._back_version
                self.tell_session(session, self._news_for(session, common, owned), front, now)
            elif session.lobby_told_back != self._back_version:
                online = session.lobby_told_back[0] != self._back_version[0]
                due = session.lobby_told_at + (
                    LOBBY_BACKGROUND_EVERY if online else LOBBY_PROGRESS_EVERY
                )
                if now < due:  # told with the next news, or when it is due
                    wake = due if wake is None else min(wake, due)
                else:
                    background.append((session.lobby_told_at, session, front))
        # The background of many sessions is due at once: told a few at a time, those told
        # longest ago first, spread over the round, so that no moment is spent drawing the
        # lobby everywhere (a person's keypress would wait behind every app woken at once).
        background.sort(key=lambda due: due[0])
        self._sends = {handle for handle in self._sends if handle.when() > loop.time()}
        for i, (_, session, front) in enumerate(background[:LOBBY_BACKGROUND_BATCH]):
            delay = i * LOBBY_EVERY / LOBBY_BACKGROUND_BATCH
            lobby = self._news_for(session, common, owned)
            told = (front, self._back_version)
            handle = loop.call_later(delay, self._tell_background, session, lobby, told, now)
            self._sends.add(handle)
        if len(background) > LOBBY_BACKGROUND_BATCH:
            wake = now
        if wake is not None:
            delay = max(LOBBY_EVERY, wake - now)
            self._whole_at = min(self._whole_at, loop.time() + delay)
            self._round_in(loop, delay)
        self.shared.keep_only({s.shared_told for s in self.hub.sessions if s.in_lobby})

    def _shown_as_it_stands(self, moved: dict[str, Table]) -> bool:
        """Whether the lobby shows every table of `moved` as it stands, with nothing else
        changed that a round would tell: no listed table ending its time in the list, the same
        seeks and invitations, and no session in the lobby of the people at those tables (whose
        own part says whose move it is)."""
        if self.hub.clock() >= self.listed.quiet_until or self.hub.seeks.summary() != self._seeks:
            return False
        if self.hub.club_service.invited_players() != self._invited_then:
            return False
        people, here = self.hub.people, self.online.people
        for table in moved.values():
            row = self._rows.get(table.id)
            if row is None and table.id in self._known:
                continue  # not listed (a tournament's table past the few listed)
            if row is None:
                return False
            summary = self._common_summary(table, here)
            if summary != row and not self._progress_alone(table, summary, row):
                return False
            persons = {place.person for place in table.seats if place.person} | {table.owner}
            if any(s in self._order for p in persons for s in people.sessions_of(p)):
                return False
        return True

    def _progress_alone(self, table: Table, summary: dict, row: dict) -> bool:
        """Whether all that `summary` says of `table` beside its `row` as last numbered is how
        far it has got, and that is due to no session in the lobby yet: then the round that
        looks at everything (and numbers it) is put off until it is due to the first of them,
        told longest ago (at 1,000 sessions with 80 tables playing, each move's round summed up
        every table and made the shared part again, a tenth of the server's time)."""
        if {**summary, "progress": None} != {**row, "progress": None}:
            return False
        if _setup_of_bots(table, summary) != _setup_of_bots(table, row):
            return False  # a table of bots leaving its setup is news at once
        first = next(iter(self._order), None)
        if first is None:
            return True
        wait = first.lobby_told_at + LOBBY_PROGRESS_EVERY - time.monotonic()
        if wait <= 0:
            return False
        self._whole_at = min(self._whole_at, asyncio.get_running_loop().time() + wait)
        return True

    def _looked_at(self, owned, seeks, now: float, others_every: float) -> list[Session]:
        """The sessions a round looks at, those told longest ago first: those whose own part
        may have changed (all of them, when the seeks did), those told older news than stood
        then, and, of the rest, those news may be due to by now, and the first of each kind
        of news not yet due (when the next round is)."""
        if seeks != self._seeks:
            self._seeks = seeks
            return list(self._order)
        looked = self._own_news(owned) | self._behind
        intervals = (others_every, LOBBY_BACKGROUND_EVERY, LOBBY_PROGRESS_EVERY)
        waiting = [False, False, False]
        """For each kind of news, whether a session it is not yet due to was seen."""
        for session in self._order:
            told_at = session.lobby_told_at
            kinds = [k for k, at in enumerate(self._changed_at) if told_at <= at and not waiting[k]]
            if not kinds:
                break
            looked.add(session)
            for k in kinds:
                waiting[k] = told_at + intervals[k] > now
        return sorted(looked, key=_told_longest_ago_first)

    def _own_news(self, owned) -> set[Session]:
        """The sessions in the lobby whose own part may have changed: those of the people at
        the listed tables, of the players invited, and those last told something of their own."""
        people = self.hub.people
        invited = {person_of(player) for player in self._invited or ()}
        sessions = set(self._own_told)
        for person in owned.keys() | invited:
            sessions.update(s for s in people.sessions_of(person) if s in self._order)
        return sessions

    def _told(self, session: Session) -> None:
        """`session` was just told its list (`lobby_told`): last of those told."""
        self._order.pop(session, None)
        self._order[session] = None
        front = session.lobby_told
        if front[1][0] or front[1][1]:
            self._own_told.add(session)
        else:
            self._own_told.discard(session)
        if front[0] != self._front_version or session.lobby_told_back != self._back_version:
            self._behind.add(session)
        else:
            self._behind.discard(session)

    def arrived(self, session: Session) -> None:
        """`session` is welcomed as its person: online."""
        self.online.arrived(session, _shown(session))

    def gone(self, session: Session) -> None:
        """`session` is gone (out of `Hub.sessions`)."""
        self.left(session)
        self.online.gone(session)

    def left(self, session: Session) -> None:
        """`session` left the lobby (for a table, or gone)."""
        self._order.pop(session, None)
        self._own_told.discard(session)
        self._behind.discard(session)

    def _seen_round(self, common) -> None:
        """Number what every list shares anew where it changed: its foreground (the tables
        but how far they have got) and its background (how far, and who is online)."""
        summaries, online = common
        self._rows = {table.id: summary for table, summary in summaries}
        self._known = set(self.hub.tables)
        numbers = (self._front_version, self._back_version)
        front = [{**summary, "progress": _setup_of_bots(t, summary)} for t, summary in summaries]
        progress = [summary["progress"] for _, summary in summaries]
        now = time.monotonic()
        if front != self._front:
            self._front, self._front_version = front, self._front_version + 1
            self._changed_at[0] = now
        told_online, told_progress = self._back_version
        if online != self._online:
            self._online, told_online = online, told_online + 1
            self._changed_at[1] = now
        if progress != self._progress:
            self._progress, told_progress = progress, told_progress + 1
            self._changed_at[2] = now
        self._back_version = (told_online, told_progress)
        if numbers != (self._front_version, self._back_version) or not self.shared.number:
            self.shared.update([summary for _, summary in summaries], online)

    def _owned(self) -> dict[str, list[Table]]:
        """The listed tables each person sits at or owns."""
        owned: dict[str, list[Table]] = {}
        for table in self.listed.tables():
            people = {place.person for place in table.seats if place.person} | {table.owner}
            for person in people:
                owned.setdefault(person, []).append(table)
        return owned

    def _personal(
        self, session: Session, owned: dict[str, list[Table]], seeks: tuple | None = None
    ) -> tuple:
        """What only this session's list says: its tables as they are to it, its invitations,
        and the seeks (`seeks`: their summary, when a round has it at hand)."""
        if seeks is None:
            seeks = self.hub.seeks.summary()
        tables = owned.get(session.person)
        player = session.player
        invited = self._invited is None or (player is not None and player.id in self._invited)
        if not tables and not invited:  # most of a crowded lobby: nothing of its own
            return (), (), seeks
        mine = []
        for table in tables or ():
            summary = self._summary(table, {}, session)
            summary.pop("since")
            mine.append((table.id, tuple(summary.values())))
        invitations = self.hub.club_service.invitations_for(session, self._invited)
        return tuple(mine), tuple(tuple(sorted(i.items())) for i in invitations), seeks

    def _tell_background(self, session: Session, lobby: dict, told: tuple, then: float) -> None:
        """Background news worked out at `then` (`told`: the numbers of what it says), told now:
        unless the session has left the lobby or been told a newer list since."""
        if session.in_lobby and session.lobby_told_at <= then and session in self.hub.sessions:
            front, session.lobby_told_back = told
            self.tell_session(session, lobby, front, time.monotonic())

    def tell_session(self, session: Session, lobby: dict, front: tuple, now: float) -> None:
        """Send `session` its news (`_news_for`): its whole list; or its own part, if it changed,
        then the shared part as it stands, if it holds an older one (each built and encoded
        once for every session that holds the same)."""
        session.lobby_told, session.lobby_told_at = front, now
        self._told(session)
        if lobby["type"] == "lobby":
            session.send_lobby(lobby)
            return
        shown = _but_waiting(lobby)
        if shown != session.yours_told:
            session.yours_told = shown
            session.send({**lobby, "shared": self.shared.number})
        if session.shared_told != self.shared.number:
            session.send_encoded(self.shared.message(session.shared_told))
            session.shared_told = self.shared.number


def _setup_of_bots(table: Table, summary: dict) -> bool | None:
    """What of how far `table` has got is news at once, not with the minute's progress: that a
    table of bots is in its setup (a game of bots is shorter than that minute, and read 'setup'
    in the lobby to its end). Nothing of a table of people: each such table leaving its setup
    told to every session in the lobby at once cost their apps six frames an action at 200
    sessions (benchmarks/serve.md, "Ninth round's end")."""
    if summary["progress"] != SETUP_PROGRESS:
        return None
    return all(place.who != "human" or place.bot_member for place in table.seats) or None


def _told_longest_ago_first(session: Session) -> float:
    """The order in which a round looks at the sessions: those told their list longest ago
    first (so that those kept waiting by the pace are told at the next round)."""
    return session.lobby_told_at


def _but_waiting(yours: dict) -> dict:
    """A session's own part but how long its tables have waited for it (which changes every
    second, and is told only with other news)."""
    rows = {table: {**row, "since": None} for table, row in yours["rows"].items()}
    return {**yours, "rows": rows}


def _shown(session: Session) -> str:
    """A session's name as the lobby's online list shows it: a bot member's marked."""
    player = session.player
    return f"{session.name} (bot)" if player is not None and player.is_bot_member else session.name
