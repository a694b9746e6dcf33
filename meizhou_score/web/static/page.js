// The table's score keeper: the night's sheet, a new hand in a few taps, every phone kept in step.
// It speaks the JSON API of docs/web.md; every figure comes from the server, which settles as `settle` does.
"use strict";

let WORDS = null;  // the page's words by language (en, zh-Hant, zh-Hans): /static/words.json, read once at start
const SUITS = ["m", "p", "s"];
const TILES = [];
for (const suit of SUITS) for (let n = 1; n <= 9; n++) TILES.push(n + suit);
for (let n = 1; n <= 7; n++) TILES.push(n + "z");

// the phone's own language first: zh-CN, zh-SG and zh-Hans read Simplified, any other Chinese Traditional
function phoneLanguage() {
  const said = (navigator.language || "en").toLowerCase();
  if (!said.startsWith("zh")) return "en";
  return /^zh-(cn|sg|hans)/.test(said) ? "zh-Hans" : "zh-Hant";
}
let lang = localStorage.getItem("meizhou-lang") || phoneLanguage();
if (lang === "zh") lang = "zh-Hant";  // what an older page remembered
let state = null;   // GET /api/night
let etag = null;
let editor = null;  // the hand being entered
let table = null;   // a new night's players, stake and first dealer, until its first hand is recorded
let opened = null;  // the sheet row shown with its payments

const $ = (id) => document.getElementById(id);
const w = (key, values = {}) => (WORDS[lang][key] || key).replace(/\{(\w+)\}/g, (_, k) => values[k]);
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "onclick") node.addEventListener("click", v);
    else if (k.startsWith("data-")) node.setAttribute(k, v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}
function tileName(tile) {
  const n = Number(tile[0]), suit = tile[1];
  const words = lang === "en" ? WORDS["zh-Hant"] : WORDS[lang];
  if (suit === "z") return words.honours[n - 1];
  return words.numerals[n - 1] + words[suit];
}
function money(value) {
  const n = Number(value);
  return (n > 0 ? "+" : "") + String(value);
}
function signClass(value) { return Number(value) > 0 ? "pos" : Number(value) < 0 ? "neg" : ""; }

