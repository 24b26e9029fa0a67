"""crash.py: a broken program for the engine protocol: ready, then killed by a signal at its first decide."""
import os
import signal
import sys

for line in sys.stdin:
    if '"hello"' in line:
        print('{"type":"ready","protocol":1,"name":"crash"}', flush=True)
    elif '"decide"' in line:
        sys.stderr.write("crash.py: about to crash\n")
        sys.stderr.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
