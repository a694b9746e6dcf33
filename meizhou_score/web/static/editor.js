// A hand, in the order a table tells it: who won, how, the tiles (whole sets in one tap), the winning
// tile on its own row. A hand half entered is kept in the phone and comes back after a reload.
"use strict";

let editor = null;  // the hand being entered (or amended)

function blankHand() {
  return {amend: null, winner: null, draw: false, how: null, robbed: null, groups: [], winning: null,
          robbedFrom: null, pungs: [], kongs: [], kong: null, mode: null, tab: "sets", dealer: null, preview: null,
          ...basedOn(state)};
}
// the night a hand is entered on: its version (what Record's write names), whether it had a hand,
// its next dealer and how many hands it held. A poll while the editor is open changes none of them
function basedOn(night) {
  return {base: night ? night.version : "0", played: played(night),
          nextDealer: (night && night.next_dealer) || null, hands: played(night) ? night.sheet.length : 0};
}
function startHand() {
  editor = blankHand();
  $("extra").replaceChildren();
  render();
  reveal($("editor"), "start");
}
// an old hand opens as it was written (its row's "record"); an older server without it: who and how only
function amend(number) {
  const row = state.sheet[number - 1];
  const was = row.record || state.hands[number - 1] || {};
  editor = blankHand();
  const hand = was.hand || {};
  Object.assign(editor, {amend: number, dealer: was.dealer || row.dealer, draw: Boolean(was.draw),
    winner: was.winner || null, how: was.win_type || null, robbed: was.robbed || null,
    robbedFrom: was.robbed_from || null,  // a kong from a discard robbed (robbable_kongs: open): kept
    groups: groupsOf(hand.concealed), winning: hand.winning_tile || null,
    pungs: [].concat(hand.pungs || []).map((p) => groupsOf(p)[0][0]),
    kongs: (was.kongs || []).map((k) => ({...k}))});
  $("extra").replaceChildren();
  render();
  reveal($("editor"), "start");
  previewSoon();
}
// the players the hand is entered for: a new night's own table while it is being set up, even after
// a poll shows the night set up on another phone (Record is then asked, 412 "created")
function players() {
  return (editor && !editor.played && table) || !played(state) ? table.players : state.players;
}
function needsDealer() {
  if (!editor.played) return true;
  return editor.amend === null && !editor.nextDealer;
}
const concealed = () => editor.groups.flat();
function held() {
  const count = Object.fromEntries(TILES.map((t) => [t, 0]));
  for (const t of concealed()) count[t] += 1;
  for (const t of editor.pungs) count[t] += 3;
  for (const k of editor.kongs) count[k.tile] += 4;
  if (editor.how === "robbed_kong" && editor.winning) count[editor.winning] += 3;
  return count;
}
function size() {
  const own = editor.kongs.filter((k) => k.player === editor.winner).length;
  return concealed().length + 3 * (editor.pungs.length + own);
}
function changed() { editor.preview = null; keepDraft(); renderEditor(); previewSoon(); }
function choice(label, options, current, pick, attr, then = null) {
  return el("div", {class: "step", role: "group", "aria-label": label}, el("div", {class: "label"}, label),
    options.map(([value, text]) => el("button", {class: "big", "aria-pressed": String(current === value),
      [attr]: value, onclick: () => { pick(value); changed(); if (then) then(); }}, text)));
}

