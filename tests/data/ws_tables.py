#!/usr/bin/env python3
"""ws_tables.py: tables between two people over whist serve's WebSocket (tests/cli/test_serve_tables*.sh).

Usage: ws_tables.py HOST PORT SCENARIO [STATE_FILE]

Each person is a browser of its own (a token of its own, from the handshake); a spectator is a third. The
players act from what the server tells them only: the `legal` of their latest `table_view`, a random one
(seeded) of it. Every message each connection gets is kept and checked (check_leaks) against what each
player legitimately saw of its own cards: a card seen in player A's hand (German Whist: `own`; Android
Whist: `own` and the opposing android's hand that A sees) must never reach player B or a spectator in a
hand before it is played or shown face up (an up-card, the turned trump card) on B's own stream; a
spectator never gets a hand; a `hand` event with cards goes only to the seat's player (an android's to the
human opposite). Scenarios:

  german      a whole German Whist match, two players and a spectator; then both players' history and
              statistics show it played against a person, from each one's side; chat routing; a rematch
              offered and accepted (the next match's `table`), then resigned
  android     a whole Android Whist rubber, two players and a spectator
  reconnect   a player's socket closed mid-hand and opened again with `since`: exactly the events missed
  links       a bad secret, an unknown table, an action while following none; a seat's link opened by
              another browser (the old tab gets table_moved; the new one plays)
  grace       grace 1 s: the other claims the match; another table: the computer takes the empty seat,
              plays, and the person comes back and takes it again
  lobby       play anyone pairs two people who ask for the same rules; the lobby lists a waiting table
  rated       a rated match resigned: both ratings change (the winner's shown in the lobby above 1500)
  clock       15 s a card: a player who waits has the card played for it by the computer when it runs out
  full        (with a flag file: tests/shim/disk_full.c) a card played while the disk is full: not_saved,
              the table given again as saved to every connection, then play on
  restart1    (with STATE_FILE) a match begun: some cards played, the table and links written to STATE_FILE
  restart2    (with STATE_FILE) after the server was killed and started again: both players join again,
              the hand goes on where it was, and is played to the end of the match
"""
import json
import os
import random
import re
import select
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ws_client  # noqa: E402

CARD = re.compile(r"^(10|[2-9TJQKA])[SHDC]$")


def fail(why):
    print(f"ws_tables: {why}", file=sys.stderr)
    sys.exit(1)


class Client:
    """One connection: a person (a token of its own) or a spectator, and every message it got."""

    def __init__(self, host, port, name, cookie=None):
        self.host, self.port, self.name = host, port, name
        self.cookie = cookie or ws_client.get_cookie(host, port)
        self.connect()
        self.log = []  # every message got, in order: (hand number when got, message)
        self.hand = 0
        self.base = 0
        self.view = None  # the latest table_view
        self.player = None  # the seat (0, 1) or None (a spectator)
        self.last_event = 0
        self.created = None

    def connect(self):
        self.ws = ws_client.WebSocket(self.host, self.port, self.cookie)
        if not self.ws.open:
            fail(f"{self.name}: no WebSocket: {self.ws.status}")
        self.ws.retry_rate_limited = True

    def send(self, obj):
        self.ws.send(obj)

    def pending(self):
        return bool(self.ws.buf)

    def take(self, m):
        if m.get("type") == "event":
            self.hand = m.get("hand", self.hand)
            self.last_event = m["number"]
        elif m.get("type") == "table_view":
            self.view = m
            self.hand = m["view"].get("hand_number", self.hand)
        elif m.get("type") == "table":
            self.player = m["you"]["player"]
            self.base = m["base"]  # the match: hands are numbered anew in each
        elif m.get("type") == "table_created":
            self.created = m
        self.log.append(((self.base, self.hand), m))
        return m

    def recv(self):
        return self.take(self.ws.recv())

    def until(self, pred, what, limit=20000):
        for _ in range(limit):
            m = self.recv()
            if pred(m):
                return m
        fail(f"{self.name}: no {what}")

    def close(self):
        try:
            self.ws.sock.close()
        except OSError:
            pass


