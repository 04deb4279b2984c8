// The order pad on a phone. The page works without this script (a form
// taking judge notation); with it, the board is drawn from our own art and
// orders are built by taps from the legal orders the server sends (the
// engine's choices). The textarea stays the one list of orders: taps write
// lines into it, and every change is saved at once (POST orders).
"use strict";
(function () {
  const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
  const $ = (id) => document.getElementById(id);
  const board = { json: null, img: null, ids: null, idData: null };
  let state = null, legal = null;
  let serial = Number(document.body.dataset.serial);
  let zoom = 1;
  // Selection: the unit being ordered, the kind of order, the other unit.
  let sel = { unit: null, kind: "move", other: null };

  // The board's colours (as game/app/board/board_palette.cpp): unit, land.
  const COLOURS = {
    Britain: ["#223c96", "#8c9cd4"], China: ["#eec81e", "#f4de78"], France: ["#64b0ec", "#b2def8"],
    Holland: ["#242428", "#9c9c9c"], Japan: ["#1e8c3c", "#96cc92"], Russia: ["#c42828", "#ea9c92"],
    Turkey: ["#f8f8f4", "#fcfcf8"], Austria: ["#c42828", "#ea9c92"], England: ["#223c96", "#8c9cd4"],
    Germany: ["#3c3834", "#a4a09c"], Italy: ["#1e8c3c", "#96cc92"],
  };
  const colour = (power, i) => (COLOURS[power] || ["#777", "#bbb"])[i];
  const provinceOf = (code) => (code || "").split("/")[0];

  function message(text, ok) {
    const m = $("message");
    m.textContent = text;
    m.className = text ? (ok ? "ok" : "error") : "hidden";
  }

  async function get(what, type) {
    const r = await fetch(base + what, { cache: "no-store" });
    if (!r.ok) throw new Error(await r.text());
    return type === "json" ? r.json() : r.text();
  }

  async function post(what, body, method) {
    const r = await fetch(base + what, {
      method: method || "POST",
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Colonial-Serial": String(serial) },
      body: body,
    });
    return { ok: r.ok, status: r.status, text: await r.text() };
  }

  function loadImage(src) {
    return new Promise((resolve, reject) => {
      const i = new Image();
      i.onload = () => resolve(i);
      i.onerror = () => reject(new Error("no " + src));
      i.src = src;
    });
  }

  async function loadBoard() {
    try {
      const [json, img, ids] = await Promise.all([
        fetch("/static/board.json").then((r) => (r.ok ? r.json() : Promise.reject())),
        loadImage("/static/board.png"), loadImage("/static/ids.png"),
      ]);
      board.json = json;
      board.img = img;
      const c = document.createElement("canvas");
      c.width = ids.width;
      c.height = ids.height;
      const g = c.getContext("2d");
      g.drawImage(ids, 0, 0);
      board.idData = g.getImageData(0, 0, c.width, c.height).data;
      board.byCode = {};
      json.provinces.forEach((p, i) => (board.byCode[p.code] = i));
      board.loc = {};
      json.locations.forEach((l) => (board.loc[l.code] = l.point));
      $("board-box").hidden = false;
      // About a province per finger on a phone: the board three screens wide.
      zoom = 3;
      return true;
    } catch (e) {
      console.warn("no board art: the form alone", e);
      return false;
    }
  }

  // Every pixel of the board tinted by its colony's owner, made once per state.
  let tinted = null;
  function makeTinted() {
    const w = board.json.width, h = board.json.height;
    const c = document.createElement("canvas");
    c.width = w;
    c.height = h;
    const g = c.getContext("2d");
    g.drawImage(board.img, 0, 0);
    const img = g.getImageData(0, 0, w, h);
    const tint = [];
    board.json.provinces.forEach((p, i) => {
      const owner = state.owners[p.code];
      if (owner) tint[i + 1] = hex(colour(owner, 1));
    });
    const d = img.data, ids = board.idData;
    for (let k = 0; k < d.length; k += 4) {
      const t = tint[ids[k]];
      if (!t) continue;
      d[k] = (d[k] * t[0]) / 255;
      d[k + 1] = (d[k + 1] * t[1]) / 255;
      d[k + 2] = (d[k + 2] * t[2]) / 255;
    }
    g.putImageData(img, 0, 0);
    tinted = c;
  }

  function hex(s) {
    const n = parseInt(s.slice(1), 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }

  // The orders of the textarea that are legal, by the unit they order.
  function currentOrders() {
    const byText = {};
    if (legal) {
      legal.units.forEach((u) => u.orders.forEach((o) => (byText[norm(o.text)] = o)));
      legal.permits.forEach((o) => (byText[norm(o.text)] = o));
    }
    return $("orders").value.split("\n").map((l) => byText[norm(l)]).filter(Boolean);
  }
  const norm = (t) => t.trim().toLowerCase().replace(/\s+/g, " ");

  function targets() {
    const set = new Set();
    const u = sel.unit;
    if (!u) return set;
    u.orders.forEach((o) => {
      if (o.kind !== sel.kind) return;
      if (sel.kind === "support" || sel.kind === "convoy") {
        if (!sel.other) set.add(provinceOf(o.other));
        else if (provinceOf(o.other) === sel.other) set.add(provinceOf(o.to || o.other));
      } else if (o.to) set.add(provinceOf(o.to));
    });
    return set;
  }

  function draw() {
    if (!board.json || !state) return;
    const cv = $("board"), w = board.json.width, h = board.json.height;
    const ratio = window.devicePixelRatio || 1;
    const cssW = Math.round((window.innerWidth - 2) * zoom);
    const scale = cssW / w;
    cv.style.width = cssW + "px";
    cv.style.height = Math.round(h * scale) + "px";
    cv.width = Math.round(cssW * ratio);
    cv.height = Math.round(h * scale * ratio);
    const g = cv.getContext("2d");
    g.setTransform(scale * ratio, 0, 0, scale * ratio, 0, 0);
    g.drawImage(tinted || board.img, 0, 0);
    // Targets of the order being built, lit.
    const lit = targets();
    if (lit.size) {
      g.fillStyle = "rgba(255,230,80,0.45)";
      lit.forEach((code) => {
        const i = board.byCode[code];
        if (i === undefined) return;
        const p = board.json.provinces[i].point;
        g.beginPath();
        g.arc(p[0], p[1], 16, 0, 7);
        g.fill();
      });
    }
    // Province names, small, for aiming.
    g.font = "9px system-ui, sans-serif";
    g.textAlign = "center";
    g.fillStyle = "rgba(30,30,30,0.85)";
    board.json.provinces.forEach((p) => g.fillText(p.code.toUpperCase(), p.point[0], p.point[1] + 17));
    // Own orders as arrows.
    g.lineWidth = 2.5;
    g.strokeStyle = "rgba(20,20,20,0.8)";
    currentOrders().forEach((o) => {
      const a = board.loc[o.at], b = board.loc[o.to];
      if (!a) return;
      if (!b) {
        g.beginPath();
        g.arc(a[0], a[1], 12, 0, 7);
        g.stroke();
        return;
      }
      arrow(g, a, b, o.kind === "support" ? [4, 4] : []);
    });
    // Units.
    state.units.forEach((u) => {
      const p = board.loc[u.location] || (board.byCode[u.province] !== undefined && board.json.provinces[board.byCode[u.province]].point);
      if (!p) return;
      const x = p[0] + (u.dislodged ? 10 : 0), y = p[1] + (u.dislodged ? -10 : 0);
      g.beginPath();
      g.arc(x, y, 8, 0, 7);
      g.fillStyle = colour(u.power, 0);
      g.fill();
      g.lineWidth = u.mine ? 2.5 : 1;
      g.strokeStyle = sel.unit && provinceOf(sel.unit.at) === u.province ? "#ffd400" : u.mine ? "#000" : "#555";
      g.stroke();
      g.fillStyle = lum(colour(u.power, 0)) > 140 ? "#111" : "#fff";
      g.font = "bold 9px system-ui, sans-serif";
      g.fillText(u.type, x, y + 3);
    });
  }

  function lum(s) {
    const c = hex(s);
    return (299 * c[0] + 587 * c[1] + 114 * c[2]) / 1000;
  }

  function arrow(g, a, b, dash) {
    const dx = b[0] - a[0], dy = b[1] - a[1], len = Math.hypot(dx, dy) || 1;
    const ux = dx / len, uy = dy / len;
    const ex = b[0] - ux * 8, ey = b[1] - uy * 8;
    g.setLineDash(dash);
    g.beginPath();
    g.moveTo(a[0] + ux * 8, a[1] + uy * 8);
    g.lineTo(ex, ey);
    g.stroke();
    g.setLineDash([]);
    g.beginPath();
    g.moveTo(ex + ux * 6, ey + uy * 6);
    g.lineTo(ex - uy * 4, ey + ux * 4);
    g.lineTo(ex + uy * 4, ey - ux * 4);
    g.closePath();
    g.fillStyle = "rgba(20,20,20,0.85)";
    g.fill();
  }

  function provinceAt(ev) {
    const cv = $("board"), r = cv.getBoundingClientRect();
    const x = Math.floor(((ev.clientX - r.left) / r.width) * board.json.width);
    const y = Math.floor(((ev.clientY - r.top) / r.height) * board.json.height);
    if (x < 0 || y < 0 || x >= board.json.width || y >= board.json.height) return null;
    const id = board.idData[(y * board.json.width + x) * 4];
    return id ? board.json.provinces[id - 1].code : null;
  }

  const KIND_LABEL = {
    hold: "Hold", move: "Move", support: "Support", convoy: "Convoy", railroad: "Railroad", canal: "Canal",
    retreat: "Retreat", disband: "Disband", build: "Build", waive: "Waive",
  };

  function showActions() {
    const box = $("actions");
    box.textContent = "";
    if (!sel.unit) {
      $("hint").textContent = state && state.asked ? "Tap one of your units (ringed in black)." : "";
      if (legal && legal.permits.length) addPermitButtons(box);
      return;
    }
    const kinds = [...new Set(sel.unit.orders.map((o) => o.kind))];
    kinds.forEach((k) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = KIND_LABEL[k] || k;
      b.className = k === sel.kind ? "active" : "";
      b.onclick = () => {
        if (k === "hold" || k === "disband" || k === "waive") {
          const o = sel.unit.orders.find((x) => x.kind === k);
          if (o) setOrder(o);
          return;
        }
        sel.kind = k;
        sel.other = null;
        showActions();
        draw();
      };
      box.appendChild(b);
    });
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.textContent = "Cancel";
    cancel.onclick = () => select(null);
    box.appendChild(cancel);
    const what = sel.kind === "support" || sel.kind === "convoy"
      ? (sel.other ? "Tap where it goes (or the same unit again to support it holding)." : "Tap the unit to " + sel.kind + ".")
      : "Tap where " + sel.unit.type + " " + sel.unit.at.toUpperCase() + " goes (lit).";
    $("hint").textContent = what;
  }

  function addPermitButtons(box) {
    legal.permits.forEach((o) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = o.text;
      b.onclick = () => setOrder(o);
      box.appendChild(b);
    });
  }

  function select(unit) {
    sel = { unit: unit, kind: "move", other: null };
    if (unit && !unit.orders.some((o) => o.kind === "move"))
      sel.kind = unit.orders.length ? unit.orders[0].kind : "hold";
    showActions();
    draw();
  }

  function onTap(ev) {
    if (!legal || !state || !state.asked) return;
    const code = provinceAt(ev);
    if (!code) return;
    if (state.kind === "adjustment") return adjustmentTap(code);
    const mine = legal.units.find((u) => provinceOf(u.at) === code || u.province === code);
    if (sel.unit) {
      const cands = sel.unit.orders.filter((o) => o.kind === sel.kind);
      let o = null;
      if (sel.kind === "support" || sel.kind === "convoy") {
        if (!sel.other) {
          if (cands.some((x) => provinceOf(x.other) === code)) {
            sel.other = code;
            showActions();
            draw();
            return;
          }
        } else {
          o = cands.find((x) => provinceOf(x.other) === sel.other && (x.to ? provinceOf(x.to) === code : code === sel.other));
        }
      } else {
        o = cands.find((x) => provinceOf(x.to) === code);
      }
      if (o) return setOrder(o);
      if (mine && mine !== sel.unit) return select(mine);
      if (mine === sel.unit) return select(null);
      return;
    }
    if (mine) select(mine);
  }

  function adjustmentTap(code) {
    const all = legal.units.length ? legal.units[0].orders : [];
    const here = all.filter((o) => provinceOf(o.at) === code);
    const box = $("actions");
    box.textContent = "";
    here.forEach((o) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = o.text;
      b.onclick = () => setOrder(o, true);
      box.appendChild(b);
    });
    const waive = all.find((o) => o.kind === "waive");
    if (waive) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "Waive a build";
      b.onclick = () => setOrder(waive, true);
      box.appendChild(b);
    }
    $("hint").textContent = here.length ? "Choose:" : "Nothing to build or disband there.";
  }

  // Writes o into the orders box in place of the unit's old order, then saves.
  function setOrder(o, add) {
    const lines = $("orders").value.split("\n").filter((l) => l.trim() !== "");
    const at = (o.at || "").toLowerCase();
    // A canal permission (SC) goes beside the unit's own order (rule 9.34):
    // it replaces only an earlier SC, and an order replaces only the order.
    const isPermit = (t) => / sc /.test(t);
    const kept = add || !at ? lines : lines.filter((l) => {
      const t = norm(l).replace(/^[a-z]+: /, "");
      const mine = t.startsWith("a " + at + " ") || t.startsWith("f " + at + " ") || t === "a " + at || t === "f " + at;
      return !(mine && isPermit(t) === (o.kind === "canal"));
    });
    kept.push(o.text);
    $("orders").value = kept.join("\n") + "\n";
    select(null);
    save();
  }

  async function save() {
    const r = await post("orders", $("orders").value);
    if (r.ok) message("Saved: " + r.text.trim(), true);
    else message(r.text.trim(), false);
    if (r.status === 409) refresh(true);
    draw();
  }

  async function setDone(done) {
    const r = await post("done", done ? "done" : "not done");
    if (!r.ok) message(r.text.trim(), false);
    else message(done ? "Done: your orders are in. You may still change them until the phase is played." : "Not done.", true);
    await refresh(false);
  }

  function showState() {
    $("phase").textContent = state.phase;
    const badge = $("done-badge");
    badge.textContent = state.done ? "done" : "not done";
    badge.className = "badge" + (state.done ? " is-done" : "");
    $("pad").hidden = !state.asked;
    $("not-asked").hidden = state.asked;
    const seats = $("seats");
    seats.textContent = "";
    state.seats.filter((s) => s.asked).forEach((s) => {
      const li = document.createElement("li");
      li.className = s.done ? "done" : "waiting";
      li.textContent = s.power + (s.done ? ": done" : ": waiting");
      seats.appendChild(li);
    });
    $("results-title").textContent = state.last_phase;
    $("results-text").textContent = state.last_results.join("\n");
  }

  // Reads the state; when the phase has moved on, everything else too.
  async function refresh(full) {
    try {
      state = await get("state", "json");
    } catch (e) {
      return;  // off the Wi-Fi for a moment: the next poll tries again
    }
    const moved = state.serial !== serial;
    if (moved || full) {
      if (moved) message("The phase was played: " + state.last_phase + ". Its results are below.", true);
      serial = state.serial;
      document.querySelectorAll("input[name=serial]").forEach((i) => (i.value = String(serial)));
      legal = await get("legal", "json").catch(() => null);
      $("orders").value = await get("orders").catch(() => $("orders").value);
      if (board.json) makeTinted();
      select(null);
    }
    showState();
    draw();
  }

  // Scrolls the board to the power's own units.
  function centreOnMine() {
    const mine = state ? state.units.filter((u) => u.mine) : [];
    if (!mine.length) return;
    let x = 0, y = 0, n = 0;
    mine.forEach((u) => {
      const p = board.loc[u.location];
      if (p) {
        x += p[0];
        y += p[1];
        ++n;
      }
    });
    if (!n) return;
    const box = $("board-scroll"), cv = $("board");
    const k = cv.clientWidth / board.json.width;
    box.scrollLeft = (x / n) * k - box.clientWidth / 2;
    box.scrollTop = (y / n) * k - box.clientHeight / 2;
  }

  async function start() {
    // The form's buttons go through the script (no page reload).
    $("form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const action = ev.submitter ? ev.submitter.value : "save";
      if (action === "done") setDone(true);
      else if (action === "not-done") setDone(false);
      else save();
    });
    const hasBoard = await loadBoard();
    await refresh(true);
    if (hasBoard) {
      centreOnMine();
      $("board").addEventListener("click", onTap);
      $("zoom-in").onclick = () => { zoom = Math.min(4, zoom * 1.4); draw(); };
      $("zoom-out").onclick = () => { zoom = Math.max(1, zoom / 1.4); draw(); };
      window.addEventListener("resize", draw);
    }
    setInterval(() => refresh(false), 3000);
  }
  start();
})();
