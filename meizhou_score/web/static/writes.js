// The page's writes (docs/web.md): a hand recorded or amended, the last hand taken back. Each names
// the version of the night the player decided on: the one the editor was begun on, or the question
// was built from, never a later poll's. A write the night has moved past (412) is told, what changed
// and where, and asked again; one the laptop did not answer is kept on this phone and sent again,
// with the same version, when it answers.
"use strict";

let waiting;  // the write kept on this phone until the laptop answers (undefined: not read yet)
let sending = false;

// a hand's write, as the open editor has it: the version it was begun on, the hand as entered, and
// the preview's row the player saw (what a write asked again is compared with)
function handWrite() {
  const number = editor.amend;
  return {kind: number ? "amend" : "add", method: number ? "PUT" : "POST",
    path: number ? "/api/hands/" + number : "/api/hands", body: handOf(), version: editor.base,
    number, hands: editor.hands, editor: {...editor, preview: null}, table,
    row: editor.preview && editor.preview.row ? editor.preview.row : null};
}
function record() { return send(handWrite()); }

// the last hand taken back: the hand the question named, at the version it was asked on
function undoWrite(night, hand) {
  return {kind: "undo", method: "DELETE", path: "/api/hands/last?hand=" + hand, version: night.version,
    number: hand, hands: night.sheet.length};
}
function undoQuestion(row) {
  const gain = Math.max(...Object.values(row.changes).map(Number));
  const what = gain > 0 ? row.brief + w("sep") + "+" + gain : row.brief;  // a few words: 荒莊
  return w("undoAsk", {n: row.hand, what});
}
function undo() {
  const night = state;
  const hand = night.sheet.length;
  ask(() => {  // the row as that night says it: in a new language (the same version), in that one
    const seen = state && state.version === night.version ? state : night;
    return [undoQuestion(seen.sheet[hand - 1]), [
      ["undo-yes", w("undoYes"), () => send(undoWrite(night, hand)), true],
      ["undo-no", w("undoNo"), () => {}]]];
  }, false, night.version);
}

async function send(write) {
  let done;
  try {
    done = await api(write.method, write.path, write.body, {version: write.version});
  } catch (e) {
    if (e.offline) { hold(write); return; }
    letGo(write);
    if (e.status === 412) { conflict(e, write); return; }
    if (write.held) {  // refused when sent again: said plainly, the hand back in the editor
      if (write.editor && !editor) { editor = {...write.editor}; table = write.table; keepDraft(); render(); }
      say(w("notRecordedWhy", {why: placed(e.where, e.message)}));
    } else say(placed(e.where, e.message));
    return;
  }
  letGo(write);
  if (write.kind === "undo") {
    notice("takenBack", {n: done.taken_back ? done.taken_back.hand : write.number});
  } else {
    if (!write.held) { editor = null; table = null; keepDraft(); }
    notice(write.number ? "amended" : "recorded", {n: write.number || done.hand}, 5, "recorded");
  }
  if (table && played(done)) table = null;
  say("");
  if (done.version && "exists" in done) { etag = null; state = done; render(); } else await refresh(true);
}

// the laptop did not answer: the write is kept on this phone (the hand leaves the editor) and sent
// when the laptop answers; a phone that cannot keep it says that it was not recorded
function hold(write) {
  if (waiting && waiting !== write) { say(w("oneHeld")); return; }
  const first = !write.held;  // sent again: the editor open now is another hand's
  write.held = true;
  if (!kept.set(nightKey("held"), write)) { waiting = null; say(w("notRecorded")); return; }
  waiting = write;
  if (first && write.editor && editor) { editor = null; keepDraft(); }
  showOffline(true);
  render();
}
function letGo(write) {
  if (waiting && (waiting === write || write.held)) { waiting = null; kept.set(nightKey("held"), null); }
}
async function sendHeld() {
  if (!waiting || sending || !state) return;
  sending = true;
  try { await send(waiting); } finally { sending = false; }
}
function drawPending() {
  const box = $("held");
  const write = waiting;
  box.hidden = !write;
  if (!write) { box.replaceChildren(); return; }
  const key = {add: "heldAdd", amend: "heldAmend", undo: "heldUndo"}[write.kind];
  box.replaceChildren(el("span", {id: "held-text"}, w(key, {n: write.number})),
    el("button", {class: "big", id: "held-drop", onclick: dropHeld}, w("dontSend")));
}
function dropHeld() {  // not sent: the hand back in the editor, where Cancel drops it
  const write = waiting;
  letGo(write);
  if (write && write.editor && !editor) { editor = {...write.editor}; table = write.table; keepDraft(); }
  render();
}

