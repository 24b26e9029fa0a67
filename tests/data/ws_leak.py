#!/usr/bin/env python3
"""ws_leak.py: no hidden card on the wire (tests/cli/test_serve_leak.sh).

Usage: ws_leak.py HOST PORT DB GAME LEVEL [OPTION=VALUE ...] [-- GAME LEVEL [OPTION=VALUE ...] ...]

One player (one browser's token) plays each game given in turn to its end over `whist serve`'s WebSocket as
player 0 (a German Whist match or an Android Whist rubber against LEVEL, with the `new` options given),
records every message the server sends, and checks each against what player 0 could know when it was sent.
The truth comes from outside the frames: after each hand, the game's record as the server saved it (the
web_games row of this browser's token and game in the SQLite database DB), replayed here by the rules:

- German Whist: player 0 knows its hand as dealt, the up-cards, its own draws and every card played; the
  opponent's hand, its hidden draws and the stock below the up-card are hidden until played; in the
  endgame (stock empty) every card's place is known. A view's `unseen` names the hidden cards on purpose
  (it must hold every one of them) and is the one place they may be named.
- Android Whist: player 0 (D when it deals, else N) knows its hand, the opposing android's (D sees L, N
  sees X), the turned trump card and every card played; its own android's and the other human's cards
  are hidden until played.

A second tab of the same browser opened mid-hand in hands 1 and 2 (its welcome, the events so far again,
the view) is checked the same way. From the second game on, early in hand 1 (Android Whist: hands 1 and 2,
whose replays cost little) the player asks for its history and the replays of its last finished hand of
the same number and of the last one it finished while the hand is in play: a replay shows a finished hand whole, so it must never be the deal in play (if every game
were dealt from one seed, the replay of the first game's hand 1 would show the computer's hand in the
second game's hand 1). A message is placed in the game by the events before it (the hand, and the cards
played in it so far, the card of a `play` event included). Any card named by a message (a card field, or a
card written in a text: "QS", "10h", "Q♠", "queen of spades") that is hidden at that point is a leak; so is
a seed (other than the review's own fixed sampling seed) or a record outside a replay. Then the checker
checks itself: a copy of the frames with a hidden card slipped into one must be caught, and so must a
replay of the deal in play. Exit 0 when all holds, 1 with the reasons.
"""
import json
import os
import re
import sqlite3
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ws_client  # noqa: E402  (the WebSocket client of test_serve.sh)

RANKS = "23456789TJQKA"
SUITS = "SHDC"
CARD = re.compile(r"^[2-9TJQKA][SHDC]$")
SYMBOL = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
RANK_WORD = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
             "nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K", "ace": "A"}
SUIT_WORD = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}
# Card codes in a text: "QS", "10H", "Q♠", and with a digit rank "10h", "7c" (not "as", "th": words).
TEXT_CARD = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([SHDC♠♥♦♣♤♡♢♧])(?![0-9A-Za-z])|"
                       r"(?<![0-9A-Za-z])(10|[2-9])([shdc])(?![0-9A-Za-z])")
WORD_CARD = re.compile(r"\b(" + "|".join(RANK_WORD) + r")\s+of\s+(" + "|".join(SUIT_WORD) + r")\b", re.I)


def fail(why):
    print(f"ws_leak: {why}", file=sys.stderr)
    sys.exit(1)


def text_cards(s):
    """The cards a text names: a card code, "10h", "Q♠", "queen of spades"."""
    out = set()
    for m in TEXT_CARD.finditer(s):
        rank, suit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        rank = "T" if rank == "10" else rank
        out.add(rank + SYMBOL.get(suit, suit.upper()))
    for rank, suit in WORD_CARD.findall(s):
        out.add(RANK_WORD[rank.lower()] + SUIT_WORD[suit.lower()])
    return out


def named_cards(value, path=""):
    """(path, card) for every card the JSON value names, except under a German view's `unseen`."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "unseen":
                continue
            yield from named_cards(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from named_cards(v, f"{path}[{i}]")
    elif isinstance(value, str):
        if CARD.match(value):
            yield path, value
        else:
            for c in text_cards(value):
                yield path, c


def keys_of(value, parent=None):
    """(the key of the object holding it, key) for every key of the JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield parent, k
            yield from keys_of(v, k)
    elif isinstance(value, list):
        for v in value:
            yield from keys_of(v, parent)


# ---- records (docs/record.md): the truth ------------------------------------------------------------

TAG = re.compile(r'^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$')


