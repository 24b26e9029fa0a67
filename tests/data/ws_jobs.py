#!/usr/bin/env python3
"""ws_jobs.py HOST PORT SCENARIO [ARGS]: the server's heavy jobs (tests/cli/test_serve_jobs.sh).

heavy: one hint or replay's review per player at a time (another gets busy, from any tab; another player's is
not refused), a replay answered with the hand before its review, a review kept once worked out (asked
again, even while another of the player's is worked out, it comes whole at once), and a classic hand's review
sent as it is judged (its first part, if 0.3 s or more after the ask, is not the whole review); that review
is left running.

flood THINK_MS PLAYERS TABS HANDS MOVES BOUND_MS: PLAYERS players, each with HANDS finished hands, ask for
replays of them without pause from TABS connections each (a busy answer: again 0.25 s later), while a victim
plays German Whist against the expert; each of the expert's first MOVES cards must come within BOUND_MS of
the victim's view before it (the expert thinks THINK_MS). Prints every time.

Exit 0 when it holds.
"""
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import WebSocket, get_cookie, get_replay, legal_card, fail  # noqa: E402


def connect(host, port, cookie=None):
    cookie = cookie or get_cookie(host, port)
    ws = WebSocket(host, port, cookie)
    if not ws.open:
        fail(f"handshake refused: {ws.status}")
    ws.until(lambda m: m["type"] == "welcome")
    return ws, cookie


def play_hands(ws, hands, variant="classic"):
    """Plays `hands` hands of German Whist against the random computer (it decides on the loop: quick),
    the next one dealt after each; returns their ids in the history, oldest first, and the view of the hand in
    play.
    (A hand of the small deck is reviewed in a fraction of a classic hand's time.)"""
    ws.send({"type": "new", "options": {"game": "german", "opponent": "random", "target": "1000",
                                        "variant": variant}})
    ws.until(lambda m: m["type"] == "welcome" and m["game"])
    done = 0
    while True:
        m = ws.recv()
        if m["type"] == "error":
            fail(f"error during the game: {m}")
        if m["type"] != "view":
            continue
        view = m["view"]
        if view["state"] == "hand_over":
            done += 1
            ws.send({"type": "next"})
        elif view["state"] == "playing" and view["turn"]["player"] == 0:
            if done == hands:
                break
            ws.send({"type": "act", "action": {"type": "play", "card": legal_card(view)}})
    ws.send({"type": "history", "limit": 500})
    entries = ws.until(lambda m: m["type"] == "history")["entries"]
    if len(entries) < hands:
        fail(f"{len(entries)} hands in the history, {hands} played")
    return [e["id"] for e in reversed(entries[:hands])], view


def expect_busy(ws, msg, why):
    ws.send(msg)
    m = ws.until(lambda m: m["type"] in ("error", "replay", "review", "hint"))
    if m["type"] != "error" or m["code"] != "busy":
        fail(f"{why}: not busy but {m}")


def scenario_heavy(host, port):
    ws, cookie = connect(host, port)
    classic, _ = play_hands(ws, 1)  # hand C: a classic hand, whose review takes a second or more
    small, _ = play_hands(ws, 2, "small")  # hands A and B (a new game: C's match abandoned); the next in play
    a_id, b_id, c_id = small[0], small[1], classic[0]
    tab, _ = connect(host, port, cookie)
    # replay of hand A: the hand at once, no verdict yet; meanwhile the player's other tab gets busy
    ws.send({"type": "replay", "id": a_id})
    first = ws.until(lambda m: m["type"] in ("replay", "review", "error"))
    if first["type"] != "replay" or first.get("complete") is not False or first["verdicts"] or first["foreplay"]:
        fail(f"the replay's first answer is not the hand without its review: {str(first)[:300]}")
    expect_busy(tab, {"type": "replay", "id": b_id}, "a second replay of the player's, from another tab")
    expect_busy(tab, {"type": "hint"}, "a hint while the player's replay is worked out")
    a, _ = get_replay(ws, a_id, first=first)
    # another player's replay is not refused for this one's
    other, _ = connect(host, port)
    oids, _ = play_hands(other, 1, "small")
    get_replay(other, oids[0])
    # the job is done: the other tab may ask now; during that review, hand A again comes whole from the cache
    tab.send({"type": "replay", "id": b_id})
    b0 = tab.until(lambda m: m["type"] in ("replay", "review", "error"))
    if b0["type"] != "replay" or b0["complete"] is not False:
        fail(f"the tab's replay after the first was done: {str(b0)[:300]}")
    ws.send({"type": "replay", "id": a_id})
    again = ws.until(lambda m: m["type"] in ("replay", "review", "error"))
    if again != a:
        fail(f"hand A asked again is not its whole replay at once: {str(again)[:300]}")
    get_replay(tab, b_id, first=b0)
    # a hint is answered once no job of the player's is out
    tab.send({"type": "hint"})
    h = tab.until(lambda m: m["type"] in ("hint", "error"))
    if h["type"] != "hint":
        fail(f"hint after the replays: {h}")
    # the classic hand's review comes as it is judged: its first part long before its end (the review is
    # left running: the server's stop must not wait for it)
    t0 = time.monotonic()
    ws.send({"type": "replay", "id": c_id})
    ws.until(lambda m: m["type"] == "replay")
    part = ws.until(lambda m: m["type"] in ("review", "error"))
    took = time.monotonic() - t0
    if part["type"] != "review" or (part["complete"] and took >= 0.3):
        fail(f"the classic hand's review came whole after {took:.1f} s, not as it was judged: {str(part)[:200]}")
    print(f"ws_jobs: one heavy job per player; the hand first, its review in parts (the first after "
          f"{took:.1f} s); kept once worked out")