function renderEditor() {
  const box = $("editor");
  box.replaceChildren();
  box.hidden = !editor;
  renderBar();
  if (!editor) return;
  const names = players();
  box.append(el("h2", {}, editor.amend ? w("amendNumber", {n: editor.amend}) : w("newHand")));
  if (state && state.version !== editor.base) {  // beside the hand, not in what Record will write
    box.append(el("p", {id: "meanwhile", class: "muted", role: "status"}, w("meanwhile")));
  }
  if (needsDealer() || editor.amend) {
    box.append(choice(w("dealer"), names.map((p) => [p, p]), editor.dealer, (v) => { editor.dealer = v; }, "data-dealer"));
  }
  box.append(choice(w("whoWon"), [...names.map((p) => [p, p]), ["__draw", w("draw")]],
    editor.draw ? "__draw" : editor.winner, (v) => {
      editor.draw = v === "__draw"; editor.winner = editor.draw ? null : v;
      if (editor.robbed === editor.winner) editor.robbed = null;
    }, "data-winner"));
  if (editor.winner) {
    box.append(choice(w("how"), [["self_draw", w("selfDraw")], ["kong_bloom", w("kongBloom")],
      ["robbed_kong", w("robbedKong")]], editor.how, (v) => { editor.how = v; }, "data-how",
      // the tiles' step, just opened, shown above the bottom bar (at 320 px its hint was under it)
      () => reveal($("count").parentElement)));
    if (editor.how === "robbed_kong") {
      box.append(choice(w("whoseRobbed"), names.filter((p) => p !== editor.winner).map((p) => [p, p]),
        editor.robbed, (v) => { editor.robbed = v; }, "data-robbed"));
    }
  }
  const tiles = editor.winner && editor.how;
  if (tiles) box.append(chips(), winningRow());
  if (editor.kongs.length) {  // every player's kongs in their own row, apart from the winner's hand
    box.append(el("div", {class: "step"}, el("div", {class: "label"}, w("kongs")),
      el("div", {class: "chips", id: "kong-chips"}, kongChips())));
  }
  if (editor.kong) box.append(kongSteps(names));
  if (tiles || editor.kong) box.append(keyboard());
  if (editor.winner || editor.draw) {
    const tools = el("div", {class: "step"});
    if (tiles) {
      tools.append(el("button", {class: "big", id: "add-pung", "aria-pressed": String(editor.mode === "exposed"),
        onclick: () => { editor.mode = editor.mode === "exposed" ? null : "exposed"; editor.kong = null; renderEditor(); }},
        w("pung")));
    }
    tools.append(el("button", {class: "big", id: "add-kong", "aria-pressed": String(editor.mode === "kong"),
      onclick: () => {
        editor.kong = editor.mode === "kong" ? null : {}; editor.mode = editor.kong ? "kong" : null; renderEditor();
      }}, w("kong")));
    box.append(tools);
  }
}

// the hand as chips: a tap on one takes that tile or set back
function chips() {
  const label = w("tiles") + " · " + w("count", {n: size()});
  const list = editor.groups.map((g, i) => el("button", {class: "chip", "data-group": notation(g),
    onclick: () => {
      editor.groups.splice(i, 1);
      if (!concealed().includes(editor.winning)) editor.winning = null;
      changed();
    }}, setLabel(g) + " ✕"));
  const exposed = editor.pungs.map((t, i) => el("button", {class: "chip exposed", "data-pung": t,
    onclick: () => { editor.pungs.splice(i, 1); changed(); }}, w("pungShort") + " " + setLabel([t, t, t]) + " ✕"));
  return el("div", {class: "step"}, el("div", {class: "label", id: "count"}, label),
    el("div", {class: "chips", id: "hand-tiles"}, list, exposed,
      list.length + exposed.length ? null : el("span", {class: "muted"}, w("tapSets"))));
}
function kongChips() {
  return editor.kongs.map((k, i) => el("button", {class: "chip exposed", "data-kong": k.tile,
    onclick: () => { editor.kongs.splice(i, 1); changed(); }},
    `${k.player} ${w(k.type)} ${setLabel([k.tile])}` + (k.from ? ` ← ${k.from}` : "") + " ✕"));
}
function winningRow() {
  const tiles = [...new Set(concealed())].sort((a, b) => TILES.indexOf(a) - TILES.indexOf(b));
  return el("div", {class: "step", role: "group", "aria-label": w("winningTile")},
    el("div", {class: "label"}, w("winningTile")),
    el("div", {class: "chips", id: "winning"}, tiles.length ? tiles.map((t) => el("button", {class: "chip",
      "data-win": t, "aria-pressed": String(editor.winning === t),
      onclick: () => { editor.winning = editor.winning === t ? null : t; changed(); }}, setLabel([t])))
      : el("span", {class: "muted"}, "—")));
}

function kongSteps(names) {
  const k = editor.kong;
  const box = el("div", {class: "step", id: "kong-steps"});
  box.append(choice(w("kongWhose"), names.map((p) => [p, p]), k.player, (v) => { k.player = v; }, "data-kong-player"));
  box.append(choice(w("kongType"), [["concealed", w("concealed")], ["added", w("added")], ["exposed", w("exposed")]],
    k.type, (v) => { k.type = v; }, "data-kong-type"));
  if (k.type === "exposed" && k.player) {
    box.append(choice(w("kongFrom"), names.filter((p) => p !== k.player).map((p) => [p, p]), k.from,
      (v) => { k.from = v; }, "data-kong-from"));
  }
  return box;
}

