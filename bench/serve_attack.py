#!/usr/bin/env python3
"""serve_attack.py: what one hostile client can do to `whist serve` (issue 22, "The server", items 1-4).

Python 3 standard library only; bench/serve_attack.sh runs it. Each scenario starts a fresh server of its own
(`whist serve --port 0 --data DIR` in a temporary folder), attacks it from 127.0.0.1, measures, stops it,
and prints one summary line with the server's command; at the end a Markdown table of every scenario run.
It works against both identity flows of the server: the token cookie set by a page load (protocol 1) or
in the WebSocket's 101 answer (protocol 2): each client takes the cookie from whichever answer sets it.
"Another browser" (the one that should still get a game) connects from 127.0.0.2, another address.

Scenarios (settings by environment, defaults as in the issue):
  identity  cookie-less page loads, each opening /ws and starting a game, from one client for
            IDENTITY_SECONDS (60) with IDENTITY_CLIENTS (8) flows in flight in each of IDENTITY_PROCS (2)
            processes:
            games started, new players/matches rows, RSS, another browser's game; then a restart: start
            time, RSS, another browser's game
  icons     ICON_REQUESTS (100000) cookie-less GETs of /icon.svg on ICON_CONNECTIONS (8) keep-alive
            connections: cookies set, players rows added, database growth
  queue     QUEUE_SOCKETS (120) WebSockets that send refused messages (malformed JSON, each answered with
            an error) as fast as the server reads them (QUEUE_RATE a second each; 0, the default: no pause)
            and never read, for QUEUE_SECONDS (60): RSS during and after, sockets the server closed,
            bytes queued in the kernel
  fds       the server under `ulimit -n FDS_LIMIT` (1024, soft and hard) and FDS_CONNECTIONS (1100) silent
            TCP connections (reopened when closed) for FDS_SECONDS (20): its CPU, its stderr growth, another
            browser's page load and game
  replay    a victim plays German Whist against the expert (--think-ms REPLAY_THINK_MS, 300) for
            REPLAY_QUIET (10) seconds, then REPLAY_PLAYERS (40) other players (each REPLAY_HANDS (3) hands
            in its history) ask for replays as fast as answered, one socket each, for REPLAY_SECONDS (30):
            the computer's move times (the victim's act to the computer's play) in each phase
  idle      IDLE_SOCKETS (1000) players, each with a game started, connected and idle (reading): RSS
            before, with them, per socket, and after they leave
SETTLE_SECONDS (5): the wait before an "after" figure; FDS_REOPEN_SECONDS (1): when a closed silent connection
is opened again. Server options: SERVE_ARGS (every scenario), SERVE_ARGS_<SCENARIO> (e.g. SERVE_ARGS_IDLE;
replaces the scenario's own). The scenarios that need many sockets or players from one address (queue,
replay, idle) add `--max-per-address 0` / `--new-players-per-minute 0` when the server's --help has them
(today's has not); replay adds --think-ms, idle --max-connections (IDLE_SOCKETS + 100) past 900 sockets.
"""
import asyncio
import base64
import collections
import json
import multiprocessing
import os
import re
import resource
import shlex
import shutil
import signal
import socket
import sqlite3
import statistics
import struct
import subprocess
import sys
import tempfile
import time

HOST = "127.0.0.1"
OTHER = "127.0.0.2"  # another browser: another address (loopback takes any 127.x source)


def env_num(name, default, kind=int):
    v = os.environ.get(name)
    return kind(v) if v not in (None, "") else default


SETTLE = env_num("SETTLE_SECONDS", 5.0, float)  # the wait before "after" figures (attackers gone, settled)


def mb(kb):
    return f"{kb / 1024:.1f} MB" if kb is not None and kb >= 0 else "?"


def raise_nofile():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# ---- the server ------------------------------------------------------------------------------------------