async function api(method, path, body) {
  const response = await fetch(path + (path.includes("?") ? "&" : "?") + "lang=" + lang, {
    method, credentials: "same-origin",
    headers: body === undefined ? {} : {"Content-Type": "application/json"},
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = response.status === 204 ? {} : await response.json();
  if (!response.ok) throw Object.assign(new Error(data.error || response.statusText), {where: data.where});
  return data;
}
function say(text) {
  const box = $("message");
  box.textContent = text || "";
  box.hidden = !text;
}

async function refresh(force = false) {
  const response = await fetch("/api/night?lang=" + lang, {
    credentials: "same-origin", headers: !force && etag ? {"If-None-Match": etag} : {},
  });
  if (response.status === 304) return;
  const data = await response.json();
  if (!response.ok) { say(data.error); return; }
  etag = response.headers.get("ETag");
  state = data;
  render();
}

function render() {
  document.documentElement.lang = lang;
  $("title").textContent = w("title");
  $("file").textContent = state ? state.file : "";
  for (const b of document.querySelectorAll("#langs button")) b.setAttribute("aria-pressed", String(b.dataset.lang === lang));
  renderSetup();
  renderTotals();
  renderSheet();
  renderActions();
  renderEditor();
}

function renderSetup() {
  const box = $("setup");
  box.replaceChildren();
  box.hidden = !(state && !state.exists && !table);
  if (box.hidden) return;
  const names = [0, 1, 2, 3].map((n) => el("input", {id: "player" + n, autocomplete: "off", placeholder: ["東", "南", "西", "北"][n]}));
  const stake = el("input", {id: "stake", inputmode: "decimal", value: "1"});
  box.append(el("h2", {}, w("setup")), el("div", {class: "step"}, el("div", {class: "label"}, w("players")),
    el("div", {class: "row4"}, names)), el("div", {class: "step"}, el("div", {class: "label"}, w("stake")), stake),
    el("button", {class: "big primary", id: "start", onclick: () => {
      const players = names.map((i) => i.value.trim());
      if (players.some((p) => !p)) { say(w("players")); return; }
      const given = stake.value.trim() || "1";
      table = {players, stake: /^\d+(\.\d+)?$/.test(given) ? Number(given) : given};  // a number, as a file has it
      say("");
      startHand();
    }}, w("start")));
}

function renderTotals() {
  const box = $("totals");
  box.replaceChildren();
  const players = state && state.exists ? state.players : table ? table.players : [];
  for (const name of players) {
    const sum = state && state.exists ? state.totals[name] : 0;
    box.append(el("div", {class: "total"}, el("div", {class: "name"}, name),
      el("div", {class: "sum " + signClass(sum), "data-total": name}, money(sum))));
  }
}

function renderSheet() {
  const box = $("sheet");
  box.replaceChildren();
  if (!state || !state.exists) return;
  const players = state.players;
  const head = el("tr", {}, el("th", {}, w("hand")), el("th", {class: "what"}, w("what")),
    players.map((p) => el("th", {}, p)));
  const body = [];
  for (const row of state.sheet) {
    const dealerMark = el("span", {class: "dealer"}, w("dealerMark") + " " + row.dealer);
    body.push(el("tr", {class: "hand" + (row.disputed ? " disputed" : ""), "data-hand": row.hand,
      onclick: () => { opened = opened === row.hand ? null : row.hand; renderSheet(); }},
      el("td", {}, String(row.hand)),
      el("td", {class: "what"}, dealerMark, row.what, row.disputed ? " ⚠ " + w("disputed") : ""),
      players.map((p) => el("td", {class: signClass(row.changes[p])}, money(row.changes[p]),
        el("span", {class: "run"}, money(row.running[p]))))));
    if (opened === row.hand) {
      const payments = row.payments.length ? el("ul", {}, row.payments.map((t) => el("li", {}, t))) : w("noPayments");
      body.push(el("tr", {class: "detail"}, el("td", {colspan: String(players.length + 2)},
        row.errors.length ? el("ul", {}, row.errors.map((e) => el("li", {class: "danger"}, e))) : null, payments,
        el("button", {class: "big", "data-amend": row.hand, onclick: (e) => { e.stopPropagation(); amend(row.hand); }},
          w("amendThis")))));
    }
  }
  box.append(el("table", {}, el("thead", {}, head), el("tbody", {}, body)));
  if (state.next_dealer) box.append(el("p", {class: "muted", id: "next-dealer"}, w("nextDealer", {name: state.next_dealer})));
  box.append(el("img", {id: "chart", alt: w("chart"), src: `/api/chart.svg?lang=${lang}&v=${state.version}`}));
}

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  if (!state || (!state.exists && !table) || editor) return;
  box.append(el("button", {class: "big primary", id: "new-hand", onclick: startHand}, w("newHand")));
  if (state.exists) {
    box.append(el("button", {class: "big", id: "undo", onclick: undo}, w("undo")),
      el("button", {class: "big", id: "settle-up", onclick: settleUp}, w("settleUp")));
    if (state.ledger) box.append(el("button", {class: "big", id: "ledger", onclick: addToLedger}, w("ledger")));
  }
}

// ---------------------------------------------------------------- a hand, in the order a table tells it

function startHand() {
  editor = {amend: null, winner: null, draw: false, how: null, robbed: null, concealed: [], winning: null,
            pungs: [], kongs: [], mode: "hand", kong: null, dealer: null, preview: null};
  $("extra").replaceChildren();
  render();
}
function amend(number) {
  const night = state.hands[number - 1];
  const row = state.sheet[number - 1];
  startHand();
  Object.assign(editor, {amend: number, dealer: row.dealer, draw: night.draw, winner: night.winner,
                         how: night.win_type, robbed: night.robbed || null});
  render();
}
function players() { return state && state.exists ? state.players : table.players; }
function needsDealer() {
  if (!state || !state.exists) return true;
  return editor.amend === null && !state.next_dealer;
}
function held() {
  const count = {};
  for (const t of TILES) count[t] = 0;
  for (const t of editor.concealed) count[t] += 1;
  for (const t of editor.pungs) count[t] += 3;
  for (const k of editor.kongs) count[k.tile] += 4;
  if (editor.how === "robbed_kong" && editor.winning) count[editor.winning] += 3;
  return count;
}
function size() {
  const own = editor.kongs.filter((k) => k.player === editor.winner).length;
  return editor.concealed.length + 3 * (editor.pungs.length + own);
}
function choice(label, options, current, pick, attr) {
  return el("div", {class: "step"}, el("div", {class: "label"}, label), options.map(([value, text]) =>
    el("button", {class: "big", "aria-pressed": String(current === value), [attr]: value,
                  onclick: () => { pick(value); editor.preview = null; renderEditor(); previewSoon(); }}, text)));
}

function renderEditor() {
  const box = $("editor");
  box.replaceChildren();
  box.hidden = !editor;
  if (!editor) return;
  const names = players();
  box.append(el("h2", {}, editor.amend ? w("amendThis") + " " + editor.amend : w("newHand")));
  if (needsDealer()) {
    box.append(choice(w("dealer"), names.map((p) => [p, p]), editor.dealer, (v) => { editor.dealer = v; }, "data-dealer"));
  }
  box.append(choice(w("whoWon"), [...names.map((p) => [p, p]), ["__draw", w("draw")]],
    editor.draw ? "__draw" : editor.winner, (v) => {
      editor.draw = v === "__draw"; editor.winner = editor.draw ? null : v;
      if (editor.robbed === editor.winner) editor.robbed = null;
    }, "data-winner"));
  if (editor.winner) {
    box.append(choice(w("how"), [["self_draw", w("selfDraw")], ["kong_bloom", w("kongBloom")], ["robbed_kong", w("robbedKong")]],
      editor.how, (v) => { editor.how = v; }, "data-how"));
    if (editor.how === "robbed_kong") {
      box.append(choice(w("whoseRobbed"), names.filter((p) => p !== editor.winner).map((p) => [p, p]),
        editor.robbed, (v) => { editor.robbed = v; }, "data-robbed"));
    }
  }
  if (editor.winner && editor.how) {
    box.append(el("div", {class: "step"}, el("div", {class: "label"}, w("tiles") + " · " + w("count", {n: size()})),
      el("div", {class: "chips", id: "hand-tiles"}, editor.concealed.map((t, i) =>
        el("button", {class: "chip" + (editor.winning === t ? " win" : ""), "data-held": t,
          onclick: () => { editor.winning = editor.winning === t ? null : t; editor.preview = null; renderEditor(); previewSoon(); }},
          tileName(t))))));
    box.append(el("div", {class: "muted"}, w("winningTile")));
    if (editor.pungs.length) box.append(el("div", {class: "muted"}, w("pungs") + ": " + editor.pungs.map((t) => tileName(t) + "×3").join(" ")));
  }
  if (editor.kongs.length) {
    box.append(el("div", {class: "muted", id: "kong-list"}, w("kongs") + ": " + editor.kongs.map((k) =>
      `${k.player} ${w(k.type)} ${tileName(k.tile)}` + (k.from ? ` ← ${k.from}` : "")).join("; ")));
  }
  if (editor.kong) box.append(kongSteps(names));
  if ((editor.winner && editor.how) || editor.kong) box.append(keyboard());
  const tools = el("div", {class: "step"});
  if (editor.winner && editor.how) {
    tools.append(el("button", {class: "big", id: "add-pung", "aria-pressed": String(editor.mode === "pung"),
      onclick: () => { editor.mode = editor.mode === "pung" ? "hand" : "pung"; renderEditor(); }}, w("pung")));
  }
  if (editor.winner || editor.draw) {
    tools.append(el("button", {class: "big", id: "add-kong", onclick: () => { editor.kong = {}; editor.mode = "kong"; renderEditor(); }}, w("kong")));
  }
  if (editor.concealed.length) {
    tools.append(el("button", {class: "big", onclick: () => { Object.assign(editor, {concealed: [], winning: null, pungs: [], preview: null}); renderEditor(); }}, w("clear")));
  }
  box.append(tools);
  if (editor.preview) {
    const p = editor.preview;
    box.append(p.error || p.disputed
      ? el("div", {class: "preview refused", id: "preview"}, p.error
          ? (p.where ? p.where + ": " : "") + p.error
          : el("div", {}, el("div", {}, p.row.what), el("ul", {}, p.row.errors.map((e) => el("li", {}, e)))))
      : el("div", {class: "preview", id: "preview"}, el("div", {}, p.row.what),
          el("div", {}, names.map((n) => `${n} ${money(p.row.changes[n])}`).join(" · ")),
          el("ul", {}, p.row.payments.map((t) => el("li", {}, t)))));
  }
  box.append(el("div", {class: "step"},
    el("button", {class: "big primary", id: "record", disabled: !ready(), onclick: record}, editor.amend ? w("amend") : w("record")),
    el("button", {class: "big", id: "cancel", onclick: () => { editor = null; if (state && !state.exists) table = null; render(); }}, w("cancel"))));
}

function kongSteps(names) {
  const k = editor.kong;
  const box = el("div", {class: "step", id: "kong-steps"});
  box.append(choice(w("kongWhose"), names.map((p) => [p, p]), k.player, (v) => { k.player = v; }, "data-kong-player"));
  box.append(choice(w("kongType"), [["concealed", w("concealed")], ["added", w("added")], ["exposed", w("exposed")]],
    k.type, (v) => { k.type = v; }, "data-kong-type"));
  if (k.type === "exposed" && k.player) {
    box.append(choice(w("kongFrom"), names.filter((p) => p !== k.player).map((p) => [p, p]), k.from, (v) => { k.from = v; }, "data-kong-from"));
  }
  box.append(el("div", {class: "label"}, w("kongTile")));
  return box;
}

function keyboard() {
  const count = held();
  const keys = TILES.map((t) => {
    const left = 4 - count[t];
    return el("button", {class: "key" + (t[1] === "z" ? " honour" : ""), "data-tile": t, "aria-label": tileName(t) + " " + t,
      disabled: left <= 0 || (editor.mode === "pung" && left < 3) || (editor.mode === "kong" && left < 4),
      onclick: () => tap(t)},
      lang !== "en" ? tileName(t) : t, el("span", {class: "left"}, String(left)),
      el("span", {class: "code"}, lang !== "en" ? t : tileName(t)));
  });
  return el("div", {class: "step"}, el("div", {class: "label"},
    editor.mode === "pung" ? w("pungMode") : editor.mode === "kong" ? w("kongTile") : w("tapTiles")),
    el("div", {class: "keyboard", id: "keyboard"}, keys));
}

function tap(tile) {
  if (editor.mode === "pung") {
    editor.pungs.push(tile);
    editor.mode = "hand";
  } else if (editor.mode === "kong") {
    const k = editor.kong;
    if (!k.player || !k.type || (k.type === "exposed" && !k.from)) { say(w("kongWhose") + " " + w("kongType")); return; }
    editor.kongs.push({player: k.player, type: k.type, tile, ...(k.type === "exposed" ? {from: k.from} : {})});
    editor.kong = null;
    editor.mode = "hand";
  } else if (size() < 14) {
    editor.concealed.push(tile);
    editor.concealed.sort((a, b) => TILES.indexOf(a) - TILES.indexOf(b));
  }
  say("");
  editor.preview = null;
  renderEditor();
  previewSoon();
}

function ready() {
  if (needsDealer() && !editor.dealer) return false;
  if (editor.draw) return true;
  return Boolean(editor.winner && editor.how && (editor.how !== "robbed_kong" || editor.robbed)
    && size() === 14 && editor.winning && editor.preview && !editor.preview.error && !editor.preview.disputed);
}

function handOf() {
  const hand = {};
  if (editor.amend || (needsDealer() && editor.dealer)) hand.dealer = editor.dealer;  // an amended hand keeps its dealer
  if (editor.draw) {
    hand.draw = true;
  } else {
    Object.assign(hand, {winner: editor.winner, win_type: editor.how});
    if (editor.how === "robbed_kong") hand.robbed = editor.robbed;
    hand.hand = {concealed: editor.concealed.join(" "), winning_tile: editor.winning};
    if (editor.pungs.length) hand.hand.pungs = editor.pungs.map((t) => t[0].repeat(3) + t[1]);
  }
  if (editor.kongs.length) hand.kongs = editor.kongs;
  const body = {...hand};
  if (!state.exists) body.table = {players: table.players, stake: table.stake};
  return body;
}

let previewTimer = null;
function previewSoon() {
  clearTimeout(previewTimer);
  if (!editor || editor.draw || size() !== 14 || !editor.winning) return;
  if (editor.how === "robbed_kong" && !editor.robbed) return;
  if (needsDealer() && !editor.dealer) return;
  previewTimer = setTimeout(async () => {
    try {
      editor.preview = await api("POST", "/api/preview", handOf());
    } catch (e) {
      editor.preview = {error: e.message, where: e.where};
    }
    renderEditor();
  }, 150);
}

async function record() {
  try {
    const body = handOf();
    const done = editor.amend ? await api("PUT", "/api/hands/" + editor.amend, body) : await api("POST", "/api/hands", body);
    const number = editor.amend || done.hand;
    editor = null;
    table = null;
    say("");
    $("extra").replaceChildren(el("p", {class: "muted", id: "recorded"}, w("recorded", {n: number})));
    await refresh(true);
  } catch (e) {
    say((e.where ? e.where + ": " : "") + e.message);
  }
}
async function undo() {
  try { await api("DELETE", "/api/hands/last"); $("extra").replaceChildren(el("p", {class: "muted"}, w("undone"))); await refresh(true); }
  catch (e) { say(e.message); }
}
async function settleUp() {
  try {
    const data = await api("GET", "/api/settle-up");
    $("extra").replaceChildren(el("h2", {}, w("settleUp")), data.payments.length
      ? el("ul", {id: "settle-list"}, data.payments.map((p) => el("li", {}, `${p.from} → ${p.to}: ${p.amount}`)))
      : el("p", {id: "settle-list"}, w("settleNone")));
  } catch (e) { say(e.message); }
}
async function addToLedger() {
  try { const added = await api("POST", "/api/ledger"); $("extra").replaceChildren(el("p", {id: "ledger-added"}, w("ledgerAdded", {night: added.night}))); }
  catch (e) { say(e.message); }
}

document.addEventListener("DOMContentLoaded", async () => {
  WORDS = await (await fetch("/static/words.json")).json();
  if (!WORDS[lang]) lang = "en";
  for (const b of document.querySelectorAll("#langs button")) {
    b.addEventListener("click", () => {
      lang = b.dataset.lang;
      localStorage.setItem("meizhou-lang", lang);
      say("");
      $("extra").replaceChildren();  // a note said in the language before the switch goes with it
      refresh(true);
    });
  }
  refresh(true);
  setInterval(() => { if (!document.hidden) refresh(false).catch(() => {}); }, 1500);
});
