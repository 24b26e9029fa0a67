#!/usr/bin/env python3
"""ws_abuse.py: what a hostile client can do to `whist serve` (tests/cli/test_serve_abuse.sh).

Usage: ws_abuse.py HOST PORT [all | limits PER_ADDRESS PER_MINUTE | not-saved COOKIE | flood PID |
                              fds PID LOG COUNT]

all (the default): beyond test_serve.sh's bad-input, bad-origin and no-cookie scenarios: invented and
malformed tokens (never taken: a new identity), a new player who cannot reach another's game, the token
among long Cookie headers, two tokens (two_tokens), other Hosts (DNS rebinding), more wrong Origins, paths
and subprotocols, oversized messages (one huge frame, many fragments, the 4096-byte limit exactly),
malformed text (invalid UTF-8, NUL bytes, deep nesting), and garbage bytes on the socket (unmasked or
reserved frames, an oversized control frame, a frame announcing 2^40 bytes, garbage instead of HTTP). A
player's game is never seen nor disturbed by any of it.
limits: --max-per-address (silent sockets count) and --new-players-per-minute, as the server was given.
not-saved COOKIE: the store refuses new players: not_saved; COOKIE, a known player, still connects.
flood PID [sanitized]: tabs that never read (closed at 4 MB at once, memory given back), refusals counted while unread
(a server with --rate-limit 0 --max-connections 5; PID: the server's).
fds: COUNT silent connections, more than the server's file limit allows: no busy loop, a small LOG.
Prints each check; exits 0 when all hold, 1 with the reasons.
"""
import json
import os
import socket
import struct
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import WebSocket, dropped_count, get_cookie  # noqa: E402

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

    # an invented token of the right form: never issued by this server, so never taken: the socket gets a new
    # identity of its own, a fresh player with no game who cannot reach another's
    invented = "whist_token=" + os.urandom(16).hex()
    b = WebSocket(HOST, PORT, invented)
    check(b.open and b.set_cookie not in (None, invented, cookie),
          f"an invented token gets a new identity ({b.status}, {b.set_cookie})")
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

    # tokens of the wrong form: a new identity, never the player's game
    good = cookie.split("=", 1)[1]
    for bad in (good[:-1], good + "0", good.upper(), good[:-1] + "g", "", '"' + good + '"', " " + good):
        ws = WebSocket(HOST, PORT, "whist_token=" + bad)
        fresh = ws.set_cookie
        hello = reply(ws) if ws.open else {}
        check(ws.open and fresh not in (None, cookie) and hello.get("game") is None,
              f"a malformed token {bad!r}: a new identity with no game ({ws.status}, {fresh})")
    ws = WebSocket(HOST, PORT, "other_token=" + good)
    check(ws.open and ws.set_cookie not in (None, cookie), f"a token under another cookie name is not taken ({ws.status})")
    # a browser sends its other cookies too (other applications on this host share the jar): the token is
    # found among them, however long the header (up to the server's limit of 16 KB of headers)
    for pad in (1000, 3000, 12000):
        for order in ("before", "after"):
            other = "x=" + "y" * pad
            ws = WebSocket(HOST, PORT, f"{other}; {cookie}" if order == "before" else f"{cookie}; {other}")
            hello = reply(ws) if ws.open else {}
            check(ws.open and ws.set_cookie is None and hello.get("game") is not None,
                  f"the token {order} {pad} bytes of other cookies is found ({ws.status}, {ws.set_cookie})")
    ws = WebSocket(HOST, PORT, "theme=dark; " + cookie + "; lang=en")
    check(ws.open and ws.set_cookie is None, f"the token among other cookies is accepted ({ws.status})")
    if ws.open:
        hello = ws.recv()
        check(hello["type"] == "welcome" and hello["game"] is not None, "... and finds its game")
    # headers longer than the limit: refused, nothing issued
    ws = WebSocket(HOST, PORT, "x=" + "y" * 20000 + "; " + cookie)
    check(not ws.open, f"a Cookie header of 20000 bytes is refused ({ws.status})")

    # two whist_token cookies (one planted by another site of this host, with a longer Path so the browser
    # sends it first): the socket opens, says two_tokens and closes; neither player's game is reached
    attacker = get_cookie(HOST, PORT)
    for both in (f"{attacker}; {cookie}", f"{cookie}; {attacker}", f"whist_token=bad; {cookie}",
                 f"{cookie}; {cookie}", f"a=1; {attacker}; b=2; {cookie}; c=3"):
        ws = WebSocket(HOST, PORT, both)
        m = reply(ws) if ws.open else {}
        check(ws.open and ws.set_cookie is None and m.get("code") == "two_tokens" and closed_soon(ws),
              f"two tokens ({both[:30]}...): two_tokens, then closed ({ws.status}, {m})")

    # the player's game is as it was
    a.send({"type": "hint"})
    m = reply(a)
    check(m.get("type") == "hint", f"the first player's game still answers: {m}")
    c = raw_handshake(cookie)
    v = c.until(lambda m: m["type"] == "view")["view"]
    check(v["table"]["own"] == own, "the first player's game is unchanged")


