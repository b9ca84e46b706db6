#!/usr/bin/env python3
"""An Attila bot in Python, standard library only: it plays Knights and Tribes.

It speaks the bot protocol (examples/bots/README.md): one JSON object a line, the host's on standard input,
its own on standard output. It picks a legal move at random (seeded, so a game can be replayed); put your
own thinking into `choose`. Anything written to standard error shows up in the host's log.

    attila bot match -- python3 examples/bots/python/attila_bot.py [seed]

It also plays on a server by itself, through the bot API (packages/server/README.md): the account's event
stream says which games start, each game's stream brings its turns, and moves are posted back. The lines
are the same, so `choose` is the same. With --games N it stops after N games have ended.

    python3 examples/bots/python/attila_bot.py --server http://127.0.0.1:8080 --token attila_bot_... [seed]
"""
import argparse
import json
import os
import random
import sys
import threading
import urllib.error
import urllib.request

PROTOCOL = "attila-bot/1"


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def choose(turn, rng):
    """A move for this turn: one of `turn["legal"]`. `turn["view"]` is what this seat may see."""
    return rng.choice(turn["legal"])


def request(server, token, path, body=None):
    """A bot API request with the bearer token: a GET (a stream) or, with a body, a POST."""
    headers = {"Authorization": "Bearer " + token}
    data = None
    if body is not None:
        headers["Content-Type"] = "application/json"
        data = json.dumps(body).encode()
    req = urllib.request.Request(server + path, data=data, headers=headers, method="GET" if data is None else "POST")
    return urllib.request.urlopen(req, timeout=None)


def lines_of(response):
    """The messages of a newline-delimited JSON stream; empty lines are heartbeats."""
    for raw in response:
        text = raw.decode("utf-8").strip()
        if text:
            yield json.loads(text)


def play_game(server, token, table, rng):
    """Answers the turns of one game's stream until its end line."""
    with request(server, token, f"/api/bot/game/{table}/stream") as stream:
        for message in lines_of(stream):
            if message["type"] == "turn":
                move = {"seq": message["seq"], "move": choose(message, rng)}
                try:
                    with request(server, token, f"/api/bot/game/{table}/move", move) as answer:
                        answer.read()
                except urllib.error.HTTPError as refused:
                    # Refused, nothing changed: the stream asks this turn again if it is still ours.
                    print(f"table {table}: refused: {refused.read().decode()}", file=sys.stderr)
            elif message["type"] == "end":
                return


def play_on_server(server, token, games, seed):
    """Plays every game the event stream announces, each in its own thread; stops after `games` ended."""
    started = set()
    ended = 0
    with request(server, token, "/api/bot/stream") as events:
        for message in lines_of(events):
            if message["type"] == "hello" and message["protocol"] != PROTOCOL:
                print(f"this bot speaks {PROTOCOL}, the server {message['protocol']}", file=sys.stderr)
                return 2
            if message["type"] == "start" and message["table"] not in started:
                table = message["table"]
                started.add(table)
                print(f"table {table}: {message['game']}, seats {message['seats']}", file=sys.stderr)
                rng = random.Random(f"{seed}/{table}")
                threading.Thread(target=play_game, args=(server, token, table, rng), daemon=True).start()
            elif message["type"] == "end":
                ended += 1
                print(f"table {message['table']} ended: winners {message['result']['winners']}", file=sys.stderr)
                if games and ended >= games:
                    return 0
    return 0


def main():
    parser = argparse.ArgumentParser(description="An Attila bot: the bot protocol, or a server's bot API.")
    parser.add_argument("seed", nargs="?", default="attila")
    parser.add_argument("--server", help="play on this server through its bot API (http://HOST:PORT)")
    parser.add_argument("--token", default=os.environ.get("ATTILA_BOT_TOKEN"), help="the bot account's API token")
    parser.add_argument("--games", type=int, default=0, help="with --server: stop after this many games (0: never)")
    args = parser.parse_args()
    if args.server:
        if not args.token:
            parser.error("--server needs --token (or $ATTILA_BOT_TOKEN)")
        return play_on_server(args.server.rstrip("/"), args.token, args.games, args.seed)
    rng = random.Random(args.seed)
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
