"""Random review histories scheduled by the reference FSRS scheduler (py-fsrs), as JSON.

FSRSTests replays the same histories through the Swift scheduler and compares every step.
Run from the repository root with the test environment's Python (scripts/python-env.sh):

    .build/pyenv/bin/python Tests/Python/fsrs_reference.py [--histories 200] [--seed 2026]

Grades are the learner's 0-5, mapped as WordBook maps them: 0-2 Again, 3 Hard, 4 Good, 5 Easy.
Times are whole seconds since 1970 (UTC); fuzz is off.
"""

import argparse
import importlib.metadata
import json
import random
import sys
from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

RATINGS = {0: Rating.Again, 1: Rating.Again, 2: Rating.Again, 3: Rating.Hard, 4: Rating.Good, 5: Rating.Easy}
RETENTIONS = [0.9, 0.9, 0.8, 0.95]


def next_review_time(rng, card, previous):
    """When the learner comes back: on time, the same day, late, early, or much later."""
    kind = rng.random()
    if kind < 0.35:
        moment = card.due + timedelta(seconds=rng.randint(0, 3600))
    elif kind < 0.55:
        moment = previous + timedelta(seconds=rng.randint(30, 20 * 3600))
    elif kind < 0.80:
        moment = card.due + timedelta(days=rng.randint(1, 60), seconds=rng.randint(0, 86399))
    elif kind < 0.92:
        moment = previous + (card.due - previous) * rng.random()
    else:
        moment = card.due + timedelta(days=rng.randint(100, 1000))
    moment = moment.replace(microsecond=0)
    return max(moment, previous + timedelta(seconds=1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--histories", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)

    histories = []
    for _ in range(arguments.histories):
        retention = rng.choice(RETENTIONS)
        scheduler = Scheduler(desired_retention=retention, enable_fuzzing=False)
        start = datetime(2026, 1, 1, tzinfo=timezone.utc) + timedelta(seconds=rng.randint(0, 180 * 86400))
        card = Card(card_id=1, due=start)
        moment = start
        steps = []
        for index in range(rng.randint(1, 25)):
            if index > 0:
                moment = next_review_time(rng, card, moment)
            grade = rng.randint(0, 5)
            card, _ = scheduler.review_card(card, RATINGS[grade], review_datetime=moment)
            steps.append({
                "at": int(moment.timestamp()),
                "grade": grade,
                "stability": card.stability,
                "difficulty": card.difficulty,
                "state": card.state.name.lower(),
                "step": card.step,
                "due": card.due.timestamp(),
            })
        histories.append({"desiredRetention": retention, "steps": steps})

    json.dump({"fsrs": importlib.metadata.version("fsrs"), "histories": histories}, sys.stdout)


if __name__ == "__main__":
    main()
