/* server.h: `whist serve`, the game in a browser: HTTP for the web client's files and one WebSocket per
 * tab speaking the JSON messages of docs/protocol.md ("The browser's WebSocket"). */
#ifndef SERVER_H
#define SERVER_H

/* Runs the server until SIGTERM or SIGINT; argv[0] is "serve". Returns the
 * exit code: 0 after a clean shutdown, 1 if it cannot start, 2 for a usage error. */
int server_main(int argc, char **argv);

#endif
