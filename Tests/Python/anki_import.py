"""Imports an Anki package into a collection the way Anki's File > Import does, without the GUI,
and prints what the collection then holds as one JSON document.

    anki_import.py COLLECTION PACKAGE

COLLECTION (a .anki2 path) is created when missing, so a second run imports into the same one.
Dates are counted like Anki's own days, which start at the rollover hour (4 am) in the local time
zone: run with TZ set to the learner's zone.
"""

import datetime
import hashlib
import json
import os
import sys

from anki.collection import Collection, ImportAnkiPackageOptions, ImportAnkiPackageRequest


def main() -> None:
    collection_path, package_path = sys.argv[1], sys.argv[2]
    col = Collection(collection_path)
    try:
        response = col.import_anki_package(
            ImportAnkiPackageRequest(
                package_path=package_path,
                options=ImportAnkiPackageOptions(
                    with_scheduling=True, with_deck_configs=False, merge_notetypes=False
                ),
            )
        )
        print(json.dumps(describe(col, response.log), ensure_ascii=False, sort_keys=True))
    finally:
        col.close()


def describe(col: Collection, log) -> dict:
    rollover = col.get_config("rollover", 4)
    anki_today = (datetime.datetime.now() - datetime.timedelta(hours=rollover)).date()
    media_dir = col.media.dir()
    media = {}
    for name in sorted(os.listdir(media_dir)):
        path = os.path.join(media_dir, name)
        if os.path.isfile(path):
            with open(path, "rb") as file:
                media[name] = hashlib.sha256(file.read()).hexdigest()
    notes = []
    for note_id in col.find_notes(""):
        note = col.get_note(note_id)
        cards = []
        for card in note.cards():
            card_json = {
                "deck": col.decks.name(card.did),
                "type": card.type,
                "queue": card.queue,
                "due": card.due,
                "ivl": card.ivl,
                "factor": card.factor,
                "reps": card.reps,
                "lapses": card.lapses,
            }
            if card.memory_state is not None:
                card_json["stability"] = card.memory_state.stability
                card_json["difficulty"] = card.memory_state.difficulty
            if card.type == 2:
                days = card.due - col.sched.today
                card_json["dueDate"] = (anki_today + datetime.timedelta(days=days)).isoformat()
            cards.append(card_json)
        notes.append(
            {
                "guid": note.guid,
                "noteType": note.note_type()["name"],
                "fields": dict(note.items()),
                "tags": note.tags,
                "cards": cards,
            }
        )
    return {
        "notes": col.note_count(),
        "cards": col.card_count(),
        "revlog": col.db.scalar("select count() from revlog"),
        "decks": sorted(deck.name for deck in col.decks.all_names_and_ids()),
        "media": media,
        "imported": {
            "new": len(log.new),
            "updated": len(log.updated),
            "duplicate": len(log.duplicate),
            "conflicting": len(log.conflicting),
        },
        "noteList": notes,
    }


if __name__ == "__main__":
    main()