class Server:
    """One `whist serve --port 0 --data DIR ARGS` of this tool, stderr to a file."""

    def __init__(self, whist, data, args, nofile=None):
        self.whist, self.data, self.args, self.nofile = whist, data, list(args), nofile
        self.proc = None
        self.port = None
        self.start_s = None
        self.n = 0

    @property
    def command(self):
        cmd = " ".join(shlex.quote(a) for a in ["whist", "serve", "--port", "0", "--data", "DIR"] + self.args)
        return (f"ulimit -n {self.nofile}; " if self.nofile else "") + cmd

    def start(self):
        self.n += 1
        self.err_path = os.path.join(os.path.dirname(self.data), f"serve-{os.path.basename(self.data)}-{self.n}.err")
        nofile = self.nofile

        def limits():
            if nofile:
                resource.setrlimit(resource.RLIMIT_NOFILE, (nofile, nofile))
            else:
                raise_nofile()

        t0 = time.monotonic()
        with open(self.err_path, "wb") as err:
            self.proc = subprocess.Popen([self.whist, "serve", "--port", "0", "--data", self.data] + self.args,
                                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err,
                                         preexec_fn=limits)
        line = self.proc.stdout.readline().decode(errors="replace")  # printed once listening, games loaded
        m = re.match(r"whist serve: https?://[^:]*:(\d+)/", line)
        if not m:
            self.proc.wait(timeout=10)
            raise RuntimeError(f"whist serve did not start: {line!r} {self.err_text()[-500:]!r}")
        self.start_s = time.monotonic() - t0
        self.port = int(m.group(1))
        return self

    def err_text(self):
        try:
            with open(self.err_path, "rb") as f:
                return f.read(4096).decode(errors="replace")
        except OSError:
            return ""

    def err_size(self):
        try:
            return os.path.getsize(self.err_path)
        except OSError:
            return 0

    def rss_kb(self):
        try:
            with open(f"/proc/{self.proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return -1

    def cpu_s(self):
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime + stime

    def runnable_s(self):
        """Seconds the loop's thread (the main one) spent running or waiting for a core: a busy loop is
        runnable all the time however loaded the machine is; its CPU share is not."""
        try:
            with open(f"/proc/{self.proc.pid}/task/{self.proc.pid}/schedstat") as f:
                run, wait = f.read().split()[:2]
            return (int(run) + int(wait)) / 1e9
        except (OSError, ValueError):
            return -1.0

    def sockets(self):
        """The server's open socket descriptors (the listener and any other included)."""
        n = 0
        try:
            for fd in os.listdir(f"/proc/{self.proc.pid}/fd"):
                try:
                    n += os.readlink(f"/proc/{self.proc.pid}/fd/{fd}").startswith("socket:")
                except OSError:
                    pass
        except OSError:
            return -1
        return n

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    def stop(self):
        """SIGTERM, then the exit status and the seconds it took (SIGKILL after 60 s)."""
        if not self.proc:
            return None, 0.0
        t0 = time.monotonic()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc.stdout.close()
        rc, self.proc = self.proc.returncode, None
        return rc, time.monotonic() - t0

    def db_bytes(self):
        return sum(os.path.getsize(os.path.join(self.data, f)) for f in os.listdir(self.data)
                   if f.startswith("whist.db"))

    def rows(self):
        """Rows of each table of the database ({} if it cannot be read)."""
        try:
            db = sqlite3.connect(f"file:{os.path.join(self.data, 'whist.db')}?mode=ro", uri=True, timeout=30)
            try:
                tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
                return {t: db.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}
            finally:
                db.close()
        except sqlite3.Error as e:
            print(f"serve_attack: cannot read the database: {e}", file=sys.stderr)
            return {}


# ---- a browser's HTTP and WebSocket, on asyncio ------------------------------------------------------------

async def open_tcp(port, src=None, rcvbuf=None):
    if src is None and rcvbuf is None:
        return await asyncio.open_connection(HOST, port)
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setblocking(False)
    if rcvbuf:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    if src:
        s.bind((src, 0))
    try:
        await asyncio.get_running_loop().sock_connect(s, (HOST, port))
    except BaseException:
        s.close()
        raise
    return await asyncio.open_connection(sock=s)


def parse_head(head):
    """(status code, {header: [values]}) of an HTTP answer's head."""
    lines = head.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ", 2)
    code = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    headers = collections.defaultdict(list)
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            headers[k.strip().lower()].append(v.strip())
    return code, headers


def token_cookie(headers):
    for v in headers.get("set-cookie", []):
        c = v.split(";", 1)[0].strip()
        if c.startswith("whist_token="):
            return c
    return None


async def read_answer(reader):
    """One HTTP answer: (status, headers, body length)."""
    code, headers = parse_head(await reader.readuntil(b"\r\n\r\n"))
    n = int(headers.get("content-length", ["0"])[0])
    if n:
        await reader.readexactly(n)
    return code, headers, n


async def page_load(port, path="/", cookie=None, src=None):
    """GET path on a connection of its own: (status, the token cookie it set or None)."""
    r, w = await open_tcp(port, src)
    try:
        req = f"GET {path} HTTP/1.1\r\nHost: {HOST}:{port}\r\nAccept: */*\r\n"
        if cookie:
            req += f"Cookie: {cookie}\r\n"
        w.write((req + "\r\n").encode())
        code, headers, _ = await read_answer(r)
        return code, token_cookie(headers)
    finally:
        w.close()


def frame(opcode, payload, mask=None):
    mask = mask or os.urandom(4)
    n = len(payload)
    head = bytes([0x80 | opcode])
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 65536:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    if n:
        key = (mask * (n // 4 + 1))[:n]
        payload = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(n, "big")
    return head + mask + payload


def upgrade_request(port, cookie):
    lines = [f"GET /ws HTTP/1.1", f"Host: {HOST}:{port}", "Upgrade: websocket", "Connection: Upgrade",
             f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}", "Sec-WebSocket-Version: 13",
             "Sec-WebSocket-Protocol: whist", f"Origin: http://{HOST}:{port}"]
    if cookie:
        lines.append(f"Cookie: {cookie}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


TYPE_AT_START = re.compile(rb'\s*\{\s*"type"\s*:\s*"([a-z_]+)"')


class WS:
    """A browser tab's WebSocket at /ws: status (the handshake's HTTP code) and cookie (the one it was opened
    with, or the one its 101 answer set)."""

    @classmethod
    async def open(cls, port, cookie=None, src=None):
        self = cls()
        self.r, self.w = await open_tcp(port, src)
        self.w.write(upgrade_request(port, cookie))
        try:
            self.status, headers = parse_head(await self.r.readuntil(b"\r\n\r\n"))
        except (asyncio.IncompleteReadError, ConnectionError):
            self.status, headers = 0, {}
        self.cookie = token_cookie(headers) or cookie
        self.last = None
        return self

    @property
    def ok(self):
        return self.status == 101

    def send(self, obj):
        self.last = obj
        self.w.write(frame(1, json.dumps(obj).encode()))

    async def recv(self):
        """The next message as a dict (pings answered); EOFError when the server closes."""
        return json.loads(await self.recv_text())

    async def recv_text(self):
        """The next message's text (pings answered); EOFError when the server closes."""
        data = b""
        while True:
            try:
                b0, b1 = await self.r.readexactly(2)
                n = b1 & 0x7F
                if n == 126:
                    n = struct.unpack(">H", await self.r.readexactly(2))[0]
                elif n == 127:
                    n = struct.unpack(">Q", await self.r.readexactly(8))[0]
                payload = await self.r.readexactly(n) if n else b""
            except (asyncio.IncompleteReadError, ConnectionError) as e:
                raise EOFError("the server closed the connection") from e
            op = b0 & 0x0F
            if op == 8:
                raise EOFError("the server closed the WebSocket")
            if op == 9:
                self.w.write(frame(10, payload))
                continue
            if op == 10:
                continue
            data += payload
            if b0 & 0x80:
                return data

    async def until(self, types):
        """The next message of one of these types, or an error (returned, not raised). A message is parsed
        only when its type, read from its start, is one of those (the server writes the type first)."""
        while True:
            text = await self.recv_text()
            t = TYPE_AT_START.match(text)
            if t and t.group(1).decode() not in types and t.group(1) != b"error":
                continue
            m = json.loads(text)
            if m.get("type") in types or m.get("type") == "error":
                return m


    def close(self):
        try:
            self.w.close()
        except Exception:
            pass


async def browser(port, src=None, opponent="random", keep=False, timeout=15):
    """A new browser: a cookie-less page load, /ws with the cookie it got (if any), a new German Whist game.
    Returns (outcome, seconds for the page, seconds for the game, the WebSocket if keep and open): outcome
    "game", "page:ERR", "refused:STATUS", "error:CODE" (a refusal after the upgrade), "closed", "timeout"."""
    t0 = time.monotonic()
    t_page = t_game = None
    ws = None
    try:
        async with asyncio.timeout(timeout):
            try:
                code, cookie = await page_load(port, "/", None, src)
            except (OSError, asyncio.IncompleteReadError) as e:
                return f"page:{type(e).__name__}", None, None, None
            t_page = time.monotonic() - t0
            if code != 200:
                return f"page:{code}", t_page, None, None
            ws = await WS.open(port, cookie, src)
            if not ws.ok:
                return f"refused:{ws.status}", t_page, None, None
            m = await ws.until(("welcome",))
            if m["type"] == "error":
                return f"error:{m.get('code')}", t_page, None, None
            ws.send({"type": "new", "options": {"game": "german", "opponent": opponent}})
            m = await ws.until(("view",))
            if m["type"] == "error":
                return f"error:{m.get('code')}", t_page, None, None
            t_game = time.monotonic() - t0
            if keep:
                ws.first_view = m
                kept, ws = ws, None
                return "game", t_page, t_game, kept
            return "game", t_page, t_game, None
    except TimeoutError:
        return f"timeout ({timeout:.0f} s)", t_page, t_game, None
    except EOFError:
        return "closed", t_page, t_game, None
    except OSError as e:
        return f"os:{e.errno}", t_page, t_game, None
    finally:
        if ws:
            ws.close()


def describe_browser(result):
    outcome, t_page, t_game, _ = result
    if outcome == "game":
        return f"game in {t_game:.2f} s (page {t_page:.3f} s)"
    return outcome + (f" (page {t_page:.3f} s)" if t_page is not None and not outcome.startswith("page") else "")


def other_browser(port, keep=False):
    return asyncio.run(browser(port, src=OTHER, keep=keep))


# ---- the scenarios -------------------------------------------------------------------------------------------

Result = collections.namedtuple("Result", "name command line figures")


def identity_worker(port, t0, seconds, clients, out=None):
    """The flood of one process from t0 (monotonic) for seconds: ({outcome: count}, {outcome: when first})."""
    async def run():
        counts, first = collections.Counter(), {}

        async def one():
            while time.monotonic() < t0 + seconds:
                outcome = (await browser(port, timeout=10))[0]
                counts[outcome] += 1
                first.setdefault(outcome, time.monotonic() - t0)

        await asyncio.gather(*(one() for _ in range(clients)))
        return counts, first

    counts, first = asyncio.run(run())
    if out is not None:
        out.put((dict(counts), first))
    return counts, first


def scenario_identity(whist, tmp, args):
    seconds = env_num("IDENTITY_SECONDS", 60.0, float)
    clients = env_num("IDENTITY_CLIENTS", 8)
    procs = env_num("IDENTITY_PROCS", 2)
    sv = Server(whist, os.path.join(tmp, "identity"), args).start()
    try:
        before = sv.rows()
        rss0 = sv.rss_kb()
        t0 = time.monotonic()
        if procs <= 1:
            counts, first = identity_worker(sv.port, t0, seconds, clients)
        else:
            q = multiprocessing.get_context("fork").Queue()
            ps = [multiprocessing.get_context("fork").Process(target=identity_worker,
                                                               args=(sv.port, t0, seconds, clients, q))
                  for _ in range(procs)]
            for p in ps:
                p.start()
            counts, first = collections.Counter(), {}
            for _ in ps:
                c, f = q.get()
                counts.update(c)
                for k, v in f.items():
                    first[k] = min(v, first.get(k, v))
            for p in ps:
                p.join()
        took = time.monotonic() - t0
        rss1 = sv.rss_kb()
        after = sv.rows()
        fresh = other_browser(sv.port)
        sv.stop()
        db = sv.db_bytes()
        sv.start()
        time.sleep(1)
        rss2 = sv.rss_kb()
        fresh2 = other_browser(sv.port)
    finally:
        sv.stop()
    games = counts.get("game", 0)
    attempts = sum(counts.values())
    players = after.get("players", 0) - before.get("players", 0)
    matches = after.get("matches", 0) - before.get("matches", 0)
    others = ", ".join(f"{k} {v} (the first after {first[k]:.1f} s)" for k, v in counts.most_common()
                       if k != "game") or "none"
    line = (f"identity: {took:.0f} s, {clients * max(procs, 1)} flows: {games} games started ({games / took:.0f}/s) "
            f"of {attempts} attempts (others: {others}); +{players} players rows, +{matches} matches rows; "
            f"server RSS {mb(rss0)} -> {mb(rss1)}; another browser: {describe_browser(fresh)}; "
            f"database {db / 1e6:.1f} MB; restart: started in {sv.start_s:.2f} s, RSS {mb(rss2)}, "
            f"another browser: {describe_browser(fresh2)}")
    figures = (f"{games} games in {took:.0f} s; +{players} players, +{matches} matches; RSS {mb(rss1)}; "
               f"another browser: {fresh[0]}; restart {sv.start_s:.1f} s, RSS {mb(rss2)}, "
               f"another browser: {fresh2[0]}")
    return Result("identity", sv.command, line, figures)


def scenario_icons(whist, tmp, args):
    total = env_num("ICON_REQUESTS", 100000)
    nconn = env_num("ICON_CONNECTIONS", 8)
    sv = Server(whist, os.path.join(tmp, "icons"), args).start()
    try:
        time.sleep(0.5)
        before, db0 = sv.rows(), sv.db_bytes()
        counts = collections.Counter()

        async def one(share):
            r = w = None
            for _ in range(share):
                if w is None:
                    r, w = await open_tcp(sv.port)
                w.write(f"GET /icon.svg HTTP/1.1\r\nHost: {HOST}:{sv.port}\r\nAccept: */*\r\n\r\n".encode())
                try:
                    code, headers, _ = await read_answer(r)
                except (asyncio.IncompleteReadError, ConnectionError):
                    counts["lost"] += 1
                    w.close()
                    w = None
                    continue
                counts[code] += 1
                counts["cookies"] += token_cookie(headers) is not None
                if "close" in ",".join(headers.get("connection", [])).lower():
                    w.close()
                    w = None
            if w:
                w.close()

        async def run():
            await asyncio.gather(*(one(total // nconn + (i < total % nconn)) for i in range(nconn)))

        t0 = time.monotonic()
        asyncio.run(run())
        took = time.monotonic() - t0
        time.sleep(0.5)
        after, db1 = sv.rows(), sv.db_bytes()
    finally:
        sv.stop()
    ok = counts.get(200, 0)
    players = after.get("players", 0) - before.get("players", 0)
    line = (f"icons: {total} cookie-less GETs of /icon.svg in {took:.1f} s on {nconn} connections: {ok} answered "
            f"200, {counts['cookies']} set a cookie; +{players} players rows, database +{(db1 - db0) / 1e6:.1f} MB")
    figures = f"{ok} GETs in {took:.0f} s: {counts['cookies']} cookies, +{players} players, +{(db1 - db0) / 1e6:.1f} MB"
    return Result("icons", sv.command, line, figures)


def kernel_queues(port):
    """Bytes the kernel holds in the send queues of the server's sockets on port (established)."""
    total = 0
    try:
        with open("/proc/net/tcp") as f:
            next(f)
            for line in f:
                p = line.split()
                if int(p[1].split(":")[1], 16) == port and p[3] == "01":
                    total += int(p[4].split(":")[0], 16)
    except OSError:
        return -1
    return total


def handshake_blocking(port, cookie, rcvbuf):
    """A WebSocket opened on a blocking socket with a small receive buffer: the socket, or None if refused."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    s.settimeout(10)
    s.connect((HOST, port))
    s.sendall(upgrade_request(port, cookie))
    head = b""
    while b"\r\n\r\n" not in head:
        c = s.recv(1)
        if not c:
            break
        head += c
    if parse_head(head)[0] != 101:
        s.close()
        return None
    s.setblocking(False)
    return s


def identity_cookie(port):
    """A player's cookie: from the page load, else from a WebSocket's 101 answer (whose welcome is read)."""
    async def run():
        _, cookie = await page_load(port)
        if cookie:
            return cookie
        ws = await WS.open(port, None)
        try:
            await ws.recv()
            return ws.cookie
        finally:
            ws.close()
    return asyncio.run(run())


def scenario_queue(whist, tmp, args):
    nsock = env_num("QUEUE_SOCKETS", 120)
    seconds = env_num("QUEUE_SECONDS", 60.0, float)
    rate = env_num("QUEUE_RATE", 0.0, float)
    sv = Server(whist, os.path.join(tmp, "queue"), args).start()
    try:
        cookie = identity_cookie(sv.port)
        time.sleep(0.5)
        rss0, fds0 = sv.rss_kb(), sv.sockets()
        socks = [s for s in (handshake_blocking(sv.port, cookie, 4096) for _ in range(nsock)) if s]
        opened = len(socks)
        bad = frame(1, b"{", b"\x01\x02\x03\x04")  # malformed JSON: bad_json (or rate_limited)
        batch = bad * 512
        sent = collections.Counter()
        closed_at = {}
        peak = rss0
        t0 = time.monotonic()
        next_sample = t0
        while True:
            now = time.monotonic()
            if now - t0 >= seconds:
                break
            if now >= next_sample:
                peak = max(peak, sv.rss_kb())
                next_sample = now + 0.5
            busy = False
            for i, s in enumerate(socks):
                if i in closed_at:
                    continue
                if rate > 0:
                    due = int((now - t0) * rate) - sent[i]
                    if due <= 0:
                        continue
                    data = bad * min(due, 512)
                else:
                    data = batch
                try:
                    n = s.send(data)
                    sent[i] += n // len(bad)
                    busy = busy or n == len(data)
                except BlockingIOError:
                    pass
                except OSError:
                    closed_at[i] = now - t0
            if not busy:
                time.sleep(0.002)
        rss1 = max(sv.rss_kb(), 0)
        peak = max(peak, rss1)
        fds1 = sv.sockets()
        kq = kernel_queues(sv.port)
        # the server closed a socket if it is no longer among its descriptors; our side may not know yet
        for s in socks:
            s.close()
        time.sleep(SETTLE)
        rss2, fds2 = sv.rss_kb(), sv.sockets()
    finally:
        sv.stop()
    held = fds1 - fds0
    msgs = sum(sent.values())
    first = f", the first after {min(closed_at.values()):.1f} s" if closed_at else ""
    line = (f"queue: {opened} of {nsock} never-reading sockets wrote {msgs} refused messages in {seconds:.0f} s "
            f"(into the kernel's buffers: the server reads them at its pace); server RSS {mb(rss0)} -> peak "
            f"{mb(peak)}, at the end {mb(rss1)} (+{mb(rss1 - rss0)}), {SETTLE:.0f} s after they closed {mb(rss2)} "
            f"({max(fds2 - fds0, 0)} still open); sockets still open in the server at the end: {held} of "
            f"{opened} ({len(closed_at)} reset on our side{first}); kernel send queues {kq / 1e6:.1f} MB")
    figures = (f"RSS +{mb(peak - rss0)} peak, {mb(rss2)} after; {opened - held} of {opened} closed by the server; "
               f"kernel queues {kq / 1e6:.1f} MB")
    return Result("queue", sv.command, line, figures)


def scenario_fds(whist, tmp, args):
    limit = env_num("FDS_LIMIT", 1024)
    nconn = env_num("FDS_CONNECTIONS", 1100)
    seconds = env_num("FDS_SECONDS", 20.0, float)
    reopen = env_num("FDS_REOPEN_SECONDS", 1.0, float)  # a closed connection is opened again this much later
    sv = Server(whist, os.path.join(tmp, "fds"), args, nofile=limit).start()
    try:
        time.sleep(0.5)

        async def run():
            loop = asyncio.get_running_loop()
            live = {}
            reopened = 0
            stop = False

            def connect():
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.setblocking(False)
                s.connect_ex((HOST, sv.port))
                live[s.fileno()] = s
                loop.add_reader(s.fileno(), readable, s)

            def readable(s):
                nonlocal reopened
                try:
                    if s.recv(4096):
                        return  # the server said something: keep silent
                except BlockingIOError:
                    return
                except OSError:
                    pass
                loop.remove_reader(s.fileno())
                live.pop(s.fileno(), None)
                s.close()
                if not stop:
                    reopened += 1
                    loop.call_later(reopen, lambda: None if stop else connect())

            for _ in range(nconn):
                connect()
            await asyncio.sleep(1)
            cpu0, run0, err0, t0 = sv.cpu_s(), sv.runnable_s(), sv.err_size(), time.monotonic()
            await asyncio.sleep(min(5.0, seconds / 4))
            fresh = await browser(sv.port, src=OTHER, timeout=max(10.0, seconds / 2))
            rest = seconds - (time.monotonic() - t0)
            if rest > 0:
                await asyncio.sleep(rest)
            cpu1, run1, err1, t1 = sv.cpu_s(), sv.runnable_s(), sv.err_size(), time.monotonic()
            stop = True
            for s in list(live.values()):
                loop.remove_reader(s.fileno())
                s.close()
            live.clear()
            await asyncio.sleep(SETTLE)
            after = await browser(sv.port, src=OTHER)
            return ((cpu1 - cpu0) / (t1 - t0), (run1 - run0) / (t1 - t0), (err1 - err0), t1 - t0, reopened, fresh,
                    after)

        cpu, runnable, grew, took, reopened, fresh, after = asyncio.run(run())
        first_err = sv.err_text().splitlines()[:1]
    finally:
        sv.stop()
    try:
        os.remove(sv.err_path)  # may be large
    except OSError:
        pass
    line = (f"fds: ulimit -n {limit}, {nconn} silent connections ({reopened} reopened after the server closed "
            f"them): server CPU {100 * cpu:.0f}% of a core over {took:.0f} s (its loop runnable "
            f"{100 * runnable:.0f}% of the time), stderr +{grew / 1e6:.1f} MB"
            f"{' (' + first_err[0][:120] + ')' if first_err else ''}; another browser meanwhile: "
            f"{describe_browser(fresh)}; after they closed: {describe_browser(after)}")
    figures = (f"CPU {100 * cpu:.0f}% (runnable {100 * runnable:.0f}%), log +{grew / 1e6:.1f} MB in {took:.0f} s; "
               f"another browser: {fresh[0]}{'' if fresh[2] is None else f' in {fresh[2]:.2f} s'}")
    return Result("fds", sv.command, line, figures)


def legal_card(view):
    own, led = view["table"]["own"], view["table"]["led"]
    if led:
        same = [c for c in own if c[1] == led[1]]
        if same:
            return same[0]
    return own[0]


async def play_turn(ws, m, opponent):
    """Answers message m as a player who plays at once: a card on its turn, next after a hand, a new match
    after the last. Returns True if it sent something."""
    if m.get("type") != "view":
        return False
    v = m["view"]
    if v["state"] == "over":
        ws.send({"type": "new", "options": {"game": "german", "opponent": opponent}})
    elif v["state"] == "hand_over":
        ws.send({"type": "next"})
    elif v["turn"]["player"] == 0:
        ws.send({"type": "act", "action": {"type": "play", "card": legal_card(v)}})
    else:
        return False
    return True


async def new_player(port, opponent):
    """A new browser with a game started: the WebSocket (its cookie kept)."""
    for _ in range(50):
        outcome, _, _, ws = await browser(port, opponent=opponent, keep=True, timeout=60)
        if ws:
            return ws
        await asyncio.sleep(0.5)  # e.g. too_many_new_players: a limit this scenario did not lift
    raise RuntimeError(f"no player: {outcome}")


async def play_hands(ws, hands):
    """Plays against the computer until `hands` more hands are scored (sending a refused message again)."""
    scored = 0
    while scored < hands:
        m = await ws.recv()
        if m.get("type") == "error":
            if m.get("code") == "rate_limited" and ws.last:
                await asyncio.sleep(0.3)
                ws.send(ws.last)
                continue
            raise RuntimeError(f"while playing: {m}")
        if m.get("type") == "event" and m.get("kind") == "score":
            scored += 1
        await play_turn(ws, m, "random")


def summary_ms(times):
    if not times:
        return "0 moves"
    return (f"{len(times)} moves, median {1000 * statistics.median(times):.0f} ms, "
            f"max {1000 * max(times):.0f} ms")


def scenario_replay(whist, tmp, args):
    nplayers = env_num("REPLAY_PLAYERS", 40)
    hands = env_num("REPLAY_HANDS", 3)
    quiet = env_num("REPLAY_QUIET", 10.0, float)
    seconds = env_num("REPLAY_SECONDS", 30.0, float)
    sv = Server(whist, os.path.join(tmp, "replay"), args).start()

    async def run():
        # the flooders: each a player with `hands` finished hands against the random computer
        flooders = await asyncio.gather(*(new_player(sv.port, "random") for _ in range(nplayers)))
        await asyncio.gather(*(play_from(ws, hands) for ws in flooders))
        ids = []
        for ws in flooders:
            ws.send({"type": "history", "limit": 500})
            m = await ws.until(("history",))
            ids.append([e["id"] for e in m.get("entries", []) if e.get("game") == "german"])
        # the victim against the expert
        victim = await new_player(sv.port, "expert")
        times = {"quiet": [], "flood": []}
        moves_in_flood = 0
        phase = "quiet"
        flood_from = flood_to = None
        pending = None  # (the phase, when the victim acted) while the computer is to answer
        replays = []

        async def victim_loop():
            nonlocal pending, moves_in_flood
            m = victim.first_view
            while True:
                if m.get("type") == "event" and m.get("kind") == "play" and m.get("player") == 1 and pending:
                    now = time.monotonic()
                    times[pending[0]].append(now - pending[1])
                    if flood_from and flood_from <= now and (flood_to is None or now <= flood_to):
                        moves_in_flood += 1
                    pending = None
                elif m.get("type") == "view" and m["view"]["state"] == "playing" and \
                        m["view"]["turn"]["player"] == 0:
                    pending = None  # the computer was not to play after the victim's last message
                if m.get("type") == "error" and m.get("code") == "rate_limited":
                    await asyncio.sleep(0.3)
                    victim.send(victim.last)
                elif await play_turn(victim, m, "expert"):
                    pending = (phase, time.monotonic())
                m = await victim.recv()

        async def flood(ws, hand_ids):
            i = 0
            while True:
                t = time.monotonic()
                ws.send({"type": "replay", "id": hand_ids[i % len(hand_ids)]})
                while True:
                    m = await ws.recv()
                    kind = m.get("type")
                    if kind == "error":
                        await asyncio.sleep(0.05 if m.get("code") == "busy" else 0.2)
                        break
                    if kind == "replay" and m.get("complete", True) or kind == "review" and m.get("complete"):
                        replays.append(time.monotonic() - t)
                        i += 1
                        break

        vt = asyncio.create_task(victim_loop())
        await asyncio.sleep(quiet)
        phase, flood_from = "flood", time.monotonic()
        tasks = [asyncio.create_task(flood(ws, h)) for ws, h in zip(flooders, ids) if h]
        await asyncio.sleep(seconds)
        flood_to = time.monotonic()
        waiting = flood_to - pending[1] if pending and pending[0] == "flood" else None
        for t in tasks + [vt]:
            t.cancel()
        await asyncio.gather(*tasks, vt, return_exceptions=True)
        for ws in flooders + [victim]:
            ws.close()
        return times, moves_in_flood, waiting, len(tasks), replays

    async def play_from(ws, n):  # from the new game's first view
        await play_turn(ws, ws.first_view, "random")
        await play_hands(ws, n)

    try:
        times, moves, waiting, nflood, replays = asyncio.run(run())
    finally:
        sv.stop()
    wait_note = f", one still waiting after {waiting:.1f} s" if waiting else ""
    rep = (f"{len(replays)} replays answered (median {statistics.median(replays):.2f} s)" if replays
           else "no replay answered")
    line = (f"replay: the victim's computer (expert): quiet {quiet:.0f} s: {summary_ms(times['quiet'])}; "
            f"{nflood} sockets asking for replays for {seconds:.0f} s: {summary_ms(times['flood'])}"
            f"{wait_note}, {moves} computer moves during the flood; {rep}")
    figures = (f"quiet: {summary_ms(times['quiet'])}; flood: {summary_ms(times['flood'])}{wait_note}; "
               f"{moves} moves in {seconds:.0f} s")
    return Result("replay", sv.command, line, figures)


def scenario_idle(whist, tmp, args):
    n = env_num("IDLE_SOCKETS", 1000)
    sv = Server(whist, os.path.join(tmp, "idle"), args).start()
    try:
        time.sleep(1)
        rss0 = sv.rss_kb()

        async def run():
            sem = asyncio.Semaphore(50)
            socks = []

            async def one():
                async with sem:
                    socks.append(await new_player(sv.port, "random"))

            await asyncio.gather(*(one() for _ in range(n)))

            async def drain(ws):
                try:
                    while True:
                        await ws.recv()
                except (EOFError, OSError):
                    pass

            readers = [asyncio.create_task(drain(ws)) for ws in socks]
            await asyncio.sleep(SETTLE)  # every game started and answered
            rss1 = sv.rss_kb()
            for ws in socks:
                ws.close()
            for t in readers:
                t.cancel()
            await asyncio.gather(*readers, return_exceptions=True)
            return rss1

        rss1 = asyncio.run(run())
        time.sleep(SETTLE)
        rss2 = sv.rss_kb()
    finally:
        sv.stop()
    per = (rss1 - rss0) / n
    line = (f"idle: {n} players connected, each with a game, idle: server RSS {mb(rss0)} -> {mb(rss1)} "
            f"({per:.1f} KB a socket), {mb(rss2)} {SETTLE:.0f} s after they left")
    return Result("idle", sv.command, line, f"{mb(rss0)} -> {mb(rss1)}: {per:.1f} KB a socket")


SCENARIOS = {"identity": scenario_identity, "icons": scenario_icons, "queue": scenario_queue,
             "fds": scenario_fds, "replay": scenario_replay, "idle": scenario_idle}
# what a scenario needs lifted on a server that limits each address (protocol 2), to measure what it measures
LIFT = {"queue": ["--max-per-address", "0"], "replay": ["--new-players-per-minute", "0"],
        "idle": ["--max-per-address", "0", "--new-players-per-minute", "0"]}


def scenario_args(name, whist):
    own = os.environ.get(f"SERVE_ARGS_{name.upper()}")
    if own is None:
        lift = LIFT.get(name, [])
        have = subprocess.run([whist, "serve", "--help"], capture_output=True, text=True).stdout
        own_list = []
        for option, value in zip(lift[::2], lift[1::2]):
            if re.search(re.escape(option) + r"\b", have):
                own_list += [option, value]
        if name == "replay":
            own_list += ["--think-ms", str(env_num("REPLAY_THINK_MS", 300))]
        if name == "idle" and env_num("IDLE_SOCKETS", 1000) > 900:
            own_list += ["--max-connections", str(env_num("IDLE_SOCKETS", 1000) + 100)]
    else:
        own_list = shlex.split(own)
    return shlex.split(os.environ.get("SERVE_ARGS", "")) + own_list


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    whist = sys.argv[1]
    names = sys.argv[2:] or list(SCENARIOS)
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        print(f"serve_attack: unknown scenario {unknown[0]} (one of {' '.join(SCENARIOS)})", file=sys.stderr)
        return 2
    raise_nofile()
    with open("/proc/loadavg") as f:
        load = f.read().split()[:3]
    print(f"serve_attack: {whist}, {os.cpu_count()} cores, load average {' '.join(load)} at the start")
    results, status = [], 0
    tmp = tempfile.mkdtemp(prefix="serve_attack.")
    try:
        for name in names:
            args = scenario_args(name, whist)
            try:
                r = SCENARIOS[name](whist, tmp, args)
            except Exception as e:  # the run failed, not the server's figures
                status = 1
                r = Result(name, " ".join(["whist serve"] + args), f"{name}: FAILED: {type(e).__name__}: {e}",
                           "FAILED")
            print(f"{r.line}  [{r.command}]", flush=True)
            results.append(r)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print()
    print("| scenario | server | figures |")
    print("|---|---|---|")
    for r in results:
        print(f"| {r.name} | `{r.command}` | {r.figures} |")
    return status


if __name__ == "__main__":
    sys.exit(main())
