"""Two tabs writing one record at once: which browser store makes check-then-write atomic across tabs?

    .venv/bin/python scripts/bench_tab_store.py [--rounds 500] [--json out.json]

Two pages of one headless Chromium context (the same origin, served on 127.0.0.1: two renderer
processes sharing one localStorage and one IndexedDB) each add 1 to a shared counter `--rounds`
times, as fast as they can, both at once. Every add reads the counter and writes it plus one: the
check-then-write a save does. An add that read a value the other tab had already replaced is lost;
the final counter tells how many were (2 x rounds when none were). The ways measured:

1. localStorage alone (no lock): the race the app had.
2. navigator.locks + localStorage: the Web Locks API serializes the tabs, but each renderer answers
   `getItem` from its own copy of localStorage, updated when the other tab's write reaches it: after
   the lock passes, that copy may still hold the old value. Counted: lost adds, and reads under the
   lock that were behind the value the other tab wrote before releasing it.
3. IndexedDB: one readwrite transaction (get, then put) per add; IndexedDB runs transactions on one
   object store one after the other across tabs, each reading what the one before committed.
4. IndexedDB with localStorage (what app/tab_store.js does): the transaction holds the counter; the
   localStorage write is made inside it. Counted: lost adds, and how often this tab's localStorage
   copy was behind the transaction's value when read inside it (a reason never to decide on it).

Printed: per way, lost adds, stale reads, and the mean time of one add (ms).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve import CHROMIUM, CHROMIUM_ARGS, start_server

ROOT = Path(__file__).resolve().parent.parent

# Each way: an async function (n) -> {stale, ms} run in both pages at once; the counter starts at 0.
SETUP = r"""
window.tabBench = {
  async reset() {
    localStorage.setItem('bench:counter', '0');
    const db = await this.db();
    await new Promise((ok, fail) => {
      const tx = db.transaction('c', 'readwrite');
      tx.objectStore('c').put(0, 'counter');
      tx.oncomplete = ok; tx.onerror = () => fail(tx.error);
    });
  },
  db() {
    if (!this._db) this._db = new Promise((ok, fail) => {
      const open = indexedDB.open('tab-bench', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('c');
      open.onsuccess = () => ok(open.result); open.onerror = () => fail(open.error);
    });
    return this._db;
  },
  async final() {
    const db = await this.db();
    const idb = await new Promise((ok) => {
      const get = db.transaction('c').objectStore('c').get('counter');
      get.onsuccess = () => ok(get.result);
    });
    return {ls: Number(localStorage.getItem('bench:counter')), idb};
  },
  async plain(n) {
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      const v = Number(localStorage.getItem('bench:counter'));
      localStorage.setItem('bench:counter', String(v + 1));
      await new Promise((r) => setTimeout(r, 0));
    }
    return {stale: null, ms: (performance.now() - t0) / n};
  },
  async locked(n) {
    let stale = 0;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      await navigator.locks.request('bench', async () => {
        const v = Number(localStorage.getItem('bench:counter'));
        if (v < this.seen) stale++;  // behind even this tab's own last write (a lost add counts any stale read)
        localStorage.setItem('bench:counter', String(v + 1));
        this.seen = v + 1;
      });
    }
    return {stale, ms: (performance.now() - t0) / n};
  },
  async idb(n, mirror) {
    const db = await this.db();
    let stale = 0;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) {
      await new Promise((ok, fail) => {
        const tx = db.transaction('c', 'readwrite');
        const store = tx.objectStore('c');
        const get = store.get('counter');
        get.onsuccess = () => {
          const v = get.result;
          if (mirror) {
            if (Number(localStorage.getItem('bench:counter')) < v) stale++;
            localStorage.setItem('bench:counter', String(v + 1));
          }
          store.put(v + 1, 'counter');
        };
        tx.oncomplete = ok; tx.onerror = () => fail(tx.error);
      });
    }
    return {stale: mirror ? stale : null, ms: (performance.now() - t0) / n};
  },
  seen: 0,
};
"""

WAYS = {
    "localStorage alone": "plain(n)",
    "navigator.locks + localStorage": "locked(n)",
    "IndexedDB transaction": "idb(n, false)",
    "IndexedDB transaction, localStorage written inside it": "idb(n, true)",
}


def measure(rounds: int) -> dict[str, dict]:
    httpd, url = start_server(ROOT)
    results: dict[str, dict] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(service_workers="block")
            pages = [context.new_page() for _ in range(2)]
            for page in pages:
                page.goto(url + "assets/app.css")  # any document of the page's origin
                page.evaluate(SETUP)
            for name, call in WAYS.items():
                pages[0].evaluate("() => tabBench.reset()")
                for page in pages:
                    page.evaluate(
                        f"(n) => {{ tabBench.seen = 0; window.tabOut = null; "
                        f"tabBench.{call}.then((r) => {{ window.tabOut = r; }}); }}",
                        rounds,
                    )
                outs = [page.wait_for_function("() => window.tabOut", timeout=600_000).json_value() for page in pages]
                pages[0].wait_for_timeout(300)  # let the last localStorage write reach the other copy
                final = pages[0].evaluate("() => tabBench.final()")
                counter = final["idb"] if name.startswith("IndexedDB") else final["ls"]
                stale = [o["stale"] for o in outs]
                results[name] = {
                    "lost": 2 * rounds - counter,
                    "stale": None if stale[0] is None else sum(stale),
                    "ms": round(sum(o["ms"] for o in outs) / 2, 3),
                    "final_localStorage": final["ls"],
                }
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=500)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    results = measure(args.rounds)
    print(f"two tabs, {args.rounds} adds each, at once ({2 * args.rounds} in all):")
    for name, row in results.items():
        stale = "-" if row["stale"] is None else row["stale"]
        print(f"  {name:55s} lost {row['lost']:5d}  stale reads {stale!s:>5}  {row['ms']:.3f} ms an add")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
