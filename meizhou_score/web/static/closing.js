// "Close the night" (docs/web.md): each player's gold on the table checked against the night by
// reconcile's own search on the laptop; when they differ, its explanations in the player's words,
// the hands named, and one tap amends the night with one, against the version the player checked
// (If-Match: a night changed since is refused, 412, and checked again).
"use strict";

let closing = null;  // the panel open: {answer: the last check, typed: {name: text as typed}}
let closeTimer = null;

// a count as typed, as JSON: its digits as written (exact, never through a float), a sign or
// digits typed full-width read as ASCII; anything else sent as the text it is, which the laptop
// refuses in the player's words, naming the player
function heldJson(typed) {
  const text = String(typed).trim().replace(/[０-９．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/^[−－]/, "-").replace(/^[+＋]/, "");
  return /^-?\d+(\.\d+)?$/.test(text) ? text : JSON.stringify(String(typed));
}
function heldBody(typed, extra = "") {
  const parts = Object.entries(typed).filter(([, v]) => String(v).trim() !== "")
    .map(([name, v]) => JSON.stringify(name) + ":" + heldJson(v));
  return '{"held":{' + parts.join(",") + "}" + extra + "}";
}

async function openClosing() {
  closing = {answer: null, typed: {}};
  renderClosing();
  reveal($("closing"));
  await askClosing("GET");  // the counts other phones sent already
}
function closeClosing() {
  closing = null;
  clearTimeout(closeTimer);
  renderClosing();
}

// the check: the counts typed here sent (POST), or those kept on the laptop asked for (GET)
async function askClosing(method) {
  if (!closing) return;
  clearTimeout(closeTimer);
  let answer;
  try {
    answer = method === "POST"
      ? await api("POST", "/api/reconcile", undefined, {raw: heldBody(closing.typed)})
      : await api("GET", "/api/reconcile");
  } catch (e) {
    say(placed(e.where, e.message));
    return;
  }
  if (!closing) return;
  if (method === "POST") say("");
  for (const [name, amount] of Object.entries(answer.held_text || {})) closing.typed[name] = amount;
  closing.answer = answer;
  renderClosing();
  // waiting for other phones' counts: asked again, as the sheet is, until every count is in
  if (answer.waiting && answer.waiting.length) closeTimer = setTimeout(() => askClosing("GET"), 1500);
}

async function applyExplanation(rank) {
  const answer = closing.answer;
  let done;
  try {
    done = await api("POST", "/api/reconcile/apply", undefined,
      {version: answer.version, raw: heldBody(answer.held_text, ',"explanation":' + rank)});
  } catch (e) {
    if (e.status === 412 && e.data && e.data.night) {  // nothing written: the night as it is now
      state = e.data.night; etag = null; render();
      say(e.message + " " + w("closeChanged"));
      await askClosing("GET");
      return;
    }
    say(placed(e.where, e.message));
    return;
  }
  say("");
  etag = null; state = done; render();
  notice("closeApplied", {k: rank}, 5, "close-applied");
  if (closing) { closing.answer = done.reconcile; renderClosing(); }
}

function renderClosing() {
  const box = $("closing");
  if (!closing || !played(state)) { box.hidden = true; box.replaceChildren(); return; }
  const answer = closing.answer;
  const fields = state.players.map((name, i) => el("label", {class: "seat", for: "held-" + i},
    el("span", {}, name + (me() === name ? " " + w("closeMine") : "")),
    el("input", {id: "held-" + i, "data-held": name, type: "text", inputmode: "decimal", autocomplete: "off",
      value: closing.typed[name] || "", oninput: (e) => { closing.typed[name] = e.target.value; }})));
  const out = [el("h2", {}, w("closeNight")), el("p", {class: "muted"}, w("closeAsk")),
    el("div", {class: "row4"}, fields),
    el("div", {class: "answers"},
      el("button", {class: "big primary", id: "close-check", onclick: () => askClosing("POST")}, w("closeCheck")),
      el("button", {class: "big", id: "close-cancel", onclick: closeClosing}, w("cancel")))];
  if (answer && answer.waiting && answer.waiting.length) {
    out.push(el("p", {id: "close-waiting"}, w("closeWaiting", {names: answer.waiting.join(w("closeNamesSep"))})));
  } else if (answer) {
    out.push(el("div", {id: "close-result", class: answer.matches ? "matches" : "differs"},
      answer.said.map((line) => el("p", {class: "said"}, line)),
      answer.matches || !answer.explanations.length ? null : el("ol", {id: "explanations"},
        answer.explanations.map((one) => el("li", {"data-rank": one.rank}, el("span", {}, one.said),
          answer.exact ? el("button", {class: "big", "data-apply": one.rank,
            onclick: () => applyExplanation(one.rank)}, w("closeApply")) : null)))));
  }
  box.replaceChildren(...out);
  box.hidden = false;
}
