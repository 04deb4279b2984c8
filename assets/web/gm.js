// The game master's page on a tablet: the whole table from the game
// master's seat (docs/ORDER-SERVER.md). It shows what the table's screen
// shows - orders being given, the results of the phase just played, a phase
// of the history - and every button asks the server, which asks the table:
// the app's screen and this page stay in step. Orders for any power are
// made with the phones' tap-the-board pad (board.js) or typed; a whole order
// sheet is checked line by line as it is typed.
"use strict";
(function () {
  const B = ColonialBoard;
  // The page's words in the tablet's language (gm.html's "words", from the
  // catalogs); F fills a sentence's %s in order.
  const T = B.T;
  const F = (s, ...values) => values.reduce((out, v) => out.replace("%s", v), s);
  const base = location.pathname.endsWith("/") ? location.pathname : location.pathname + "/";
  const $ = (id) => document.getElementById(id);
  let st = null;          // the table, as last sent (GET state)
  let version = 0;        // its version: a poll with it gets only the clock
  let timer = null, timerAt = 0;
  let sel = -1;           // the power whose orders are on the panel
  let legal = { key: "", data: null };
  let dirty = "";         // "power:serial" when the box holds unsaved typing
  let phase = { key: "", data: null };
  let showBefore = false;
  let sheetOpen = false;
  let view = null, pad = null, list = null;

  // A line over the board: good news goes by itself, an error stays until
  // the next step (or a tap on it).
  let messageTimer = 0;
  function message(text, ok) {
    const m = $("message");
    m.textContent = text || "";
    m.className = text ? (ok ? "ok" : "error") : "hidden";
    clearTimeout(messageTimer);
    if (text && ok) messageTimer = setTimeout(() => message(""), 5000);
  }

  async function api(method, what, body) {
    try {
      const r = await fetch(base + what, {
        method: method, cache: "no-store",
        headers: { "Content-Type": "text/plain; charset=utf-8", "X-Colonial-Serial": st ? String(st.serial) : "" },
        body: body,
      });
      return { ok: r.ok, status: r.status, text: await r.text(), question: r.headers.get("X-Colonial-Question") };
    } catch (e) {
      return { ok: false, status: 0, text: T("The table cannot be reached: is the tablet on its Wi-Fi?") };
    }
  }

  // A power's name as the API knows it, and as the tablet's people read it.
  const powerName = (i) => st.powers[i].name;
  const powerTitle = (i) => st.powers[i].title || st.powers[i].name;
  const names = (list) => list.map((u) => ({
    power: powerName(u[0]), type: u[1], location: u[2], province: B.provinceOf(u[2]), dislodged: !!u[3],
  }));
  const ownerNames = (owners) => {
    const out = {};
    Object.keys(owners).forEach((c) => (out[c] = powerName(owners[c])));
    return out;
  };

  // ---------------------------------------------------------------- the clock
  function showClock() {
    $("clock").hidden = !timer;
    if (!timer) return;
    const gone = timer.running ? (performance.now() - timerAt) / 1000 : 0;
    const left = Math.max(0, Math.ceil(timer.left - gone));
    const t = $("clock-time");
    t.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    t.className = (left < 60 ? "low" : "") + (timer.running ? "" : " stopped");
    $("clock-start").disabled = timer.running;
    $("clock-pause").disabled = !timer.running;
  }

  async function clock(action) {
    const r = await api("POST", "timer", action);
    if (!r.ok) message(r.text.trim(), false);
    await refresh();
  }

  // ------------------------------------------------------------- the orders
  function firstWaiting() {
    const asked = st.powers.map((p, i) => i).filter((i) => st.powers[i].asked && !st.powers[i].computer);
    return asked.find((i) => !st.powers[i].done) ?? (asked.length ? asked[0] : -1);
  }

  function ordersText(p) {
    const power = st.powers[p];
    return power.orders.map((o) => o[0]).join("\n") + (power.orders.length ? "\n" : "") +
      (power.draw ? "DRAW\n" : "") + (power.surrender ? "SURRENDER\n" : "");
  }

  function powerButton(p, i) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = (i === sel ? "current " : "") + (p.done ? "done" : "");
    b.setAttribute("role", "tab");
    b.setAttribute("aria-selected", String(i === sel));
    b.dataset.power = p.name;
    const what = !p.asked ? T("no orders") : p.computer ? T("computer") : p.done ? T("done") : T("waiting");
    const count = p.asked && !p.computer ? " \u00b7 " + p.orders.length : "";
    b.innerHTML = '<span class="dot"></span><span><span class="name"></span><span class="what"></span></span>';
    b.querySelector(".dot").style.background = B.colour(p.name, 0);
    b.querySelector(".name").textContent = p.title || p.name;
    b.querySelector(".what").textContent = what + count;
    b.onclick = () => choose(i);
    return b;
  }

  async function choose(p) {
    if (p === sel) return;
    if (dirty) await save();
    sel = p;
    dirty = "";
    renderOrders();
  }

  async function loadLegal() {
    const key = sel + ":" + st.serial;
    if (legal.key === key) return;
    legal = { key: key, data: null };
    const r = await api("GET", "legal?power=" + encodeURIComponent(powerName(sel)));
    if (legal.key !== key) return;
    legal.data = r.ok ? JSON.parse(r.text) : null;
    const p = st.powers[sel];
    if (pad) pad.set(legal.data, st.kind, p.asked);
    list.set(legal.data, st.kind, p.asked, $("orders").value);
    drawBoard();
  }

  function renderOrders() {
    if (sel < 0 || !st.powers[sel] || !st.powers[sel].asked) sel = firstWaiting();
    const box = $("powers");
    box.textContent = "";
    st.powers.forEach((p, i) => box.appendChild(powerButton(p, i)));
    $("power-box").hidden = sel < 0;
    $("play").disabled = st.over;
    $("rollback").disabled = !st.rollback;
    $("open-history").disabled = st.history === 0;
    if (sel < 0) return drawBoard();
    const p = st.powers[sel];
    $("power-name").textContent = p.title || p.name;
    $("power-note").textContent = (p.note ? p.note + " \u00b7 " : "") + F(T("units: %s, colonies: %s"), p.units, p.colonies);
    // Set only when it changes: a screen reader says a status line again
    // whenever its text is replaced, and the table is read every second.
    if ($("power-task").textContent !== (p.task || "")) $("power-task").textContent = p.task || "";
    const badge = $("power-badge");
    badge.textContent = p.done ? T("done") : T("not done");
    badge.className = "badge" + (p.done ? " is-done" : "");
    $("done").textContent = p.done ? T("Not done") : T("Done");
    if (dirty !== sel + ":" + st.serial) $("orders").value = ordersText(sel);
    list.update($("orders").value);
    loadLegal();
    drawBoard();
  }

  async function save() {
    const p = sel, text = $("orders").value;
    const r = text.trim() === ""
      ? await api("DELETE", "orders?power=" + encodeURIComponent(powerName(p)))
      : await api("POST", "orders?power=" + encodeURIComponent(powerName(p)), text);
    // The power, then what the table said, joined as the language writes
    // a colon ("Grande-Bretagne : 1 ordre enregistré").
    message(r.ok ? F(T("%s: %s"), powerTitle(p), r.text.trim()) : r.text.trim(), r.ok);
    if (r.ok) dirty = "";
    await refresh();
    return r.ok;
  }

  async function setDone() {
    if (dirty && !(await save())) return;
    const p = st.powers[sel];
    const r = await api("POST", "done?power=" + encodeURIComponent(p.name), p.done ? "not done" : "done");
    if (!r.ok) return message(r.text.trim(), false);
    message(F(p.done ? T("%s is not done.") : T("%s is done."), p.title || p.name), true);
    await refresh();
    // On to the next power still waiting, as at the table's screen.
    if (!p.done) {
      const next = firstWaiting();
      if (next >= 0) choose(next);
    }
  }

  // ----------------------------------------------------------- the sheet
  let checkTimer = 0, checked = null;
  function openSheet(open) {
    sheetOpen = open;
    render();
    if (open) $("sheet").focus();
  }

  function showSheet(data) {
    checked = data;
    const list = $("sheet-lines");
    list.textContent = "";
    data.lines.forEach((l) => {
      const li = document.createElement("li");
      li.className = l.ok ? "ok" : "bad";
      li.textContent = F(T("line %s: %s"), l.n, l.ok ? l.text : l.error);
      if (l.warning) {
        const w = document.createElement("span");
        w.className = "warn";
        w.textContent = l.warning;
        li.appendChild(w);
      }
      list.appendChild(li);
    });
    if (data.too_long) list.insertAdjacentHTML("beforeend", '<li class="bad"></li>');
    if (data.too_long) list.lastChild.textContent = T("Longer than one phase can take.");
    drawBoard();
    const accept = $("sheet-accept");
    accept.disabled = data.good === 0;
    accept.textContent = F(data.bad ? T("Accept the good lines (%s), leave out the bad") : T("Accept the lines (%s)"), data.good);
  }

  async function checkSheet() {
    const text = $("sheet").value;
    const r = await api("POST", "sheet?check=1", text);
    if (r.status === 200 && text === $("sheet").value) showSheet(JSON.parse(r.text));
  }

  async function acceptSheet() {
    const bad = checked && checked.bad > 0;
    const r = await api("POST", "sheet" + (bad ? "?bad=leave-out" : ""), $("sheet").value);
    let data = null;
    try {
      data = JSON.parse(r.text);
    } catch (e) {
      return message(r.text.trim(), false);
    }
    if (!r.ok) {
      showSheet(data);
      return message(data.message, false);
    }
    message(F(T("Orders taken for %s."), data.powers) + (bad ? " " + F(T("Lines with errors left out: %s."), checked.bad) : ""), true);
    $("sheet").value = "";
    $("sheet-lines").textContent = "";
    checked = null;
    openSheet(false);
    await refresh();
  }

  // --------------------------------------------------- play, results, history
  function ask(text, yes, no) {
    return new Promise((resolve) => {
      $("ask-text").textContent = text;
      $("ask-yes").textContent = yes;
      $("ask-no").textContent = no;
      $("ask").hidden = false;
      const done = (answer) => {
        $("ask").hidden = true;
        resolve(answer);
      };
      $("ask-yes").onclick = () => done(true);
      $("ask-no").onclick = () => done(false);
    });
  }

  async function play(anyway) {
    if (dirty && !(await save())) return;
    const r = await api("POST", "play", anyway ? "play anyway" : "play");
    if (r.question && !anyway) {
      if (await ask(r.text.trim(), T("Adjudicate"), T("Wait"))) return play(true);
      return;
    }
    if (!r.ok) return message(r.text.trim(), false);
    message("", true);
    prefetched = api("GET", "phase");
    await refresh();
  }

  async function command(what, body) {
    const r = await api("POST", what, body);
    if (!r.ok) message(r.text.trim(), false);
    else message("", true);
    await refresh();
  }

  async function rollback() {
    const question = T("Play %s again? It is undone, with anything played after it, and kept as a branch that can be restored. The orders given in it are handed in again, to be corrected.");
    const text = F(question, st.rollback);
    if (!(await ask(text, T("Play it again"), T("Keep the game")))) return;
    const r = await api("POST", "rollback", "roll back");
    message(r.text.trim(), r.ok);
    sel = -1;
    dirty = "";
    await refresh();
  }

  // The phase on the table's screen; asked for with a play, before the
  // state says which it is (one round trip fewer to the results).
  let prefetched = null;
  async function loadPhase() {
    const key = st.serial + ":" + st.shown;
    if (phase.key === key) return;
    phase = { key: key, data: null };
    let r = prefetched ? await prefetched : null;
    prefetched = null;
    if (!r || !r.ok || JSON.parse(r.text).index !== st.shown) r = await api("GET", "phase");
    if (phase.key !== key || !r.ok) return;
    phase.data = JSON.parse(r.text);
    renderResults();
  }

  function resultsList(data) {
    const box = $("results-list");
    box.textContent = "";
    st.powers.forEach((p, i) => {
      const mine = data.results.filter((r) => r.p === i);
      if (!mine.length) return;
      const h = document.createElement("h3");
      h.innerHTML = '<span class="dot"></span>';
      h.querySelector(".dot").style.cssText = "width:1em;height:1em;border-radius:50%;background:" + B.colour(p.name, 0);
      h.appendChild(document.createTextNode(p.title || p.name));
      box.appendChild(h);
      const ul = document.createElement("ul");
      const held = mine.filter((r) => !r.said).map((r) => r.unit || r.text);
      mine.filter((r) => r.said).forEach((r) => {
        const li = document.createElement("li");
        li.className = r.look;
        li.textContent = r.said;
        li.title = r.text;
        ul.appendChild(li);
      });
      if (held.length) ul.insertAdjacentHTML("beforeend", '<li class="held"></li>');
      if (held.length) ul.lastChild.textContent = F(T("No orders, held: %s"), held.join(", "));
      box.appendChild(ul);
    });
    if (!data.results.length) box.textContent = data.edit ? T("Here the game master edited the position.") : T("Nothing happened in this phase.");
    // A phase nobody had a choice in, played at once: said first.
    if (data.note) box.insertAdjacentHTML("afterbegin", '<p class="note"></p>'), (box.firstChild.textContent = data.note);
    if (data.draw) box.insertAdjacentHTML("beforeend", "<p></p>"), (box.lastChild.textContent = F(T("Voted for a draw: %s."), data.draw));
    if (data.surrendered) box.insertAdjacentHTML("beforeend", "<p></p>"), (box.lastChild.textContent = F(T("Surrendered: %s."), data.surrendered));
  }

  function renderResults() {
    const history = st.screen === "history";
    $("steps").hidden = !history;
    $("close-history").hidden = !history;
    $("open-history-3").hidden = history;
    $("next").hidden = history;
    $("rollback-2").disabled = !st.rollback;
    $("earlier").disabled = st.shown <= 0;
    $("later").disabled = st.shown >= st.history - 1;
    $("where").textContent = F(T("phase %s of %s"), st.shown + 1, st.history);
    $("before-after").textContent = showBefore ? T("Show after") : T("Show before");
    const data = phase.data;
    if (!data || phase.key !== st.serial + ":" + st.shown) return loadPhase();
    $("results-title").textContent = history ? data.phase : F(T("Results: %s"), data.phase);
    resultsList(data);
    drawBoard();
    document.dispatchEvent(new CustomEvent("gm-results", { detail: { index: data.index, phase: data.phase } }));
  }

  // ------------------------------------------------------------- the board
  const LOOK = { good: "#1e8c3c", bad: "#c42828", lost: "#c42828", grey: "#888", warn: "#c77d00" };

  function drawBoard() {
    if (!view || !st) return;
    const results = st.screen === "results" || st.screen === "history";
    if (results) {
      const data = phase.data;
      if (!data || phase.key !== st.serial + ":" + st.shown) return;
      const at = showBefore ? data.before : data.after;
      $("board-label").textContent = F(showBefore ? T("%s: the board before it was played") : T("%s: results (arrows: green done, red failed)"), data.phase);
      return view.draw({
        owners: ownerNames(at.owners), units: names(at.units),
        arrows: data.results.filter((r) => r.kind !== "hold" || r.look !== "grey").map((r) => B.arrowOf(r, LOOK[r.look])),
      });
    }
    const arrows = [];
    if (sheetOpen) return drawSheet();
    st.powers.forEach((p, i) => {
      if (i === sel) return;
      p.orders.forEach((o) => arrows.push(B.arrowOf({ at: o[1], to: o[2], other: o[3], kind: o[4] }, "rgba(70,70,70,0.75)")));
    });
    if (sel >= 0 && pad) pad.ordersIn($("orders").value).forEach((o) => arrows.push(B.arrowOf(o)));
    const selName = sel >= 0 ? powerName(sel) : "";
    $("board-label").textContent = sel >= 0 ? F(T("%s: %s's orders in black, the others' in grey"), st.phase, powerTitle(sel)) : st.phase;
    view.draw({
      owners: ownerNames(st.owners),
      units: names(st.units).map((u) => Object.assign(u, { ring: u.power === selName })),
      arrows: arrows, lit: pad ? pad.targets() : null, selected: pad ? pad.selected() : null,
    });
  }

  // The order sheet's good lines on the board as they are read.
  function drawSheet() {
    const arrows = [];
    if (checked) checked.lines.forEach((l) => (l.orders || []).forEach((o) =>
      arrows.push(B.arrowOf({ at: o[0], to: o[1], other: o[2], kind: o[3] }))));
    $("board-label").textContent = F(T("%s: the order sheet's good lines"), st.phase);
    view.draw({ owners: ownerNames(st.owners), units: names(st.units), arrows: arrows });
  }

  // --------------------------------------------------------- the whole page
  function render() {
    $("phase").textContent = st.over ? T("Game over") : st.phase;
    const screen = st.screen;
    const orders = screen === "orders" && !sheetOpen;
    $("orders-view").hidden = !orders;
    $("sheet-view").hidden = !(screen === "orders" && sheetOpen);
    $("results-view").hidden = !(screen === "results" || screen === "history");
    $("wait-view").hidden = !(screen === "computer" || screen === "over");
    if (screen === "computer") {
      $("wait-title").textContent = T("The computer is choosing its orders");
      $("wait-text").textContent = T("Its orders are shown with the results.");
    } else if (screen === "over") {
      $("wait-title").textContent = T("Game over");
      $("wait-text").textContent = st.ending;
    }
    // A scored game's points, under how it ended.
    B.showScores($("scores"), screen === "over" ? st.scores : null);
    $("open-history-2").hidden = screen !== "over" || st.history === 0;
    $("rollback-3").hidden = screen !== "over" || !st.rollback;
    if (orders) renderOrders();
    else if (screen === "results" || screen === "history") renderResults();
    else drawBoard();
    showClock();
  }

  async function refresh() {
    const r = await api("GET", "state?since=" + version);
    if (!r.ok) return;
    const data = JSON.parse(r.text);
    timer = data.timer;
    timerAt = performance.now();
    version = data.v;
    if (data.same) return showClock();
    const moved = st && st.serial !== data.serial;
    st = data;
    if (moved) dirty = "";
    render();
  }

  function wire() {
    $("message").onclick = () => message("");
    $("clock-start").onclick = () => clock("start");
    $("clock-pause").onclick = () => clock("pause");
    $("clock-reset").onclick = () => clock("reset");
    $("save").onclick = save;
    $("clear").onclick = () => {
      $("orders").value = "";
      save();
    };
    $("done").onclick = setDone;
    $("orders").addEventListener("input", () => {
      dirty = sel + ":" + st.serial;
      list.update($("orders").value);
      drawBoard();
    });
    $("play").onclick = () => play(false);
    $("open-sheet").onclick = () => openSheet(true);
    $("sheet-cancel").onclick = () => openSheet(false);
    $("sheet-accept").onclick = acceptSheet;
    $("sheet").addEventListener("input", () => {
      clearTimeout(checkTimer);
      checkTimer = setTimeout(checkSheet, 250);
    });
    $("open-history").onclick = () => command("history", "show " + st.history);
    $("open-history-2").onclick = () => command("history", "show " + st.history);
    $("open-history-3").onclick = () => command("history", "show " + (st.shown + 1));
    $("earlier").onclick = () => command("history", "show " + st.shown);
    $("later").onclick = () => command("history", "show " + (st.shown + 2));
    $("close-history").onclick = () => command("history", "close");
    $("next").onclick = () => command("next", "next");
    $("rollback").onclick = rollback;
    $("rollback-2").onclick = rollback;
    $("rollback-3").onclick = rollback;
    $("before-after").onclick = () => {
      showBefore = !showBefore;
      renderResults();
    };
  }

  async function start() {
    // The selected power's orders as a list, the board's alternative.
    list = new B.OrderList($("unit-list"), async (text) => {
      $("orders").value = text;
      dirty = sel + ":" + st.serial;
      await save();
    });
    wire();
    if (await B.loadArt()) {
      const unknown = await B.loadPalettes();
      if (unknown) message(unknown, false);
      B.paletteChoice($("palette"), () => {
        drawBoard();
        render();
      });
      // The board fills its box; pinching out shows it whole.
      view = new B.View($("board"), $("board-scroll"), { fit: "whole", zoom: 1, min: 1, max: 5 });
      view.zoom = view.coverZoom();
      pad = new B.Pad($("hint"), $("actions"), async (o, add) => {
        $("orders").value = B.withOrder($("orders").value, o, add);
        dirty = sel + ":" + st.serial;
        await save();
      }, drawBoard);
      view.onTap((code) => pad.tap(code));
      $("zoom-in").onclick = () => view.zoomAbout(view.zoom * 1.4);
      $("zoom-out").onclick = () => view.zoomAbout(view.zoom / 1.4);
    } else {
      $("board-box").hidden = true;  // a board without art: the panel alone
      $("main").classList.add("no-board");
    }
    await refresh();
    setInterval(refresh, 1000);
    setInterval(showClock, 250);
  }
  start();
})();
