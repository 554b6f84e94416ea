"""Every limit the host puts on what reaches it, each with its reason (docs/network.md,
"Security"). The host trusts nothing from the network, so each resource a stranger
could take (a connection, a seat, the host's time, its bandwidth) has a bound here."""

from __future__ import annotations

# -- frames (protocol.read) ----------------------------------------------------------------
# A move's path is the largest thing a client sends: 2,000 rows of about 60 characters.
MAX_MESSAGE_BYTES = 256 * 1024
# A whole game's log, sent to a client that joins, rejoins or resynchronises.
MAX_GAME_BYTES = 16 * 1024 * 1024

# -- before the hello: a connection is a stranger until its hello is checked ---------------
# A client says hello the moment its connection opens; 5 s is plenty on a slow network,
# and a connection that says nothing holds its handshake place no longer than that.
HELLO_SECONDS = 5.0
# Connections still saying hello, all together and from one address: a budget of their
# own, so strangers never take the places of players. Full, the one silent longest makes
# room for a newcomer (a real client's hello comes within milliseconds).
HANDSHAKES = 16
HANDSHAKES_PER_ADDRESS = 4

# -- admitted: a connection takes a place only after a valid hello -------------------------
# Players and spectators together, and from one address (a household, a school behind
# one router). A seat's token and the host's own app are always let back in, full or not.
MAX_CONNECTIONS = 64
MAX_PER_ADDRESS = 16

# -- guessing the room code ----------------------------------------------------------------
# Refused hellos counted over this many seconds ...
FAILED_JOINS_WINDOW = 60.0
# ... from one address (an IPv6 address counts by its /64 network, the block one machine
# is usually given) before that address must wait ...
FAILED_JOINS = 20
# ... and from everywhere together, before the host takes no new joins (only seat tokens
# and its own app) until the window has passed: rotating source addresses buys nothing.
FAILED_JOINS_EVERYWHERE = 60
# A room code's length: 8 of 31 characters is 31**8 = 8.5e11 codes; at the global limit
# (60 a minute, 86,400 a day) a guesser needs 4.9 million days on average, and the chance
# of guessing it during a day-long game is 1 in 9.9 million (docs/network.md).
ROOM_CODE_LENGTH = 8
# Rooms made before codes grew (6 characters) still resume and are still joined.
ROOM_CODE_LENGTHS = (6, ROOM_CODE_LENGTH)

# -- an admitted connection's rate ----------------------------------------------------------
MESSAGES_PER_SECOND = 40.0  # a client's sustained rate (a hand streams at 30)
BURST = 80  # messages a client may send at once
MOVES_PER_SECOND = 10.0  # a client's moves, sustained (Filled In's quick bots reach it)
MOVE_BURST = 30
LIVES_PER_SECOND = 10.0  # a live move's stream (the shipped client sends 10 a second)
LIVE_BURST = 12
# A resync sends the whole log (up to MAX_GAME_BYTES): answered once a move for each
# connection; a second ask at the same move gets one short refusal line.
RESYNCS_PER_MOVE = 1
MAX_BAD = 30  # refused messages before the host closes the connection

# -- clocks ----------------------------------------------------------------------------------
PING_SECONDS = 5.0  # keepalive: a peer silent for twice this is gone
REJOIN_SECONDS = 120.0  # a player who left has this long to come back
TURN_SECONDS = 600.0  # a player to move has this long
# A game that is over: the host waits this long at most for every client's hash after
# the last move before it ends the connections (a client that never says is not waited for).
END_SECONDS = 10.0
