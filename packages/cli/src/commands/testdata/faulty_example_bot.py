"""The example bot (examples/bots/python/attila_bot.py, unchanged) with faults, for the bridge's tests
(packages/cli/src/commands/bot-connect-outside.test.ts, packages/web/e2e/bot-bridge.e2e.ts): its `send` and
`choose` monkeypatched. In the first game it writes a line that is not JSON instead of its 2nd move and dies
instead of its 3rd (each once: marker files in the folder given as its argument); in every later game it
resigns at its first turn (the example's `None` from `choose`).

    python3 faulty_example_bot.py STATE_DIR
"""
import importlib.util, os, sys
state = sys.argv[1]
spec = importlib.util.spec_from_file_location("attila_bot", os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../../../examples/bots/python/attila_bot.py"))
bot = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bot)
def mark(name, text=""):
    with open(os.path.join(state, name), "w") as f:
        f.write(text)
def marked(name):
    return os.path.exists(os.path.join(state, name))
def first_table(table):
    if not marked("first"):
        mark("first", table)
    with open(os.path.join(state, "first")) as f:
        return f.read() == table
real_send, real_choose = bot.send, bot.choose
def send(message):
    if message.get("type") == "move" and first_table(message["table"]):
        moves = len([n for n in os.listdir(state) if n.startswith("move-")])
        mark(f"move-{moves}")
        if moves == 1 and not marked("garbage"):
            mark("garbage")
            sys.stdout.write("this is not a JSON line\n")
            sys.stdout.flush()
            return
        if moves == 3 and not marked("crash"):
            mark("crash")
            os._exit(3)
    real_send(message)
def choose(turn, rng):
    return real_choose(turn, rng) if first_table(turn["table"]) else None
bot.send, bot.choose = send, choose
sys.exit(bot.main())
