"""Where the club keeps what it keeps: one versioned schema on SQLite or PostgreSQL, the tables'
append-only rows, and the nodes' leases and notices.

    database.py    statements, transactions, notices, migrations (`Database`, for every part)
    dialect.py     what SQLite and PostgreSQL spell differently       schema.py  the migrations
    sqlite_file.py the club's SQLite file, opened with care           lock.py    one serve a club
    postgres.py    the club on a PostgreSQL server
    table_store.py the tables: their setting, seats, events and chat  table_rows.py  read strictly
    record_codec.py a table's record from its events, and the one a finished table keeps
    cluster.py     the nodes of a club on one machine; pg_cluster.py, pg_listener.py on PostgreSQL
"""