def pump(clients, timeout, quiet=0.02):
    """Reads what comes to any of clients: waits up to timeout seconds for a first message, then reads on
    until none comes for `quiet` seconds; True if anything came."""
    got = False
    deadline = time.time() + timeout
    while True:
        ready = [c for c in clients if c.pending()]
        if not ready:
            left = (deadline - time.time()) if not got else quiet
            if left <= 0:
                return got
            socks = {c.ws.sock: c for c in clients}
            r, _, _ = select.select(list(socks), [], [], left)
            ready = [socks[s] for s in r]
            if not ready:
                return got
        for c in ready:
            m = c.recv()
            got = True
            if m.get("type") == "error" and m.get("code") not in ("not_now",):
                fail(f"{c.name}: error {m}")


def action_of(choice):
    if isinstance(choice, dict):
        return choice
    if CARD.match(choice):
        return {"type": "play", "card": choice}
    return {"type": "command", "command": choice}


def play(players, watchers, rng, until_over=True, max_actions=100000, stop=None):
    """Plays: the player whose latest view has `legal` acts (a random choice); a scored hand is followed by
    table_next from the first player; until the match is over (or stop() says so). Returns the actions."""
    everyone = players + watchers
    acted = 0
    asked_next = set()
    idle = 0
    while acted < max_actions:
        if stop and stop():
            return acted
        actor = None
        for p in players:
            v = p.view
            if v and v["legal"]:
                actor = p
                break
        state = None
        for p in players:
            if p.view:
                state = p.view["view"]["state"]
        if actor:
            choice = rng.choice(actor.view["legal"])
            actor.view = None
            actor.send({"type": "table_act", "action": action_of(choice)})
            acted += 1
            idle = 0
        elif state == "over" and until_over:
            return acted
        elif state == "hand_over":
            hand = players[0].view["view"]["hand_number"] if players[0].view else None
            if hand not in asked_next:
                asked_next.add(hand)
                players[0].send({"type": "table_next"})
        if not pump(everyone, 0.5 if not actor else 2.0):
            idle += 1
            if idle > 20:
                fail("nothing happens: " + ", ".join(f"{p.name}: {p.view and p.view['view']['state']}"
                                                     for p in players))
    return acted


# ---- the leak check -------------------------------------------------------------------------------------

def cards_in(x, skip=("unseen",)):
    """Every card named in x (a message): strings of card form anywhere, but under keys in skip."""
    out = []
    if isinstance(x, dict):
        for k, v in x.items():
            if k in skip:
                continue
            out += cards_in(v, skip)
    elif isinstance(x, list):
        for v in x:
            out += cards_in(v, skip)
    elif isinstance(x, str) and CARD.match(x):
        out.append(x)
    return out


def private_cards(c):
    """What c saw privately in each hand: {hand: set of cards} (its own hand, and the opposing android's)."""
    seen = {}
    for hand, m in c.log:
        if m.get("type") == "table_view":
            t = m["view"].get("table", {})
            s = seen.setdefault(hand, set())
            s.update(t.get("own", []))
            s.update(t.get("opposing_hand", []))
        elif m.get("type") == "event" and m["kind"] == "hand" and m.get("cards"):
            seen.setdefault(hand, set()).update(m["cards"])
    return seen


def check_leaks(players, watchers):
    """No connection got a card another player saw privately before it was public on its own stream."""
    secret = {}
    for p in players:
        for hand, cards in private_cards(p).items():
            secret.setdefault(p.player, {})[hand] = cards
    checked = 0
    for c in players + watchers:
        public = {}
        for hand, m in c.log:
            pub = public.setdefault(hand, set())
            if m.get("type") == "event":
                k = m["kind"]
                if k in ("deal", "upcard", "play", "trick") and m.get("card"):
                    pub.add(m["card"])
                if k == "trick" and m.get("cards"):
                    pub.update(m["cards"])
                if k == "hand" and m.get("cards"):
                    if c.player is None:
                        fail(f"{c.name}: a spectator got a hand: {m}")
                if k == "draw" and m.get("card") and m.get("player") == c.player:
                    pub.add(m["card"])  # its own draw
                elif k == "draw" and m.get("card") and m["card"] not in pub:
                    fail(f"{c.name}: another's hidden draw shown: {m}")
            if m.get("type") == "table_view":
                t = m["view"].get("table", {})
                pub.update(t.get("own", []))  # its own (checked against the others' below)
                for k in ("upcard", "trump_card"):  # face up on the table (a view after a catch-up shows
                    if t.get(k):                     # what was shown in events before the catch-up)
                        pub.add(t[k])
                pub.update(t.get("moves", []))  # the cards played
                pub.update(t.get("trick", []))
                if c.player is not None:
                    pub.update(t.get("opposing_hand", []))
                    if m["view"]["game"] == "german" and t.get("stock") == 0:
                        pub.update(t.get("opponent_known", []))  # the endgame: every card's place is known
            for other, hands in secret.items():
                if other == c.player:
                    continue
                for card in cards_in(m):
                    if card in hands.get(hand, set()) and card not in pub:
                        fail(f"{c.name} got {card}, private to player {other} in hand {hand}: {m}")
            checked += 1
    return checked


