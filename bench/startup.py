#!/usr/bin/env python3
"""Time from starting `wordbook run` to its READY=1, and to its first photo filed.

Usage: bench/startup.py [--binary PATH] [--workers N] [--runs N]
Defaults: .build/release/wordbook, the configured default of 2 workers, 5 runs.

The worker is started as systemd starts it: with $NOTIFY_SOCKET naming a datagram socket this
script listens on, so READY=1 is the moment systemd would count the service started. Each run is
on a fresh data folder (the first start of a word book: database made, inbox folders made), then
once more on the same folder (a restart). Then one 12-MP photo from TestImages/ is renamed into
the inbox of a started worker and timed to its row: that photo pays for whatever the start left
for later (the scene-text networks are loaded on a filer's first photo).
Prints each time and the medians.
"""
import argparse, os, shutil, socket, sqlite3, statistics, subprocess, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def start(binary, data, workers, notify_path):
    """Starts `wordbook run` on `data`; returns (process, seconds to READY=1)."""
    config = os.path.join(os.path.dirname(data), "config.toml")
    with open(config, "w") as f:
        f.write(f'[paths]\ndata = "{data}"\n[capture]\nworkers = {workers}\n')
    if os.path.exists(notify_path):
        os.unlink(notify_path)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(notify_path)
    listener.settimeout(60)
    env = dict(os.environ, NOTIFY_SOCKET=notify_path, OMP_THREAD_LIMIT="1")
    begun = time.monotonic()
    worker = subprocess.Popen([binary, "run", "--config", config], stderr=subprocess.DEVNULL, env=env)
    try:
        while True:
            message = listener.recv(4096).decode()
            if "READY=1" in message.split("\n"):
                return worker, time.monotonic() - begun
    finally:
        listener.close()


def stop(worker):
    worker.terminate()
    worker.wait(timeout=60)


def first_photo(data, photo):
    """Seconds from renaming `photo` into the inbox to its row."""
    inbox = os.path.join(data, "inbox")
    staged = os.path.join(inbox, ".staged.jpg")
    shutil.copy(photo, staged)
    begun = time.monotonic()
    os.rename(staged, os.path.join(inbox, os.path.basename(photo)))
    database = os.path.join(data, "wordbook.sqlite")
    while time.monotonic() - begun < 120:
        try:
            with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
                if db.execute("SELECT count(*) FROM word").fetchone()[0] > 0:
                    return time.monotonic() - begun
        except sqlite3.Error:
            pass
        time.sleep(0.01)
    raise RuntimeError("the photo was not filed within 120 s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(root, ".build/release/wordbook"))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=5)
    arguments = parser.parse_args()
    photo = os.path.join(root, "TestImages", "exit_sign_12mp.jpg")
    first, again, filed = [], [], []
    for run in range(arguments.runs):
        scratch = tempfile.mkdtemp(prefix="wordbook-startup-")
        data = os.path.join(scratch, "data")
        notify = os.path.join(scratch, "notify")
        try:
            worker, seconds = start(arguments.binary, data, arguments.workers, notify)
            stop(worker)
            first.append(seconds)
            worker, seconds = start(arguments.binary, data, arguments.workers, notify)
            again.append(seconds)
            filed.append(first_photo(data, photo))
            stop(worker)
            print(f"run {run + 1}: first start {first[-1]:.2f} s, restart {again[-1]:.2f} s, "
                  f"first photo after READY {filed[-1]:.2f} s")
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    print(f"\n== wordbook run to READY=1, {arguments.workers} worker(s), median of {arguments.runs}: "
          f"first start {statistics.median(first):.2f} s, restart {statistics.median(again):.2f} s; "
          f"a 12-MP photo renamed in after READY filed in {statistics.median(filed):.2f} s")


if __name__ == "__main__":
    main()