def parse_record(text):
    """The hands of a record text: [{"tags": {...}, "plays": [card, ...]}] in order."""
    hands = []
    cur = None
    for line in text.splitlines():
        m = TAG.match(line)
        if m:
            name = m.group(1)
            if cur is None or cur["plays"] or name in cur["tags"]:
                cur = {"tags": {}, "plays": []}
                hands.append(cur)
            cur["tags"][name] = re.sub(r"\\(.)", r"\1", m.group(2))
            continue
        line = re.sub(r"\{[^}]*\}", " ", line).split(";", 1)[0]
        for tok in line.split():
            tok = re.sub(r"^\d+\.", "", tok)
            if not tok:
                continue
            if "=" in tok:  # an android's command that worked: command=CARD
                tok = tok.split("=", 1)[1]
            elif tok.endswith("!"):  # a failed command: nothing played
                continue
            tok = tok.upper().replace("10", "T")
            if not CARD.match(tok):
                fail(f"record: cannot read {tok!r} in {line!r}")
            if cur is None:
                fail("record: moves before any tag")
            cur["plays"].append(tok)
    return hands


def beats(a, b, trump):
    """Whether card b, played to a led card a, wins the trick."""
    if b[1] == a[1]:
        return RANKS.index(b[0]) > RANKS.index(a[0])
    return b[1] == trump


def german_knowledge(hand):
    """For a German Whist hand: known[p] = the cards player 0 knows after p cards played; deck."""
    tags = hand["tags"]
    deck = tags["Deck"].split()
    n = 7 if tags.get("Variant", "classic") == "small" else 13
    dealer = int(tags["Dealer"]) - 1
    hands = [set(), set()]
    for i, c in enumerate(deck[:2 * n]):
        hands[(1 - dealer) if i % 2 == 0 else dealer].add(c)
    stock = deck[2 * n:]
    trump = stock[0][1]
    known = set(hands[0]) | {stock[0]}
    timeline = [set(known)]
    leader = 1 - dealer
    plays = hand["plays"]
    for t in range(0, len(plays), 2):
        pair = plays[t:t + 2]
        for j, c in enumerate(pair):
            who = leader if j == 0 else 1 - leader
            if c not in hands[who]:
                fail(f"record: player {who + 1} plays {c} not held (trick {t // 2 + 1})")
            hands[who].discard(c)
            known.add(c)
            if j == 1:
                winner = 1 - leader if beats(pair[0], c, trump) else leader
                if stock:
                    hands[winner].add(stock[0])
                    hands[1 - winner].add(stock[1])
                    if winner == 1:
                        known.add(stock[1])  # player 0 lost: its draw
                    stock = stock[2:]
                    if stock:
                        known.add(stock[0])  # the next up-card
                    else:
                        known = set(deck)  # the endgame: every card's place follows
                leader = winner
            timeline.append(set(known))
    return timeline, set(deck)


def android_knowledge(hand):
    """For an Android Whist hand: known[p] for player 0 (record player 1) after p cards played; deck."""
    tags = hand["tags"]
    deck = tags["Deck"].split()
    seats = {"L": set(), "X": set(), "N": set(), "D": set()}
    for i, c in enumerate(deck):
        seats["LXND"[i % 4]].add(c)
    me = "D" if tags["Dealer"] == "1" else "N"
    opposing = "L" if me == "D" else "X"
    known = seats[me] | seats[opposing] | {deck[51]}
    timeline = [set(known)]
    for c in hand["plays"]:
        known.add(c)
        timeline.append(set(known))
    return timeline, set(deck)


# ---- the game ---------------------------------------------------------------------------------------


class Recorder(ws_client.WebSocket):
    """A WebSocket that keeps every message the server sent, in order."""

    def __init__(self, host, port, cookie):
        super().__init__(host, port, cookie)
        self.host, self.port, self.cookie = host, port, cookie
        self.frames = []

    def recv(self):
        m = super().recv()
        self.frames.append(m)
        return m


def saved_record(db, token, game, hands_done, complete):
    """The record text saved for token's game once it holds hands_done complete hands (polls up to 10 s)."""
    last = None
    for _ in range(200):
        try:
            con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
            try:
                cols = [r[1] for r in con.execute("PRAGMA table_info(web_games)")]
                if "game" in cols:  # schema 5: a game of each kind per player
                    row = con.execute("SELECT record FROM web_games WHERE token = ? AND game = ?",
                                      (token, game)).fetchone()
                else:
                    row = con.execute("SELECT record FROM web_games WHERE token = ?", (token,)).fetchone()
            finally:
                con.close()
        except sqlite3.Error as e:
            row, last = None, str(e)
        if row:
            hands = parse_record(row[0])
            last = f"{len(hands)} hands"
            if len(hands) >= hands_done and all(complete(h) for h in hands[:hands_done]):
                return hands
        time.sleep(0.05)
    fail(f"no saved record with {hands_done} complete hands in {db} ({last})")