// the keys: runs and pairs (one tap a set), pungs, single tiles; a kong's or an exposed pung's tile
function keyboard() {
  const count = held();
  const room = 14 - size();
  const key = (tiles, attrs, extra = "") => el("button", {class: "key " + tiles[0][1] + extra, ...attrs,
    disabled: tiles.some((t) => count[t] + tiles.filter((u) => u === t).length > 4)
      || (!editor.mode && tiles.length > room) || undefined,
    onclick: () => tap(tiles)}, setLabel(tiles));
  const blank = () => el("span", {class: "gap", "aria-hidden": "true"});
  const box = el("div", {class: "step"});
  if (editor.mode) {
    const n = editor.mode === "kong" ? 4 : 3;
    box.append(el("div", {class: "label"}, editor.mode === "kong" ? w("kongTile") : w("pungMode")),
      el("div", {class: "keyboard cols4", id: "keyboard"}, rankRows((t) => t
        ? key(Array(n).fill(t), {"data-tile": t}) : blank())));
    return box;
  }
  const tabs = [["sets", w("tabSets")], ["pungs", w("tabPungs")], ["tiles", w("tabTiles")]];
  box.append(el("div", {class: "tabs", role: "group", "aria-label": w("tapSets")}, tabs.map(([id, label]) =>
    el("button", {class: "big tab", id: "tab-" + id, "aria-pressed": String(editor.tab === id),
      onclick: () => { editor.tab = id; keepDraft(); renderEditor(); }}, label))));
  let keys;
  if (editor.tab === "sets") {  // row r: the runs r..r+2 of each suit, then the pairs of rank r
    keys = [];
    for (let r = 1; r <= 9; r++) {
      for (const s of SUITS) {
        keys.push(r <= 7 ? key([r + s, r + 1 + s, r + 2 + s], {"data-set": `${r}${r + 1}${r + 2}${s}`}) : blank());
      }
      for (const s of [...SUITS, "z"]) {
        keys.push(s === "z" && r > 7 ? blank() : key([r + s, r + s], {"data-set": `${r}${r}${s}`}, " pair"));
      }
    }
    box.append(el("div", {class: "keyboard cols7", id: "keyboard"}, keys));
  } else {
    const n = editor.tab === "pungs" ? 3 : 1;
    box.append(el("div", {class: "keyboard cols4", id: "keyboard"}, rankRows((t) => t
      ? key(Array(n).fill(t), n === 1 ? {"data-tile": t} : {"data-set": t[0].repeat(3) + t[1]}) : blank())));
  }
  return box;
}
// a column a suit (萬 筒 條 字), a row a rank: 36 places, the last two of 字 empty
function rankRows(make) {
  const out = [];
  for (let r = 1; r <= 9; r++) for (const s of [...SUITS, "z"]) out.push(make(s === "z" && r > 7 ? null : r + s));
  return out;
}

function tap(tiles) {
  if (editor.mode === "exposed") {
    editor.pungs.push(tiles[0]);
    editor.mode = null;
  } else if (editor.mode === "kong") {
    const k = editor.kong;
    if (!k.player || !k.type || (k.type === "exposed" && !k.from)) { say(w("kongWhose") + " " + w("kongType")); return; }
    editor.kongs.push({player: k.player, type: k.type, tile: tiles[0], ...(k.type === "exposed" ? {from: k.from} : {})});
    editor.kong = null;
    editor.mode = null;
  } else {
    editor.groups.push(tiles);
  }
  say("");
  changed();
}

function ready() {
  if (!editor || ((needsDealer() || editor.amend) && !editor.dealer)) return false;
  if (editor.draw) return true;
  return Boolean(editor.winner && editor.how && (editor.how !== "robbed_kong" || editor.robbed)
    && size() === 14 && editor.winning && editor.preview && editor.preview.row
    && !editor.preview.error && !editor.preview.disputed);
}

