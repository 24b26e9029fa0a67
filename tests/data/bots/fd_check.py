"""fd_check.py: run before a bot (`python3 fd_check.py && exec python3 bot.py`): exits 1, naming them, if the
program was given any open file descriptor beyond standard input, output and error (a pipe of another
program of the arena would be one)."""
import os
import sys

extra = []
for name in os.listdir("/proc/self/fd"):
    fd = int(name)
    if fd <= 2:
        continue
    try:
        target = os.readlink("/proc/self/fd/" + name)
    except OSError:
        continue  # the listing's own descriptor, closed by now
    if not target.startswith("/proc/"):
        extra.append(f"{fd} -> {target}")
if extra:
    sys.stderr.write("fd_check: inherited " + ", ".join(extra) + "\n")
    sys.exit(1)
