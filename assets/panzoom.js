// Pinch-zoom and pan for the app's large maps (Titan's masterboard and battlelands).
//
// A `.pz-viewport` element holds one `.pz-content` element (an <svg>). Two fingers pinch and pan, one
// finger pans once the map is zoomed in, ctrl + wheel (or a trackpad pinch) zooms on a desktop, and the
// `[data-pz]` buttons inside the viewport's frame zoom in, out or back. The transform lives on the content
// element, which the app writes once per map (only the overlay inside it is redrawn on a move), so the view
// stays where the player put it. A gesture never reaches Python: after a drag or a pinch the click that
// follows is swallowed, so only a plain tap on a land, a hex or a counter acts.
//
// A map may also say where to look (all optional, in its SVG's units): `data-pz-max` on the viewport (more zoom),
// an element with `data-pz-box`, `data-pz-least` and `data-pz-centre` inside it (zoomed to once per new box: Born
// of Titans' Move), `data-pz-centre` alone ("+" and "-" zoom about it); a map choice armed by a first tap on its
// button (.is-armed) is panned into view.
(() => {
  "use strict";
  const MIN = 1, MAX = 4, DRAG = 8;
  const states = new WeakMap();
  // A map may allow more zoom (data-pz-max on its viewport: Born of Titans' crowded Points).
  const maxOf = (viewport) => Math.max(MAX, +(viewport.dataset.pzMax || 0));

  function stateOf(viewport) {
    let s = states.get(viewport);
    if (!s) {
      s = { scale: 1, x: 0, y: 0, pointers: new Map(), start: null, moved: false, swallow: false };
      states.set(viewport, s);
    }
    return s;
  }

  function content(viewport) {
    return viewport.querySelector(".pz-content");
  }

  function clamp(viewport, s) {
    const w = viewport.clientWidth, h = viewport.clientHeight;
    s.scale = Math.min(maxOf(viewport), Math.max(MIN, s.scale));
    const minX = w - w * s.scale, minY = h - h * s.scale;
    s.x = Math.min(0, Math.max(minX, s.x));
    s.y = Math.min(0, Math.max(minY, s.y));
  }

  function apply(viewport, s) {
    clamp(viewport, s);
    const el = content(viewport);
    if (el) {
      el.style.transformOrigin = "0 0";
      el.style.transform = s.scale === 1 ? "" : `translate(${s.x}px, ${s.y}px) scale(${s.scale})`;
    }
    viewport.classList.toggle("pz-zoomed", s.scale > 1);
    viewport.dataset.pzScale = s.scale.toFixed(2);
    unitSize(viewport, s);
  }

  // --pz-ppu: the screen pixels one map unit takes (zoom included), for drawings that keep a least size on
  // the screen (Titan's legion markers on a phone); set again whenever the map is drawn, resized or zoomed.
  function unitSize(viewport, s) {
    const svg = viewport.querySelector(".pz-content svg");
    const box = svg && svg.viewBox && svg.viewBox.baseVal;
    if (!box || !box.width || !viewport.clientWidth) return;
    const ppu = (viewport.clientWidth / box.width) * (s || stateOf(viewport)).scale;
    const text = ppu.toFixed(4);
    if (viewport.style.getPropertyValue("--pz-ppu") !== text) viewport.style.setProperty("--pz-ppu", text);
  }
  const sized = new WeakSet();
  const resized = new ResizeObserver((entries) => entries.forEach((entry) => {
    unitSize(entry.target);
    focus(entry.target);  // a focus asked before the map was laid out
  }));
  // --sheet-h: the height of the choices sheet docked at a phone's bottom (what must stand above it docks there)
  const sheet = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1].target;
    const docked = getComputedStyle(box).position === "sticky";
    document.documentElement.style.setProperty("--sheet-h", `${docked ? box.offsetHeight : 0}px`);
  });
  // --tt-top-px: where a desktop's map column begins on the page (under the header, the status and any notice,
  // however many lines they wrap to), so that the map is sized to the window's height below it.
  function mapTop() {
    const main = document.querySelector(".game-main");
    const frame = main && main.querySelector(".tt > .pz-frame, .tt > .bt-map-and-sheets > .pz-frame");
    if (!frame || getComputedStyle(frame).position !== "sticky") return;
    const text = `${Math.round(main.getBoundingClientRect().top + window.scrollY + 12)}px`;
    if (main.style.getPropertyValue("--tt-top-px") !== text) main.style.setProperty("--tt-top-px", text);
  }
  window.addEventListener("resize", () => mapTop());
  let watchedSheet = null;
  function watch() {
    mapTop();
    const box = document.querySelector(".actions-box");
    if (box && box !== watchedSheet) {
      if (watchedSheet) sheet.unobserve(watchedSheet);
      watchedSheet = box;
      sheet.observe(box);
    }
    for (const viewport of document.querySelectorAll(".pz-viewport")) {
      if (!sized.has(viewport)) {
        sized.add(viewport);
        resized.observe(viewport);
      }
      unitSize(viewport);
      focus(viewport);
    }
  }
  new MutationObserver(watch).observe(document.documentElement, { childList: true, subtree: true });

  // A choice on the map armed by a first tap on its button (app/table.py marks it .is-armed): panned into the
  // middle of the view if it is not in it, so that the tap shows where the choice is.
  function reveal(viewport, el) {
    const box = el.getBoundingClientRect(), view = viewport.getBoundingClientRect();
    const inside = box.left >= view.left && box.right <= view.right && box.top >= view.top && box.bottom <= view.bottom;
    if (inside || !box.width) return;
    const s = stateOf(viewport);
    s.x += view.left + view.width / 2 - (box.left + box.width / 2);
    s.y += view.top + view.height / 2 - (box.top + box.height / 2);
    apply(viewport, s);
  }
  new MutationObserver((records) => {
    for (const record of records) {
      const el = record.target;
      if (!el.classList || !el.classList.contains("is-armed") || (record.oldValue || "").includes("is-armed")) continue;
      const viewport = viewportOf(el);
      if (viewport) reveal(viewport, el);
    }
  }).observe(document.documentElement, {
    attributes: true, attributeFilter: ["class"], attributeOldValue: true, subtree: true,
  });

  function zoomAt(viewport, factor, cx, cy) {
    const s = stateOf(viewport);
    const rect = viewport.getBoundingClientRect();
    const px = cx - rect.left, py = cy - rect.top;
    const next = Math.min(maxOf(viewport), Math.max(MIN, s.scale * factor));
    const k = next / s.scale;
    s.x = px - (px - s.x) * k;
    s.y = py - (py - s.y) * k;
    s.scale = next;
    apply(viewport, s);
  }

  // Where a point of the map (in its SVG's units) is in the viewport at scale 1 and no pan, and the screen pixels
  // a map unit takes there.
  function atRest(viewport, mx, my) {
    const svg = viewport.querySelector(".pz-content svg");
    const box = svg && svg.viewBox && svg.viewBox.baseVal;
    if (!box || !box.width) return null;
    const s = stateOf(viewport), r = svg.getBoundingClientRect(), v = viewport.getBoundingClientRect();
    const k = Math.min(r.width / box.width, r.height / box.height);
    const x = r.left + (r.width - box.width * k) / 2 + (mx - box.x) * k - v.left;
    const y = r.top + (r.height - box.height * k) / 2 + (my - box.y) * k - v.top;
    return { x: (x - s.x) / s.scale, y: (y - s.y) / s.scale, ppu: k / s.scale };
  }

  // Pan so that a place found at rest (atRest) stands in the middle of the view at the state's scale.
  function centreOn(viewport, s, at) {
    if (!at) return;
    s.x = viewport.clientWidth / 2 - at.x * s.scale;
    s.y = viewport.clientHeight / 2 - at.y * s.scale;
  }

  // The map's own focus (an element inside it with data-pz-box="x y w h", data-pz-least and data-pz-centre, in map
  // units): zoomed once to show the box whole, but at least so far that a map unit takes data-pz-least screen px;
  // centred on the box when it fits, else on data-pz-centre. A new box (a new decision) zooms again.
  function focus(viewport) {
    const mark = viewport.querySelector("[data-pz-box]");
    const key = mark ? `${mark.dataset.pzBox}|${mark.dataset.pzLeast}|${mark.dataset.pzCentre}` : "";
    if (key === (viewport.dataset.pzFocused || "") || (mark && !viewport.clientWidth)) return;  // (not laid out yet)
    viewport.dataset.pzFocused = key;
    if (!mark) return;
    const [bx, by, bw, bh] = mark.dataset.pzBox.split(" ").map(Number);
    const [cx, cy] = (mark.dataset.pzCentre || "").split(" ").map(Number);
    const middle = atRest(viewport, bx + bw / 2, by + bh / 2);
    if (!middle || !(bw > 0) || !(bh > 0)) return;
    const hero = Number.isFinite(cx) && Number.isFinite(cy) ? atRest(viewport, cx, cy) : null;
    const s = stateOf(viewport);
    const fit = Math.min(viewport.clientWidth / (bw * middle.ppu), viewport.clientHeight / (bh * middle.ppu));
    const least = (+mark.dataset.pzLeast || 0) / middle.ppu;
    s.scale = Math.min(maxOf(viewport), Math.max(MIN, fit, least));
    centreOn(viewport, s, s.scale <= fit + 1e-6 || !hero ? middle : hero);
    apply(viewport, s);
  }

  // "+" and "-" zoom about the map's centre of interest (data-pz-centre: Born of Titans' Hero whose turn it is)
  // when it has one, keeping it in the middle; else about the middle of the view.
  function zoomButton(viewport, factor) {
    const mark = viewport.querySelector("[data-pz-centre]");
    const [cx, cy] = mark ? mark.dataset.pzCentre.split(" ").map(Number) : [NaN, NaN];
    const rect = viewport.getBoundingClientRect();
    if (!Number.isFinite(cx) || !Number.isFinite(cy)) {
      zoomAt(viewport, factor, rect.left + rect.width / 2, rect.top + rect.height / 2);
      return;
    }
    const s = stateOf(viewport);
    const hero = atRest(viewport, cx, cy);
    s.scale = Math.min(maxOf(viewport), Math.max(MIN, s.scale * factor));
    centreOn(viewport, s, hero);
    apply(viewport, s);
  }

  function viewportOf(target) {
    return target && target.closest ? target.closest(".pz-viewport") : null;
  }

  document.addEventListener("pointerdown", (event) => {
    const viewport = viewportOf(event.target);
    if (!viewport) return;
    const s = stateOf(viewport);
    s.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (s.pointers.size === 1) {
      s.start = { x: event.clientX, y: event.clientY, tx: s.x, ty: s.y };
      s.moved = false;
    } else if (s.pointers.size === 2) {
      const [a, b] = [...s.pointers.values()];
      s.pinch = { d: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: s.scale, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2, tx: s.x, ty: s.y };
      s.moved = true;
    }
  }, true);

  document.addEventListener("pointermove", (event) => {
    const viewport = viewportOf(event.target) || [...document.querySelectorAll(".pz-viewport")].find((v) => stateOf(v).pointers.has(event.pointerId));
    if (!viewport) return;
    const s = stateOf(viewport);
    if (!s.pointers.has(event.pointerId)) return;
    s.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (s.pointers.size >= 2 && s.pinch) {
      const [a, b] = [...s.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const rect = viewport.getBoundingClientRect();
      const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      const next = Math.min(maxOf(viewport), Math.max(MIN, s.pinch.scale * d / s.pinch.d));
      const k = next / s.pinch.scale;
      const px = s.pinch.mx - rect.left, py = s.pinch.my - rect.top;
      s.scale = next;
      s.x = px - (px - s.pinch.tx) * k + (mx - s.pinch.mx);
      s.y = py - (py - s.pinch.ty) * k + (my - s.pinch.my);
      apply(viewport, s);
      event.preventDefault();
      return;
    }
    if (s.start && s.scale > 1) {
      const dx = event.clientX - s.start.x, dy = event.clientY - s.start.y;
      if (s.moved || Math.hypot(dx, dy) > DRAG) {
        s.moved = true;
        s.x = s.start.tx + dx;
        s.y = s.start.ty + dy;
        apply(viewport, s);
        event.preventDefault();
      }
    }
  }, { capture: true, passive: false });

  function release(event) {
    for (const viewport of document.querySelectorAll(".pz-viewport")) {
      const s = stateOf(viewport);
      if (!s.pointers.has(event.pointerId)) continue;
      s.pointers.delete(event.pointerId);
      if (s.pointers.size < 2) s.pinch = null;
      if (s.pointers.size === 0) {
        s.swallow = s.moved;  // the click after a drag or a pinch is not a tap
        s.start = null;
      } else if (s.pointers.size === 1) {
        const [p] = [...s.pointers.values()];
        s.start = { x: p.x, y: p.y, tx: s.x, ty: s.y };
      }
    }
  }
  document.addEventListener("pointerup", release, true);
  document.addEventListener("pointercancel", release, true);

  document.addEventListener("click", (event) => {
    const viewport = viewportOf(event.target);
    if (viewport) {
      const s = stateOf(viewport);
      if (s.swallow) {
        s.swallow = false;
        event.stopPropagation();
        event.preventDefault();
        return;
      }
    }
    const button = event.target.closest ? event.target.closest("[data-pz]") : null;
    if (!button) return;
    const frame = button.closest(".pz-frame");
    const target = frame ? frame.querySelector(".pz-viewport") : null;
    if (!target) return;
    event.stopPropagation();
    const kind = button.dataset.pz;
    if (kind === "in") zoomButton(target, 1.5);
    else if (kind === "out") zoomButton(target, 1 / 1.5);
    else {
      const s = stateOf(target);
      s.scale = 1; s.x = 0; s.y = 0;
      apply(target, s);
    }
  }, true);

  document.addEventListener("wheel", (event) => {
    const viewport = viewportOf(event.target);
    if (!viewport || !event.ctrlKey) return;  // a plain wheel scrolls the page
    event.preventDefault();
    zoomAt(viewport, event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX, event.clientY);
  }, { passive: false });

  window.titanPanZoom = { zoomAt, state: (viewport) => ({ ...stateOf(viewport), pointers: undefined }) };
})();
