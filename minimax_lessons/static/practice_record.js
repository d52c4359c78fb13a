// A saved practice page's own record of learning, kept in this browser (localStorage).
//
// practice.py writes this file into the page before the lines that start practice.js:
//   const record = practiceRecord.open(dataText);   // the page's data (JSON text)
//   model.send = record.note;                       // practice.js tells it what it judged
//   model.keep = record.keep;                       // ... and the tree in progress
//   model.resume = record.resume;                   // ... which it shows again on reload
//   record.panel(element);                          // a small panel after that element
// record.data is the page's data starting at the level this browser's record of the page
// got to, so a page opened again goes on where it stopped: with the tree it showed, as
// far as it was answered. The record holds that level, that tree's progress, the trees
// done, and the last answers (right or wrong, the likely mistakes' ids). Nothing leaves
// the browser; where localStorage cannot be used, the page works and forgets.
//
// The same page may be open in two tabs, or opened again while the browser still hands
// the last writes over: each change is made to the record as stored at that moment (read,
// changed, written in one go), never by writing back a copy read earlier, so no tab's
// answers or trees replace another's; the panel follows what other tabs write.

const practiceRecord = (() => {
  const KEEP = 500;       // answers kept, the oldest dropped first
  const NAMED_SHOWN = 5;  // mistakes listed in the panel
  const NOT_NAMED = new Set(["wrong", "bad-answer", "not-answered"]);
  const CSS = `
.mmp-record { margin: 12px 0; padding: 8px 12px; border: 1px solid #888; border-radius: 4px;
              font-family: Helvetica, Arial, sans-serif; font-size: 15px; max-width: 60em; }
.mmp-record h2 { font-size: 1em; margin: 0 0 4px 0; }
.mmp-record p, .mmp-record ul { margin: 4px 0; }
.mmp-record button { font-size: 14px; }`;

  // The mistake ids of an answer: its list of ids; a record kept before the ids were a
  // list holds them in one text, "a or b", split here.
  function idsOf(answer) {
    if (Array.isArray(answer.diagnoses)) return answer.diagnoses.map(String);
    return answer.diagnosis ? String(answer.diagnosis).split(" or ") : [];
  }

  function storage() {
    try {
      const s = window.localStorage;
      s.getItem("minimax-lessons");  // some browsers refuse only on use
      return s;
    } catch (error) { return null; }
  }

  function empty() { return { level: null, trees: 0, answers: [], progress: null }; }

  function open(dataText) {
    const data = JSON.parse(dataText);
    const start = data.level;
    const key = `minimax-lessons:practice:${data.kind}:` +
      (data.pruneTies === false ? "ties-do-not-prune" : "ties-prune");
    const store = storage();
    let record = load();
    let box = null;  // the panel, once made

    function load() {
      try {
        const found = JSON.parse(store.getItem(key));
        if (found && Array.isArray(found.answers)) return { ...empty(), ...found };
      } catch (error) { /* no record, or not one of ours: start afresh */ }
      return empty();
    }

    // Whether the store holds this page's last change: while it does, a change starts from
    // the store (where other tabs' changes are); once a write failed (storage full), from
    // this page's own copy, which then holds what the store lacks.
    let stored = !!store;

    function save() {
      try {
        if (store) { store.setItem(key, JSON.stringify(record)); return true; }
      } catch (error) { /* full */ }
      return false;
    }

    // Make a change to the record as it stands now, and keep it.
    function change(how) {
      if (stored) record = load();
      how(record);
      stored = save();
    }

    if (Number.isInteger(record.level) && record.level >= 1 && record.level <= data.levels.length) {
      data.level = record.level;
    }

    function note(message) {
      if (!message) return;
      if (message.type === "answer") {
        change((r) => {
          r.answers.push({ time: Date.now(), right: !!message.right,
                           diagnoses: idsOf(message), level: message.level });
          if (r.answers.length > KEEP) r.answers.splice(0, r.answers.length - KEEP);
        });
      } else if (message.type === "tree") {
        change((r) => { r.trees += 1; r.level = message.level; });
      } else {
        return;
      }
      draw();
    }

    // The tree in progress (practice.js's snapshot), kept with the record.
    function keep(snapshot) {
      change((r) => { r.progress = snapshot; });
    }

    function resume() { return record.progress || null; }

    function clear() {
      record = empty();
      try { if (store) store.removeItem(key); } catch (error) { /* nothing to remove */ }
      stored = !!store;
      draw(`Cleared. Opened again, this page starts at level ${start}.`);
    }

    // Another tab of this page changed (or cleared) the record: show it.
    if (store) {
      window.addEventListener("storage", (event) => {
        if (event.storageArea !== store || (event.key !== key && event.key !== null)) return;
        if (stored) record = load();
        draw();
      });
    }

    // [name, times, last time] of each named mistake, the most recent first.
    function mistakes() {
      const seen = new Map();
      for (const a of record.answers) {
        if (a.right) continue;
        for (const id of idsOf(a)) {
          if (NOT_NAMED.has(id)) continue;
          const m = seen.get(id) || [id.replace(/-/g, " "), 0, 0];
          m[1] += 1;
          m[2] = Math.max(m[2], a.time);
          seen.set(id, m);
        }
      }
      return [...seen.values()].sort((a, b) => b[2] - a[2]);
    }

    function when(time) {
      const d = new Date(time);
      const today = new Date().toDateString() === d.toDateString();
      return today ? `today ${d.toTimeString().slice(0, 5)}` : d.toDateString();
    }

    function draw(news) {
      if (!box) return;
      const answers = record.answers;
      const right = answers.filter((a) => a.right).length;
      const level = record.level || start;
      box.querySelector(".mmp-record-summary").textContent = !store
        ? "This browser keeps no record here (its storage is off): practice works, and forgets."
        : answers.length || record.trees
          ? `${answers.length} answer${answers.length === 1 ? "" : "s"}, ${right} right; ` +
            `${record.trees} tree${record.trees === 1 ? "" : "s"} done; level ${level} of ` +
            `${data.levels.length} reached.`
          : "Nothing recorded yet: your answers on this page will be remembered in this browser.";
      const list = box.querySelector(".mmp-record-mistakes");
      list.innerHTML = "";
      for (const [name, times, last] of mistakes().slice(0, NAMED_SHOWN)) {
        const item = document.createElement("li");
        item.textContent = `${name}: ${times} time${times === 1 ? "" : "s"}, last ${when(last)}`;
        list.appendChild(item);
      }
      list.hidden = !list.children.length;
      box.querySelector(".mmp-record-news").textContent = news || "";
    }

    function panel(after) {
      const style = document.createElement("style");
      style.textContent = CSS;
      document.head.appendChild(style);
      box = document.createElement("section");
      box.className = "mmp-record";
      box.setAttribute("aria-label", "Your record in this browser");
      box.innerHTML = `
        <h2>Your record in this browser</h2>
        <p class="mmp-record-summary"></p>
        <ul class="mmp-record-mistakes" aria-label="Likely mistakes you made here"></ul>
        <p class="mmp-record-news" role="status" aria-live="polite"></p>
        <button type="button" class="mmp-record-clear">Clear my record</button>`;
      box.querySelector(".mmp-record-clear").addEventListener("click", clear);
      after.insertAdjacentElement("afterend", box);
      draw();
      return box;
    }

    return { data: JSON.stringify(data), key, note, keep, resume, clear, panel,
             get record() { return record; } };
  }

  return { open };
})();