COMMANDS = ws_client.COMMANDS


def other_tab(ws):
    """Another tab of the same browser opened now: what it receives up to the view (the welcome, every
    event so far, the view), then closed."""
    tab = Recorder(ws.host, ws.port, ws.cookie)
    if not tab.open:
        fail(f"a second tab: the handshake failed: {tab.status}")
    tab.until(lambda m: m["type"] == "view")
    tab.sock.close()
    return tab.frames


def ask_replays(ws, hand):
    """The history, and the replays of the player's last finished hand numbered `hand` and of the last one it
    finished, answered while the hand in play waits for player 0."""
    ws.send({"type": "history", "limit": 500})
    entries = ws.until(lambda m: m["type"] in ("history", "error"))
    if entries["type"] != "history":
        fail(f"history: {entries}")
    entries = entries["entries"]
    ids = [e["id"] for e in entries if e["number"] == hand][:1]
    if entries and entries[0]["id"] not in ids:
        ids.append(entries[0]["id"])
    ws.sock.settimeout(180)  # a review takes seconds, many more in a sanitized build on a busy machine
    for i in ids:
        ws.send({"type": "replay", "id": i})
        m = ws.until(lambda m: m["type"] in ("replay", "error"))
        if m["type"] != "replay":
            fail(f"replay {i}: {m}")
        while not m.get("complete"):  # the review's parts, the last complete
            m = ws.until(lambda m: m["type"] in ("review", "error"))
            if m["type"] != "review":
                fail(f"replay {i}'s review: {m}")
    ws.sock.settimeout(20)
    return len(ids)


def play(ws, game, db, token, tabs, replays):
    """Plays the game to its end; the truth of every hand, by number. Adds to tabs the messages of a
    second tab opened mid-hand in hands 1 and 2; with replays, asks for replays early in hands 1 and 2 (and
    returns how many in the last item)."""
    truth = {}
    acts = {}
    asked = 0
    deck_cards = 52 if game == "android" else None
    candidates = []
    for _ in range(100000):
        m = ws.recv()
        if m["type"] == "error":
            if game == "german" or not candidates:
                fail(f"error during the game: {m}")
            ws.send({"type": "act", "action": candidates.pop(0)})
            continue
        if m["type"] != "view":
            continue
        view = m["view"]
        state = view["state"]
        if state in ("hand_over", "over"):
            h = view["hand_number"]
            if game == "german":
                def complete(hand):
                    n = 7 if hand["tags"].get("Variant", "classic") == "small" else 13
                    return len(hand["plays"]) == 4 * n
            else:
                def complete(hand):
                    return len(hand["plays"]) == deck_cards
            hands = saved_record(db, token, game, h, complete)
            for i, hand in enumerate(hands[:h]):
                truth[i + 1] = hand
            if state == "over":
                return truth, view, asked
            ws.send({"type": "next"})
            continue
        turn = view["turn"]
        if turn["player"] != 0:
            continue
        acts[view["hand_number"]] = acts.get(view["hand_number"], 0) + 1
        if acts[view["hand_number"]] == 5 and view["hand_number"] <= 2:
            tabs.append(other_tab(ws))
        if replays and acts[view["hand_number"]] == 3 and view["hand_number"] <= 2 - (game == "german"):
            asked += ask_replays(ws, view["hand_number"])
        if game == "german":
            ws.send({"type": "act", "action": {"type": "play", "card": ws_client.legal_card(view)}})
        else:
            if turn["action"] == "card":
                candidates = [{"type": "play", "card": c} for c in view["table"]["own"]]
            else:
                candidates = [{"type": "command", "command": c} for c in COMMANDS]
            ws.send({"type": "act", "action": candidates.pop(0)})
    fail("the game did not end")


def dealt(hand, game):
    """The deal of a hand of the truth: German Whist, the two hands as dealt (player 0's, player 1's);
    Android Whist, the deck in deal order."""
    deck = hand["tags"]["Deck"].split()
    if game == "android":
        return deck
    n = 7 if hand["tags"].get("Variant", "classic") == "small" else 13
    dealer = int(hand["tags"]["Dealer"]) - 1
    hands = [set(), set()]
    for i, c in enumerate(deck[:2 * n]):
        hands[(1 - dealer) if i % 2 == 0 else dealer].add(c)
    return hands


