// The page's common ground: its words, the tiles, small DOM helpers and the one way it talks to the
// server (docs/web.md). Loaded first; setup.js, editor.js and page.js build on it.
"use strict";

// the night has a hand (its sheet); "exists" says only that its file does (every hand taken back)
function played(night) { return Boolean(night && night.sheet); }

let WORDS = null;  // the page's words by language (every one the server speaks): /static/words.json
const SUITS = ["m", "p", "s"];
const TILES = [];
for (const suit of SUITS) for (let n = 1; n <= 9; n++) TILES.push(n + suit);
for (let n = 1; n <= 7; n++) TILES.push(n + "z");

// the page's language: the server picked it (<html lang>) from ?lang=, else the browser's list, as
// the command line picks (docs/web.md); a choice this phone made itself (its buttons) stands above
// the browser's list, never above ?lang= (data-picked="query")
function pickLanguage() {
  const root = document.documentElement;
  const chosen = root.dataset.picked === "query" ? null : localStorage.getItem("meizhou-lang");
  if (chosen) return chosen === "zh" ? "zh-Hant" : chosen;  // "zh": what an older page remembered
  return root.lang || "en";
}
let lang = pickLanguage();
let state = null;   // GET /api/night as last seen

const $ = (id) => document.getElementById(id);
const w = (key, values = {}) =>
  (WORDS[lang][key] || WORDS.en[key] || key).replace(/\{(\w+)\}/g, (_, k) => values[k]);
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k === "onclick") node.addEventListener("click", v);
    else if (k === "oninput") node.addEventListener("input", v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
  return node;
}
// a tile's name in the page's words (the honours in Chinese in every language, on the tiles)
function tileName(tile) {
  const n = Number(tile[0]), suit = tile[1], words = WORDS[lang];
  if (suit === "z") return words.honours[n - 1];
  return words.numerals[n - 1] + words[suit];
}
// a tile or a set as a key or chip shows it: 123m / 123萬, 55s, 東東東
function setLabel(tiles) {
  const suit = tiles[0][1];
  if (suit === "z") return tiles.map(tileName).join("");
  return tiles.map((t) => t[0]).join("") + WORDS[lang][suit];
}
// tile notation for the file: a run, a pair or a pung of one suit as "123m", "55s"
const notation = (tiles) => tiles.map((t) => t[0]).join("") + tiles[0][1];
function money(value) {
  return (Number(value) > 0 ? "+" : "") + String(value);
}
function signClass(value) { return Number(value) > 0 ? "pos" : Number(value) < 0 ? "neg" : ""; }

// "123m 456m 55s" → [["1m","2m","3m"], ["4m","5m","6m"], ["5s","5s"]]: a run, pair or pung one group,
// anything else single tiles, so that a chip takes back what a key put in
function groupsOf(text) {
  const groups = [];
  for (const [, digits, suit] of String(text || "").matchAll(/(\d+)([mpsz])/g)) {
    const tiles = [...digits].map((d) => d + suit);
    const same = tiles.every((t) => t === tiles[0]);
    const run = tiles.length === 3 && suit !== "z"
      && tiles.every((t, i) => Number(t[0]) === Number(tiles[0][0]) + i);
    if ((tiles.length === 2 || tiles.length === 3) && (same || run)) groups.push(tiles);
    else for (const t of tiles) groups.push([t]);
  }
  return groups;
}