def hosts(cookie):
    # DNS rebinding: a page of evil.example whose name now points at this machine asks with its own Host
    # and Origin; only the server's own names (its address, localhost on loopback) are answered
    for host, origin in ((f"evil.example:{PORT}", f"http://evil.example:{PORT}"),
                         (f"evil.example:{PORT}", f"http://{HOST}:{PORT}"),
                         (f"{HOST}:{PORT}", f"http://evil.example:{PORT}"),
                         (f"{HOST}:{PORT + 1}", f"http://{HOST}:{PORT + 1}"),
                         (f"{HOST}", f"http://{HOST}")):
        ws = WebSocket(HOST, PORT, cookie, origin=origin, host_header=host)
        check(not ws.open, f"Host {host!r} with Origin {origin!r} is refused ({ws.status})")
        if host == f"{HOST}:{PORT}":
            continue
        s = socket.create_connection((HOST, PORT), timeout=10)
        s.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        got = s.recv(100)
        s.close()
        check(got.startswith(b"HTTP/1.1 421"), f"GET / with Host {host!r}: {got[:20]!r}")
    for host, origin in ((f"localhost:{PORT}", f"http://localhost:{PORT}"),
                         (f"{HOST}:{PORT}", f"http://localhost:{PORT}")):
        ws = WebSocket(HOST, PORT, cookie, origin=origin, host_header=host)
        check(ws.open, f"Host {host!r} with Origin {origin!r} is accepted ({ws.status})")


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


# ---- the server's limits (each mode against a server started for it by test_serve_abuse.sh) ----

def rss_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def refused_at_once(s):
    """The server closes a freshly accepted socket without a word (within 5 s)."""
    s.settimeout(5)
    try:
        return s.recv(100) == b""
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


def page_answers():
    try:
        s = socket.create_connection((HOST, PORT), timeout=5)
        s.sendall(f"GET / HTTP/1.1\r\nHost: {HOST}:{PORT}\r\nConnection: close\r\n\r\n".encode())
        got = s.recv(20)
        s.close()
        return got.startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def limits(per_address, per_minute):
    """--max-per-address: every socket counts, a silent one too; --new-players-per-minute; a static file
    never makes a player."""
    silent = [socket.create_connection((HOST, PORT), timeout=5) for _ in range(per_address)]
    time.sleep(0.2)
    extra = socket.create_connection((HOST, PORT), timeout=5)
    check(refused_at_once(extra), f"{per_address} silent sockets open: the next one is closed at once")
    check(not page_answers(), "... and no page is served to that address")
    silent.pop().close()
    time.sleep(0.2)
    check(page_answers(), "one closed: the page is served again")
    for s in silent:
        s.close()
    time.sleep(0.2)
    # new players: per_minute handshakes get an identity, the next is told too_many_new_players and closed;
    # a known player still connects; the page itself never makes one
    cookies = []
    for i in range(per_minute):
        ws = WebSocket(HOST, PORT, None)
        cookies.append(ws.set_cookie)
        ws.sock.close()
    check(all(cookies), f"{per_minute} new players in a row: {cookies}")
    ws = WebSocket(HOST, PORT, None)
    m = reply(ws) if ws.open else {}
    check(ws.open and ws.set_cookie is None and m.get("code") == "too_many_new_players" and closed_soon(ws),
          f"the next new player: too_many_new_players, then closed ({ws.status}, {m})")
    check(all(page_answers() for _ in range(30)), "pages are still served (they make no player)")
    ws = WebSocket(HOST, PORT, cookies[0])
    check(ws.open and reply(ws).get("type") == "welcome", "a known player still connects")


