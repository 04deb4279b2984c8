// The board in a browser, shared by the phones' order pad (pad.js) and the
// game master's page (gm.js): the build's board art tinted by the colonies'
// owners, units and order arrows drawn over it, zoom by buttons and by two
// fingers, the province under a tap; and the pad that builds one power's
// orders by taps from the legal orders the server sends (the engine's
// choices); and a scored game's points at its end. No framework, no build
// step.
"use strict";
const ColonialBoard = (function () {
  const art = { json: null, img: null, idData: null, byCode: {}, loc: {} };

  // The powers' colours in each palette, as the app draws them (the
  // server's /static/palettes.json, from game/palette): {palette: {power:
  // {unit, land, letter}}}. The player's choice is kept on the device.
  let palettes = {}, palette = "board";
  const PALETTE_KEY = "colonial-palette";
  const colour = (power, i) => {
    const c = (palettes[palette] || palettes.board || {})[power];
    return c ? (i ? c.land : c.unit) : i ? "#bbb" : "#777";
  };
  const letterOf = (power) => {
    const c = (palettes.board || {})[power];
    return c ? c.letter : "?";
  };
  const provinceOf = (code) => (code || "").split("/")[0];
  const norm = (t) => t.trim().toLowerCase().replace(/\s+/g, " ");

  function hex(s) {
    const n = parseInt(s.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  function lum(s) {
    const c = hex(s);
    return (299 * c[0] + 587 * c[1] + 114 * c[2]) / 1000;
  }

  function loadImage(src) {
    return new Promise((resolve, reject) => {
      const i = new Image();
      i.onload = () => resolve(i);
      i.onerror = () => reject(new Error("no " + src));
      i.src = src;
    });
  }

  // The art: false on a board without it (a map file of one's own).
  async function loadArt() {
    try {
      const [json, img, ids] = await Promise.all([
        fetch("/static/board.json").then((r) => (r.ok ? r.json() : Promise.reject(new Error("no board.json")))),
        loadImage("/static/board.png"), loadImage("/static/ids.png"),
      ]);
      const c = document.createElement("canvas");
      c.width = ids.width;
      c.height = ids.height;
      const g = c.getContext("2d");
      g.drawImage(ids, 0, 0);
      art.idData = g.getImageData(0, 0, c.width, c.height).data;
      art.json = json;
      art.img = img;
      json.provinces.forEach((p, i) => (art.byCode[p.code] = i));
      json.locations.forEach((l) => (art.loc[l.code] = l.point));
      return true;
    } catch (e) {
      console.warn("no board art", e);
      return false;
    }
  }

  // The palettes, then the one chosen on this device before. A name this
  // version does not know (kept by a later one) gives the printed board's
  // colours and a sentence for the player, returned (else "").
  async function loadPalettes() {
    try {
      const r = await fetch("/static/palettes.json");
      if (r.ok) palettes = await r.json();
    } catch (e) {
      console.warn("no palettes", e);
    }
    let saved = null;
    try {
      saved = localStorage.getItem(PALETTE_KEY);
    } catch (e) {
      saved = null;  // storage refused (a private window): the default
    }
    if (!saved || saved === "board") return "";
    if (palettes[saved]) {
      palette = saved;
      return "";
    }
    return T("The colours saved on this device are not known to this version of Colonial; the printed board's colours are used.");
  }

  // The palette <select>: its choice drawn at once (`redraw`) and kept.
  function paletteChoice(select, redraw) {
    select.value = palette;
    select.addEventListener("change", () => {
      if (!palettes[select.value]) return;
      palette = select.value;
      tintKey = null;
      try {
        localStorage.setItem(PALETTE_KEY, palette);
      } catch (e) {
        console.warn("the colours are not kept", e);
      }
      redraw();
    });
  }

  // Every pixel of the board tinted by its colony's owner ({code: power
  // name}), made again only when the owners change.
  let tintKey = null, tinted = null;
  function tintedBoard(owners) {
    const key = palette + JSON.stringify(owners || {});
    if (key === tintKey) return tinted;
    const w = art.json.width, h = art.json.height;
    const c = document.createElement("canvas");
    c.width = w;
    c.height = h;
    const g = c.getContext("2d");
    g.drawImage(art.img, 0, 0);
    const img = g.getImageData(0, 0, w, h);
    const tint = [];
    art.json.provinces.forEach((p, i) => {
      const owner = owners && owners[p.code];
      if (owner) tint[i + 1] = hex(colour(owner, 1));
    });
    const d = img.data, ids = art.idData;
    for (let k = 0; k < d.length; k += 4) {
      const t = tint[ids[k]];
      if (!t) continue;
      d[k] = (d[k] * t[0]) / 255;
      d[k + 1] = (d[k + 1] * t[1]) / 255;
      d[k + 2] = (d[k + 2] * t[2]) / 255;
    }
    g.putImageData(img, 0, 0);
    tintKey = key;
    tinted = c;
    return c;
  }

  function pointOf(code) {
    const p = art.loc[code];
    if (p) return p;
    const i = art.byCode[provinceOf(code)];
    return i === undefined ? null : art.json.provinces[i].point;
  }

  // The shapes tell the orders apart without their colour, as the app's
  // board does: a move is a solid arrow, a support a dashed line ending in a
  // dot, a convoy a dotted line ending in a ring, a hold a ring.
  function arrow(g, a, b, shape, stroke, k) {
    const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1;
    const ux = dx / len, uy = dy / len;
    // The end stops short of a unit standing there, not under it.
    const ex = b[0] - ux * 16 * k, ey = b[1] - uy * 16 * k;
    g.strokeStyle = stroke;
    g.fillStyle = stroke;
    g.lineCap = shape === "convoy" ? "round" : "butt";
    g.setLineDash(shape === "support" ? [5 * k, 4 * k] : shape === "convoy" ? [0.1, 4 * k] : []);
    g.beginPath();
    g.moveTo(a[0] + ux * 8 * k, a[1] + uy * 8 * k);
    g.lineTo(ex, ey);
    g.stroke();
    g.setLineDash([]);
    g.lineCap = "butt";
    g.beginPath();
    if (shape === "support") {
      g.arc(ex, ey, 4 * k, 0, 7);
      g.fill();
    } else if (shape === "convoy") {
      g.arc(ex, ey, 5 * k, 0, 7);
      g.stroke();
    } else {
      g.moveTo(ex + ux * 7 * k, ey + uy * 7 * k);
      g.lineTo(ex - uy * 5 * k, ey + ux * 5 * k);
      g.lineTo(ex + uy * 5 * k, ey - ux * 5 * k);
      g.closePath();
      g.fill();
    }
  }

  function drawArrows(g, arrows, k) {
    g.lineWidth = 2.5 * k;
    arrows.forEach((a) => {
      const from = pointOf(a.from), to = a.to ? pointOf(a.to) : null;
      if (!from) return;
      const stroke = a.colour || "rgba(20,20,20,0.8)";
      if (to) return arrow(g, from, to, a.shape, stroke, k);
      g.strokeStyle = stroke;
      g.beginPath();
      g.arc(from[0], from[1], 12 * k, 0, 7);
      g.stroke();
    });
  }

  function drawUnits(g, units, selected, k) {
    units.forEach((u) => {
      const p = pointOf(u.dislodged ? u.province : u.location);
      if (!p) return;
      const x = p[0] + (u.dislodged ? 10 * k : 0), y = p[1] + (u.dislodged ? -10 * k : 0);
      // Armies round, fleets diamonds (as the app's schematic board), each
      // with its power's letter: told apart without colour.
      g.beginPath();
      if (u.type === "F") {
        const e = 10 * k;
        g.moveTo(x, y - e);
        g.lineTo(x + e, y);
        g.lineTo(x, y + e);
        g.lineTo(x - e, y);
        g.closePath();
      } else {
        g.arc(x, y, 8 * k, 0, 7);
      }
      g.fillStyle = colour(u.power, 0);
      g.fill();
      g.lineWidth = (u.ring ? 2.5 : 1) * k;
      g.strokeStyle = selected && selected === u.province ? "#ffd400" : u.ring ? "#000" : "#555";
      g.stroke();
      g.fillStyle = lum(colour(u.power, 0)) > 140 ? "#111" : "#fff";
      g.font = "bold " + Math.round(9 * k) + "px system-ui, sans-serif";
      g.fillText(letterOf(u.power), x, y + 3 * k);
    });
  }

  function drawOwnerLetters(g, owners, k) {
    g.font = "bold " + Math.round(8 * k) + "px system-ui, sans-serif";
    Object.keys(owners).forEach((code) => {
      const i = art.byCode[code];
      if (i === undefined) return;
      const p = art.json.provinces[i].point, x = p[0] - 14 * k, y = p[1] - 10 * k;
      g.beginPath();
      g.arc(x, y, 6 * k, 0, 7);
      g.fillStyle = colour(owners[code], 0);
      g.fill();
      g.lineWidth = 1 * k;
      g.strokeStyle = "#222";
      g.stroke();
      g.fillStyle = lum(colour(owners[code], 0)) > 140 ? "#111" : "#fff";
      g.fillText(letterOf(owners[code]), x, y + 3 * k);
    });
  }

  // What a scene holds: owners {code: power}, units [{location, province,
  // type, power, dislodged, ring}], arrows [{from, to, shape, colour}] (no
  // `to`: a ring round `from`, a hold), lit (a Set of province codes),
  // selected (a province code). `k` scales units, names and arrows.
  function drawScene(g, scene, k) {
    g.drawImage(tintedBoard(scene.owners), 0, 0);
    if (scene.lit && scene.lit.size) {
      g.fillStyle = "rgba(255,230,80,0.45)";
      scene.lit.forEach((code) => {
        const p = pointOf(code);
        if (!p) return;
        g.beginPath();
        g.arc(p[0], p[1], 16 * k, 0, 7);
        g.fill();
      });
    }
    // Province names, small, for aiming.
    g.font = Math.round(9 * k) + "px system-ui, sans-serif";
    g.textAlign = "center";
    g.fillStyle = "rgba(30,30,30,0.85)";
    art.json.provinces.forEach((p) => g.fillText(p.code.toUpperCase(), p.point[0], p.point[1] + 17 * k));
    // A colour-blind palette: each owned colony also carries its owner's
    // letter, as the app's colony markers do.
    if (palette !== "board") drawOwnerLetters(g, scene.owners || {}, k);
    drawArrows(g, scene.arrows || [], k);
    drawUnits(g, scene.units || [], scene.selected, k);
  }

  // The board on `canvas` inside the scrolling `box`: `zoom` times the
  // box's width (options.fit "width"), or times the size that shows the
  // whole board in the box ("whole": the box has a height of its own);
  // buttons, two fingers (pinch) and ctrl+wheel zoom about a point, one
  // finger scrolls (the browser's own). The canvas keeps at most the art's
  // own detail twice over, so a big tablet never asks for a bitmap larger
  // than browsers allow.
  class View {
    constructor(canvas, box, options) {
      this.canvas = canvas;
      this.box = box;
      this.fit = options.fit || "width";
      this.zoom = options.zoom || 1;
      this.min = options.min || 1;
      this.max = options.max || 4;
      this.scene = null;
      this.pinch = null;
      this.lastPinch = 0;
      box.addEventListener("touchstart", (e) => this.touch(e), { passive: false });
      box.addEventListener("touchmove", (e) => this.touch(e), { passive: false });
      box.addEventListener("touchend", (e) => this.touchEnd(e));
      box.addEventListener("touchcancel", (e) => this.touchEnd(e));
      box.addEventListener("wheel", (e) => {
        if (!e.ctrlKey) return;
        e.preventDefault();
        this.zoomAbout(this.zoom * (e.deltaY < 0 ? 1.15 : 1 / 1.15), e.clientX, e.clientY);
      }, { passive: false });
      window.addEventListener("resize", () => this.draw());
    }

    // The width that shows the whole board (zoom 1).
    fitWidth() {
      const w = this.box.clientWidth || window.innerWidth;
      if (this.fit === "width" || !this.box.clientHeight) return w;
      return Math.min(w, (this.box.clientHeight * art.json.width) / art.json.height);
    }

    // The zoom at which the board fills the box both ways.
    coverZoom() {
      const w = this.box.clientWidth, h = this.box.clientHeight;
      if (!w || !h) return 1;
      return Math.max(w, (h * art.json.width) / art.json.height) / this.fitWidth();
    }

    cssWidth(zoom) { return Math.max(200, Math.round(this.fitWidth() * zoom)); }

    layout() {
      const w = art.json.width, h = art.json.height;
      const cssW = this.cssWidth(this.zoom);
      this.canvas.style.width = cssW + "px";
      this.canvas.style.height = Math.round((h * cssW) / w) + "px";
      return cssW;
    }

    draw(scene) {
      if (scene) this.scene = scene;
      if (!art.json || !this.scene) return;
      const w = art.json.width, h = art.json.height;
      const cssW = this.layout();
      const ratio = Math.min((cssW * (window.devicePixelRatio || 1)) / w, 2);
      const pw = Math.round(w * ratio), ph = Math.round(h * ratio);
      const g = this.canvas.getContext("2d");
      // A new bitmap only when its size changes (a zoom): else drawn over.
      if (this.canvas.width !== pw || this.canvas.height !== ph) {
        this.canvas.width = pw;
        this.canvas.height = ph;
      } else {
        g.setTransform(1, 0, 0, 1, 0, 0);
        g.clearRect(0, 0, pw, ph);
      }
      g.setTransform(ratio, 0, 0, ratio, 0, 0);
      // Units and names stay readable with the whole board on screen.
      drawScene(g, this.scene, Math.max(1, Math.min(1.6, (0.9 * w) / cssW)));
    }

    // Zooms to `zoom`, keeping the board's point under (cx, cy) (client
    // coordinates; default the box's middle) where it is.
    zoomAbout(zoom, cx, cy, redraw) {
      zoom = Math.max(this.min, Math.min(this.max, zoom));
      const r = this.box.getBoundingClientRect();
      const x = (cx === undefined ? r.width / 2 : cx - r.left), y = (cy === undefined ? r.height / 2 : cy - r.top);
      const before = this.canvas.getBoundingClientRect();
      const fx = (x + this.box.scrollLeft) / (before.width || 1), fy = (y + this.box.scrollTop) / (before.height || 1);
      this.zoom = zoom;
      if (redraw === false) this.layout();
      else this.draw();
      const after = this.canvas.getBoundingClientRect();
      this.box.scrollLeft = fx * after.width - x;
      this.box.scrollTop = fy * after.height - y;
    }

    touch(e) {
      if (e.touches.length !== 2) return;
      if (e.cancelable) e.preventDefault();  // the page itself does not zoom: the board does
      const [a, b] = [e.touches[0], e.touches[1]];
      const d = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) || 1;
      const mx = (a.clientX + b.clientX) / 2, my = (a.clientY + b.clientY) / 2;
      if (!this.pinch || e.type === "touchstart") {
        this.pinch = { d: d, zoom: this.zoom };
        return;
      }
      // The bitmap is stretched while the fingers move, drawn afresh after.
      this.zoomAbout((this.pinch.zoom * d) / this.pinch.d, mx, my, false);
    }

    touchEnd(e) {
      if (!this.pinch || e.touches.length >= 2) return;
      this.pinch = null;
      this.lastPinch = Date.now();
      this.draw();
    }

    // A tap (not the end of a pinch): the province under it, or null.
    onTap(handler) {
      this.canvas.addEventListener("click", (ev) => {
        if (Date.now() - this.lastPinch < 400) return;
        const code = this.provinceAt(ev);
        if (code) handler(code);
      });
    }

    provinceAt(ev) {
      const r = this.canvas.getBoundingClientRect();
      const x = Math.floor(((ev.clientX - r.left) / r.width) * art.json.width);
      const y = Math.floor(((ev.clientY - r.top) / r.height) * art.json.height);
      if (x < 0 || y < 0 || x >= art.json.width || y >= art.json.height) return null;
      const id = art.idData[(y * art.json.width + x) * 4];
      return id ? art.json.provinces[id - 1].code : null;
    }

    // Scrolls so that the middle of these places is in the middle.
    centreOn(codes) {
      let x = 0, y = 0, n = 0;
      codes.forEach((c) => {
        const p = pointOf(c);
        if (!p) return;
        x += p[0];
        y += p[1];
        ++n;
      });
      if (!n) return;
      const k = this.canvas.clientWidth / art.json.width;
      this.box.scrollLeft = (x / n) * k - this.box.clientWidth / 2;
      this.box.scrollTop = (y / n) * k - this.box.clientHeight / 2;
    }
  }

  // The page's words in the phone's language: the "words" element of
  // pad.html (from the server's catalogs); English for a word it lacks (or
  // on a page without one).
  const WORDS = (() => {
    const e = document.getElementById("words");
    try {
      return e ? JSON.parse(e.textContent) : {};
    } catch (err) {
      return {};
    }
  })();
  const T = (s) => WORDS[s] || s;

  const KIND_LABEL = {
    hold: "Hold", move: "Move", support: "Support", convoy: "Convoy", railroad: "Railroad", canal: "Canal",
    retreat: "Retreat", disband: "Disband", build: "Build", waive: "Waive",
  };

  // One power's orders by taps, from its legal orders (GET legal): tap a
  // unit, choose the kind of order, tap where it goes (lit). `hint` and
  // `actions` are the elements it writes into; `chosen(order, add)` gets
  // each order made; `changed()` asks for the board to be drawn again.
  class Pad {
    constructor(hint, actions, chosen, changed) {
      this.hint = hint;
      this.actions = actions;
      this.chosen = chosen;
      this.changed = changed;
      this.legal = null;
      this.kind = "movement";
      this.asked = false;
      this.sel = { unit: null, kind: "move", other: null };
    }

    set(legal, kind, asked) {
      this.legal = legal;
      this.kind = kind;
      this.asked = asked;
      this.select(null);
    }

    // The legal orders among `text`'s lines.
    ordersIn(text) {
      const byText = {};
      if (this.legal) {
        this.legal.units.forEach((u) => u.orders.forEach((o) => (byText[norm(o.text)] = o)));
        this.legal.permits.forEach((o) => (byText[norm(o.text)] = o));
      }
      return text.split("\n").map((l) => byText[norm(l)]).filter(Boolean);
    }

    // The provinces the order being built can go to; in an adjustment
    // phase, where a build or a disband can be given.
    targets() {
      const set = new Set();
      const u = this.sel.unit;
      if (this.kind === "adjustment" && this.asked && this.legal && this.legal.units.length)
        this.legal.units[0].orders.forEach((o) => o.at && set.add(provinceOf(o.at)));
      if (!u) return set;
      u.orders.forEach((o) => {
        if (o.kind !== this.sel.kind) return;
        if (this.sel.kind === "support" || this.sel.kind === "convoy") {
          if (!this.sel.other) set.add(provinceOf(o.other));
          else if (provinceOf(o.other) === this.sel.other) set.add(provinceOf(o.to || o.other));
        } else if (o.to) set.add(provinceOf(o.to));
      });
      return set;
    }

    selected() { return this.sel.unit ? provinceOf(this.sel.unit.at) : null; }

    button(text, active, onclick) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = text;
      if (active) b.className = "active";
      b.onclick = onclick;
      this.actions.appendChild(b);
    }

    showActions() {
      this.actions.textContent = "";
      if (!this.sel.unit) {
        const adjust = this.kind === "adjustment";
        this.hint.textContent = !this.asked ? "" : adjust ? T("Tap where to build (lit), or a unit to disband.")
                                                         : T("Tap a unit of this power (ringed in black).");
        if (this.legal) this.legal.permits.forEach((o) => this.button(o.text, false, () => this.chosen(o)));
        return;
      }
      const kinds = [...new Set(this.sel.unit.orders.map((o) => o.kind))];
      kinds.forEach((k) => this.button(T(KIND_LABEL[k] || k), k === this.sel.kind, () => {
        if (k === "hold" || k === "disband" || k === "waive") {
          const o = this.sel.unit.orders.find((x) => x.kind === k);
          if (o) this.take(o);
          return;
        }
        this.sel.kind = k;
        this.sel.other = null;
        this.showActions();
        this.changed();
      }));
      this.button(T("Cancel"), false, () => this.select(null));
      const s = this.sel;
      this.hint.textContent = s.kind === "support" || s.kind === "convoy"
        ? (s.other ? T("Tap where it goes (or the same unit again to support it holding).")
          : T(s.kind === "support" ? "Tap the unit to support." : "Tap the unit to convoy."))
        : T("Tap where %s goes (lit).").replace("%s", s.unit.type + " " + s.unit.at.toUpperCase());
    }

    select(unit) {
      // What a tap on a place most likely means: a move, or a retreat.
      const kinds = unit ? unit.orders.map((o) => o.kind) : [];
      const kind = ["move", "retreat"].find((k) => kinds.includes(k)) || kinds[0] || "hold";
      this.sel = { unit: unit, kind: kind, other: null };
      this.showActions();
      this.changed();
    }

    take(o, add) {
      this.select(null);
      this.chosen(o, add);
    }

    tap(code) {
      if (!this.legal || !this.asked) return;
      if (this.kind === "adjustment") return this.adjustmentTap(code);
      const mine = this.legal.units.find((u) => provinceOf(u.at) === code || u.province === code);
      const s = this.sel;
      if (!s.unit) return mine ? this.select(mine) : undefined;
      const cands = s.unit.orders.filter((o) => o.kind === s.kind);
      let o = null;
      if (s.kind === "support" || s.kind === "convoy") {
        if (!s.other && cands.some((x) => provinceOf(x.other) === code)) {
          s.other = code;
          this.showActions();
          this.changed();
          return;
        }
        if (s.other)
          o = cands.find((x) => provinceOf(x.other) === s.other && (x.to ? provinceOf(x.to) === code : code === s.other));
      } else {
        o = cands.find((x) => provinceOf(x.to) === code);
      }
      if (o) return this.take(o);
      if (mine && mine !== s.unit) return this.select(mine);
      if (mine === s.unit) this.select(null);
    }

    adjustmentTap(code) {
      const all = this.legal.units.length ? this.legal.units[0].orders : [];
      const here = all.filter((o) => provinceOf(o.at) === code);
      this.actions.textContent = "";
      here.forEach((o) => this.button(o.text, false, () => this.take(o, true)));
      const waive = all.find((o) => o.kind === "waive");
      if (waive) this.button(T("Waive a build"), false, () => this.take(waive, true));
      this.hint.textContent = T(here.length ? "Choose:" : "Nothing to build or disband there.");
    }
  }

  // `text` (one order a line) with order o in place of its unit's old one;
  // with `add`, beside it (builds). A canal permission (SC) goes beside the
  // unit's own order (rule 9.34): it replaces only an earlier SC.
  function withOrder(text, o, add) {
    const kept = add ? linesOf(text) : linesWithout(text, o);
    kept.push(o.text);
    return kept.join("\n") + "\n";
  }

  const linesOf = (text) => text.split("\n").filter((l) => l.trim() !== "");

  // `text`'s lines but the order of o's unit (a canal permission: an
  // earlier one), as withOrder replaces them.
  function linesWithout(text, o) {
    const lines = linesOf(text);
    const at = (o.at || "").toLowerCase();
    if (!at) return lines;
    const isPermit = (t) => / sc /.test(t);
    return lines.filter((l) => {
      const t = norm(l).replace(/^[a-z]+: /, "");
      const mine = t.startsWith("a " + at + " ") || t.startsWith("f " + at + " ") || t === "a " + at || t === "f " + at;
      return !(mine && isPermit(t) === (o.kind === "canal"));
    });
  }

  // `text` without the line of order o (its unit left with no order), or
  // without that very line (`exact`: a build, a permission).
  function withoutOrder(text, o, exact) {
    const kept = exact ? linesOf(text).filter((l) => norm(l) !== norm(o.text)) : linesWithout(text, o);
    return kept.length ? kept.join("\n") + "\n" : "";
  }

  // The same choices as the Pad's taps, as a list without the board (for a
  // screen reader, a keyboard, a board file without art): each unit's
  // legal orders in words in a labelled <select>, "no order" first; the
  // canal's permissions and an adjustment's builds, disbands and waives as
  // buttons, pressed when given. `chosen(text)` gets the orders' text
  // after each choice; update(text) shows the orders `text` holds.
  class OrderList {
    constructor(box, chosen) {
      this.box = box;
      this.chosen = chosen;
      this.selects = [];
      this.buttons = [];
      this.text = "";
    }

    set(legal, kind, asked, text) {
      this.box.textContent = "";
      this.selects = [];
      this.buttons = [];
      this.text = text;
      if (!legal || !asked) return;
      const el = (tag, parent, text) => {
        const e = document.createElement(tag);
        if (text !== undefined) e.textContent = text;
        parent.appendChild(e);
        return e;
      };
      const group = (orders, add) => {
        const ul = el("ul", this.box);
        ul.className = "choices";
        orders.forEach((o) => {
          const b = el("button", el("li", ul), o.words || o.text);
          b.type = "button";
          b.onclick = () => this.press(o, add);
          this.buttons.push({ button: b, order: o });
        });
      };
      if (kind === "adjustment") {
        if (legal.units.length) group(legal.units[0].orders, true);
      } else {
        legal.units.forEach((u, i) => {
          const row = el("p", this.box);
          row.className = "unit-order";
          const label = el("label", row, u.label || u.type + " " + u.at.toUpperCase());
          label.htmlFor = "unit-order-" + i;
          const select = el("select", row);
          select.id = label.htmlFor;
          el("option", select, T("no order")).value = "";
          u.orders.forEach((o, k) => (el("option", select, o.words || o.text).value = String(k)));
          select.addEventListener("change", () => {
            const o = u.orders[Number(select.value)];
            this.give(o ? withOrder(this.text, o) : withoutOrder(this.text, u.orders[0] || u));
          });
          this.selects.push({ select: select, unit: u });
        });
        group(legal.permits, false);
      }
      this.update(text);
    }

    // A button's order given, or taken back when it was given.
    press(o, add) {
      const given = linesOf(this.text).some((l) => norm(l) === norm(o.text));
      this.give(given ? withoutOrder(this.text, o, true) : withOrder(this.text, o, add));
    }

    give(text) {
      this.update(text);
      this.chosen(text);
    }

    update(text) {
      this.text = text;
      const given = new Set(linesOf(text).map(norm));
      this.selects.forEach((s) => {
        const k = s.unit.orders.findIndex((o) => given.has(norm(o.text)));
        s.select.value = k < 0 ? "" : String(k);
      });
      this.buttons.forEach((b) => b.button.setAttribute("aria-pressed", String(given.has(norm(b.order.text)))));
    }
  }

  // An order's arrow: a move's from where to where, a support's or a
  // convoy's to where it helps, a hold's ring.
  function arrowOf(o, colour) {
    const helps = o.kind === "support" || o.kind === "convoy";
    return { from: o.at, to: o.to || (helps ? o.other : null), shape: helps ? o.kind : "move", colour: colour };
  }

  // A scored game's points at its end (the state's "scores", null when the
  // game is not over or not scored) in `box`: the system's name over a
  // table of every player, the most points first, the solo's winner or the
  // draw's members marked (not when every player shares it: a mark on every
  // row tells nothing). Drawn again only when the scores change.
  function showScores(box, scores) {
    const shown = JSON.stringify(scores || null);
    if (box.dataset.shown === shown) return;
    box.dataset.shown = shown;
    box.textContent = "";
    box.hidden = !scores;
    if (!scores) return;
    const el = (tag, text, cls) => {
      const e = document.createElement(tag);
      if (text !== undefined) e.textContent = text;
      if (cls) e.className = cls;
      return e;
    };
    box.appendChild(el("h2", T("Scoring: %s").replace("%s", scores.system)));
    const named = scores.players.some((p) => p.player);
    const everyoneDraws = scores.players.every((p) => p.draw);
    const number = new Intl.NumberFormat(document.documentElement.lang || "en", { maximumFractionDigits: 2 });
    const table = el("table", undefined, "scores");
    const head = el("tr");
    head.appendChild(el("th", T("Power")));
    if (named) head.appendChild(el("th", T("Player")));
    head.appendChild(el("th", T("Colonies"), "n"));
    head.appendChild(el("th", T("Points"), "n"));
    table.appendChild(el("thead")).appendChild(head);
    const body = table.appendChild(el("tbody"));
    scores.players.forEach((p) => {
      const row = el("tr", undefined, p.victory ? "victory" : p.draw ? "draw" : "");
      const who = el("td");
      p.powers.forEach((power, i) => {
        if (i) who.appendChild(document.createTextNode(" + "));
        const name = who.appendChild(el("span", undefined, "power"));
        name.appendChild(el("span", undefined, "dot")).style.background = colour(power, 0);
        name.appendChild(document.createTextNode(p.titles[i]));
      });
      if (p.victory || (p.draw && !everyoneDraws)) who.appendChild(el("span", p.victory ? T("Victory") : T("Draw"), "mark"));
      row.appendChild(who);
      if (named) row.appendChild(el("td", p.player));
      row.appendChild(el("td", String(p.colonies), "n"));
      row.appendChild(el("td", number.format(p.points), "n"));
      body.appendChild(row);
    });
    box.appendChild(table);
  }

  return { art, loadArt, loadPalettes, paletteChoice, View, Pad, OrderList, withOrder, arrowOf, colour, provinceOf,
    norm, T, showScores };
})();
