"""illegal.py: a broken program for the engine protocol: plays a card it does not hold (one it has not seen).

In Android Whist it also plays a card when its android is to play, which the rules refuse too."""
import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print('{"type":"ready","protocol":1,"name":"illegal"}', flush=True)
    elif message["type"] == "decide":
        table = message["view"]["table"]
        own = set(table["own"])
        card = next(c + s for s in "SHDC" for c in "AKQJT98765432" if c + s not in own)
        print(json.dumps({"type": "play", "card": card}), flush=True)
