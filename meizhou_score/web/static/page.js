// The table's score keeper: the night's sheet, every phone kept in step, the actions in a bottom bar.
// It speaks the JSON API of docs/web.md; every figure comes from the server, which settles as `settle` does.
"use strict";

let etag = null;
let opened = null;  // the sheet row shown with its payments
let fresh = new Set();  // hands another phone just recorded or changed: highlighted a few seconds

async function refresh(force = false) {
  let response;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 4000);
  try {
    response = await fetch("/api/night?lang=" + lang, {credentials: "same-origin", signal: abort.signal,
      headers: !force && etag ? {"If-None-Match": etag} : {}});
  } catch (e) {
    showOffline(true);
    return;
  } finally {
    clearTimeout(timer);
  }
  if (response.status >= 502) { showOffline(true); return; }
  showOffline(false);
  if (response.status !== 304) {
    const data = await response.json().catch(() => ({}));
    if (!response.ok) { say(data.error); return; }
    etag = response.headers.get("ETag");
    take(data);
  }
  sendHeld();  // the laptop answers: a write kept on this phone goes now, with its own version
}

// a new state of the night: what changed since the last one is told (taken back) or highlighted
function take(data) {
  const before = played(state) ? state.sheet : null;
  const lastLang = state && state.lang;
  state = data;
  if (before && played(data) && data.lang === lastLang) {
    const now = data.sheet;
    for (let n = now.length + 1; n <= before.length; n++) notice("takenBack", {n});
    const seen = now.filter((row, i) => !before[i] || JSON.stringify(before[i]) !== JSON.stringify(row));
    if (seen.length) {
      for (const row of seen) fresh.add(row.hand);
      if (seen.length === 1 && seen[0].hand > before.length) notice("recordedElsewhere", {n: seen[0].hand});
      // the same hands, one of them changed (its later rows' running totals with it): an amendment
      else if (now.length === before.length) notice("amendedElsewhere", {n: seen[0].hand});
      setTimeout(() => { fresh = new Set(); renderSheet(); }, 4000);
    }
  } else if (before && !played(data) && before.length) {
    notice("takenBack", {n: before.length});
  }
  if (waiting === undefined) waiting = kept.get(nightKey("held"));  // a write kept before a reload
  if (!editor) restoreDraft();
  render();
}

let offline = false;
function showOffline(gone) {
  const was = offline;
  offline = gone;
  $("offline").hidden = !gone;
  $("offline").textContent = gone ? w("offline") : "";
  if (was && !gone && editor && (!editor.preview || editor.preview.offline)) previewSoon();
}

function render() {
  document.documentElement.lang = lang;
  document.title = w("title");  // the tab's, as the server first wrote it (index)
  $("title").textContent = w("title");
  // the file's own name (night.yaml, not the folders before it: they would fill the line); the path
  // whole in its title
  const file = state ? String(state.file) : "";
  $("file").textContent = file.split(/[\\/]/).pop();
  $("file").title = file;
  if (offline) $("offline").textContent = w("offline");
  for (const b of document.querySelectorAll("#langs button")) b.setAttribute("aria-pressed", String(b.dataset.lang === lang));
  renderSetup();
  renderTotals();
  renderSheet();
  renderEditor();
  drawPending();
  drawMeanwhile();
}

function renderTotals() {
  const box = $("totals");
  box.replaceChildren();
  const names = played(state) ? state.players : table ? table.players : [];
  box.hidden = !names.length;
  for (const name of names) {
    const sum = played(state) ? state.totals[name] : 0;
    box.append(el("button", {class: "total" + (me() === name ? " me" : ""), "data-me": name,
      "aria-pressed": String(me() === name), title: w("thisIsMe"), onclick: () => toggleMe(name)},
      el("span", {class: "name"}, name), el("span", {class: "sum " + signClass(sum), "data-total": name}, money(sum))));
  }
}