// what changed since the write's version, in the page's words
function changeSaid(kind, hand, what) {
  if (kind === "recorded") return w("changeRecorded", {n: hand, what});
  if (kind === "taken_back") return w("changeTakenBack", {n: hand});
  if (kind === "amended") return w("changeAmended", {n: hand, what});
  if (kind === "created") return w("changeCreated");
  return w("changeOther");
}
// does the hand another phone recorded look like this one: both draws, or the same winner and way
function looksSame(row, body) {
  const was = row && row.record;
  if (!was) return false;
  if (was.draw || body.draw) return Boolean(was.draw && body.draw);
  return was.winner === body.winner && was.win_type === body.win_type;
}

// a write refused because the night changed since its version (412): the night as it is now, what
// changed, and the question again, built from that night (its answer names that night's version)
function conflict(e, write) {
  if (e.data && e.data.night) { state = e.data.night; etag = null; }
  const night = state;
  const at = basedOn(night);
  let {kind, hand} = (e.data && e.data.changed) || {};
  // a server started again since the version was seen remembers none of it ("changed"): a night
  // with one hand more than the write saw is told as that hand recorded
  if (kind === "changed" && write.kind === "add" && at.hands === write.hands + 1) {
    [kind, hand] = ["recorded", write.hands + 1];
  }
  // a hand entered on a night with hands, refused by a night without any (its link re-pointed to a
  // night not set up, the file emptied): entered for another table, so dropped, as after "created"
  const gone = write.kind !== "undo" && write.editor && write.editor.played && !at.played;
  if (gone) { editor = null; keepDraft(); }
  else if (write.kind !== "undo") { editor = {...write.editor, preview: null}; table = write.table; keepDraft(); }
  if (table && at.played) table = null;
  render();
  const seen = () => (state && state.version === night.version ? state : night);
  const row = (n) => (played(seen()) && seen().sheet[n - 1]) || null;
  const change = () => changeSaid(kind, hand, row(hand) ? row(hand).brief : "");
  const q = (make) => ask(make, false, night.version);
  const next = (key) => w(key, {n: at.hands + 1})  // the number and dealer the answer writes
    + (seen().next_dealer ? w("sep") + w("deals", {name: seen().next_dealer}) : "");
  const drop = () => { editor = null; keepDraft(); render(); };
  if (write.kind === "undo") {
    q(() => {
      const last = played(seen()) ? seen().sheet[seen().sheet.length - 1] : null;
      if (!last) return [change(), [["conflict-drop", w("ok"), () => {}]]];
      return [change(), [["undo-yes", w("undoYes"), () => send(undoWrite(night, last.hand)), true],
        ["undo-no", w("undoNo"), () => {}]], undoQuestion(last)];
    });
  } else if (write.kind === "add" && (kind === "created" || gone)) {
    editor = null; keepDraft(); render();
    q(() => [change(), [["conflict-again", w("enterHere"), () => startHand(), true],
      ["conflict-drop", w("cancel"), () => {}]]]);
  } else if (write.kind === "add" && kind === "recorded" && looksSame(row(hand), write.body)) {
    q(() => [w(write.held ? "sameHandHeld" : "sameHand", {n: hand}), [
      ["same-yes", w("sameYes"), drop, true],
      ["same-no", next("sameNo"), () => again(write, at)]], change()]);
  } else if (write.kind === "add") {
    q(() => [change(), [["conflict-again", next("recordAs"), () => again(write, at), true],
      ["conflict-drop", w("notNow"), () => {}]], w("stillRecord", {n: at.hands + 1})]);
  } else if (write.number > at.hands) {
    q(() => [change(), [["conflict-drop", w("ok"), drop]], w("nothingToAmend", {n: write.number})]);
  } else if (kind === "amended" && hand === write.number) {
    q(() => [change(), [["amend-theirs", w("openTheirs", {n: hand}), () => amend(hand), true],
      ["amend-mine", w("writeMine"), () => again(write, at)],
      ["conflict-drop", w("notNow"), () => {}]], w("amendOver")]);
  } else {
    q(() => [change(), [["conflict-again", w("amendAgain", {n: write.number}), () => again(write, at), true],
      ["conflict-drop", w("notNow"), () => {}]], w("stillAmend", {n: write.number})]);
  }
}

// the player answered the question: the hand is written on the night the question was built from. A
// draw goes at once (the answer named its number and dealer); a win once its preview there settles
// as the one the player saw, else the new preview is shown and Record waits for a tap
async function again(write, at) {
  if (!editor) return;
  Object.assign(editor, at, {preview: null});
  keepDraft();
  renderEditor();
  if (editor.draw) { await record(); return; }
  const answer = await previewNow();
  if (!answer || !editor) return;
  const was = write.row;
  const same = answer.row && !answer.error && !answer.disputed && was && answer.row.dealer === was.dealer
    && JSON.stringify(answer.row.changes) === JSON.stringify(was.changes);
  if (same) await record(); else say(w("checkPreview"));
}