class Flood:
    """Connections asking for replays of their player's hands, one after the other, on a thread."""

    def __init__(self, host, port, players):
        self.host, self.port, self.players = host, port, players
        self.stop = False
        self.done = self.busy = 0
        self.error = None
        self.lock = threading.Lock()

    def run_one(self, cookie, ids, start):
        try:
            self.ask(cookie, ids, start)
        except (OSError, EOFError, ValueError) as e:  # the test is over (or the server is gone)
            if not self.stop:
                self.error = f"flood: {e!r}"

    def ask(self, cookie, ids, start):
        ws, _ = connect(self.host, self.port, cookie)
        ws.sock.settimeout(None)  # a replay may wait long behind the others: that is the flood
        k = start
        while not self.stop:
            ws.send({"type": "replay", "id": ids[k % len(ids)]})
            while True:
                m = ws.recv()
                if m["type"] == "error":
                    if m["code"] != "busy":
                        self.error = f"flood: {m}"
                        return
                    with self.lock:
                        self.busy += 1
                    time.sleep(0.25)
                    break
                # the whole replay at once (cached, or a server that sends it so), or the review's last part
                if m["type"] in ("replay", "review") and m.get("complete", True):
                    with self.lock:
                        self.done += 1
                    k += 1
                    break

    def start(self, tabs):
        self.threads = []
        for cookie, ids in self.players:
            for t in range(tabs):
                th = threading.Thread(target=self.run_one, args=(cookie, ids, t), daemon=True)
                th.start()
                self.threads.append(th)


def scenario_flood(host, port, think_ms, players, tabs, hands, moves, bound_ms):
    flooders = []
    for _ in range(players):
        ws, cookie = connect(host, port)
        ids, _ = play_hands(ws, hands)
        flooders.append((cookie, ids))
        ws.sock.close()
    flood = Flood(host, port, flooders)
    flood.start(tabs)
    time.sleep(1.0)  # every connection has asked
    victim, _ = connect(host, port)
    victim.send({"type": "new", "options": {"game": "german", "opponent": "expert"}})
    victim.until(lambda m: m["type"] == "welcome" and m["game"])
    victim.sock.settimeout(max(60, 3 * bound_ms / 1000))
    times = []
    since = time.monotonic()
    while len(times) < moves:
        try:
            m = victim.recv()
        except TimeoutError:
            fail(f"the expert's card did not come in {victim.sock.gettimeout()} s (cards before: {times} ms)")
        now = time.monotonic()
        if m["type"] == "error":
            fail(f"victim: {m}")
        if m["type"] == "event" and m["kind"] == "play" and m["player"] == 1:
            times.append(round((now - since) * 1000))
            if times[-1] > bound_ms:
                fail(f"the expert waited: its card {len(times)} took {times[-1]} ms, over {bound_ms} ms "
                     f"(think {think_ms} ms); cards before: {times[:-1]} ms")
        if m["type"] != "view":
            continue
        since = now  # the computer (if it is to play) starts thinking when this change is sent
        view = m["view"]
        if view["state"] == "hand_over":
            victim.send({"type": "next"})
        elif view["state"] == "playing" and view["turn"]["player"] == 0:
            victim.send({"type": "act", "action": {"type": "play", "card": legal_card(view)}})
    flood.stop = True
    if flood.error:
        fail(flood.error)
    print(f"ws_jobs: the expert's cards (think {think_ms} ms) under a flood of replays from {players} players "
          f"x {tabs} connections: {times} ms; replays done {flood.done}, busy {flood.busy}")


def main():
    host, port, scenario = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rest = [int(a) for a in sys.argv[4:]]
    if scenario == "heavy":
        scenario_heavy(host, port)
    elif scenario == "flood":
        scenario_flood(host, port, *rest)
    else:
        fail(f"unknown scenario {scenario}")


if __name__ == "__main__":
    main()