// every request: the player's language; every write: the version of the night the player decided
// on (`version`: the one the open question or editor was built from, never a later poll's), as
// If-Match. A request the laptop did not answer (no connection, no answer in `timeout` ms, a
// gateway's 502-504) is thrown with `offline`: it may or may not have reached the laptop. `raw`: a
// body already written as JSON (amounts as typed, exact)
async function api(method, path, body, {version = null, timeout = 8000, raw = undefined} = {}) {
  const sent = raw !== undefined ? raw : body === undefined ? undefined : JSON.stringify(body);
  const headers = sent === undefined ? {} : {"Content-Type": "application/json"};
  if (version !== null) headers["If-Match"] = `"${version}"`;
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeout);
  let response;
  try {
    response = await fetch(path + (path.includes("?") ? "&" : "?") + "lang=" + lang, {
      method, credentials: "same-origin", headers, signal: abort.signal,
      body: sent,
    });
  } catch (e) {
    throw Object.assign(new Error(w("offline")), {offline: true});
  } finally {
    clearTimeout(timer);
  }
  let data = {};
  try { data = await response.json(); } catch (e) { data = {}; }
  if (!response.ok) {
    throw Object.assign(new Error(data.error || response.statusText),
      {status: response.status, data, where: data.where, offline: response.status >= 502});
  }
  return data;
}
function say(text) {
  const box = $("message");
  box.textContent = text || "";
  box.hidden = !text;
}
// a refusal with the place the server named: the place, the language's colon, the sentence (a
// sentence that names its place already, as a fault in a hand does, is not told it twice)
function placed(where, error) {
  return where && !String(error).startsWith(where) ? where + w("colon") + error : error;
}
// a note for a few seconds (another phone's change, a hand recorded): it replaces the one before
// and fades; `id` names it for whoever waits for it (#recorded). It is kept as what it says (the
// key of its words and their values), so that a new language says it again (sayAgain)
let noticeTimer = null;
let noticed = null;  // the note on screen: {key, values}
function notice(key, values = {}, seconds = 5, id = null) {
  const box = $("notice");
  noticed = {key, values};
  box.replaceChildren(el("span", {id}, w(key, values)));
  box.classList.remove("fading");
  box.hidden = false;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => {
    box.classList.add("fading");
    noticeTimer = setTimeout(() => { box.hidden = true; box.replaceChildren(); noticed = null; }, 600);
  }, seconds * 1000);
}
// scroll `box` whole into view between the sticky top (title, totals) and the bottom bar, which
// both cover the page: a plain scrollIntoView left a question under the totals at 320 px
function reveal(box, block = "nearest") {
  const bar = $("bar");
  box.style.scrollMarginTop = $("top").offsetHeight + 6 + "px";
  box.style.scrollMarginBottom = (bar.hidden ? 0 : bar.offsetHeight) + 6 + "px";
  box.scrollIntoView({block});
}
// a question with its answers, asked in the page (never a browser dialog). `make()` gives them,
// [text, [[id, label, act, primary], ...]], in the page's language, and gives them again when the
// language changes; a question in the server's own sentence (`theirs`: said in the language
// before) is put away then instead
let asking = null;  // the question on screen: {make, theirs, version}
function ask(make, theirs = false, version = null) {
  asking = {make, theirs, version};
  drawQuestion();
  reveal($("ask"));
  $("ask").querySelector("button").focus();
}
function drawQuestion() {
  const box = $("ask");
  const [text, answers, more] = asking.make();
  // replaceChildren writes a null as the word "null": a question without more says nothing more
  box.replaceChildren(el("p", {id: "ask-text"}, text), ...(more ? [el("p", {id: "ask-more"}, more)] : []),
    el("p", {id: "ask-meanwhile", class: "muted", hidden: true}),
    el("div", {class: "answers"},
    answers.map(([id, label, act, primary]) => el("button", {class: "big" + (primary ? " primary" : ""), id,
      onclick: () => { asking = null; box.hidden = true; box.replaceChildren(); act(); }}, label))));
  box.hidden = false;
  drawMeanwhile();
}
// a poll while a question is open changes what is shown beside it, never what its answer will write:
// the question keeps the version it was built from, and says that the night has moved on since
function drawMeanwhile() {
  const line = $("ask-meanwhile");
  if (!line || !asking) return;
  const moved = asking.version !== null && state && state.version !== asking.version;
  line.hidden = !moved;
  line.textContent = moved ? w("meanwhile") : "";
}
// what is on screen said again after the page's language changed: the note, the question
function sayAgain() {
  if (noticed && !$("notice").hidden) $("notice").firstChild.textContent = w(noticed.key, noticed.values);
  drawPending();
  if (!asking || $("ask").hidden) return;
  if (!asking.theirs) { drawQuestion(); return; }
  asking = null;
  $("ask").hidden = true;
  $("ask").replaceChildren();
}
// what this phone keeps: the language, who it is, a hand half entered (by night file)
const kept = {
  get(key) { try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; } },
  set(key, value) {  // whether it was kept
    try {
      if (value === null || value === undefined) localStorage.removeItem(key);
      else localStorage.setItem(key, JSON.stringify(value));
      return true;
    } catch (e) { return false; /* a phone in private mode keeps nothing: the page still works */ }
  },
};
const nightKey = (what) => `meizhou-${what}:${state ? state.file : ""}`;
