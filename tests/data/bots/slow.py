"""slow.py: a broken program for the engine protocol: ready at once, then it sleeps past every time limit."""
import sys
import time

for line in sys.stdin:
    if '"hello"' in line:
        print('{"type":"ready","protocol":1,"name":"slow"}', flush=True)
    elif '"decide"' in line:
        time.sleep(60)
