// Saving a game so that two tabs never overwrite each other's moves (docs/saves.md, "Stored games and two tabs").
//
// The games stay in localStorage, where every release kept them; IndexedDB holds, per game key, the revision
// last written. A save is one IndexedDB readwrite transaction: read that revision, compare it with the one the
// tab's game was read at, and only then write localStorage and the new revision. IndexedDB runs the
// transactions of all tabs on one object store one after the other, each reading what the one before it
// committed, so of two tabs saving over the same revision exactly one writes. localStorage alone cannot do
// this: each tab reads its own copy of it, which another tab's write reaches later, so a check made on it can
// pass in both tabs, even under a Web Lock (scripts/bench_tab_store.py measures both).
//
// window.titanTabStore.commit(key, text, expected, revision) resolves to
//   {ok: true}                                  written;
//   {ok: false, stored: n | null}               not written: the game is at revision n (null: not stored);
//   {error: "full" | "unavailable", message}    not written: the store refused.
// Where IndexedDB cannot be opened (blocked, some private modes), the check and the write run on localStorage
// under a Web Lock where there is one: the best the browser then offers (`atomic: false` in the answer).
(() => {
  "use strict";
  const DB_NAME = "titan-table";
  const ROWS = "revisions";
  const REVISION = /^\{"revision":(\d{1,15}),/;
  let opening = null;

  function openDb() {
    if (!opening) {
      opening = new Promise((resolve, reject) => {
        const request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = () => request.result.createObjectStore(ROWS);
        request.onsuccess = () => {
          const db = request.result;
          db.onversionchange = () => { db.close(); opening = null; };
          resolve(db);
        };
        request.onerror = () => reject(request.error);
        request.onblocked = () => reject(new Error("the saved-games database is blocked"));
      });
      opening.catch(() => { opening = null; });
    }
    return opening;
  }

  // The revision this tab's copy of localStorage shows (null: no such key; -1: an entry without one).
  function copyRevision(key) {
    const text = localStorage.getItem(key);
    if (text === null) return null;
    const found = REVISION.exec(text);
    if (found) return Number(found[1]);
    try {
      const revision = JSON.parse(text).revision;
      return Number.isSafeInteger(revision) ? revision : 0;
    } catch (error) {
      return -1;
    }
  }

  function refusal(error) {
    const message = String((error && error.message) || error);
    const full = (error && error.name === "QuotaExceededError") || /quota/i.test(message);
    return {error: full ? "full" : "unavailable", message};
  }

  // Write if the game is still at `expected`: the decision and the write in one step.
  function checkAndWrite(key, text, expected, current) {
    if (current !== expected) return {ok: false, stored: current};
    try {
      localStorage.setItem(key, text);
    } catch (error) {
      return refusal(error);
    }
    return {ok: true};
  }

  function commitInTransaction(db, key, text, expected, revision) {
    return new Promise((resolve) => {
      let answer = null;
      let tx;
      try {
        tx = db.transaction(ROWS, "readwrite");
      } catch (error) {
        resolve(refusal(error));
        return;
      }
      const rows = tx.objectStore(ROWS);
      const read = rows.get(key);
      read.onsuccess = () => {
        // The game's revision: what the last transaction wrote, unless this tab's localStorage shows a later
        // one (a game written before IndexedDB kept its revision, or by a tab that closed mid-save). A copy
        // that lags shows an earlier revision, never a later one, so it never hides another tab's save.
        // No key in localStorage: the game was deleted (its row may stay); saving it again starts anew.
        const here = copyRevision(key);
        const row = read.result;
        const current = here === null ? null : (Number.isSafeInteger(row) && row > here ? row : here);
        answer = checkAndWrite(key, text, expected, current);
        if (answer.ok) rows.put(revision, key);
        else tx.abort();
      };
      tx.oncomplete = () => resolve(answer);
      tx.onabort = () => resolve(answer && !answer.ok ? answer : refusal(tx.error || "the save was cancelled"));
    });
  }

  async function commitWithLock(key, text, expected) {
    const run = () => ({...checkAndWrite(key, text, expected, copyRevision(key)), atomic: false});
    if (navigator.locks) return navigator.locks.request(`titan-table:${key}`, run);
    return run();
  }

  async function commit(key, text, expected, revision) {
    expected = expected ?? null;
    let db;
    try {
      db = await openDb();
    } catch (error) {
      return commitWithLock(key, text, expected);
    }
    return commitInTransaction(db, key, text, expected, revision);
  }

  window.titanTabStore = {commit};
})();
