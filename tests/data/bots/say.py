"""say.py LINE...: a scripted player for the engine protocol: ready to each hello, then each decide is
answered with the next LINE, as given (then it says nothing more). For testing what whist refuses."""
import sys

lines = sys.argv[1:]
for message in sys.stdin:
    if '"type":"hello"' in message:
        print('{"type":"ready","protocol":1,"name":"say"}', flush=True)
    elif '"type":"decide"' in message and lines:
        print(lines.pop(0), flush=True)