def flood(pid, sanitized=False):
    """Browsers that never read: four tabs of a player that read nothing while the player starts thousands of
    new games (each change goes to every tab). Each tab is closed as soon as its queue passes 4 MB (not when it reads again), what
    was queued is freed and the memory given back; refusals to a socket that reads nothing are counted, not
    queued."""
    import threading
    cookie = get_cookie(HOST, PORT)
    a = raw_handshake(cookie)
    views = [0]

    def drain():  # the tab that reads: one view per new game
        try:
            while True:
                if a.recv()["type"] == "view":
                    views[0] += 1
        except (EOFError, OSError, ValueError):
            pass
    threading.Thread(target=drain, daemon=True).start()
    tabs = []
    for _ in range(4):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the kernel keeps little for it
        s.settimeout(20)
        s.connect((HOST, PORT))
        ws = WebSocket.__new__(WebSocket)
        ws_over(ws, s, cookie)
        tabs.append(ws)
    check(all(t.open for t in tabs), "four tabs that never read are open")
    before = rss_kb(pid)
    # --max-connections is 5: the reading tab and four that do not; one more opens only once they are closed
    sent, opened, peak = 0, False, before
    while sent < 20000 and not opened:
        for _ in range(250):
            a.send({"type": "new", "options": {"game": "german", "opponent": "random"}})
            sent += 1
        for _ in range(200):  # the server has done them all
            if views[0] >= sent:
                break
            time.sleep(0.02)
        peak = max(peak, rss_kb(pid))
        c = WebSocket(HOST, PORT, cookie)
        opened = c.open
    check(opened, f"the tabs that never read were closed after {sent} new games (4 MB queued each)")
    # what each tab can still read: what the kernel held, then the end; never the 4 MB queue
    for t in tabs:
        n = 0
        t.sock.settimeout(5)
        try:
            while True:
                chunk = t.sock.recv(65536)
                if not chunk:
                    break
                n += len(chunk)
        except OSError:
            pass
        if n >= 4 << 20:
            check(False, f"a closed tab still read {n} bytes: its queue was written, not dropped")
            break
    else:
        check(True, "each closed tab reads less than its 4 MB queue, then the end")
    # the memory comes back (malloc_trim a second after large frees)
    after = rss_kb(pid)
    for _ in range(40):
        after = rss_kb(pid)
        if after < before + 6 * 1024:
            break
        time.sleep(0.1)
    check(peak > before + 14 * 1024, f"the queues took memory ({before} KB before, {peak} KB at the peak)")
    if sanitized:  # AddressSanitizer keeps freed memory in its quarantine: nothing to give back
        print(f"ws_abuse: (a sanitized server: its memory after, {after} KB, is not checked)")
    else:
        check(after < before + 6 * 1024, f"... and gave it back ({after} KB after, {before} KB before)")
    # refusals to a socket that reads nothing: one error waits, the others are counted
    b = raw_handshake(get_cookie(HOST, PORT))
    frames = []
    for _ in range(3000):  # in one write, as a client that never waits sends them
        mask = os.urandom(4)
        text = b'{"type":"fly"}'
        frames.append(bytes([0x81, 0x80 | len(text)]) + mask + bytes(c ^ mask[i % 4] for i, c in enumerate(text)))
    b.sock.sendall(b"".join(frames))
    time.sleep(0.5)
    b.send({"type": "hint"})
    errors, counted = 0, 0
    while errors + counted < 3001:  # each refusal answered, or counted and told by a later error
        m = reply(b)
        if m.get("type") != "error":
            check(False, f"refusals: {m}")
            break
        errors += m["code"] != "unanswered"  # (that one only tells refusals counted)
        counted += dropped_count(m)
    check(errors < 100 and errors + counted == 3001,
          f"3001 refusals while unread: {errors} sent, {counted} counted in their messages")


