# deaf.sh: a broken program for the engine protocol: closes its input after the hello, answers it, and
# lingers (whist's next write meets a pipe with no reader: an error for whist, never its death by SIGPIPE).
read -r hello
exec 0<&-
echo '{"type":"ready","protocol":1,"name":"deaf"}'
sleep 5