def android_hands(deck):
    """Android Whist's four hands of a deck in deal order: card 1 to L, 2 to X, 3 to N, 4 to D, and so on."""
    hands = {s: set() for s in "DLXN"}
    for i, c in enumerate(deck):
        hands["LXND"[i % 4]].add(c)
    return hands


def replay_deal(f):
    """The deal a replay message shows, as dealt() gives it."""
    if f.get("game") == "german" and "hands" in f:
        return [set(f["hands"][0]), set(f["hands"][1])]
    if f.get("game") == "android" and "hands" in f:  # the four hands as dealt, by seat
        return {s: set(f["hands"][s]) for s in "DLXN"}
    if f.get("game") == "android" and "record" in f:  # (a server before the structured replay)
        m = re.search(r'\[Deck "([^"]*)"\]', f["record"])
        return android_hands(m.group(1).split()) if m else None
    fail(f"a replay of a shape this test cannot read: {json.dumps(f)[:200]}")


def check(frames, truth, game):
    """The leaks in frames (a list of reasons; empty: none), and how many messages and cards were checked."""
    problems = []
    knowledge = {}
    for h, hand in truth.items():
        knowledge[h] = (german_knowledge if game == "german" else android_knowledge)(hand)
    cur_hand, plays, named = 0, 0, 0
    for i, f in enumerate(frames):
        where = f"message {i + 1} ({f.get('type')}{'/' + f['kind'] if f.get('type') == 'event' else ''})"
        replay = f.get("type") in ("replay", "review")  # a finished hand, shown whole: checked below
        for parent, k in keys_of(f):
            if replay and (k == "record" or (parent == "review" and k == "seed")):
                continue  # a finished hand's record; the review's own fixed sampling seed
            if "seed" in k.lower() or k in ("record", "deck"):
                problems.append(f"{where}: a field {k!r}: {json.dumps(f)[:200]}")
        if replay:
            if f.get("type") == "replay" and cur_hand in truth and f.get("game") == game:
                shown = replay_deal(f)
                now = dealt(truth[cur_hand], game)
                if game == "android":
                    now = android_hands(now)
                if shown == now or (game == "german" and shown[1] == now[1]):
                    problems.append(f"{where}: the replay of hand {f.get('id')} is the deal in play (hand {cur_hand}):"
                                    f" it shows the computer's hidden cards")
            continue
        if f.get("type") == "event":
            if f["hand"] != cur_hand:
                cur_hand, plays = f["hand"], 0
            if f["kind"] == "undo":
                problems.append(f"{where}: an undo, which this test does not make")
            if f["kind"] == "play" and f["card"] is not None:
                plays += 1
                if cur_hand in truth and f["card"] != truth[cur_hand]["plays"][plays - 1]:
                    problems.append(f"{where}: card {plays} of hand {cur_hand} is {f['card']}, the record says "
                                    f"{truth[cur_hand]['plays'][plays - 1]}")
        cards = list(named_cards(f))
        if not cur_hand:
            if cards:
                problems.append(f"{where}: names {cards} before any deal")
            continue
        if cur_hand not in knowledge:
            problems.append(f"{where}: hand {cur_hand} has no saved record")
            continue
        timeline, deck = knowledge[cur_hand]
        known = timeline[min(plays, len(timeline) - 1)]
        hidden = deck - known
        for path, c in cards:
            named += 1
            if c in hidden:
                problems.append(f"{where}, hand {cur_hand} after {plays} cards: {path} names {c}, hidden from "
                                f"player 0: {json.dumps(f)[:300]}")
        if f.get("type") == "view" and f["view"]["hand_number"] == cur_hand:
            problems += model_check(where, f["view"], known, hidden, plays, game)
    return problems, len(frames), named


def model_check(where, view, known, hidden, plays, game):
    """The view against the model: German Whist's `unseen` holds every hidden card (in the foreplay,
    exactly those); in Android Whist, the cards the view shows (own, the opposing android's, the trump
    card, the plays) are exactly the known ones. Keeps the model honest, so the check above is sharp."""
    table = view["table"]
    out = []
    if game == "german":
        unseen = set(table["unseen"])
        if len(table["moves"]) != plays:
            out.append(f"{where}: the view has {len(table['moves'])} moves, the events {plays}")
        elif not hidden <= unseen:
            out.append(f"{where}: unseen lacks hidden cards {sorted(hidden - unseen)}, so it tells where they are")
        elif table["phase"] == "foreplay" and unseen != hidden:
            out.append(f"{where}: unseen {sorted(unseen)} is not the model's hidden cards {sorted(hidden)}")
    else:
        played = [e["card"] for e in table["events"] if e["card"] is not None]
        shown = set(table["own"]) | set(table["opposing_hand"]) | {table["trump_card"]} | set(played)
        if len(played) != plays:
            out.append(f"{where}: the view has {len(played)} plays, the events {plays}")
        elif shown != known:
            out.append(f"{where}: the view shows {sorted(shown - known)} beyond the model's known cards and "
                       f"lacks {sorted(known - shown)}")
    return out



