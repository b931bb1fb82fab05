"""One thing to cancel per table this node runs (a clock's wake-up, a bot's turns)."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar


class Cancellable(Protocol):
    def cancel(self) -> object: ...


C = TypeVar("C", bound=Cancellable)


class PerTable(Generic[C]):
    """What runs for each table, by the table's id; cancelled when the table stops here."""

    def __init__(self) -> None:
        self._by_table: dict[str, C] = {}

    def get(self, table_id: str) -> C | None:
        return self._by_table.get(table_id)

    def put(self, table_id: str, item: C) -> None:
        """Keep `item` for the table (the one it replaces must be stopped first)."""
        self._by_table[table_id] = item

    def stop(self, table_id: str) -> None:
        """Cancel what runs for the table, if anything does."""
        item = self._by_table.pop(table_id, None)
        if item is not None:
            item.cancel()

    def stop_all(self) -> None:
        """Cancel what runs for every table."""
        for table_id in list(self._by_table):
            self.stop(table_id)