# ---- making and joining tables --------------------------------------------------------------------------

def new_table(maker, options):
    maker.send({"type": "table_new", "options": options})
    created = maker.until(lambda m: m["type"] == "table_created", "table_created")
    t = maker.until(lambda m: m["type"] == "table", "table")
    if t["phase"] != "waiting" or t["you"]["player"] != 0:
        fail(f"a new table: {t}")
    return created


def join(c, table, secret, since=0):
    c.send({"type": "table_join", "table": table, "secret": secret, "since": since})
    first = c.until(lambda m: m["type"] in ("table", "error"), "table")
    if first["type"] == "error":
        fail(f"{c.name}: join refused: {first}")
    if first["phase"] != "waiting":  # a table waiting for its second person has no view yet
        c.until(lambda m: m["type"] == "table_view", "table_view")
    return first


def expect_error(c, msg, code):
    c.send(msg)
    m = c.until(lambda m: m["type"] == "error", f"error {code}")
    if m["code"] != code:
        fail(f"{c.name}: {msg} gave {m}, not {code}")


def three(host, port, options, rng):
    a = Client(host, port, "player 0")
    b = Client(host, port, "player 1")
    s = Client(host, port, "spectator")
    created = new_table(a, options)
    tid, seats = created["table"], created["links"]["seat"]
    join(b, tid, seats[1])
    join(s, tid, None)
    if a.player != 0 or b.player != 1 or s.player is not None:
        fail(f"seats: {a.player} {b.player} {s.player}")
    return a, b, s, tid, seats


def history(c):
    c.send({"type": "history", "limit": 100})
    return c.until(lambda m: m["type"] == "history", "history")["entries"]


