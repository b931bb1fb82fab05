"""Who is online, as every lobby list says it: each name, with the listed tables its person sits
at, then those they watch (`tables.whereabouts`), sorted by name; kept as people come and go (here and on the club's other nodes) and as their
tables change, where it was made again from every session at every round of the lobby's news
(7 % of the hub's thread at 200 sessions)."""

from __future__ import annotations

from bisect import bisect_left

from wish_tui.tables.whereabouts import watched

from .session import Session


def tables_of(listed, shown: dict[str, list[str]] | None = None) -> dict[str, list[str]]:
    """The listed tables (`listed`, in their order) each person sits at, then those they watch
    (`shown`: each table's id, the people it is shown to)."""
    tables: dict[str, list[str]] = {}
    for table in listed:
        for place in table.seats:
            if place.person and table.id not in tables.setdefault(place.person, []):
                tables[place.person].append(table.id)
    for table in listed if shown else ():
        for person in shown.get(table.id, ()):
            mine, marked = tables.setdefault(person, []), watched(table.id)
            if table.id not in mine and marked not in mine:
                mine.append(marked)
    return tables


class OnlineList:
    """The lobby's list of who is online, changed where people come, go or change tables.

    A person's name is that of their last session to arrive here, or the one the club's other
    nodes give (a session here says it first). A name two people hold (none in one club: its
    names are unique) lists the tables of the first of them to come."""

    def __init__(self) -> None:
        self._shown: dict[str, dict[Session, str]] = {}
        """Each person here: their sessions, each with the name it shows."""
        self._elsewhere: dict[str, str] = {}
        """Who is online on the club's other nodes, as last seen (the node's own dict)."""
        self.people: dict[str, str] = {}
        """Everyone online, here or elsewhere: each person's name as listed."""
        self._holders: dict[str, list[str]] = {}
        """Each name listed: the people who hold it, first come first."""
        self._tables_of: dict[str, list[str]] = {}
        """Each person's listed tables, as last seen."""
        self._names: list[str] = []
        """The names listed, sorted."""
        self._entries: list[dict] = []
        """The list's entries, in the order of `_names`."""
        self._listed: list[dict] | None = None
        """The list as last handed out (None: changed since; a list handed out is never
        changed, nor any of its entries)."""

    # Who comes and goes

    def arrived(self, session: Session, shown: str) -> None:
        """`session` (its person set) is here, showing the name `shown`."""
        sessions = self._shown.setdefault(session.person, {})
        sessions.pop(session, None)
        sessions[session] = shown
        self._name(session.person, shown)

    def gone(self, session: Session) -> None:
        """`session` is gone: its person stays listed while another session of theirs is here
        or they are online elsewhere."""
        person = session.person
        sessions = self._shown.get(person)
        if sessions is None or sessions.pop(session, None) is None:
            return
        if sessions:
            self._name(person, next(reversed(sessions.values())))
        else:
            del self._shown[person]
            self._name(person, self._elsewhere.get(person))

    def see_elsewhere(self, elsewhere: dict[str, str]) -> None:
        """Who is online on the club's other nodes now (person: name)."""
        if elsewhere is self._elsewhere:
            return
        before, self._elsewhere = self._elsewhere, elsewhere
        for person in before.keys() | elsewhere.keys():
            if person not in self._shown and before.get(person) != elsewhere.get(person):
                self._name(person, elsewhere.get(person))

    def see_tables(self, tables_of: dict[str, list[str]]) -> None:
        """The listed tables each person sits at now (in the order the tables are listed)."""
        before, self._tables_of = self._tables_of, tables_of
        if tables_of == before:
            return
        for person in before.keys() | tables_of.keys():
            if before.get(person) != tables_of.get(person):
                name = self.people.get(person)
                if name is not None and self._holders[name][0] == person:
                    self._entry(name)

    # The list

    def listed(self) -> list[dict]:
        """The list as it stands: the same list as last time when nothing changed."""
        if self._listed is None:
            self._listed = list(self._entries)
        return self._listed

    def _name(self, person: str, name: str | None) -> None:
        """List `person` by `name` (None: not online any more)."""
        before = self.people.get(person)
        if before == name:
            return
        if before is not None:
            del self.people[person]
            holders = self._holders[before]
            first = holders[0] == person
            holders.remove(person)
            if not holders:
                del self._holders[before]
                i = bisect_left(self._names, before)
                del self._names[i]
                del self._entries[i]
                self._listed = None
            elif first:
                self._entry(before)
        if name is not None:
            self.people[person] = name
            holders = self._holders.get(name)
            if holders is not None:
                holders.append(person)
                return
            self._holders[name] = [person]
            i = bisect_left(self._names, name)
            self._names.insert(i, name)
            self._entries.insert(i, self._made(name))
            self._listed = None

    def _entry(self, name: str) -> None:
        """Make `name`'s entry again (its first holder's tables changed)."""
        self._entries[bisect_left(self._names, name)] = self._made(name)
        self._listed = None

    def _made(self, name: str) -> dict:
        return {"name": name, "tables": self._tables_of.get(self._holders[name][0], [])}
