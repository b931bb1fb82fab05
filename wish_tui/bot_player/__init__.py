"""`wish-tui bot`: the project's own bots as outside bots of a club (docs/bot-protocol.md).

command.py     the command line: --level, --server, --key or --token, --accept
chooser.py     a turn event answered with a bot's choice, from the seat's view alone
player.py      the events of a session answered: challenges taken, turns played
transports.py  the lines both ways: SSH (`bot@HOST`, a key) or HTTP (a token)
"""