def scenario_german(host, port, rng):
    a, b, s, tid, seats = three(host, port, {"game": "german", "target": "5"}, rng)
    n = play([a, b], [s], rng)
    pump([a, b, s], 0.3)
    over = [m for _, m in a.log if m["type"] == "table_over"]
    if not over or over[-1]["how"] != "played":
        fail(f"no table_over after {n} actions")
    winner = over[-1]["winner"]
    checked = check_leaks([a, b], [s])
    # history: each player's, from its own side, played against a person
    ha, hb = history(a), history(b)
    if not ha or len(ha) != len(hb):
        fail(f"histories: {len(ha)} and {len(hb)} hands")
    for e, f in zip(ha, hb):
        if e["vs"] != "person" or f["vs"] != "person" or e["opponent"] != "human":
            fail(f"not against a person: {e} {f}")
        if e["tricks"] != f["tricks"][::-1] or e["score"] != f["score"][::-1]:
            fail(f"not from each side: {e} {f}")
    # the replay of a hand player 1 played is player 1's: "you" is its seat, and its review judges its cards
    b.send({"type": "replay", "id": hb[-1]["id"]})
    r = b.until(lambda m: m["type"] in ("replay", "error"), "replay")
    if r["type"] != "replay" or r["you"] != 1:
        fail(f"player 1's replay: {r}")
    verdicts = r.get("foreplay", []) + r.get("verdicts", [])
    while not r.get("complete"):
        r = b.until(lambda m: m["type"] in ("review", "error"), "review")
        if r["type"] == "error":
            fail(f"review: {r}")
        verdicts += r["foreplay"] + r["verdicts"]
    mine = set()
    for key, m in b.log:
        if key[0] == 0 and key[1] == 1 and m.get("type") == "event" and m["kind"] == "play" and m["player"] == 1:
            mine.add(m["card"])
    if not verdicts or any(v["card"] not in mine for v in verdicts):
        fail(f"player 1's review judges cards it did not play: {[v['card'] for v in verdicts]}")
    a.send({"type": "stats"})
    st = a.until(lambda m: m["type"] == "stats", "stats")
    rows = [r for r in st["german"] if r["opponent"] == "human"]
    if not rows or rows[0]["vs"] != "person" or rows[0]["matches"] != 1 or rows[0]["matches_won"] != (
            1 if winner == 0 else 0):
        fail(f"statistics: {st['german']}")
    # chat: a player's phrase to everybody, a spectator's to spectators only
    s2 = Client(host, port, "spectator 2")
    join(s2, tid, None)
    a.send({"type": "table_chat", "phrase": "good_game"})
    for c in (b, s, s2):
        m = c.until(lambda m: m["type"] == "table_chat", "chat")
        if m["from"] != 0 or m["phrase"] != "good_game":
            fail(f"{c.name}: chat {m}")
    s.send({"type": "table_chat", "phrase": "well_played"})
    m = s2.until(lambda m: m["type"] == "table_chat", "a spectator's chat")
    if m["from"] != "spectator":
        fail(f"spectator chat: {m}")
    b.send({"type": "table_chat", "phrase": "thanks"})
    m = a.until(lambda m: m["type"] == "table_chat" and m["from"] != 0, "chat")
    if m["phrase"] != "thanks" or m["from"] != 1:
        fail(f"player 0 got a spectator's phrase: {m}")
    # a rematch: offered, then accepted: the next match's table, from event numbers going on
    last = a.last_event
    a.send({"type": "table_rematch"})
    b.until(lambda m: m["type"] == "table_rematch", "rematch offer")
    b.send({"type": "table_rematch"})
    t = a.until(lambda m: m["type"] == "table", "the rematch's table")
    if t["phase"] != "playing" or t["base"] < last:
        fail(f"rematch: {t}")
    b.send({"type": "table_resign"})
    m = a.until(lambda m: m["type"] == "table_over", "table_over")
    if m["how"] != "resigned" or m["winner"] != 0:
        fail(f"resigned: {m}")
    checked += check_leaks([a, b], [s, s2])
    print(f"german: {n} actions, {len(ha)} hands, {checked} messages checked")


def scenario_android(host, port, rng):
    a, b, s, tid, seats = three(host, port, {"game": "android"}, rng)
    n = play([a, b], [s], rng)
    pump([a, b, s], 0.3)
    checked = check_leaks([a, b], [s])
    hb = history(b)
    if not hb or any(e["vs"] != "person" or e["game"] != "android" for e in hb):
        fail(f"android history: {hb[:2]}")
    print(f"android: {n} actions, {len(hb)} hands, {checked} messages checked")


def scenario_reconnect(host, port, rng):
    a, b, s, tid, seats = three(host, port, {"game": "german", "target": "5"}, rng)
    play([a, b], [s], rng, max_actions=7)
    play([a, b], [s], rng, stop=lambda: bool(a.view and a.view["legal"]))  # until player 0 is to play
    pump([a, b, s], 0.3)
    seen = b.last_event
    b.close()
    a.until(lambda m: m["type"] == "table_seats" and not m["seats"][1]["connected"], "player 1 away")
    pump([a, s], 0.3)
    play([a], [s], rng, max_actions=1)  # player 0 plays on while player 1 is away
    pump([a, s], 0.3)
    if a.last_event <= seen:
        fail("player 0 could not play while player 1 was away")
    missed_to = a.last_event
    b.connect()
    b.log.append(((b.base, b.hand), {"type": "reconnect"}))
    b.send({"type": "table_join", "table": tid, "secret": seats[1], "since": seen})
    t = b.until(lambda m: m["type"] == "table", "table")
    if t["resync"] or t["since"] != seen:
        fail(f"not a catch-up from {seen}: {t}")
    numbers = []
    while True:
        m = b.recv()
        if m["type"] == "event":
            numbers.append(m["number"])
        if m["type"] == "table_view":
            break
    if numbers != list(range(seen + 1, missed_to + 1)):
        fail(f"missed events {seen + 1}..{missed_to}, got {numbers}")
    # a since that is not the table's: a full resynchronisation
    s.send({"type": "table_join", "table": tid, "secret": None, "since": 999999})
    t = s.until(lambda m: m["type"] == "table", "table")
    if not t["resync"]:
        fail(f"no resync: {t}")
    play([a, b], [s], rng, max_actions=20)
    check_leaks([a, b], [s])
    print(f"reconnect: events {seen + 1}..{missed_to} caught up")


