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
    """A move for this turn: one of `turn["legal"]`. `turn["view"]` is what this seat may see.

    Return None to resign the game instead (on a server; `attila bot match` refuses it)."""
    if RESIGN_AT is not None and turn["seq"] >= RESIGN_AT:
        return None
    return rng.choice(turn["legal"])


def answer_takeback(message):
    """Another seat asks to take back its last move: "accept", "refuse" or "never" (refuse all of this game)."""
    return "refuse"


# --resign-at N: give up at the first turn at or after move N (to try resigning).
RESIGN_AT = None


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


def post(server, token, path, body):
    """A POST of the bot API; a refusal (nothing changed) is logged and the game goes on."""
    try:
        with request(server, token, path, body) as answer:
            answer.read()
    except urllib.error.HTTPError as refused:
        print(f"{path}: refused: {refused.read().decode()}", file=sys.stderr)


def play_game(server, token, table, rng):
    """Answers the turns of one game's stream until its end line."""
    game = f"/api/bot/game/{table}"
    with request(server, token, game + "/stream") as stream:
        for message in lines_of(stream):
            kind = message["type"]
            if kind == "turn":
                move = choose(message, rng)
                if move is None:
                    post(server, token, game + "/resign", {})
                else:
                    # Refused: the stream asks this turn again if it is still ours.
                    post(server, token, game + "/move", {"seq": message["seq"], "move": move})
            elif kind == "takeback":
                post(server, token, game + "/takeback-answer", {"answer": answer_takeback(message)})
            elif kind == "chat":
                print(f"table {table}: {message['name']} says {message['text']}", file=sys.stderr)
            elif kind == "end":
                return


def answer_challenge(server, token, challenge):
    """Accepts a casual challenge waiting for this bot's answer; declines a rated one, saying why."""
    mine = next(s for s in challenge["seats"] if s["seat"] == challenge["seat"])
    if challenge["status"] != "pending" or mine["challenger"] or mine["answer"] != "pending":
        return
    path = f"/api/bot/challenges/{challenge['id']}"
    if challenge["rated"]:
        post(server, token, path + "/decline", {"reason": "I play rated games only on the bot ladder"})
    else:
        post(server, token, path + "/accept", {})


def play_on_server(server, token, games, seed, challenge=None):
    """Plays every game the event stream announces, each in its own thread; stops after `games` ended."""
    started = set()
    ended = 0
    if challenge:
        # Challenge a person or another bot by account name to a casual Knights game.
        post(server, token, "/api/bot/challenges", {"game": "knights", "players": [challenge]})
    with request(server, token, "/api/bot/stream") as events:
        for message in lines_of(events):
            if message["type"] == "hello" and message["protocol"] != PROTOCOL:
                print(f"this bot speaks {PROTOCOL}, the server {message['protocol']}", file=sys.stderr)
                return 2
            if message["type"] == "challenge":
                answer_challenge(server, token, message["challenge"])
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
    parser.add_argument("--resign-at", type=int, help="resign at the first turn at or after this move")
    parser.add_argument("--challenge", metavar="NAME", help="with --server: challenge this account to Knights")
    args = parser.parse_args()
    global RESIGN_AT
    RESIGN_AT = args.resign_at
    if args.server:
        if not args.token:
            parser.error("--server needs --token (or $ATTILA_BOT_TOKEN)")
        return play_on_server(args.server.rstrip("/"), args.token, args.games, args.seed, args.challenge)
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
            if move is None:
                send({"type": "resign", "table": message["table"]})
            else:
                send({"type": "move", "table": message["table"], "seq": message["seq"], "move": move})
        elif kind == "takeback":
            send({"type": "takeback-answer", "table": message["table"], "answer": answer_takeback(message)})
        elif kind == "chat":
            print(f"table {message['table']}: {message['name']} says {message['text']}", file=sys.stderr)
        elif kind == "refused":
            print(f"refused at move {message['seq']}: {message['message']}", file=sys.stderr)
        elif kind == "end":
            print(f"table {message['table']} ended: winners {message['result']['winners']}", file=sys.stderr)
        elif kind == "bye":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
