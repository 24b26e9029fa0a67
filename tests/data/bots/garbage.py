"""garbage.py: a broken program for the engine protocol: answers a decide with a line that is no JSON."""
import sys

for line in sys.stdin:
    if '"hello"' in line:
        print('{"type":"ready","protocol":1,"name":"garbage"}', flush=True)
    elif '"decide"' in line:
        print("I play the ace of spades!", flush=True)