def scenario_links(host, port, rng):
    a, b, s, tid, seats = three(host, port, {"game": "german", "target": "5"}, rng)
    c = Client(host, port, "stranger")
    expect_error(c, {"type": "table_act", "action": {"type": "play", "card": "AS"}}, "no_table")
    expect_error(c, {"type": "table_join", "table": "nosuchtable", "secret": None, "since": 0}, "no_table")
    expect_error(c, {"type": "table_join", "table": tid, "secret": "0" * 32, "since": 0}, "bad_secret")
    expect_error(c, {"type": "table_join", "table": tid, "secret": "xyz", "since": 0}, "bad_secret")
    expect_error(c, {"type": "table_join", "table": "../../etc", "secret": None, "since": 0}, "no_table")
    # the spectator cannot act
    s.send({"type": "table_act", "action": {"type": "play", "card": "AS"}})
    m = s.until(lambda m: m["type"] == "error", "error")
    if m["code"] != "not_seated":
        fail(f"a spectator's action: {m}")
    play([a, b], [s], rng, max_actions=4)
    # player 1's link opened by another browser: the seat moves there
    join(c, tid, seats[1])
    b.until(lambda m: m["type"] == "table_moved", "table_moved")
    if c.player != 1:
        fail(f"the new browser is not player 1: {c.player}")
    b.view = None
    b.send({"type": "table_act", "action": {"type": "play", "card": "AS"}})
    m = b.until(lambda m: m["type"] == "error", "error")
    if m["code"] != "no_table":
        fail(f"the moved tab still acts: {m}")
    play([a, c], [s], rng, max_actions=10)
    check_leaks([a, c], [s])
    print("links: bad secret, unknown table, moved seat")


def scenario_grace(host, port, rng):
    a, b, s, tid, seats = three(host, port, {"game": "german", "target": "5", "grace": "1"}, rng)
    play([a, b], [s], rng, max_actions=3)
    b.close()
    a.until(lambda m: m["type"] == "table_seats" and not m["seats"][1]["connected"], "player 1 away")
    expect_error(a, {"type": "table_claim"}, "not_now")  # within the grace period
    time.sleep(2.5)
    pump([a, s], 0.5)
    a.send({"type": "table_claim"})
    m = a.until(lambda m: m["type"] == "table_over", "table_over")
    if m["how"] != "claimed" or m["winner"] != 0:
        fail(f"claim: {m}")
    # the computer takes the empty seat, then the person comes back
    a2 = Client(host, port, "player 0b", a.cookie)
    b2 = Client(host, port, "player 1b", b.cookie)
    created = new_table(a2, {"game": "german", "target": "5", "grace": "1"})
    tid2, seats2 = created["table"], created["links"]["seat"]
    join(b2, tid2, seats2[1])
    play([a2, b2], [], rng, max_actions=2)
    b2.close()
    a2.until(lambda m: m["type"] == "table_seats" and not m["seats"][1]["connected"], "away")
    time.sleep(2.5)
    pump([a2], 0.5)
    a2.send({"type": "table_computer"})
    a2.until(lambda m: m["type"] == "table_seats" and m["seats"][1]["taken_over"], "taken over")
    before = a2.last_event
    play([a2], [], rng, max_actions=6)
    pump([a2], 1.0)
    if a2.last_event <= before + 6:
        fail("the computer did not play the empty seat")
    b2.connect()
    join(b2, tid2, seats2[1])
    a2.until(lambda m: m["type"] == "table_seats" and not m["seats"][1]["taken_over"], "seat taken back")
    play([a2, b2], [], rng, max_actions=6)
    check_leaks([a2, b2], [])
    print("grace: claimed; the computer took the seat and gave it back")


