#!/usr/bin/env python3
"""An Attila bot in Python, standard library only: it plays Knights and Tribes.

It speaks the bot protocol (examples/bots/README.md): one JSON object a line, the host's on standard input,
its own on standard output. It picks a legal move at random (seeded, so a game can be replayed); put your
own thinking into `choose`. Anything written to standard error shows up in the host's log.

    attila bot match -- python3 examples/bots/python/attila_bot.py [seed]
"""
import json
import random
import sys

PROTOCOL = "attila-bot/1"


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def choose(turn, rng):
    """A move for this turn: one of `turn["legal"]`. `turn["view"]` is what this seat may see."""
    return rng.choice(turn["legal"])


def main():
    rng = random.Random(sys.argv[1] if len(sys.argv) > 1 else "attila")
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if message["protocol"] != PROTOCOL:
                print(f"this bot speaks {PROTOCOL}, the host {message['protocol']}", file=sys.stderr)
                return 2
            send({"type": "ready", "name": "python-random", "protocol": PROTOCOL})
        elif kind == "start":
            print(f"table {message['table']}: {message['game']}, seats {message['seats']}", file=sys.stderr)
        elif kind == "turn":
            move = choose(message, rng)
            send({"type": "move", "table": message["table"], "seq": message["seq"], "move": move})
        elif kind == "refused":
            print(f"refused at move {message['seq']}: {message['message']}", file=sys.stderr)
        elif kind == "end":
            print(f"table {message['table']} ended: winners {message['result']['winners']}", file=sys.stderr)
        elif kind == "bye":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
