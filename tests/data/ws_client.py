#!/usr/bin/env python3
"""ws_client.py: a small WebSocket client (Python 3 standard library only) for tests/cli/test_serve.sh.

With WS_TLS=1 in the environment it speaks HTTPS and wss:// (any certificate).
Fetches / for the cookie, opens ws://HOST:PORT/ws with protocol "whist" (client frames masked, RFC 6455),
then runs one scenario given on the command line and exits 0 when it holds, 1 (with the reason) if not.
"""
import base64
import json
import os
import socket
import ssl
import struct
import random
import sys
import time
import urllib.request


class WebSocket:
    def __init__(self, host, port, cookie, origin=None, path="/ws", protocol="whist"):
        self.sock = socket.create_connection((host, port), timeout=20)
        if TLS:
            self.sock = tls_context().wrap_socket(self.sock, server_hostname=host)
        key = base64.b64encode(os.urandom(16)).decode()
        scheme = "https" if TLS else "http"
        origin = origin if origin is not None else f"{scheme}://{host}:{port}"
        lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "Upgrade: websocket",
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
        self.buf = b""
        self.last = None  # the last message sent, sent again after a rate_limited error
        self.retry_rate_limited = True

    @property
    def open(self):
        return " 101 " in self.status

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
    scheme = "https" if TLS else "http"
    ctx = tls_context() if TLS else None
    with urllib.request.urlopen(f"{scheme}://{host}:{port}/", timeout=10, context=ctx) as r:
        c = r.headers.get("Set-Cookie", "")
    return c.split(";", 1)[0]


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
    ws.send({"type": "new", "options": {"game": "german", "opponent": "easy", "target": "25", "seed": "7"}})
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


def play_android(ws):
    """A rubber of Android Whist to its end: each action is the first of the candidates the server takes
    (a refused one gets an error and changes nothing)."""
    ws.send({"type": "new", "options": {"game": "android", "opponent": "easy", "seed": "5"}})
    ws.until(lambda m: m["type"] == "welcome" and m["game"])
    candidates = []
    hands = refused = 0
    for _ in range(50000):
        m = ws.recv()
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


def main():
    host, port, scenario = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    cookie_file = sys.argv[4] if len(sys.argv) > 4 else None
    if cookie_file and os.path.exists(cookie_file):
        with open(cookie_file) as f:
            cookie = f.read().strip()
    else:
        cookie = get_cookie(host, port)
        if cookie_file:
            with open(cookie_file, "w") as f:
                f.write(cookie)
    if not cookie.startswith("whist_token="):
        fail(f"no token cookie: {cookie!r}")
    if scenario == "cookie":
        print(cookie)
        return
    if scenario == "no-cookie":
        ws = WebSocket(host, port, None)
        sys.exit(0 if not ws.open else fail("a WebSocket without a token was accepted"))
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
    elif scenario == "android":
        play_android(ws)
    elif scenario == "help":
        # a hint for the player's card, then a card played and taken back
        ws.send({"type": "new", "options": {"game": "german", "opponent": "easy", "seed": "3"}})
        view = ws.until(lambda m: m["type"] == "view" and m["view"]["turn"]["player"] == 0)["view"]
        before = sorted(view["table"]["own"])
        ws.send({"type": "hint"})
        hint = ws.until(lambda m: m["type"] in ("hint", "error"))
        if hint["type"] != "hint" or not hint["cards"] or any(c["card"] not in before for c in hint["cards"]):
            fail(f"hint: {hint}")
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
        ws.send({"type": "new", "options": {"game": "german", "opponent": "expert", "seed": "11"}})
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