def scenario_lobby(host, port, rng):
    a = Client(host, port, "player 0")
    b = Client(host, port, "player 1")
    opts = {"game": "german", "variant": "small", "target": "7"}
    a.send({"type": "play_anyone", "options": opts})
    created = a.until(lambda m: m["type"] == "table_created", "table_created")
    a.until(lambda m: m["type"] == "table", "table")
    b.send({"type": "lobby"})
    lob = b.until(lambda m: m["type"] == "lobby", "lobby")
    mine = [t for t in lob["tables"] if t["table"] == created["table"]]
    if not mine or mine[0]["game"] != "german" or mine[0]["rated"]:
        fail(f"lobby: {lob}")
    b.send({"type": "play_anyone", "options": opts})
    paired = b.until(lambda m: m["type"] == "table_created", "table_created")
    if paired["table"] != created["table"] or paired["links"]["seat"][0] is not None:
        fail(f"not paired: {paired} with {created}")
    b.until(lambda m: m["type"] == "table_view", "view")
    pump([a, b], 0.3)
    if a.view["view"]["state"] != "playing":
        fail(f"not dealt: {a.view}")
    b.send({"type": "lobby"})
    lob = b.until(lambda m: m["type"] == "lobby", "lobby")
    if any(t["table"] == created["table"] for t in lob["tables"]):
        fail("a full table still in the lobby")
    # a table whose maker left is not offered
    c = Client(host, port, "leaver")
    created = new_table(c, {"game": "android", "listed": "yes"})
    c.send({"type": "table_leave"})
    pump([c], 0.3)
    b.send({"type": "lobby"})
    lob = b.until(lambda m: m["type"] == "lobby", "lobby")
    if any(t["table"] == created["table"] for t in lob["tables"]):
        fail("a table whose maker left is still in the lobby")
    print("lobby: paired")


def scenario_rated(host, port, rng):
    a, b, s, tid, seats = three(host, port, {"game": "german", "target": "5", "rated": "yes"}, rng)
    play([a, b], [s], rng, max_actions=4)
    b.send({"type": "table_resign"})
    m = a.until(lambda m: m["type"] == "table_over", "table_over")
    if m["winner"] != 0:
        fail(f"resign: {m}")
    # the winner waits at a new listed table of the same family: its rating shows in the lobby
    a.send({"type": "table_new", "options": {"game": "german", "target": "5", "rated": "yes", "listed": "yes"}})
    created = a.until(lambda m: m["type"] == "table_created", "table_created")
    b.send({"type": "table_new", "options": {"game": "german", "target": "5", "rated": "yes", "listed": "yes"}})
    created_b = b.until(lambda m: m["type"] == "table_created", "table_created")
    s.send({"type": "lobby"})
    lob = s.until(lambda m: m["type"] == "lobby", "lobby")
    ra = [t["rating"] for t in lob["tables"] if t["table"] == created["table"]]
    rb = [t["rating"] for t in lob["tables"] if t["table"] == created_b["table"]]
    if not ra or not rb or ra[0] is None or rb[0] is None or not ra[0] > 1500 > rb[0]:
        fail(f"ratings: {ra} {rb} in {lob}")
    # on the statistics screen, and in the seats of the table the winner waits at
    a.send({"type": "stats"})
    st = a.until(lambda m: m["type"] == "stats", "stats")
    fam = [r for r in st["ratings"] if r["family"] == "german-classic-last13"]
    if not fam or abs(fam[0]["rating"] - ra[0]) > 1e-6 or fam[0]["games"] != 1:
        fail(f"stats ratings: {st['ratings']}")
    t = join(s, created["table"], None)
    if t["seats"][0]["rating"] is None or abs(t["seats"][0]["rating"] - ra[0]) > 1e-6:
        fail(f"the seat's rating: {t['seats']}")
    print(f"rated: {ra[0]:.1f} and {rb[0]:.1f}")


def scenario_restart1(host, port, rng, state_file):
    a, b, s, tid, seats = three(host, port, {"game": "german", "target": "5"}, rng)
    play([a, b], [s], rng, max_actions=9)
    pump([a, b, s], 0.5)
    v = a.view or next(m for _, m in reversed(a.log) if m["type"] == "table_view")
    moves = len(v["view"]["table"]["moves"])
    with open(state_file, "w") as f:
        json.dump({"table": tid, "seats": seats, "cookies": [a.cookie, b.cookie], "moves": moves,
                   "hand": v["view"]["hand_number"], "last": a.last_event}, f)
    print(f"restart1: {moves} cards played in hand {v['view']['hand_number']}")


