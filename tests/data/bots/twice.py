"""twice.py: a broken program for the engine protocol: answers each decide twice (the same legal card)."""
import json
import sys

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print('{"type":"ready","protocol":1,"name":"twice"}', flush=True)
    elif message["type"] == "decide":
        table = message["view"]["table"]
        own, led = table["own"], table["led"]
        legal = [c for c in own if led and c[-1] == led[-1]] or own
        answer = json.dumps({"type": "play", "card": legal[0]})
        print(answer + "\n" + answer, flush=True)
