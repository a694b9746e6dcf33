// A new night set up on the page as on the command line: players in seat order, stake, date, house
// rules (GET /api/rules), the seats and first dealer by the dice (GET /api/deal), and who this phone is.
"use strict";

let table = null;   // a new night's players, stake, date and rules, until its first hand is recorded
let presets = null; // GET /api/rules's presets, once asked (an older server has none: [])
let seated = null;  // the seats /api/deal drew: {East, South, West, North}

function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
async function loadPresets() {
  if (presets !== null) return;
  presets = [];
  try { presets = (await api("GET", "/api/rules")).presets || []; } catch (e) { presets = []; }
  if (state && !played(state) && !table) renderSetup();
}
function field(id, label, input) {
  return el("div", {class: "step"}, el("label", {class: "label", for: id}, label), input);
}

function renderSetup() {
  const box = $("setup");
  const typed = [0, 1, 2, 3].map((n) => ($("player" + n) || {}).value || "");
  box.replaceChildren();
  box.hidden = !(state && !played(state) && !table);
  if (box.hidden) return;
  loadPresets();
  const names = [0, 1, 2, 3].map((n) => el("input", {id: "player" + n, autocomplete: "off",
    value: typed[n], "aria-label": w("seat" + n)}));
  const seats = el("div", {class: "row4"}, names.map((input, n) =>
    el("label", {class: "seat"}, el("span", {}, w("seat" + n)), input)));
  const stake = el("input", {id: "stake", inputmode: "decimal", value: "1"});
  const date = el("input", {id: "date", type: "date", value: today()});
  box.append(el("h2", {}, w("setup")), el("div", {class: "step"}, el("div", {class: "label"}, w("players")), seats),
    field("stake", w("stake"), stake), field("date", w("date"), date));
  if (presets && presets.length) {
    box.append(field("rules", w("rules"), el("select", {id: "rules"},
      presets.map((p) => el("option", {value: p.id}, p.name)))));
  }
  const dice = el("input", {id: "dice", type: "number", inputmode: "numeric", min: "2", max: "12"});
  const drawn = el("p", {id: "seats-drawn", class: "muted", "aria-live": "polite"},
    seated ? w("seatsDrawn", seated) : "");
  box.append(field("dice", w("dice"), el("div", {class: "inline"}, dice,
    el("button", {class: "big", id: "deal", type: "button", onclick: () => deal(names, dice, drawn)}, w("deal")))),
    drawn);
  box.append(el("button", {class: "big primary", id: "start", onclick: async () => {
    // the four names checked by the rule the night's file is held to (GET /api/players), before
    // the first hand is entered: "Bee" and "bee" are one player, refused here, not at Record
    let players;
    try {
      players = (await api("GET", "/api/players?" + names.map((i) => "player="
        + encodeURIComponent(i.value)).join("&"))).players;
    } catch (e) { say(e.message); return; }
    const given = stake.value.trim() || "1";
    table = {players, stake: /^\d+(\.\d+)?$/.test(given) ? Number(given) : given,
             date: date.value || today()};
    const rules = $("rules");
    if (rules && rules.value !== "standard") table.rules = rules.value;
    say("");
    startHand();
    if (seated && players.includes(seated.East)) { editor.dealer = seated.East; renderEditor(); }
  }}, w("start")));
}

// the dice say who sits where: the first name typed throws, counts off, and the one it lands on is East
async function deal(names, dice, drawn) {
  const players = names.map((i) => i.value.trim());
  if (players.some((p) => !p)) { say(w("players")); return; }
  try {
    const answer = await api("GET", `/api/deal?seats=${encodeURIComponent(dice.value)}&players=`
      + players.map(encodeURIComponent).join(","));
    seated = answer.seats;
    ["East", "South", "West", "North"].forEach((seat, n) => { names[n].value = seated[seat]; });
    drawn.textContent = w("seatsDrawn", seated);
    say("");
  } catch (e) { say(e.message); }
}

// who this phone is: that player's column stands out; a tap on a total says "this is me" (again: not me)
function me() { return kept.get(nightKey("me")); }
function toggleMe(name) {
  kept.set(nightKey("me"), me() === name ? null : name);
  render();
}