function renderSheet() {
  const box = $("sheet");
  box.replaceChildren();
  if (!played(state)) return;
  const names = state.players;
  const mine = (p) => (me() === p ? "me " : "");
  const head = el("tr", {}, el("th", {scope: "col"}, w("hand")), el("th", {class: "what", scope: "col"}, w("what")),
    names.map((p) => el("th", {class: mine(p), scope: "col"}, p)));
  const body = [];
  for (const row of [...state.sheet].reverse()) {  // the newest hand on top
    const dealerMark = el("span", {class: "dealer"}, w("dealerMark", {name: row.dealer}));
    body.push(el("tr", {class: "hand" + (row.disputed ? " disputed" : "") + (fresh.has(row.hand) ? " fresh" : ""),
      "data-hand": row.hand, onclick: () => { opened = opened === row.hand ? null : row.hand; renderSheet(); }},
      el("td", {}, el("button", {class: "open", "aria-expanded": String(opened === row.hand),
        "aria-label": w("handNumber", {n: row.hand})}, String(row.hand))),
      el("td", {class: "what"}, dealerMark, row.what, row.disputed ? " ⚠ " + w("disputed") : ""),
      names.map((p) => el("td", {class: mine(p) + signClass(row.changes[p])}, money(row.changes[p]),
        el("span", {class: "run"}, money(row.running[p]))))));
    if (opened === row.hand) {
      const payments = row.payments.length ? el("ul", {}, row.payments.map((t) => el("li", {}, t))) : w("noPayments");
      body.push(el("tr", {class: "detail"}, el("td", {colspan: String(names.length + 2)},
        row.errors.length ? el("ul", {}, row.errors.map((e) => el("li", {class: "danger"}, e))) : null, payments,
        el("button", {class: "big", "data-amend": row.hand, onclick: (e) => { e.stopPropagation(); amend(row.hand); }},
          w("amendThis")))));
    }
  }
  if (state.next_dealer) box.append(el("p", {id: "next-dealer"}, w("nextDealer", {name: state.next_dealer})));
  box.append(el("table", {}, el("caption", {class: "muted"}, me() ? "" : w("tapYourName")),
    el("thead", {}, head), el("tbody", {}, body)));
  box.append(el("img", {id: "chart", alt: w("chart"), src: `/api/chart.svg?lang=${lang}&v=${state.version}`}));
  // the night's end: the gold on the table checked against the sheet (closing.js), after its last row
  box.append(el("button", {class: "big", id: "close-night", onclick: openClosing}, w("closeNight")));
}

// the bottom bar: the sheet's actions, or the hand's Record and Cancel while one is entered
function renderBar() {
  const bar = $("bar");
  bar.replaceChildren();
  if (editor) {
    if (editor.preview) bar.append(previewBox(players()));  // what Record will write, always in view
    bar.append(el("button", {class: "big primary", id: "record", disabled: !ready(), onclick: record},
      editor.amend ? w("amend") : w("record")),
    el("button", {class: "big", id: "cancel", onclick: () => {
      editor = null; keepDraft();
      if (state && !played(state)) table = null;
      render();
    }}, w("cancel")));
  } else if (state && (played(state) || table)) {
    bar.append(el("button", {class: "big primary", id: "new-hand", onclick: startHand}, w("newHand")));
    if (played(state)) {
      bar.append(el("button", {class: "big", id: "undo", onclick: undo}, w("undo")),
        el("button", {class: "big", id: "settle-up", onclick: settleUp}, w("settleUp")));
      if (state.ledger) bar.append(el("button", {class: "big", id: "ledger", onclick: addToLedger}, w("ledger")));
    }
  }
  bar.hidden = !bar.children.length;
  document.body.style.paddingBottom = (bar.hidden ? 0 : bar.offsetHeight + 12) + "px";
}

async function settleUp() {
  try {
    const data = await api("GET", "/api/settle-up");
    $("extra").replaceChildren(el("h2", {}, w("settleUp")), data.payments.length
      ? el("ul", {id: "settle-list"}, data.payments.map((p) => el("li", {}, `${p.from} → ${p.to}${w("colon")}${p.amount}`)))
      : el("p", {id: "settle-list"}, w("settleNone")));
    reveal($("extra"));
  } catch (e) { say(e.message); }
}
async function addToLedger() {
  try {
    const added = await api("POST", "/api/ledger", undefined, {version: state.version});
    // the truth, as `ledger add` says it: added, already there (nothing added), or grown
    const said = {same: "ledgerSame", grown: "ledgerGrown"}[added.outcome] || "ledgerAdded";
    $("extra").replaceChildren(el("p", {id: "ledger-added"}, w(said, added)));
    reveal($("extra"));
  } catch (e) { say(e.message); }
}

// the page's words, asked again every 1.5 s until the laptop answers: a page opened as the laptop
// stops (or a request lost while it loads) comes up once it is back, never stays blank
async function loadWords() {
  for (;;) {
    try {
      const answer = await fetch("/static/words.json");
      if (answer.ok) return await answer.json();
    } catch (e) { /* not answered: asked again */ }
    await new Promise((ok) => setTimeout(ok, 1500));
  }
}

document.addEventListener("DOMContentLoaded", async () => {
  WORDS = await loadWords();
  const picked = document.documentElement.lang;
  if (!WORDS[lang]) lang = WORDS[picked] ? picked : "en";  // a choice kept from a language gone
  for (const b of document.querySelectorAll("#langs button")) {
    b.addEventListener("click", async () => {
      lang = b.dataset.lang;
      localStorage.setItem("meizhou-lang", lang);
      say("");  // a message (the server's sentence, most often) said in the language before goes
      $("extra").replaceChildren();  // and a note below the sheet with it
      await refresh(true);
      sayAgain();  // the notice and a question on screen, said again in this one
      if (editor && editor.preview) previewSoon();  // the preview too: asked again in it
      if (closing) { renderClosing(); await askClosing("GET"); }  // the check: said again in it
    });
  }
  await refresh(true);
  setInterval(() => { if (!document.hidden) refresh(false).catch(() => {}); }, 1500);
});
