"""Outside bots: programs that play in the club through the bot protocol (docs/bot-protocol.md).

events.py    what a bot sends, checked, as the table server's requests; the server's
             messages as the bot's events (pure)
gateway.py   one bot's sessions of the table server: its lobby and one per table
door.py      who a bot is: its key (SSH) or its token (HTTP), a bot member of the club
"""