def scenario_restart2(host, port, rng, state_file):
    with open(state_file) as f:
        st = json.load(f)
    a = Client(host, port, "player 0", st["cookies"][0])
    b = Client(host, port, "player 1", st["cookies"][1])
    s = Client(host, port, "spectator")
    t = join(a, st["table"], st["seats"][0], 0)  # every event of the match again (the checker's truth)
    join(b, st["table"], st["seats"][1])
    join(s, st["table"], None)
    pump([a, b, s], 0.5)
    v = a.view["view"]
    if v["hand_number"] != st["hand"] or len(v["table"]["moves"]) != st["moves"] or t["resync"]:
        fail(f"not where it was: hand {v['hand_number']}, {len(v['table']['moves'])} cards, {t}")
    n = play([a, b], [s], rng)
    check_leaks([a, b], [s])
    print(f"restart2: went on from hand {st['hand']}, card {st['moves']}; {n} more actions to the end")


def scenario_clock(host, port, rng):
    """15 s a card: the player to play waits; the clock shown runs out and the computer plays that card
    for it (the server's tick), the other player sees it played; the match goes on."""
    a, b, s, tid, seats = three(host, port, {"game": "german", "target": "5", "clock": "15"}, rng)
    play([a, b], [s], rng, max_actions=3)
    pump([a, b, s], 0.3)
    waiter = a if a.view and a.view["legal"] else b
    other = b if waiter is a else a
    clock = waiter.view["clock"]
    if not clock or clock["player"] != waiter.player or not 0 < clock["left_ms"] <= 15000:
        fail(f"no clock running for the player to play: {clock}")
    before = len(waiter.view["view"]["table"]["moves"])
    t0 = time.time()
    m = other.until(lambda m: m["type"] == "event" and m["kind"] == "play" and m["player"] == waiter.player,
                    "the card the computer played")
    waited = time.time() - t0
    if waited < clock["left_ms"] / 1000 - 0.5 or waited > clock["left_ms"] / 1000 + 3:
        fail(f"the card came after {waited:.1f} s with {clock['left_ms']} ms left")
    pump([a, b, s], 0.5)
    if len(waiter.view["view"]["table"]["moves"]) <= before:
        fail("the waiting player's view does not show its card played")
    play([a, b], [s], rng, max_actions=6)
    check_leaks([a, b], [s])
    print(f"clock: the computer played the card after {waited:.1f} s")


def scenario_full(host, port, rng, flag):
    """The disk fills up at a table (tests/shim/disk_full.c: while FLAG exists every write fails): an
    action then is refused with not_saved and nothing of it is shown; every connection is given the table
    again as saved; with room again the match plays on."""
    a, b, s, tid, seats = three(host, port, {"game": "german", "target": "5"}, rng)
    play([a, b], [s], rng, max_actions=5)
    pump([a, b, s], 0.3)
    actor = a if a.view and a.view["legal"] else b
    if not (actor.view and actor.view["legal"]):
        fail("nobody to play")
    moves = list(actor.view["view"]["table"]["moves"])
    open(flag, "w").close()
    card = actor.view["legal"][0]
    actor.view = None
    actor.send({"type": "table_act", "action": action_of(card)})
    m = actor.until(lambda m: m["type"] == "error" or (m["type"] == "event" and m["kind"] == "play"),
                    "not_saved")
    if m["type"] != "error" or m["code"] != "not_saved" or "disk is full" not in m["message"]:
        fail(f"a card played on a full disk: {m}")
    for c in (a, b, s):
        t = c.until(lambda m: m["type"] == "table", "the table again")
        v = c.until(lambda m: m["type"] == "table_view", "its view")
        if v["view"]["table"]["moves"] != moves:
            fail(f"{c.name}: the unsaved card is shown: {v['view']['table']['moves']} after {moves}")
    os.remove(flag)
    n = play([a, b], [s], rng, max_actions=10)
    check_leaks([a, b], [s])
    print(f"full: not_saved, the table as saved again, then {n} more actions")


def main():
    if len(sys.argv) < 4:
        fail(__doc__)
    host, port, scenario = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    rng = random.Random(int(os.environ.get("WS_TABLES_SEED", "23")))
    fn = globals().get("scenario_" + scenario)
    if not fn:
        fail(f"no scenario {scenario}")
    if scenario.startswith("restart") or scenario == "full":
        fn(host, port, rng, sys.argv[4])
    else:
        fn(host, port, rng)


if __name__ == "__main__":
    main()