def not_saved(known):
    """The store refuses new players (a full disk): a new browser is told not_saved and why, then closed;
    a known player still plays."""
    ws = WebSocket(HOST, PORT, None)
    m = reply(ws) if ws.open else {}
    check(ws.open and ws.set_cookie is None and m.get("code") == "not_saved" and "disk is full" in m.get("message", "")
          and closed_soon(ws), f"a new player that cannot be recorded: not_saved, then closed ({ws.status}, {m})")
    ws = WebSocket(HOST, PORT, known)
    check(ws.open and reply(ws).get("type") == "welcome", "a known player still connects")


def ws_over(ws, s, cookie):
    """WebSocket's handshake over the connected socket s."""
    import base64
    ws.sock = s
    key = base64.b64encode(os.urandom(16)).decode()
    s.sendall((f"GET /ws HTTP/1.1\r\nHost: {HOST}:{PORT}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: whist\r\n"
               f"Origin: http://{HOST}:{PORT}\r\nCookie: {cookie}\r\n\r\n").encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(1)
        if not chunk:
            break
        head += chunk
    ws.status = head.split(b"\r\n", 1)[0].decode(errors="replace")
    ws.head = head.decode(errors="replace")
    ws.buf = b""
    ws.last = None
    ws.retry_rate_limited = False


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fds(pid, log, count):
    """More silent connections than the server's file limit: it refuses the rest calmly (no busy accept
    loop), logs a few lines, and serves again once some close."""
    silent = []
    for _ in range(count):
        try:
            silent.append(socket.create_connection((HOST, PORT), timeout=5))
        except OSError:
            break
    time.sleep(0.5)
    cpu0, size0 = cpu_seconds(pid), os.path.getsize(log)
    time.sleep(2)
    cpu = cpu_seconds(pid) - cpu0
    grew = os.path.getsize(log) - size0
    check(cpu < 0.5, f"{len(silent)} silent connections: {cpu:.2f} s of CPU in 2 s (no busy loop)")
    check(os.path.getsize(log) < 20000 and grew < 2000, f"the log stays small ({os.path.getsize(log)} bytes, +{grew})")
    check(not page_answers(), "while full, a new connection is refused")
    for s in silent[:100]:
        s.close()
    time.sleep(0.3)
    check(page_answers(), "once some closed, the page is served")
    ws = WebSocket(HOST, PORT, None)
    if ws.open:
        ws.recv()
        ws.send({"type": "new", "options": {"game": "german", "opponent": "random"}})
        m = ws.until(lambda m: m["type"] in ("view", "error"))
    check(ws.open and m["type"] == "view", f"... and a new player gets a game ({ws.status})")
    for s in silent[100:]:
        s.close()


def main():
    mode = sys.argv[3] if len(sys.argv) > 3 else "all"
    if mode == "limits":
        limits(int(sys.argv[4]), int(sys.argv[5]))
    elif mode == "not-saved":
        not_saved(sys.argv[4])
    elif mode == "flood":
        flood(int(sys.argv[4]), len(sys.argv) > 5 and sys.argv[5] == "sanitized")
    elif mode == "fds":
        fds(int(sys.argv[4]), sys.argv[5], int(sys.argv[6]))
    else:
        cookie = get_cookie(HOST, PORT)
        tokens(cookie)
        hosts(cookie)
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
