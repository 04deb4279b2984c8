// The order pad on a phone. The page works without this script (a form
// taking judge notation); with it, the board is drawn from our own art and
// orders are built by taps from the legal orders the server sends (the
// engine's choices: board.js). The textarea stays the one list of orders:
// taps write lines into it, and every change is saved at once (POST orders).
"use strict";
(function () {
  const B = ColonialBoard;
  const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
  const $ = (id) => document.getElementById(id);
  // The page's words in the phone's language (pad.html's "words", from the
  // server's catalogs); English when a word has none.
  const T = B.T;
  let state = null, legal = null, view = null, pad = null, list = null;
  let serial = Number(document.body.dataset.serial);

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

  function draw() {
    if (!view || !state) return;
    const owners = {};
    Object.keys(state.owners).forEach((c) => (owners[c] = state.owners[c]));
    view.draw({
      owners: owners,
      units: state.units.map((u) => Object.assign({ ring: u.mine }, u)),
      arrows: pad.ordersIn($("orders").value).map((o) => B.arrowOf(o)),
      lit: pad.targets(),
      selected: pad.selected(),
    });
  }

  async function save() {
    list.update($("orders").value);
    const r = await post("orders", $("orders").value);
    if (r.ok) message(T("Saved:") + " " + r.text.trim(), true);
    else message(r.text.trim(), false);
    refresh(r.status === 409);
    draw();
  }

  async function setDone(done) {
    const r = await post("done", done ? "done" : "not done");
    if (!r.ok) message(r.text.trim(), false);
    else message(done ? T("Done: your orders are in. You may still change them until the phase is played.") : T("Not done"), true);
    await refresh(false);
  }

  // Text set only when it changes: a screen reader says a status line
  // again whenever its text is replaced, and the state is read every 3 s.
  const setText = (id, text) => {
    if ($(id).textContent !== text) $(id).textContent = text;
  };

  let notAskedText = null;  // the page's own "no orders to give" sentence
  function showState() {
    setText("phase", state.phase);
    // What to do now, from the orders saved so far.
    setText("task", state.task);
    $("task").hidden = !state.task;
    const badge = $("done-badge");
    badge.textContent = T(state.done ? "done" : "not done");
    badge.className = "badge" + (state.done ? " is-done" : "");
    badge.hidden = state.over;
    $("pad").hidden = !state.asked;
    // Once the game is over, how it ended ("Victoire : Grande-Bretagne.")
    // where the page says there is nothing to order.
    const notAsked = $("not-asked");
    if (notAskedText === null) notAskedText = notAsked.textContent;
    notAsked.textContent = state.over && state.ending ? state.ending : notAskedText;
    notAsked.classList.toggle("ending", Boolean(state.over && state.ending));
    notAsked.hidden = state.asked;
    // A scored game's points, under how it ended.
    B.showScores($("scores"), state.scores);
    const seats = $("seats");
    seats.textContent = "";
    state.seats.filter((s) => s.asked).forEach((s) => {
      const li = document.createElement("li");
      li.className = s.done ? "done" : "waiting";
      li.textContent = T("%s: %s").replace("%s", s.name || s.power).replace("%s", T(s.done ? "done" : "waiting"));
      seats.appendChild(li);
    });
    setText("results-title", state.last_phase);
    setText("results-text", state.last_results.join("\n"));
    $("results").hidden = !state.last_phase;
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
      if (moved) message(T("The phase was played: %s. Its results are below.").replace("%s", state.last_phase), true);
      serial = state.serial;
      document.querySelectorAll("input[name=serial]").forEach((i) => (i.value = String(serial)));
      legal = await get("legal", "json").catch(() => null);
      $("orders").value = await get("orders").catch(() => $("orders").value);
      if (pad) pad.set(legal, state.kind, state.asked);
      list.set(legal, state.kind, state.asked, $("orders").value);
      $("list-box").hidden = !state.asked || !legal;
    }
    showState();
    draw();
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
    // The orders as a list, the board's alternative: the way in without
    // the map (a screen reader, a keyboard, a board file without art).
    list = new B.OrderList($("unit-list"), (text) => {
      $("orders").value = text;
      save();
    });
    $("orders").addEventListener("input", () => list.update($("orders").value));
    if (await B.loadArt()) {
      $("board-box").hidden = false;
      const unknown = await B.loadPalettes();
      if (unknown) message(unknown, false);
      B.paletteChoice($("palette"), draw);
      // About a province per finger on a phone: the board three screens wide.
      view = new B.View($("board"), $("board-scroll"), { zoom: 3, min: 1, max: 4 });
      pad = new B.Pad($("hint"), $("actions"), (o, add) => {
        $("orders").value = B.withOrder($("orders").value, o, add);
        save();
      }, draw);
    }
    await refresh(true);
    if (view) {
      view.draw();
      view.centreOn(state.units.filter((u) => u.mine).map((u) => u.location));
      view.onTap((code) => pad.tap(code));
      $("zoom-in").onclick = () => view.zoomAbout(view.zoom * 1.4);
      $("zoom-out").onclick = () => view.zoomAbout(view.zoom / 1.4);
    }
    setInterval(() => refresh(false), 3000);
  }
  start();
})();
