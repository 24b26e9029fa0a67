"""long_line.py: a broken program for the engine protocol: answers a decide with a line of 100000 bytes."""
import sys

for line in sys.stdin:
    if '"hello"' in line:
        print('{"type":"ready","protocol":1,"name":"long"}', flush=True)
    elif '"decide"' in line:
        print('{"type":"play","card":"' + "A" * 100000 + '"}', flush=True)
