#!/usr/bin/env python3
"""ws_parallel.py HOST PORT: one expert thinking does not hold up another game (tests/cli/test_serve_parallel.sh).

Player A plays German Whist against the expert, player B against the hard computer, each its own game.
Whenever A's expert is to play (it thinks on a worker), B plays a card: if the loop waited for the expert,
B's card and its computer's answer could only come after the expert's card. The test passes when B's
whole exchange (its play event, its computer's card, its turn again) arrives while A's expert has not yet
played; an expert quicker than B's exchange proves nothing either way, and A starts a new game (at most
30 times). Exit 0 when it holds.
"""
import os
import select
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import WebSocket, get_cookie, legal_card, fail  # noqa: E402


def connect(host, port):
    ws = WebSocket(host, port, get_cookie(host, port))
    if not ws.open:
        fail(f"handshake refused: {ws.status}")
    ws.until(lambda m: m["type"] == "welcome")
    return ws


def new_game(ws, level):
    ws.send({"type": "new", "options": {"game": "german", "opponent": level}})
    ws.until(lambda m: m["type"] == "welcome" and m["game"])
    view = ws.until(lambda m: m["type"] == "view")["view"]
    ws.until(lambda m: m["type"] == "games")  # after the game, once saved: its summary
    return view


def pending(ws):
    """Whether a message from the server waits on ws (read or not)."""
    if ws.buf:
        return True
    r, _, _ = select.select([ws.sock], [], [], 0)
    return bool(r)


def main():
    host, port = sys.argv[1], int(sys.argv[2])
    a, b = connect(host, port), connect(host, port)
    bview = new_game(b, "hard")
    for attempt in range(30):
        view = new_game(a, "expert")
        # A plays until its expert is to play (then the expert thinks on a worker)
        while view["state"] == "playing" and view["turn"]["computer"] is False:
            a.send({"type": "act", "action": {"type": "play", "card": legal_card(view)}})
            view = a.until(lambda m: m["type"] == "view")["view"]
        if view["state"] != "playing":
            continue
        # B: one card, its play event, and its computer's answers until it is B's turn again
        if bview["state"] != "playing":
            bview = new_game(b, "hard")
        while bview["turn"]["computer"]:
            bview = b.until(lambda m: m["type"] == "view")["view"]
        b.send({"type": "act", "action": {"type": "play", "card": legal_card(bview)}})
        bview = b.until(lambda m: m["type"] == "view")["view"]
        while bview["state"] == "playing" and bview["turn"]["computer"]:
            bview = b.until(lambda m: m["type"] == "view")["view"]
        if not pending(a):
            print(f"ws_parallel: B's card and its computer's answer came while A's expert thought "
                  f"(attempt {attempt + 1})")
            return
        # the expert was quicker than B's exchange: nothing shown; A's expert plays, and again
        a.until(lambda m: m["type"] == "view")
    fail("in 30 attempts B's game never moved while A's expert was thinking")


if __name__ == "__main__":
    main()