def self_check(frames, truth, game):
    """The checker must catch a hidden card slipped into a copy of the frames, as a card field and in a
    text; returns what it missed."""
    missed = []
    cur_hand, plays = 0, 0
    for i, f in enumerate(frames):
        if f.get("type") == "event":
            if f["hand"] != cur_hand:
                cur_hand, plays = f["hand"], 0
            if f["kind"] == "play" and f["card"] is not None:
                plays += 1
        if f.get("type") != "view" or f["view"]["state"] != "playing" or cur_hand not in truth:
            continue
        timeline, deck = (german_knowledge if game == "german" else android_knowledge)(truth[cur_hand])
        hidden = sorted(deck - timeline[plays])
        if not hidden:
            continue
        secret = hidden[0]
        rank_word = next(w for w, r in RANK_WORD.items() if r == secret[0])
        suit_word = next(w for w, s in SUIT_WORD.items() if s == secret[1])
        symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[secret[1]]
        table = dict(f["view"]["table"], own=f["view"]["table"]["own"] + [secret])
        leaks = {
            "a card field": dict(f, view=dict(f["view"], table=table)),
            "a code in a text": {"type": "error", "code": "x", "message": f"They hold {secret}."},
            "a word in a text": {"type": "error", "code": "x", "message": f"the {rank_word} of {suit_word}!"},
            "a symbol in a text": {"type": "error", "code": "x", "message": f"({secret.replace('T', '10')[:-1]}{symbol})"},
        }
        now = dealt(truth[cur_hand], game)
        if game == "german":
            leaks["a replay of the deal in play"] = {"type": "replay", "id": 1, "game": "german",
                                                     "hands": [sorted(now[0]), sorted(now[1])]}
        else:
            leaks["a replay of the deal in play"] = {"type": "replay", "id": 1, "game": "android",
                                                     "hands": {s: sorted(h) for s, h in android_hands(now).items()}}
        for what, leak in leaks.items():
            problems, _, _ = check(frames[:i + 1] + [leak], truth, game)
            if not problems:
                missed.append(f"{what} ({secret} at message {i + 1})")
        break
    else:
        missed.append("no view to slip a card into")
    return missed


def main():
    host, port, db = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    specs, cur = [], []
    for arg in sys.argv[4:] + ["--"]:
        if arg == "--":
            if cur:
                specs.append(cur)
            cur = []
        else:
            cur.append(arg)
    cookie = ws_client.get_cookie(host, port)
    token = cookie.split("=", 1)[1]
    ws = Recorder(host, port, cookie)
    if not ws.open:
        fail(f"the handshake failed: {ws.status}")
    hello = ws.recv()
    if hello["type"] != "welcome" or hello["game"] is not None:
        fail(f"first message: {hello}")
    for k, spec in enumerate(specs):
        game, level = spec[0], spec[1]
        options = {"game": game, "opponent": level}
        for arg in spec[2:]:
            key, v = arg.split("=", 1)
            options[key] = v
        started = time.monotonic()
        first = len(ws.frames)
        ws.send({"type": "new", "options": options})
        tabs = []
        truth, last, asked = play(ws, game, db, token, tabs, replays=k > 0)
        frames = ws.frames[first:]
        problems, messages, named = check(frames, truth, game)
        if not tabs:
            problems.append("no second tab was opened")
        if k > 0 and not asked:
            problems.append("no replay was asked for")
        for tab in tabs:
            more, m, n = check(tab, truth, game)
            problems += [f"second tab: {p}" for p in more]
            messages += m
            named += n
        for p in problems[:20]:
            print(f"ws_leak: LEAK: {p}", file=sys.stderr)
        if problems:
            fail(f"{game} against {level} (game {k + 1} of the player): {len(problems)} leaks in {messages} messages")
        missed = self_check(frames, truth, game)
        if missed:
            fail(f"the checker missed a slipped-in hidden card: {', '.join(missed)}")
        print(f"ws_leak: {game} against {level} {' '.join(spec[2:])} (game {k + 1}): {len(truth)} hands, winner "
              f"{last['winner']}, {messages} messages, {named} cards named, {asked} replays, none hidden "
              f"({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    main()
