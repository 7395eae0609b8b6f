/* Titan Table service worker: the app, the Python runtime and the packages, offline.
 *
 * This is a template: scripts/titan_site.py writes the precache manifest (every
 * shipped file -> a hash of its content) into it and serves or builds it as ./sw.js
 * at the app root, so its scope is the whole app. A change to any shipped file
 * changes sw.js, so the browser installs the new version; unchanged files are
 * copied from the old cache instead of downloaded again; old caches are deleted
 * on activate.
 *
 * Strategy: navigations go to the network first (fresh index.html) and fall back
 * to the cache when offline; everything else is served from the cache first.
 * Served by the dev server (MANIFEST.dev), everything goes to the network first and
 * refreshes the cache, so an edited file shows on the next reload and offline still
 * works; the dev manifest lists files without hashes, so edits do not reinstall it.
 */
"use strict";

const MANIFEST = null; // filled in by scripts/titan_site.py

const PREFIX = "titan-";
const CACHE = PREFIX + MANIFEST.version;
const BASE = new URL("./", self.location.href).href;
const abs = (rel) => new URL(rel, BASE).href;
const INDEX = abs("index.html");
const CONTENTS = abs("__titan-cache-contents.json"); // in each cache: the file hashes it holds
const NAVIGATION_TIMEOUT_MS = 4000;

async function previousCopies() {
  const found = new Map(); // absolute URL -> cache name holding the same content
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const listing = await cache.match(CONTENTS);
    if (!listing) continue;
    const files = await listing.json();
    for (const [rel, hash] of Object.entries(files)) {
      if (MANIFEST.files[rel] === hash) found.set(abs(rel), name);
    }
  }
  return found;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const old = await previousCopies();
    await Promise.all(Object.keys(MANIFEST.files).map(async (rel) => {
      const url = abs(rel);
      if (old.has(url)) {
        const copy = await (await caches.open(old.get(url))).match(url);
        if (copy) return cache.put(url, copy);
      }
      const response = await fetch(url, { cache: "no-cache" });
      if (!response.ok) throw new Error(`precache ${rel}: HTTP ${response.status}`);
      return cache.put(url, response);
    }));
    await cache.put(CONTENTS, new Response(JSON.stringify(MANIFEST.files), {
      headers: { "Content-Type": "application/json" },
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

async function fromNetworkFirst(request, fallback, timeoutMs = 0, refresh = false) {
  try {
    const pending = fetch(request);
    const response = await (timeoutMs ? Promise.race([
      pending,
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs)),
    ]) : pending);
    if (refresh && response.ok) await (await caches.open(CACHE)).put(fallback, response.clone());
    return response;
  } catch (err) {
    const cache = await caches.open(CACHE);
    return (await cache.match(fallback, { ignoreSearch: true })) || Response.error();
  }
}

async function fromCacheFirst(request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(request, { ignoreSearch: true })) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(BASE)) return;
  if (request.mode === "navigate") event.respondWith(fromNetworkFirst(request, INDEX, NAVIGATION_TIMEOUT_MS));
  else if (MANIFEST.dev) event.respondWith(fromNetworkFirst(request, request, 0, true));
  else event.respondWith(fromCacheFirst(request));
});
