#!/usr/bin/env python3
"""ws_client.py: a small WebSocket client (Python 3 standard library only) for tests/cli/test_serve.sh.

With WS_TLS=1 in the environment it speaks HTTPS and wss:// (any certificate).
Gets its identity as a browser does (a WebSocket without a cookie: the server sets the whist_token cookie in
its answer), opens ws://HOST:PORT/ws with it and protocol "whist" (client frames masked, RFC 6455), then
runs one scenario given on the command line and exits 0 when it holds, 1 (with the reason) if not.
"""
import base64
import json
import os
import socket
import ssl
import struct
import random
import re
import sys
import time


class WebSocket:
    def __init__(self, host, port, cookie, origin=None, path="/ws", protocol="whist", host_header=None):
        self.sock = socket.create_connection((host, port), timeout=20)
        if TLS:
            self.sock = tls_context().wrap_socket(self.sock, server_hostname=host)
        key = base64.b64encode(os.urandom(16)).decode()
        scheme = "https" if TLS else "http"
        origin = origin if origin is not None else f"{scheme}://{host}:{port}"
        host_header = host_header if host_header is not None else f"{host}:{port}"
        lines = [f"GET {path} HTTP/1.1", f"Host: {host_header}", "Upgrade: websocket",
                 "Connection: Upgrade", f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13",
                 f"Sec-WebSocket-Protocol: {protocol}"]
        if origin:
            lines.append(f"Origin: {origin}")
        if cookie:
            lines.append(f"Cookie: {cookie}")
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                break
            head += chunk
        self.status = head.split(b"\r\n", 1)[0].decode(errors="replace")
        self.head = head.decode(errors="replace")  # the answer's status line and headers
        self.buf = b""
        self.last = None  # the last message sent, sent again after a rate_limited error
        self.retry_rate_limited = True

    @property
    def open(self):
        return " 101 " in self.status

    @property
    def set_cookie(self):
        """The whist_token cookie the handshake's answer set ("whist_token=HEX"), or None; its attributes in
        self.cookie_attributes."""
        for line in self.head.split("\r\n")[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "set-cookie" and value.strip().startswith("whist_token="):
                self.cookie_attributes = value.strip().split(";", 1)[1].strip() if ";" in value else ""
                return value.strip().split(";", 1)[0]
        return None

    def send_frame(self, opcode, payload, fin=True):
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([(0x80 if fin else 0) | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + masked)

    def send(self, obj):
        text = obj if isinstance(obj, (str, bytes)) else json.dumps(obj)
        self.last = text
        self.send_frame(1, text.encode() if isinstance(text, str) else text)

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("the server closed the connection")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def recv(self):
        """The next text message as a dict (control frames answered or skipped)."""
        data = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            if b1 & 0x80:
                raise ValueError("the server masked a frame")
            payload = self._read(n)
            op = b0 & 0x0F
            if op == 8:
                raise EOFError("the server closed the WebSocket")
            if op == 9:
                self.send_frame(10, payload)
                continue
            if op == 10:
                continue
            data += payload
            if b0 & 0x80:
                m = json.loads(data.decode())
                if (self.retry_rate_limited and m.get("type") == "error" and m.get("code") == "rate_limited"
                        and self.last is not None):
                    # faster than the server's rate limit (a bot, not a person): wait, send it again
                    time.sleep(0.3)
                    self.send(self.last)
                    data = b""
                    continue
                return m

    def until(self, pred, limit=5000):
        for _ in range(limit):
            m = self.recv()
            if pred(m):
                return m
        raise AssertionError("no such message")


TLS = os.environ.get("WS_TLS") == "1"


def tls_context():
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return ctx


def fail(why):
    print(f"ws_client: {why}", file=sys.stderr)
    sys.exit(1)


def get_cookie(host, port):
    """A new identity, as a browser without one gets it: the cookie of a WebSocket handshake's answer."""
    ws = WebSocket(host, port, None)
    cookie = ws.set_cookie
    ws.sock.close()
    if not ws.open or not cookie:
        fail(f"no identity from the handshake: {ws.head!r}")
    return cookie


def kept_cookie(host, port, cookie_file):
    """The identity kept in cookie_file (a test's player across several runs), or a new one (get_cookie),
    written to cookie_file if one is named."""
    if cookie_file and os.path.exists(cookie_file):
        with open(cookie_file) as f:
            return f.read().strip()
    cookie = get_cookie(host, port)
    if cookie_file:
        with open(cookie_file, "w") as f:
            f.write(cookie)
    return cookie


def legal_card(view):
    """A card player 0 may play now, from its own view only."""
    table = view["table"]
    own = table["own"]
    led = table["led"]
    if led:
        same = [c for c in own if c[1] == led[1]]
        if same:
            return same[0]
    return own[0]


def play_german(ws):
    ws.send({"type": "new", "options": {"game": "german", "opponent": "easy", "target": "25"}})
    ws.until(lambda m: m["type"] == "welcome" and m["game"])
    view = None
    upcard = None
    hands = 0
    for _ in range(20000):
        m = ws.recv()
        if m["type"] == "error":
            fail(f"error during the game: {m}")
        if m["type"] == "event":
            if m["kind"] in ("deal", "upcard"):
                upcard = m["card"]
            elif m["kind"] == "score":
                hands += 1
            elif m["kind"] == "hand" and m["player"] == 1 and m["cards"]:
                fail(f"the computer's hand was sent: {m}")
            elif m["kind"] == "draw" and m["player"] == 1 and m["card"] not in (None, upcard):
                fail(f"the computer's hidden draw was sent: {m}")
        if m["type"] != "view":
            continue
        view = m["view"]
        state = view["state"]
        if state == "over":
            print(f"ws_client: match over after {hands} hands, winner {view['winner']}")
            if hands < 2:
                fail("the match should take more than one hand")
            return
        if state == "hand_over":
            ws.send({"type": "next"})
            continue
        turn = view["turn"]
        if turn["player"] == 0:
            ws.send({"type": "act", "action": {"type": "play", "card": legal_card(view)}})
    fail("the match did not end")


COMMANDS = ["duck", "beat", "high", "spades", "hearts", "diamonds", "clubs", "shortest", "longest",
            "high-spades", "high-hearts", "high-diamonds", "high-clubs", "high-shortest", "high-longest"]


def play_android(ws, seed=None, stop_after=None, watch=None):
    """A rubber of Android Whist to its end (or, with stop_after, until that many hands are scored): each
    action is the first of the candidates the server takes (a refused one gets an error and changes
    nothing). watch, if given, sees every message. seed None (the only one a server of protocol 2 takes): the server's."""
    options = {"game": "android", "opponent": "easy"}
    if seed is not None:
        options["seed"] = seed
    ws.send({"type": "new", "options": options})
    ws.until(lambda m: m["type"] == "welcome" and m["game"])
    candidates = []
    hands = refused = 0
    for _ in range(50000):
        m = ws.recv()
        if watch:
            watch(m)
        if m["type"] == "error":
            if not candidates:
                fail(f"android: every candidate refused, last: {m}")
            refused += 1
            ws.send({"type": "act", "action": candidates.pop(0)})
            continue
        if m["type"] == "event" and m["kind"] == "score":
            hands += 1
        if m["type"] != "view":
            continue
        view = m["view"]
        if view["state"] == "over":
            print(f"ws_client: rubber over after {hands} hands, winner {view['winner']}, {refused} refused")
            return
        if view["state"] == "hand_over" and hands == stop_after:
            return
        if view["state"] == "hand_over":
            ws.send({"type": "next"})
            continue
        turn = view["turn"]
        if turn["player"] != 0:
            continue
        if turn["action"] == "card":
            candidates = [{"type": "play", "card": c} for c in view["table"]["own"]]
        else:
            candidates = [{"type": "command", "command": c} for c in COMMANDS]
        ws.send({"type": "act", "action": candidates.pop(0)})
    fail("the rubber did not end")


# ---- the player's own things: settings, statistics, history, replay, quit; the server's limits ----

DEFAULTS = {"name": "", "sound": "on", "speed": "normal", "orientation": "auto", "hand-display": "row",
            "faces": "modern", "back": "blue", "suit-order": "alternate", "single-click": "off", "tracker": "off",
            "opponent": "hard", "android-opponent": "hard", "variant": "classic", "scoring": "last13",
            "target": "10"}


REVIEW_KEYS = {"type", "id", "verdicts", "foreplay", "review", "complete"}


def get_replay(ws, hand_id, sent=False, first=None):
    """Asks for (sent: has asked for; first: has read the `replay` message) hand_id's replay and reads it
    whole: the `replay` message, and for a German Whist hand not reviewed before (complete false: the hand,
    no verdict yet) the `review` messages, each adding verdicts, until the complete one. Returns the replay
    with all of them, and how many review messages came."""
    if not sent and not first:
        ws.send({"type": "replay", "id": hand_id})
    r = first or ws.until(lambda m: m["type"] in ("replay", "review", "error"))
    if r["type"] != "replay" or r["id"] != hand_id or not isinstance(r.get("complete"), bool):
        fail(f"replay {hand_id}: {r}")
    if r["complete"]:
        return r, 0
    if r["game"] != "german" or r["verdicts"] or r["foreplay"] or r["review"] is not None or not r["tricks"]:
        fail(f"replay {hand_id}: the first answer is not the hand alone: {r}")
    parts = 0
    while True:
        m = ws.until(lambda m: m["type"] in ("review", "replay", "error"))
        if m["type"] != "review" or set(m) != REVIEW_KEYS or m["id"] != hand_id:
            fail(f"replay {hand_id}: after the hand, {m}")
        parts += 1
        r["verdicts"] += m["verdicts"]
        r["foreplay"] += m["foreplay"]
        if m["complete"]:
            if not isinstance(m["review"], dict):
                fail(f"replay {hand_id}: the last review message has no summary: {m}")
            r["review"], r["complete"] = m["review"], True
            return r, parts
        if m["review"] is not None:
            fail(f"replay {hand_id}: a summary before the end: {m}")


def expect_error(ws, msg, code):
    ws.send(msg)
    m = ws.until(lambda m: m["type"] in ("error", "settings", "stats", "history", "replay", "welcome"))
    if m["type"] != "error" or m["code"] != code:
        fail(f"{str(msg)[:80]!r}: expected error {code}, got {m}")


def scenario_settings(host, port, cookie, ws, hello):
    if hello.get("settings") != DEFAULTS:
        fail(f"welcome: not the default settings: {hello.get('settings')}")
    tab = WebSocket(host, port, cookie)
    if not tab.open or tab.recv()["type"] != "welcome":
        fail("a second tab did not open")
    ws.send({"type": "settings", "settings": {"name": "Ann Ö", "back": "red", "opponent": "greedy"}})
    want = dict(DEFAULTS, name="Ann Ö", back="red", opponent="easy")
    for who, sock in (("the tab that sent it", ws), ("the other tab", tab)):
        m = sock.until(lambda m: m["type"] in ("settings", "error"))
        if m != {"type": "settings", "settings": want}:
            fail(f"settings to {who}: {m}")
    bad = [({"colour": "red"}, "unknown_field"), ({"sound": "off", "back": "pink"}, "bad_value"),
           ({"target": "0"}, "bad_value"), ({"target": "1001"}, "bad_value"), ({"target": "010"}, "bad_value"),
           ({"target": "+5"}, "bad_value"), ({"name": "x" * 32}, "bad_value"), ({"name": "a\u0007"}, "bad_value"),
           ({"name": 'say "hi"'}, "bad_value"), ({"speed": "slow"}, "bad_value"), ({"sound": True}, "wrong_type"),
           ({"opponent": "human"}, "bad_value"), ({"android-opponent": "expert"}, "bad_value")]
    for patch, code in bad:
        expect_error(ws, {"type": "settings", "settings": patch}, code)
    expect_error(ws, {"type": "settings"}, "missing_field")
    expect_error(ws, {"type": "settings", "settings": [1]}, "wrong_type")
    expect_error(ws, {"type": "settings", "settings": {}, "x": 1}, "unknown_field")
    # nothing of a refused message was saved: an empty patch answers every key as it was
    ws.send({"type": "settings", "settings": {}})
    m = ws.until(lambda m: m["type"] == "settings")
    if m["settings"] != want:
        fail(f"a refused settings message changed something: {m}")
    # the name is player 0's in a new game
    ws.send({"type": "new", "options": {"game": "german", "opponent": "easy"}})
    view = ws.until(lambda m: m["type"] == "view")["view"]
    if view["names"][0] != "Ann Ö":
        fail(f"the name setting is not player 0's name: {view['names']}")
    print("ws_client: settings saved, sent to every tab, checked strictly, the name used")


def scenario_records(ws, hands):
    """The statistics, history and replays of a player who played one German match of `hands` hands."""
    ws.send({"type": "stats"})
    m = ws.until(lambda m: m["type"] in ("stats", "error"))
    if m["type"] != "stats" or set(m) != {"type", "german", "android", "ratings"} or m["ratings"] != []:
        fail(f"stats: {m}")
    total = m["german"][-1]
    if total["variant"] != "all" or total["hands"] != hands or total["matches"] != 1:
        fail(f"stats: the total row is not this player's match of {hands} hands: {total}")
    keys = {"variant", "opponent", "vs", "scoring", "target", "matches", "matches_won", "hands", "hands_won",
            "slams", "longest_streak", "current_streak", "assisted"}
    if any(set(r) != keys for r in m["german"]) or [r["vs"] for r in m["german"]] != ["computer", "all"]:
        fail(f"stats: a row's keys: {m['german']}")
    if m["android"][-1]["opponent"] != "all" or m["android"][-1]["hands"] != 0:
        fail(f"stats: Android Whist hands of another player: {m['android']}")
    for bad, code in ((0, "out_of_range"), (501, "out_of_range"), ("5", "wrong_type"), (2.0, "wrong_type")):
        expect_error(ws, {"type": "history", "limit": bad}, code)
    expect_error(ws, {"type": "history"}, "missing_field")
    ws.send({"type": "history", "limit": 500})
    entries = ws.until(lambda m: m["type"] == "history")["entries"]
    if len(entries) != hands or any(e["game"] != "german" or e["opponent"] != "easy" for e in entries):
        fail(f"history: {len(entries)} entries for {hands} hands: {entries[:2]}")
    if [e["id"] for e in entries] != sorted((e["id"] for e in entries), reverse=True):
        fail("history: not newest first")
    ws.send({"type": "history", "limit": 1})
    if len(ws.until(lambda m: m["type"] == "history")["entries"]) != 1:
        fail("history: the limit was not kept")
    first = entries[-1]
    ws.sock.settimeout(180)  # a review takes seconds, many more in a sanitized build on a busy machine
    r, parts = get_replay(ws, first["id"])
    if r["game"] != "german" or parts < 1:
        fail(f"replay: not reviewed on its way ({parts} review messages): {r}")
    if [len(h) for h in r["hands"]] != [13, 13] or len(r["tricks"]) != 26:
        fail(f"replay: hands {r['hands']}, {len(r['tricks'])} tricks")
    for t in r["tricks"]:
        foreplay = t["number"] <= 13
        if (t["up"] is None) == foreplay or (t["draws"] is None) == foreplay:
            fail(f"replay: trick {t['number']}: up-card and draws: {t}")
    for v in r["verdicts"]:
        t = r["tricks"][v["trick"] - 1]
        p0 = t["cards"][0] if t["leader"] == 0 else t["cards"][1]
        if v["trick"] < 14 or v["card"] != p0 or not 0 <= v["value"] <= v["best"] <= 13:
            fail(f"replay: verdict {v} on trick {t}")
    if len(r["verdicts"]) != 13:
        fail(f"replay: {len(r['verdicts'])} verdicts, not one per endgame card")
    # the review: each endgame loss in points, each of player 0's foreplay cards with the expert's verdict
    if any(not isinstance(v.get("loss"), float) or v["loss"] < 0 or (v["loss"] > 0) != (v["value"] < v["best"])
           for v in r["verdicts"]):
        fail(f"replay: endgame losses in points: {r['verdicts']}")
    fore = r.get("foreplay", [])
    if [v["trick"] for v in fore] != list(range(1, 14)):
        fail(f"replay: foreplay verdicts on tricks {[v['trick'] for v in fore]}, not one per foreplay trick")
    for v in fore:
        t = r["tricks"][v["trick"] - 1]
        p0 = t["cards"][0] if t["leader"] == 0 else t["cards"][1]
        hand0 = set(r["hands"][0]) | {c for u in r["tricks"][: v["trick"] - 1] if u["draws"] for c in u["draws"][:1]}
        if v["card"] != p0 or v["phase"] != "foreplay" or v["loss"] < 0 or v["se"] < 0 or v["best"] not in hand0:
            fail(f"replay: foreplay verdict {v} on trick {t}")
        if (v["loss"] == 0) != (v["best"] == v["card"]) or (not v["forced"] and v["worlds"] < 1):
            fail(f"replay: foreplay verdict {v}")
    rv = r.get("review", {})
    total = sum(v["loss"] for v in fore) + sum(v["loss"] for v in r["verdicts"])
    if rv.get("unit") != "points" or abs(rv.get("loss", -1) - total) > 1e-6 or rv.get("foreplay_cards") != 13:
        fail(f"replay: the review {rv} (the losses add up to {total})")
    worst = [c["loss"] for c in rv.get("costliest", [])]
    if len(worst) > 3 or worst != sorted(worst, reverse=True) or any(x <= 0 for x in worst):
        fail(f"replay: the costliest {rv.get('costliest')}")
    # asked again: the review kept, so the first answer has it all
    ws.send({"type": "replay", "id": first["id"]})
    again = ws.until(lambda m: m["type"] in ("replay", "review", "error"))
    if again != r:
        fail(f"replay: a second replay of the same hand is not the first one whole: {again}")
    if r["result"]["tricks"] != first["tricks"]:
        fail(f"replay: result {r['result']}, history {first}")
    expect_error(ws, {"type": "replay", "id": 999999}, "not_found")
    expect_error(ws, {"type": "replay", "id": 0}, "out_of_range")
    print(f"ws_client: stats, history and replay of hand {first['id']} answered")
    print(f"first-id {first['id']}")


ANDROID_ERRORS = {"no_led_suit", "cannot_beat", "void_suit", "must_follow", "shortest_tie", "no_plain_suit",
                  "longest_tie"}


def android_trick_winner(cards, trump):
    """The index in cards (the card led first) of the card that wins the trick."""
    best = 0
    for i, c in enumerate(cards[1:], 1):
        b = cards[best]
        if (c[1] == b[1] and RANKS.index(c[0]) > RANKS.index(b[0])) or (c[1] == trump and b[1] != trump):
            best = i
    return best


RANKS = "23456789TJQKA"


def check_android_replay(r, dealt0):
    """An Android Whist replay drawn from its record: every card of the four hands as dealt, each trick's
    plays, commands and errors, in order and by the rules, the result; player 0's hand is dealt0."""
    keys = {"type", "id", "game", "names", "dealer", "seats", "trump", "trump_card", "hands", "tricks", "result",
            "complete", "you"}
    if set(r) != keys or r["complete"] is not True or r["you"] != 0:
        fail(f"android replay: keys {sorted(r)}")
    d = r["dealer"]
    if d not in (0, 1) or r["seats"] != {"D": d, "L": 1 - d, "X": d, "N": 1 - d}:
        fail(f"android replay: dealer {d}, seats {r['seats']}")
    hands = r["hands"]
    every = [c for s in "DLXN" for c in hands[s]]
    if sorted(hands) != sorted("DLXN") or any(len(hands[s]) != 13 for s in hands) or len(set(every)) != 52:
        fail(f"android replay: the hands as dealt: {hands}")
    if sorted(hands["D" if d == 0 else "N"]) != sorted(dealt0):
        fail(f"android replay: player 0's hand {hands['D' if d == 0 else 'N']}, dealt {dealt0}")
    trump = r["trump"]
    if r["trump_card"] not in hands["D"] or r["trump_card"][1] != trump:
        fail(f"android replay: trump {trump}, turned card {r['trump_card']}")
    held = {s: set(hands[s]) for s in hands}
    leader, won = "L", [0, 0]
    if len(r["tricks"]) != 13:
        fail(f"android replay: {len(r['tricks'])} tricks")
    for n, t in enumerate(r["tricks"], 1):
        order = ["DLXN"[("DLXN".index(leader) + k) % 4] for k in range(4)]
        if t["number"] != n or t["leader"] != leader or t["seats"] != order or len(t["cards"]) != 4:
            fail(f"android replay: trick {n}: {t}")
        plays = [e for e in t["events"] if e["card"] is not None]
        if [e["card"] for e in plays] != t["cards"] or [e["seat"] for e in plays] != order:
            fail(f"android replay: trick {n}'s events are not its plays: {t}")
        for e in t["events"]:
            android = e["seat"] in ("L", "X")
            if e["card"] is None:
                if not android or e["command"] is None or e["answer"] not in ANDROID_ERRORS or not e.get("why"):
                    fail(f"android replay: trick {n}: error {e}")
                continue
            if e["answer"] != "card" or (e["command"] is None) == android:
                fail(f"android replay: trick {n}: play {e}")
            if e["card"] not in held[e["seat"]]:
                fail(f"android replay: trick {n}: {e['seat']} plays {e['card']}, which it does not hold")
            led = t["cards"][0]
            if e["card"] != led and e["card"][1] != led[1] and any(c[1] == led[1] for c in held[e["seat"]]):
                fail(f"android replay: trick {n}: {e['seat']} does not follow {led}")
            held[e["seat"]].discard(e["card"])
        winner = order[android_trick_winner(t["cards"], trump)]
        if t["winner"] != winner:
            fail(f"android replay: trick {n} won by {t['winner']}, not {winner}: {t}")
        won[r["seats"][winner]] += 1
        leader = winner
    res = r["result"]
    if res["tricks"] != won or res["winner"] != (0 if won[0] > 6 else 1 if won[1] > 6 else None) \
            or res["points"] != max(won) - 6:
        fail(f"android replay: result {res}, tricks won {won}")


def scenario_android_replay(ws):
    """The replay of an Android Whist hand of a rubber still in play (its next hand dealt): drawn from its
    record as structured JSON (the hands, tricks, commands, errors and result, by the rules), never the
    record's text nor a seed (the rubber's seed deals the hands still to come)."""
    hand0 = {}

    def watch(m):
        if m["type"] == "view" and m["view"]["hand_number"] == 1 and not hand0:
            hand0["own"] = list(m["view"]["table"]["own"])
    play_android(ws, seed=None, stop_after=1, watch=watch)
    ws.send({"type": "next"})
    second = ws.until(lambda m: m["type"] == "view")["view"]
    if second["state"] != "playing" or second["hand_number"] != 2:
        fail(f"android: the next hand is not in play: {second}")
    ws.send({"type": "history", "limit": 5})
    h = ws.until(lambda m: m["type"] in ("history", "error"))
    hand = next((e for e in h.get("entries", []) if e["game"] == "android"), None)
    if not hand:
        fail(f"history: no Android Whist hand: {h}")
    r, _ = get_replay(ws, hand["id"])
    if r["game"] != "android":
        fail(f"replay: {r}")
    text = json.dumps(r)
    if "record" in r or "[Deck" in text or "seed" in text.lower():
        fail(f"the Android Whist replay holds the record or a seed: {text[:300]}")
    check_android_replay(r, hand0["own"])
    print(f"ws_client: the Android Whist replay of hand {hand['id']}: 13 tricks by the rules, no record, no seed")
    print("replay-json", json.dumps(r))


def scenario_foreign(ws, hand_id):
    """Another player sees nothing of the first one's."""
    expect_error(ws, {"type": "replay", "id": hand_id}, "not_found")
    ws.send({"type": "history", "limit": 500})
    entries = ws.until(lambda m: m["type"] == "history")["entries"]
    ws.send({"type": "stats"})
    total = ws.until(lambda m: m["type"] == "stats")["german"][-1]
    if entries or total["hands"] != 0:
        fail(f"another player's hands are shown: {entries[:2]}, {total}")
    print("ws_client: another player's hands are not shown")


def play_hand(ws):
    """Plays the German Whist hand in play (the connection's game) to its score; its last view."""
    while True:
        m = ws.until(lambda m: m["type"] in ("view", "error"))
        if m["type"] == "error":
            fail(f"error during the hand: {m}")
        view = m["view"]
        if view["state"] != "playing":
            return view
        if view["turn"]["player"] == 0:
            ws.send({"type": "act", "action": {"type": "play", "card": legal_card(view)}})


def scenario_quit(host, port, cookie, ws):
    """A match with a hand scored, given up for a new one (abandoned in the statistics); the new one quit before
    any hand (never in the statistics); every tab told."""
    ws.send({"type": "new", "options": {"game": "german", "opponent": "random", "target": "100"}})
    play_hand(ws)
    ws.send({"type": "new", "options": {"game": "german", "opponent": "easy"}})
    ws.until(lambda m: m["type"] == "view")
    tab = WebSocket(host, port, cookie)
    if not tab.open or not tab.recv()["game"]:
        fail("quit: the second tab has no game")
    ws.send({"type": "quit"})
    for sock in (ws, tab):
        m = sock.until(lambda m: m["type"] in ("welcome", "error"))
        if m["type"] != "welcome" or m["game"] is not None or "settings" not in m:
            fail(f"quit: {m}")
    expect_error(ws, {"type": "act", "action": {"type": "play", "card": "AS"}}, "no_game")
    print("ws_client: quit")


def dropped_count(m):
    """How many earlier refusals an error says were not answered (one error waits at a time: the rest are
    counted, and told by the next error sent)."""
    found = re.search(r"\(and (\d+) earlier refusals, not answered\)", m.get("message", ""))
    return int(found.group(1)) if found else 0


def scenario_rate(ws):
    """A connection over its rate limit gets rate_limited (refusals while one waits unread are counted, not
    each answered); its game is not disturbed."""
    ws.retry_rate_limited = False
    ws.send({"type": "new", "options": {"game": "german", "opponent": "easy"}})
    view = ws.until(lambda m: m["type"] == "view" and m["view"]["turn"]["player"] == 0)["view"]
    for _ in range(40):
        ws.send({"type": "history", "limit": 1})
    time.sleep(1.5)
    ws.send({"type": "fly"})  # refused once the rate allows: it tells the refusals still untold
    answers = limited = dropped = fly = 0
    while answers + limited + dropped + fly < 41:  # each answered, refused, or counted and told later
        m = ws.recv()
        if m["type"] == "games":  # the new game's summary, once saved
            continue
        dropped += dropped_count(m) if m["type"] == "error" else 0
        if m["type"] == "history":
            answers += 1
        elif m["type"] == "error" and m["code"] == "rate_limited":
            limited += 1
        elif m["type"] == "error" and m["code"] == "unknown_type":
            fly += 1
        elif m["type"] != "error" or m["code"] != "unanswered":  # (that one only tells refusals counted)
            fail(f"rate: {m}")
    dropped -= 1 - fly  # the fly itself, if it was counted
    if limited == 0 or answers == 0 or answers + limited + dropped != 40:
        fail(f"rate: {answers} answered, {limited} limited, {dropped} counted, of 40")
    ws.send({"type": "act", "action": {"type": "play", "card": legal_card(view)}})
    m = ws.until(lambda m: m["type"] in ("view", "error"))
    if m["type"] != "view" or len(m["view"]["table"]["moves"]) <= len(view["table"]["moves"]):
        fail(f"rate: the game does not go on: {m}")
    print(f"ws_client: of 40 messages {answers} answered, {limited} rate limited, {dropped} more counted;"
          " the game goes on")


def scenario_max_connections(host, port, cookie, n):
    socks = [WebSocket(host, port, cookie) for _ in range(n)]
    if not all(s.open for s in socks):
        fail(f"max-connections: {sum(s.open for s in socks)} of {n} opened")
    extra = WebSocket(host, port, cookie)
    if extra.open:
        fail(f"max-connections: connection {n + 1} was accepted")
    socks[0].sock.close()
    for _ in range(50):
        time.sleep(0.05)
        again = WebSocket(host, port, cookie)
        if again.open:
            print(f"ws_client: {n} connections, the next refused until one closed")
            return
    fail("max-connections: no room after a connection closed")


def main():
    host, port, scenario = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    cookie = kept_cookie(host, port, sys.argv[4] if len(sys.argv) > 4 else None)
    if not cookie.startswith("whist_token="):
        fail(f"no token cookie: {cookie!r}")
    if scenario == "cookie":
        print(cookie)
        return
    rest = sys.argv[5:]
    if scenario == "invented":
        # tokens of the right form this server never issued, and malformed ones: never taken; the socket
        # gets a new identity of its own (a fresh player with no game)
        for token in ["%032x" % random.getrandbits(128), "0" * 32, "A" * 32, "0" * 31, "0" * 33, "zz" * 16]:
            ws = WebSocket(host, port, f"whist_token={token}")
            fresh = ws.set_cookie
            if not ws.open or not fresh or fresh == f"whist_token={token}":
                fail(f"the token {token}: {ws.status}, cookie {fresh}")
            hello = ws.recv()
            if hello["type"] != "welcome" or hello["game"] is not None:
                fail(f"the token {token}: a new identity with a game: {hello}")
        print("ws_client: invented tokens never taken, a new identity given")
        return
    if scenario == "max-connections":
        scenario_max_connections(host, port, cookie, int(rest[0]))
        return
    if scenario == "no-cookie":
        # a browser without an identity gets one in the handshake's answer, HttpOnly, SameSite=Strict, a
        # year, for the whole site (Secure under TLS); then it is that player on its next connection
        ws = WebSocket(host, port, None)
        fresh = ws.set_cookie
        want = "Path=/; Max-Age=31536000; HttpOnly; SameSite=Strict" + ("; Secure" if TLS else "")
        if not ws.open or not fresh or ws.cookie_attributes != want:
            fail(f"no cookie, or not {want!r}: {ws.head!r}")
        if fresh == cookie:
            fail("two browsers got one token")
        ws.send({"type": "settings", "settings": {"name": "Fresh"}})
        ws.until(lambda m: m["type"] == "settings")
        again = WebSocket(host, port, fresh)
        hello = again.recv()
        if again.set_cookie or hello["settings"]["name"] != "Fresh":
            fail(f"the next connection is not the same player: {again.head!r} {hello}")
        print("ws_client: a new identity in the handshake, kept on the next connection")
        return
    if scenario == "bad-origin":
        for origin in ("http://evil.example", ""):
            ws = WebSocket(host, port, cookie, origin=origin)
            if ws.open:
                fail(f"a WebSocket from origin {origin!r} was accepted")
        return
    ws = WebSocket(host, port, cookie)
    if not ws.open:
        fail(f"the handshake failed: {ws.status}")
    hello = ws.recv()
    if hello["type"] != "welcome":
        fail(f"first message: {hello}")
    if scenario == "play":
        play_german(ws)
    elif scenario == "settings":
        scenario_settings(host, port, cookie, ws, hello)
    elif scenario == "settings-kept":
        if hello["settings"]["name"] != "Ann Ö" or hello["settings"]["back"] != "red":
            fail(f"the settings were not kept: {hello['settings']}")
        print("ws_client: settings kept")
    elif scenario == "records":
        scenario_records(ws, int(rest[0]))
    elif scenario == "foreign":
        scenario_foreign(ws, int(rest[0]))
    elif scenario == "android-replay":
        scenario_android_replay(ws)
    elif scenario == "quit":
        scenario_quit(host, port, cookie, ws)
    elif scenario == "rate":
        scenario_rate(ws)
    elif scenario == "think-ms":
        ws.send({"type": "new", "options": {"game": rest[1], "opponent": "easy" if rest[1] == "german" else "hard"}})
        m = ws.until(lambda m: m["type"] == "welcome" and m["game"])
        if m["game"]["think_ms"] != int(rest[0]):
            fail(f"think_ms: {m['game']}")
        print("ws_client: think_ms", m["game"]["think_ms"])
    elif scenario == "android":
        play_android(ws)
    elif scenario == "help":
        # a hint for the player's card, then a card played and taken back
        ws.send({"type": "new", "options": {"game": "german", "opponent": "easy"}})
        view = ws.until(lambda m: m["type"] == "view" and m["view"]["turn"]["player"] == 0)["view"]
        before = sorted(view["table"]["own"])
        ws.send({"type": "hint"})
        hint = ws.until(lambda m: m["type"] in ("hint", "error"))
        if hint["type"] != "hint" or not hint["cards"] or any(c["card"] not in before for c in hint["cards"]):
            fail(f"hint: {hint}")
        # in the foreplay: expected points of the rule (last13), best first, with the endgame tricks and errors
        values = [c["value"] for c in hint["cards"]]
        if (hint["exact"] or hint["unit"] != "expected points" or values != sorted(values, reverse=True)
                or any(not -10 <= c["value"] <= 10 or not 0 <= c["tricks"] <= 13 or c["se"] < 0 for c in hint["cards"])
                or hint["cards"][0]["se"] != 0 or hint["samples"] < 1):
            fail(f"hint in expected points: {hint}")
        ws.send({"type": "act", "action": {"type": "play", "card": hint["cards"][0]["card"]}})
        ws.until(lambda m: m["type"] == "view" and m["view"]["turn"]["player"] == 0 and m["view"]["can_undo"])
        ws.send({"type": "undo"})
        m = ws.until(lambda m: m["type"] in ("view", "error"))
        if m["type"] != "view" or sorted(m["view"]["table"]["own"]) != before:
            fail(f"undo: {m}")
        print("ws_client: hint and undo answered")
    elif scenario == "bad-input":
        cases = [("{", "bad_json"), ("[1]", "not_object"), ('{"type":"fly"}', "unknown_type"),
                 ('{"type":"undo","x":1}', "unknown_field"), ('{"type":"act"}', "missing_field"),
                 ('{"type":"act","action":{"type":"play","card":"as"}}', "bad_card"),
                 ('{"type":"new","options":{"game":"chess"}}', "bad_value"),
                 ('{"type":"new","options":{"think-ms":"60000"}}', "unknown_field"),
                 ('{"type":"hint","type":"hint"}', "duplicate_key"),
                 ('{"type":"act","action":{"type":"play","card":"AS"}}', "no_game"),
                 ('{"type":"new","options":{},"pad":"' + "x" * 5000 + '"}', "too_long")]
        for text, code in cases:
            ws.send(text)
            m = ws.recv()
            if m["type"] != "error" or m["code"] != code:
                fail(f"{text[:60]!r}: expected error {code}, got {m}")
        ws.send_frame(2, b"\x00\x01")
        m = ws.recv()
        if m.get("code") != "not_text":
            fail(f"binary frame: {m}")
        # the connection still works after all that
        ws.send({"type": "new", "options": {"game": "german", "opponent": "easy"}})
        ws.until(lambda m: m["type"] == "view")
        print("ws_client: every bad message refused, the game still answers")
    elif scenario == "start":
        # a game against the expert, a few cards in; the last view (the player to act) on stdout
        ws.send({"type": "new", "options": {"game": "german", "opponent": "expert"}})
        played = 0
        while True:
            m = ws.recv()
            if m["type"] == "error":
                fail(f"start: {m}")
            if m["type"] == "view" and m["view"]["turn"]["player"] == 0:
                if played == 5:
                    print(json.dumps(m["view"], sort_keys=True))
                    return
                ws.send({"type": "act", "action": {"type": "play", "card": legal_card(m["view"])}})
                played += 1
    elif scenario == "resume":
        if not hello["game"]:
            fail("resume: no game came back")
        view = ws.until(lambda m: m["type"] == "view")["view"]
        print(json.dumps(view, sort_keys=True))
    elif scenario == "hold":
        ws.send({"type": "new", "options": {"game": "german", "opponent": "expert"}})
        ws.until(lambda m: m["type"] == "view")
        print("ready", flush=True)
        try:
            while True:
                ws.recv()
        except (EOFError, OSError):
            print("closed", flush=True)
    else:
        fail(f"unknown scenario {scenario}")


if __name__ == "__main__":
    main()
