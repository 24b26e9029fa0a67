#!/usr/bin/env python3
"""ws_abuse.py: what a hostile client can do to `whist serve` (tests/cli/test_serve_abuse.sh).

Usage: ws_abuse.py HOST PORT

Beyond test_serve.sh's bad-input, bad-origin and no-cookie scenarios: invented and malformed tokens
(refused), a new player who cannot reach another's game,
more wrong Origins, paths and subprotocols, oversized messages (one huge frame, many fragments, the
4096-byte limit exactly), malformed text (invalid UTF-8, NUL bytes, deep nesting), and garbage bytes on
the socket (unmasked or reserved frames, an oversized control frame, a frame announcing 2^40 bytes,
garbage instead of HTTP). A player's game is never seen nor disturbed by any of it. Prints each check;
exits 0 when all hold, 1 with the reasons.
"""
import json
import os
import socket
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import WebSocket, get_cookie  # noqa: E402

HOST, PORT = sys.argv[1], int(sys.argv[2])
PROBLEMS = []


def check(ok, what):
    print(f"ws_abuse: {'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        PROBLEMS.append(what)


def reply(ws):
    """The next message (a `games` summary, which follows a change once saved, skipped), or an error text when
    the connection ends or stalls."""
    try:
        m = ws.recv()
        while m.get("type") == "games":
            m = ws.recv()
        return m
    except (EOFError, OSError, ValueError) as e:
        return {"type": "closed", "why": str(e)}


def still_answers(ws):
    """The connection goes on: a hint without a game is refused with no_game, or (with a game) answered."""
    ws.send({"type": "hint"})
    m = reply(ws)
    return m.get("type") == "hint" or m.get("code") == "no_game"


def closed_soon(ws, seconds=5):
    """The server closes the connection within seconds (any messages before the close are skipped)."""
    ws.sock.settimeout(seconds)
    try:
        while True:
            ws.recv()
    except EOFError:
        return True
    except socket.timeout:
        return False
    except OSError:
        return True  # reset by the server


def raw_handshake(cookie):
    ws = WebSocket(HOST, PORT, cookie)
    assert ws.open, ws.status
    hello = ws.recv()
    assert hello["type"] == "welcome", hello
    return ws


def tokens(cookie):
    # a player with a game
    a = raw_handshake(cookie)
    a.send({"type": "new", "options": {"game": "german", "opponent": "easy"}})
    view = a.until(lambda m: m["type"] == "view" and m["view"]["turn"]["player"] == 0)["view"]
    own = view["table"]["own"]

    # an invented token of the right form: never issued by this server, so no WebSocket at all; a fresh
    # player (a token the server issued) has no game and cannot reach another's
    invented = "whist_token=" + os.urandom(16).hex()
    b = WebSocket(HOST, PORT, invented)
    check(not b.open, f"an invented token is refused ({b.status})")
    b = WebSocket(HOST, PORT, get_cookie(HOST, PORT))
    check(b.open, "a new player's WebSocket opens")
    if b.open:
        hello = b.recv()
        check(hello["type"] == "welcome" and hello["game"] is None, f"... who has no game: {hello}")
        for t in ("hint", "undo", "next"):
            b.send({"type": t})
            m = reply(b)
            check(m.get("code") == "no_game", f"... and cannot reach another's game with {t}: {m}")
        b.send({"type": "act", "action": {"type": "play", "card": own[0]}})
        m = reply(b)
        check(m.get("code") == "no_game", f"... nor play the other player's card: {m}")

    # tokens of the wrong form: no WebSocket
    good = cookie.split("=", 1)[1]
    for bad in (good[:-1], good + "0", good.upper(), good[:-1] + "g", "", '"' + good + '"', " " + good):
        ws = WebSocket(HOST, PORT, "whist_token=" + bad)
        check(not ws.open, f"a malformed token {bad!r} is refused ({ws.status})")
    ws = WebSocket(HOST, PORT, "other_token=" + good)
    check(not ws.open, f"a token under another cookie name is refused ({ws.status})")
    ws = WebSocket(HOST, PORT, "x=" + "y" * 3000 + "; " + cookie)
    check(not ws.open, f"a cookie header of 3000 bytes is refused ({ws.status})")
    # a browser sends its other cookies too: the token is found among them
    ws = WebSocket(HOST, PORT, "theme=dark; " + cookie + "; lang=en")
    check(ws.open, f"the token among other cookies is accepted ({ws.status})")
    if ws.open:
        hello = ws.recv()
        check(hello["type"] == "welcome" and hello["game"] is not None, "... and finds its game")

    # the player's game is as it was
    a.send({"type": "hint"})
    m = reply(a)
    check(m.get("type") == "hint", f"the first player's game still answers: {m}")
    c = raw_handshake(cookie)
    v = c.until(lambda m: m["type"] == "view")["view"]
    check(v["table"]["own"] == own, "the first player's game is unchanged")


def origins_paths(cookie):
    for origin in (f"http://{HOST}:{PORT + 1}", f"https://{HOST}:{PORT}", "null", f"http://{HOST}:{PORT}/",
                   f"http://{HOST}:{PORT}.evil.example", f"http://{HOST}", f"http://evil.example:{PORT}",
                   f"ws://{HOST}:{PORT}", f"http://{HOST}:{PORT} "):
        ws = WebSocket(HOST, PORT, cookie, origin=origin)
        check(not ws.open, f"Origin {origin!r} is refused ({ws.status})")
    for path in ("/ws/", "/wss", "/", "/index.html", "/WS"):
        ws = WebSocket(HOST, PORT, cookie, path=path)
        check(not ws.open, f"a WebSocket at {path!r} is refused ({ws.status})")
    for proto in ("chat", "whist2", "WHIST"):
        ws = WebSocket(HOST, PORT, cookie, protocol=proto)
        check(not ws.open, f"subprotocol {proto!r} is refused ({ws.status})")


def oversized(cookie):
    ws = raw_handshake(cookie)
    ws.send(b'{"type":"hint","x":"' + b"x" * (1 << 20) + b'"}')
    m = reply(ws)
    check(m.get("code") == "too_long", f"a message of 1 MB in one frame: too_long ({m.get('code')})")
    check(still_answers(ws), "... and the connection goes on")
    # 200 fragments of 1000 bytes: one too_long for the whole message
    ws.send_frame(1, b'{"type":"hint","x":"' + b"x" * 980, fin=False)
    for _ in range(198):
        ws.send_frame(0, b"x" * 1000, fin=False)
    ws.send_frame(0, b'x"}')
    m = reply(ws)
    check(m.get("code") == "too_long", f"a message of 200 KB in 200 fragments: too_long ({m.get('code')})")
    check(still_answers(ws), "... and the connection goes on")
    # the limit exactly: 4096 bytes are read, 4097 are not
    body = b'{"type":"hint"}'
    ws.send(body + b" " * (4096 - len(body)))
    m = reply(ws)
    check(m.get("code") == "no_game", f"a message of exactly 4096 bytes is read ({m.get('code')})")
    ws.send(body + b" " * (4097 - len(body)))
    m = reply(ws)
    check(m.get("code") == "too_long", f"a message of 4097 bytes is too_long ({m.get('code')})")
    # a small message split into fragments is put together
    ws.send_frame(1, b'{"type":', fin=False)
    ws.send_frame(0, b'"hint"}')
    m = reply(ws)
    check(m.get("code") == "no_game", f"a message in two fragments is read whole ({m.get('code')})")


def malformed(cookie):
    ws = raw_handshake(cookie)
    cases = [(b"", "bad_json"), (b"   ", "bad_json"), (b'{"type":"hint"} {}', "bad_json"),
             (b'{"type":"hi\x00nt"}', None), (b'{"type":"hint\\u0000"}', None),
             (b'{"type":"new","options":' + b'{"a":' * 40 + b"1" + b"}" * 41, None),
             (b'{"type":"new","options":{"seed":123456789012345678901234567890}}', None),
             (b'{"type":"\xff\xfe"}', None), (b'{"type":"\xed\xa0\x80"}', None),
             (b'{"type":"new","options":{"name":"\\ud800"}}', None)]
    for text, code in cases:
        ws.send(text)
        m = reply(ws)
        if m["type"] == "closed":
            # a text frame that is not UTF-8 may end the connection (RFC 6455, 8.1); then a new one
            check(b"\xff" in text or b"\xed" in text, f"{text[:40]!r}: the connection closed ({m['why']})")
            ws = raw_handshake(cookie)
            continue
        ok = m.get("type") == "error" and (code is None or m.get("code") == code)
        check(ok, f"{text[:40]!r}: refused with {m.get('code')}" + (f" (expected {code})" if code else ""))
    check(still_answers(ws), "... and the connection goes on")


def garbage(cookie):
    # an unmasked frame: RFC 6455 wants the connection closed; libwebsockets 4.1 reads it as if masked
    # (a browser always masks: masking guards proxies against pages, not the server against clients),
    # so either a close or the message read as sent is right
    ws = raw_handshake(cookie)
    ws.sock.sendall(b"\x81\x0f" + b'{"type":"hint"}')
    m = reply(ws)
    check(m["type"] == "closed" or m.get("code") == "no_game", f"an unmasked frame: closed or read as sent ({m})")
    # reserved opcode, reserved bits, random bytes
    for what, data in (("a reserved opcode", b"\x83\x80" + os.urandom(4)),
                       ("reserved bits", b"\xf1\x80" + os.urandom(4)),
                       ("a ping of 200 bytes", b"\x89\xfe\x00\xc8" + os.urandom(4) + os.urandom(200)),
                       # random bytes, the first with its reserved bits set: random bytes alone may well
                       # announce a long frame the server rightly waits for (seen once, under ASan)
                       ("random bytes", bytes([0x70 | os.urandom(1)[0]]) + os.urandom(511))):
        ws = raw_handshake(cookie)
        ws.sock.sendall(data)
        check(closed_soon(ws), f"{what} on the socket closes the connection")
    # a frame announcing 2^40 bytes, then a few and a close: nothing is kept waiting for the rest
    ws = raw_handshake(cookie)
    ws.sock.sendall(b"\x81\xff" + struct.pack(">Q", 1 << 40) + os.urandom(4) + b"x" * 1000)
    ws.sock.close()
    # garbage instead of HTTP, half a handshake: the server hangs up or refuses
    for what, data in (("garbage instead of HTTP", os.urandom(2000)),
                       ("half a handshake", b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: webs")):
        s = socket.create_connection((HOST, PORT), timeout=10)
        s.sendall(data)
        if what == "half a handshake":
            s.close()
            continue
        try:
            got = s.recv(4096)
            check(not got.startswith(b"HTTP/1.1 101"), f"{what}: answered {got[:30]!r}, then closed")
        except (socket.timeout, OSError) as e:
            check(False, f"{what}: not closed ({e})")
        s.close()
    # after all that, a player starts and plays as usual
    time.sleep(0.2)
    ws = raw_handshake(cookie)
    ws.send({"type": "new", "options": {"game": "android", "opponent": "easy"}})
    m = ws.until(lambda m: m["type"] in ("view", "error"))
    check(m["type"] == "view", f"the server still deals a game: {m.get('type')}")


def main():
    cookie = get_cookie(HOST, PORT)
    tokens(cookie)
    origins_paths(cookie)
    oversized(get_cookie(HOST, PORT))
    malformed(get_cookie(HOST, PORT))
    garbage(get_cookie(HOST, PORT))
    if PROBLEMS:
        print(f"ws_abuse: {len(PROBLEMS)} failed: " + "; ".join(PROBLEMS), file=sys.stderr)
        sys.exit(1)
    print("ws_abuse: every hostile input refused; no game disturbed")


if __name__ == "__main__":
    main()
