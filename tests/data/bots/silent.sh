# silent.sh: a broken program for the engine protocol: it never answers the hello.
exec sleep 60
