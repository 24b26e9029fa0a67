#!/usr/bin/env python3
"""ws_games.py HOST PORT SCENARIO [COOKIE_FILE] [ARGS...]: a player's games on `whist serve`
(tests/cli/test_serve_games.sh, test_serve_full.sh), with the WebSocket client of ws_client.py.

The cookie is read from COOKIE_FILE when it exists (else fetched from / and written there). Scenarios:

- two-games: a German Whist match and an Android Whist rubber kept side by side (protocol 2): welcome's
  `games`, `open`, `new` replacing only its kind, `games` to every tab when a summary changes, a new tab
  following the game changed last, a finished match kept as `over` until quit.
- resume: the games come back (after a restart or an eviction): the tab follows the game changed last and
  both summaries are there; prints "follows KIND" and the view of each game.
- seeds N: N new games in a row (run the server with --rate-limit 0): no two with the same first hand
  (player 0's cards and the up-card).
- name: prints the name setting of the welcome ("name NAME").
- start: starts a German Whist match and leaves before any hand is scored.
- hold SECONDS: starts a German Whist match, holds the connection SECONDS, then plays a card.
- full FLAG: the disk fills up mid-game (FLAG created: the server's writes to its database fail, see
  tests/shim/disk_full.c): a card is refused with not_saved "cannot save: the server's disk is full", the
  game comes back as it was (welcome, events, view), so does every other change tried; the flag removed,
  the game plays on. Prints the last view the player was shown ("view JSON").
- stall FLAG LOG: the disk fills up while the computer (the expert) thinks: its card is refused once
  (not_saved), and in 3 s the server's log (LOG) shows no second try; once the flag is gone and the player
  opens the game, the computer plays.
Exit 0 when it holds, 1 with the reason.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ws_client import WebSocket, fail, kept_cookie, legal_card  # noqa: E402


class Tab(WebSocket):
    """A WebSocket that keeps every `games` message it received (in order), whatever else was awaited."""

    def __init__(self, *args):
        super().__init__(*args)
        self.games_log = []
        self.last_view = None

    def recv(self):
        m = super().recv()
        if m["type"] == "games":
            self.games_log.append(m["games"])
        elif m["type"] == "view":
            self.last_view = m["view"]
        return m

    def games_after(self, k):
        """The first `games` message after the k first ones (waiting for it)."""
        while len(self.games_log) <= k:
            self.recv()
        return self.games_log[k]

    def games_until(self, pred):
        """The summaries once the last `games` message received satisfies pred (waiting for it)."""
        while not (self.games_log and pred(self.games_log[-1])):
            self.recv()
        return self.games_log[-1]


def connect(host, port, cookie):
    ws = Tab(host, port, cookie)
    if not ws.open:
        fail(f"handshake refused: {ws.status}")
    hello = ws.recv()
    if hello["type"] != "welcome" or hello.get("protocol") != 2:
        fail(f"first message: {hello}")
    return ws, hello


def game_of(welcome):
    return welcome["game"]["game"] if welcome["game"] else None


def view_after(ws):
    return ws.until(lambda m: m["type"] == "view")["view"]


def new(ws, options):
    """A new game; its welcome, its view, then the `games` message that follows it once saved."""
    k = len(ws.games_log)
    ws.send({"type": "new", "options": options})
    w = ws.until(lambda m: m["type"] in ("welcome", "error"))
    if w["type"] != "welcome" or not w["game"] or w["game"]["game"] != options["game"]:
        fail(f"new {options}: {w}")
    view_after(ws)
    g = ws.games_after(k)
    return w, ws.last_view, g  # the computer may have played after the first view


def play_until(ws, view, stop):
    """Plays German Whist cards (the first legal one) until stop(view); the last view."""
    while not stop(view):
        if view["state"] == "hand_over":
            ws.send({"type": "next"})
        elif view["turn"]["player"] == 0:
            ws.send({"type": "act", "action": {"type": "play", "card": legal_card(view)}})
        m = ws.until(lambda m: m["type"] in ("view", "error"))
        if m["type"] == "error":
            fail(f"error during the game: {m}")
        view = m["view"]
    return view


def summary(s, state, hand=None):
    return s is not None and s["state"] == state and (hand is None or s["hand"] == hand)


def scenario_two_games(host, port, cookie):
    ws, hello = connect(host, port, cookie)
    if hello["game"] is not None or hello["games"] != {"german": None, "android": None}:
        fail(f"a new player's welcome: {hello}")
    # a German match: welcome, view, then `games`
    w, view, g = new(ws, {"game": "german", "opponent": "random", "target": "1"})
    if not summary(g["german"], "playing", 1) or g["android"] is not None or g["german"]["score"] != [0, 0]:
        fail(f"games after the new match: {g}")
    if not summary(w["games"]["german"], "playing", 1):
        fail(f"welcome's games after the new match: {w['games']}")
    # a second tab follows it (the game changed last)
    tab, th = connect(host, port, cookie)
    if game_of(th) != "german":
        fail(f"a new tab follows {game_of(th)}, not the German match changed last")
    view_after(tab)
    # the first hand scored: `games` to both tabs; with target 1 the match is over after one hand or a few
    k = len(ws.games_log)
    view = play_until(ws, view, lambda v: v["state"] != "playing")
    for who, sock, n in (("the playing tab", ws, k), ("the other tab", tab, 0)):
        s = sock.games_after(n)
        if s["german"]["state"] not in ("hand_over", "over") or s["german"]["hand"] != 1:
            fail(f"games to {who} after hand 1: {s}")
    view = play_until(ws, view, lambda v: v["state"] == "over")
    # the finished match stays, `over`
    g = ws.games_until(lambda g: g["german"]["state"] == "over")
    if max(g["german"]["score"]) < 1 or view["hand_number"] != g["german"]["hand"]:
        fail(f"the finished match: {g}, its last view's hand {view['hand_number']}")
    tab.games_until(lambda g: g["german"]["state"] == "over")
    # an Android rubber beside it, on the first tab: the German match is kept
    w, aview, g = new(ws, {"game": "android", "opponent": "easy"})
    if not summary(g["android"], "playing", 1) or not summary(g["german"], "over"):
        fail(f"games with both: {g}")
    if aview["game"] != "android":
        fail(f"the first tab does not follow the rubber: {aview}")
    # the other tab still follows the German match: no welcome, only the summaries
    m = tab.until(lambda m: m["type"] in ("games", "welcome", "event", "view"))
    if m["type"] != "games" or not summary(m["games"]["android"], "playing", 1):
        fail(f"the other tab, following the German match, got {m}")
    # acting on the first tab acts on the rubber
    ws.send({"type": "act", "action": {"type": "play", "card": "2C"}})  # refused or not: about the rubber
    m = ws.until(lambda m: m["type"] in ("view", "error"))
    if m["type"] == "view" and m["view"]["game"] != "android":
        fail(f"an act on the rubber's tab: {m}")
    # a third tab follows the rubber (changed last); open german there: the finished match, then back
    third, h3 = connect(host, port, cookie)
    if game_of(h3) != "android" or not summary(h3["games"]["german"], "over"):
        fail(f"a new tab after the rubber: follows {game_of(h3)}, games {h3['games']}")
    view_after(third)
    third.send({"type": "open", "game": "german"})
    w = third.until(lambda m: m["type"] == "welcome")
    v = view_after(third)
    if game_of(w) != "german" or v["state"] != "over" or v["game"] != "german":
        fail(f"open german: {w}, view state {v['state']}")
    # next on a finished match is refused; quit ends it: the tabs following it get welcome with game null
    third.send({"type": "next"})
    m = third.until(lambda m: m["type"] == "error")
    if m["code"] != "not_now":
        fail(f"next after the match: {m}")
    third.send({"type": "quit"})
    for who, sock in (("the tab that quit", third), ("the other German tab", tab)):
        m = sock.until(lambda m: m["type"] == "welcome")
        if m["game"] is not None or m["games"]["german"] is not None or m["games"]["android"] is None:
            fail(f"quit, {who}: {m}")
    g = ws.games_until(lambda g: g["german"] is None)
    if not summary(g["android"], "playing"):
        fail(f"quit: the rubber's tab was told {g}")
    # open of a game the player has not: welcome with game null; acting there: no_game
    third.send({"type": "open", "game": "german"})
    m = third.until(lambda m: m["type"] == "welcome")
    if m["game"] is not None:
        fail(f"open of no game: {m}")
    third.send({"type": "act", "action": {"type": "play", "card": "AS"}})
    m = third.until(lambda m: m["type"] == "error")
    if m["code"] != "no_game":
        fail(f"act without a game: {m}")
    # a new German match beside the rubber, from the third tab: the rubber's tab gets the summaries only
    new(third, {"game": "german", "opponent": "easy"})
    m = ws.until(lambda m: m["type"] in ("games", "welcome"))
    if m["type"] != "games" or not summary(m["games"]["german"], "playing", 1):
        fail(f"a new match in another tab: the rubber's tab got {m}")
    print("ws_games: a match and a rubber side by side, open, games, a finished match kept until quit")


def scenario_resume(host, port, cookie):
    ws, hello = connect(host, port, cookie)
    kind = game_of(hello)
    if kind is None:
        fail(f"resume: no game came back: {hello}")
    view = view_after(ws)
    print(f"follows {kind}")
    print(f"{kind} {json.dumps(view, sort_keys=True)}")
    other = "android" if kind == "german" else "german"
    if hello["games"][other] is not None:
        ws.send({"type": "open", "game": other})
        ws.until(lambda m: m["type"] == "welcome" and game_of(m) == other)
        print(f"{other} {json.dumps(view_after(ws), sort_keys=True)}")


def first_hand(ws):
    """Player 0's first hand and the up-card, from the events after a new game's welcome."""
    cards, up = None, None
    while True:
        m = ws.recv()
        if m["type"] == "error":
            fail(f"seeds: {m}")
        if m["type"] == "event" and m["kind"] == "deal":
            up = m["card"]
        elif m["type"] == "event" and m["kind"] == "hand" and m["player"] == 0:
            cards = tuple(sorted(m["cards"]))
        elif m["type"] == "view":
            return cards, up


def scenario_seeds(host, port, cookie, n):
    ws, _ = connect(host, port, cookie)
    ws.retry_rate_limited = False
    seen = {}
    for i in range(n):
        ws.send({"type": "new", "options": {"game": "german", "opponent": "random"}})
        ws.until(lambda m: m["type"] == "welcome" and m["game"])
        hand = first_hand(ws)
        if hand[0] is None or len(hand[0]) != 13:
            fail(f"seeds: game {i + 1}: no hand of 13 cards: {hand}")
        if hand in seen:
            fail(f"seeds: games {seen[hand] + 1} and {i + 1} were dealt the same first hand {hand}")
        seen[hand] = i
    print(f"ws_games: {n} new games, {len(seen)} different first hands")


def scenario_full(host, port, cookie, flag):
    ws, hello = connect(host, port, cookie)
    _, view, _ = new(ws, {"game": "german", "opponent": "random", "target": "100"})
    # a few cards while the disk has room
    for _ in range(3):
        view = play_until(ws, view, lambda v: v["turn"]["player"] == 0 and v["state"] == "playing")
        ws.send({"type": "act", "action": {"type": "play", "card": legal_card(view)}})
        view = view_after(ws)
    view = play_until(ws, view, lambda v: v["turn"]["player"] == 0 and v["state"] == "playing")
    told = view
    open(flag, "w").close()  # the disk is full from now on
    for attempt in range(3):
        ws.send({"type": "act", "action": {"type": "play", "card": legal_card(told)}})
        m = ws.until(lambda m: m["type"] in ("view", "error", "event"))
        if m["type"] != "error" or m["code"] != "not_saved":
            fail(f"a card played on a full disk: {m} (the change was shown before it was saved)")
        if m["message"] != "cannot save: the server's disk is full":
            fail(f"not_saved says: {m['message']!r}")
        w = ws.until(lambda m: m["type"] in ("welcome", "view", "event"))
        if w["type"] != "welcome" or game_of(w) != "german":
            fail(f"after not_saved: {w}")
        again = view_after(ws)
        if again != told:
            fail(f"after not_saved the game is not as the player was last told:\n{again}\n{told}")
    # a new game on a full disk: refused, the match as it was
    ws.send({"type": "new", "options": {"game": "german", "opponent": "easy"}})
    m = ws.until(lambda m: m["type"] in ("error", "welcome"))
    if m["type"] != "error" or m["code"] != "not_saved":
        fail(f"new on a full disk: {m}")
    ws.until(lambda m: m["type"] == "welcome")
    if view_after(ws) != told:
        fail("after a refused new game the match is not as it was")
    # the settings: refused, nothing changed
    ws.send({"type": "settings", "settings": {"back": "red"}})
    m = ws.until(lambda m: m["type"] in ("error", "settings"))
    if m["type"] != "error" or m["code"] != "not_saved" or "disk is full" not in m["message"]:
        fail(f"settings on a full disk: {m}")
    os.remove(flag)  # room again: the game plays on
    ws.send({"type": "act", "action": {"type": "play", "card": legal_card(told)}})
    m = ws.until(lambda m: m["type"] in ("view", "error"))
    if m["type"] != "view" or len(m["view"]["table"]["moves"]) <= len(told["table"]["moves"]) and \
            m["view"]["hand_number"] == told["hand_number"]:
        fail(f"after the disk has room again: {m}")
    view = play_until(ws, m["view"], lambda v: v["turn"]["player"] == 0 and v["state"] == "playing")
    print("ws_games: refused on a full disk, nothing shown that was not saved; plays on once there is room")
    print("view", json.dumps(view, sort_keys=True))


def scenario_stall(host, port, cookie, flag, log):
    """The computer's move cannot be saved: refused once, and the computer does not think again (no loop of
    thinking and failing) until the player comes back to the game; then it plays on."""
    ws, _ = connect(host, port, cookie)
    _, view, _ = new(ws, {"game": "german", "opponent": "expert", "target": "100"})
    for attempt in range(40):
        while True:  # a card of the player's after which the computer is to play
            view = play_until(ws, view, lambda v: v["turn"]["player"] == 0 and v["state"] == "playing")
            ws.send({"type": "act", "action": {"type": "play", "card": legal_card(view)}})
            view = view_after(ws)
            if view["state"] == "playing" and view["turn"]["computer"]:
                break
        open(flag, "w").close()  # while the expert thinks (--think-ms): its card cannot be saved
        m = ws.until(lambda m: m["type"] == "error" or (m["type"] == "event" and m["kind"] == "play"))
        if m["type"] == "error":
            break
        # a card with no choice (the one card of the suit led) is played without thinking, before the
        # flag was there: room again, and try on a later card
        os.remove(flag)
        view = view_after(ws)
    if m["type"] != "error" or m["code"] != "not_saved":
        fail(f"the computer's card on a full disk: {m}")
    told = view_after(ws)
    if not told["turn"]["computer"]:
        fail(f"after the computer's card was refused, the computer is not to play: {told['turn']}")
    time.sleep(3)  # (the expert thinks --think-ms a card: a loop would fail again and again)
    with open(log) as f:
        failures = sum("cannot save" in line for line in f)
    if failures != 1:
        fail(f"the computer's save failed {failures} times in 3 s: it thinks again and again on a full disk")
    os.remove(flag)
    ws.send({"type": "open", "game": "german"})  # the player comes back to the game: the computer plays
    ws.until(lambda m: m["type"] == "welcome")
    seen = [0]  # the game so far comes again (its events, then the view): the computer's card comes after

    def resync(m):
        if m["type"] == "event":
            seen[0] = max(seen[0], m["number"])
        return m["type"] == "view"
    ws.until(resync)
    m = ws.until(lambda m: m["type"] == "error" or (m["type"] == "event" and m["kind"] == "play"
                                                     and m["number"] > seen[0]))
    if m["type"] != "event" or m["player"] != 1:
        fail(f"the computer does not play on once there is room: {m}")
    print("ws_games: the computer's card refused once, no loop, played once there is room")


def main():
    host, port, scenario = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    cookie = kept_cookie(host, port, sys.argv[4] if len(sys.argv) > 4 else None)
    rest = sys.argv[5:]
    if scenario == "two-games":
        scenario_two_games(host, port, cookie)
    elif scenario == "resume":
        scenario_resume(host, port, cookie)
    elif scenario == "seeds":
        scenario_seeds(host, port, cookie, int(rest[0]))
    elif scenario == "name":
        _, hello = connect(host, port, cookie)
        print("name", hello["settings"]["name"])
    elif scenario == "start":
        ws, _ = connect(host, port, cookie)
        new(ws, {"game": "german", "opponent": "easy"})
        print("ws_games: started")
    elif scenario == "hold":
        # a game started, the connection held SECONDS, then the game still answers
        ws, _ = connect(host, port, cookie)
        _, view, _ = new(ws, {"game": "german", "opponent": "random"})
        print("ready", flush=True)
        time.sleep(float(rest[0]))
        view = play_until(ws, view, lambda v: v["turn"]["player"] == 0)
        ws.send({"type": "act", "action": {"type": "play", "card": legal_card(view)}})
        m = ws.until(lambda m: m["type"] in ("view", "error"))
        if m["type"] != "view":
            fail(f"hold: the game does not answer after {rest[0]} s: {m}")
        print("ws_games: held, the game answers")
    elif scenario == "full":
        scenario_full(host, port, cookie, rest[0])
    elif scenario == "stall":
        scenario_stall(host, port, cookie, rest[0], rest[1])
    else:
        fail(f"unknown scenario {scenario}")


if __name__ == "__main__":
    main()
