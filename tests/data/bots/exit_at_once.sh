# exit_at_once.sh: a broken program for the engine protocol: it exits at once with status 3.
echo "exit_at_once: giving up" >&2
exit 3