function handOf() {
  const hand = {};
  if (editor.amend || (needsDealer() && editor.dealer)) hand.dealer = editor.dealer;  // an amended hand keeps its dealer
  if (editor.draw) {
    hand.draw = true;
  } else {
    Object.assign(hand, {winner: editor.winner, win_type: editor.how});
    if (editor.how === "robbed_kong") hand.robbed = editor.robbed;
    // an amended hand keeps the discarder of a robbed kong from a discard while it still can be one
    if (editor.how === "robbed_kong" && editor.robbedFrom
        && ![editor.robbed, editor.winner].includes(editor.robbedFrom)) hand.robbed_from = editor.robbedFrom;
    hand.hand = {concealed: editor.groups.map(notation).join(" "), winning_tile: editor.winning};
    if (editor.pungs.length) hand.hand.pungs = editor.pungs.map((t) => t[0].repeat(3) + t[1]);
  }
  if (editor.kongs.length) hand.kongs = editor.kongs;
  if (!editor.played && table) hand.table = table;
  return hand;
}

function previewBox(names) {
  const p = editor.preview;
  if (p.error) {
    return el("div", {class: "preview refused", id: "preview", role: "status"}, placed(p.where, p.error));
  }
  const why = [...(p.why || []), ...(p.why && p.why.length ? [] : p.row.errors || [])];
  // a name and its amount, a dealer and "deals", each kept on one line (never "Lan / -20")
  const whole = (text) => el("span", {class: "whole"}, text);
  const each = names.map((n) => [whole(`${n} ${money(p.row.changes[n])}`), " · "]).flat().slice(0, -1);
  // a hand the table refuses pays nothing: no row of noughts that reads as money
  return el("div", {class: "preview" + (p.disputed ? " refused" : ""), id: "preview", role: "status"},
    el("div", {}, clause(p.row.what) + w("sep"), whole(w("deals", {name: p.row.dealer}))),
    p.disputed ? null : el("div", {class: "changes"}, each),
    p.disputed ? el("ul", {id: "why"}, why.map((e) => el("li", {}, tilesSaid(e)))) : null);
}
// a sentence continued after a comma: its full stop goes ("…kongs included (R9), Mei deals")
const clause = (text) => String(text).replace(/[.。]$/, "");
// tiles in a sentence as the page shows them elsewhere: 13579m2468p → 1m 3m 5m 7m 9m 2p 4p 6p 8p
function tilesSaid(text) {
  return String(text).replace(/\b(?:\d+[mpsz])+\b/g, (run) => [...run.matchAll(/(\d+)([mpsz])/g)]
    .flatMap(([, digits, suit]) => [...digits].map((d) => setLabel([d + suit]))).join(" "));
}

let previewTimer = null;
let previewAsked = 0;  // previews asked: an answer to one asked before the last tap is not shown
// what the hand would write, asked a moment after the last tap: a win once its tiles are in, a draw
// too (the preview names the hand's dealer)
function previewable() {
  if (!editor || (!editor.draw && (size() !== 14 || !editor.winning))) return false;
  if (!editor.draw && editor.how === "robbed_kong" && !editor.robbed) return false;
  return !((needsDealer() || editor.amend) && !editor.dealer);
}
function previewSoon() {
  clearTimeout(previewTimer);
  previewAsked += 1;
  if (!previewable()) return;
  previewTimer = setTimeout(previewNow, 150);
}
async function previewNow() {
  if (!previewable()) return null;
  const asked = editor, number = ++previewAsked;
  const body = handOf();
  // a server that keeps each hand's record judges an amendment in its place ("amend": N)
  if (editor.amend && state.sheet[0] && "record" in state.sheet[0]) body.amend = editor.amend;
  let answer;
  try { answer = await api("POST", "/api/preview", body); } catch (e) {
    answer = {error: e.message, where: e.where, offline: e.offline};
    if (e.offline) showOffline(true);
  }
  if (editor !== asked || number !== previewAsked) return null;  // recorded, cancelled, changed since
  editor.preview = answer;
  renderEditor();
  return answer;
}

// the half-entered hand, kept by night file; back after a reload or a laptop's restart
function keepDraft() {
  if (!state) return;
  kept.set(nightKey("draft"), editor ? {editor: {...editor, preview: null}, table} : null);
}
function restoreDraft() {
  const draft = kept.get(nightKey("draft"));
  if (!draft || !draft.editor || editor) return;
  if (!played(state) && !draft.table) return;
  if (draft.editor.amend && draft.editor.amend > state.sheet.length) return;
  editor = {...blankHand(), ...draft.editor};  // on the night it was begun on (a draft older than
  // the page's versions: the night as it is now)
  if (!played(state)) table = draft.table;
  previewSoon();
}
