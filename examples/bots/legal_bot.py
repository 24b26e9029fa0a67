#!/usr/bin/env python3
"""legal_bot.py: a small player for whist's engine line protocol (docs/protocol.md).

It plays a random legal card in German Whist, and in Android Whist a random
legal card or a random command to its android that the rules accept now. It
uses the standard library only and reads nothing but the messages it is sent.

    whist arena easy --engine-b 'python3 examples/bots/legal_bot.py'
    whist arena easy --game android --engine-b 'python3 examples/bots/legal_bot.py'
    mkfifo f; whist engine --opponent easy <f | python3 legal_bot.py >f   # a whole match

Options: --seed N makes its choices repeat (default 1).
"""
import json
import random
import sys

SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
# Android Whist: the commands for an android that follows a card led, and
# those for one that leads (or follows after a failed command).
FOLLOW = ["duck", "beat", "high"]
LEAD = list(SUITS.values()) + ["shortest", "longest"]
LEAD += ["high-" + c for c in LEAD]


def send(message):
    """Writes one message as one line and flushes it at once: whist waits for it."""
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def legal_cards(own, led):
    """The cards of `own` that may be played: the suit led if we hold it, else any."""
    if led:
        follow = [c for c in own if c[-1] == led[-1]]  # a card is "AS", "TH": its last letter is the suit
        if follow:
            return follow
    return own


def german(view, rng):
    table = view["table"]
    return {"type": "play", "card": rng.choice(legal_cards(table["own"], table["led"]))}


def android(view, rng):
    table = view["table"]
    trick = table["trick"]  # the cards of the trick so far, the card led first
    if view["turn"]["action"] == "card":  # our own card
        return {"type": "play", "card": rng.choice(legal_cards(table["own"], trick[0] if trick else None))}
    # Our android is to play: which commands does the rule accept now?
    if not trick:
        allowed = LEAD
    elif table["errors"] == 0:
        allowed = FOLLOW
    else:  # after a failed command every command is open again
        allowed = FOLLOW + LEAD
    # A command that failed for this card would fail again: the failed ones
    # are the last events of the hand, each with an answer other than "card".
    failed = set()
    for event in reversed(table["events"]):
        if event["answer"] == "card":
            break
        failed.add(event["command"])
    choices = [c for c in allowed if c not in failed]
    return {"type": "command", "command": rng.choice(choices)}


def main():
    seed = 1
    if len(sys.argv) == 3 and sys.argv[1] == "--seed":
        seed = int(sys.argv[2])
    rng = random.Random(seed)
    for line in sys.stdin:  # one message per line, until whist closes our input
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":  # a new hand or match: say we are ready
            send({"type": "ready", "protocol": 1, "name": "legal_bot"})
        elif kind == "decide":  # our turn: the view says all we may know
            view = message["view"]
            send(german(view, rng) if view["game"] == "german" else android(view, rng))
        elif kind == "error":  # whist refused our line: a bye follows
            print("legal_bot: refused:", message["message"], file=sys.stderr)
        # "event" (what happened) and "bye" (the end of a hand or match) need no answer


if __name__ == "__main__":
    main()
