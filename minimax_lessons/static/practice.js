// Practice on the tree: an anywidget front-end module (minimax_lessons/practice.py).
//
// The model (a Jupyter widget model, or localModel() in a saved HTML page) holds
//   data  JSON text: {kind, level, streak, palette, levels, trees: [key + svg]}
// Each tree's key (PracticeTree.key() in Python) gives, by the drawing's node ids
// (n, n_0, n_0_1 ...), every stage's items: the right answer, the sentence why, and
// likely mistakes for common wrong answers ([ids, sentence]: the ids of the mistakes that
// give the answer, two when two do). Every answer is judged here, in the
// browser, without a kernel round trip.
//
// Each answer judged, and each tree done, is told to the model (model.send: the kernel,
// which writes it in the learner's logbook, or a saved page's own record in the browser):
//   {type: "answer", level, seed, stage, node, right, diagnoses} and {type: "tree", level, clean}.
//
// Right and wrong never rest on colour alone: a right node gets a tick and a thick
// solid outline, a wrong one a cross and a dashed outline, and the sentence below.

const TICK = "\u2714";
// Marks beside a node: their size (px, less where neighbours stand close) and gap.
const MARK_SIZE = 15;
const MARK_MIN = 8;
const MARK_GAP = 2;
const CROSS = "\u2718";
const SVGNS = "http://www.w3.org/2000/svg";
const SHAPES = new Set(["polygon", "ellipse", "path", "polyline"]);

// -- answers as text ----------------------------------------------------------------

function parseNumber(text) {
  let t = String(text).trim().toLowerCase().replace(/\u2212/g, "-").replace(/\s+/g, "");
  t = t.replace(/\u221e/g, "inf").replace(/infinity/g, "inf");
  if (t === "inf" || t === "+inf") return Infinity;
  if (t === "-inf") return -Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return Number(t);
}

function parsePair(text) {
  const t = String(text).replace(/(alpha|beta|\u03b1|\u03b2)\s*=?/gi, " ")
    .replace(/[()[\]{}]/g, " ");
  const parts = t.split(/[,;\s]+/).filter((p) => p.length);
  if (parts.length !== 2) return null;
  const pair = parts.map(parseNumber);
  return pair.some((v) => v === null) ? null : pair;
}

// The same text as canon() in practice.py: 3, 2.5, inf, -inf; pairs joined by "|".
function canon(v) {
  if (Array.isArray(v)) return v.map(canon).join("|");
  if (v === Infinity) return "inf";
  if (v === -Infinity) return "-inf";
  if (Number.isInteger(v)) return String(v);
  return String(Math.round(v * 1e6) / 1e6);
}

function same(a, b) {
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (!isFinite(a) || !isFinite(b)) return a === b;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

function show(v) {
  if (v === Infinity) return "+\u221e";
  if (v === -Infinity) return "-\u221e";
  return canon(v);
}

// -- judging one answer (the browser's twin of PracticeTree.judge) ----------------------

// The likely mistakes as the student reads them ("max at every level or players swapped"),
// "" for none and for "wrong" (no known mistake gives the answer).
function mistakeWords(ids) {
  const named = ids.filter((id) => id !== "wrong");
  return named.length ? named.join(" or ").replace(/-/g, " ") : "";
}

function judgeTyped(stage, item, text, tree) {
  const windows = stage.stage === "windows";
  const given = windows ? parsePair(text) : parseNumber(text);
  if (given === null) {
    return { right: null, diagnoses: ["bad-answer"],
             sentence: windows ? "Type two numbers, alpha then beta, such as 3, +inf (or -inf)."
                               : "Type a number, such as 3 or -2.5." };
  }
  const answer = windows ? item.answer.split("|").map(parseNumber) : parseNumber(item.answer);
  if (same(given, answer)) return { right: true, diagnoses: [], sentence: item.why, given };
  let wrong = item.wrong[canon(given)];
  if (!wrong && windows) {
    const w = tree.windowWrong;
    wrong = same(given[0], answer[0]) ? w.alpha : same(given[1], answer[1]) ? w.beta : w.both;
  }
  const [diagnoses, sentence] = wrong || item.otherwise;
  return { right: false, diagnoses, sentence, given };
}

// The verdict on Check with the leaves `marked` (a Set of ids): the browser's twin of
// PracticeTree.judge_marked, plus the leaves missed.
function judgeMarked(tree, marked) {
  const items = tree.stages[0].items;
  const leaves = tree.order.filter((id) => id in items);
  const right = leaves.filter((id) => items[id].answer);
  const missed = right.filter((id) => !marked.has(id));
  const equal = (list) => list.length === marked.size && list.every((id) => marked.has(id));
  if (equal(right)) return { right: true, diagnoses: [], sentence: "", missed };
  if (marked.size === 0) return { right: false, diagnoses: tree.none[0], sentence: tree.none[1], missed };
  for (const [diagnoses, sentence, set] of tree.sets) {
    if (equal(set)) return { right: false, diagnoses, sentence, missed };
  }
  const first = missed.length ? missed[0] : leaves.find((id) => marked.has(id) && !items[id].answer);
  const [diagnoses, sentence] = items[first].otherwise;
  return { right: false, diagnoses, sentence, missed };
}

// -- painting marks on the SVG ------------------------------------------------------------

function shapesOf(g) {
  return g ? Array.from(g.children).filter((c) => SHAPES.has(c.localName)) : [];
}

function firstText(g) {
  return g ? Array.from(g.children).find((c) => c.localName === "text") : null;
}

function box(g) {
  try { return g.getBBox(); } catch (e) { return null; }
}

function addText(g, cls, x, y, text, size) {
  const t = document.createElementNS(SVGNS, "text");
  t.setAttribute("class", cls);
  t.setAttribute("x", String(x));
  t.setAttribute("y", String(y));
  t.setAttribute("font-family", "Helvetica,Arial,sans-serif");
  t.setAttribute("font-size", String(size));
  t.textContent = text;
  g.appendChild(t);
  return t;
}

// Ctrl+S, or Cmd+S on a Mac: the one key a widget passes on to JupyterLab (to save).
function isSave(event) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s";
}

// -- the front-end --------------------------------------------------------------------------

function render({ model, el }) {
  const data = JSON.parse(model.get("data"));
  const P = data.palette || {};
  const byLevel = new Map();
  data.trees.forEach((t) => {
    if (!byLevel.has(t.level)) byLevel.set(t.level, []);
    byLevel.get(t.level).push(t);
  });
  const top = Math.max(...byLevel.keys());
  const game = { level: data.level, streak: 0, next: new Map(), done: 0 };

  el.innerHTML = "";
  const root = document.createElement("div");
  root.className = "mmp";
  root.innerHTML = `
    <div class="mmp-bar">
      <span class="mmp-level"></span>
      <span class="mmp-streak"></span>
      <button type="button" data-action="show">Show me</button>
      <button type="button" data-action="check">Check</button>
      <button type="button" data-action="new">New tree</button>
    </div>
    <p class="mmp-prompt"></p>
    <div class="mmp-tree"></div>
    <div class="mmp-entry" hidden>
      <label><span class="mmp-entry-label"></span>
        <input type="text" class="mmp-input" autocomplete="off" spellcheck="false" size="12"></label>
      <button type="button" data-action="enter">Enter</button>
    </div>
    <p class="mmp-feedback" role="status" aria-live="polite"></p>
    <p class="mmp-key"></p>`;
  el.appendChild(root);
  const $ = (sel) => root.querySelector(sel);
  if (data.then) root.querySelector('[data-action="new"]').hidden = true;  // served elsewhere
  const holder = $(".mmp-tree");
  const input = $(".mmp-input");
  const entry = $(".mmp-entry");
  const feedback = $(".mmp-feedback");

  let tree = null;       // the key of the tree being practised
  let stageAt = 0;       // which stage of it
  let state = null;      // node id -> {status: "right"|"wrong"|"shown"|"missed", text}
  let marked = null;     // pruned stage: leaf ids the student marked as pruned
  let selected = null;   // node id being answered
  let mistakes = 0;      // wrong answers and "show me" on this tree
  let finished = false;  // this tree is done (counted once towards the streak)
  let groups = null;     // node id -> SVG group, and id + "_w" -> the group beside it

  let kids = null;       // node id -> its children's ids, left to right

  const stage = () => tree.stages[stageAt];
  // A leaf in words: its name and its value ("B1 = 9"), as drawn.
  const leafWords = (id) => {
    const t = firstText(groups.get(id));
    const value = t ? t.textContent.trim() : "";
    return value ? `${nameOf(id)} = ${value}` : nameOf(id);
  };
  const typing = () => ["values", "windows"].includes(stage().stage);
  const nameOf = (id) => tree.nodes[id].name;

  let said = { kind: "info", text: "" };  // the last message, without its mark

  // What was judged, for the learner's record (the module's header says what is sent).
  function tell(message) {
    if (typeof model.send !== "function") return;
    try {
      model.send({ level: game.level, seed: tree.seed, stage: stage().stage, ...message });
    } catch (error) { /* no kernel to tell: practice goes on */ }
  }

  function say(kind, text) {
    said = { kind, text };
    feedback.className = `mmp-feedback mmp-${kind}`;
    const mark = kind === "right" ? TICK + " " : kind === "wrong" ? CROSS + " " : "";
    feedback.textContent = mark + text;
    keep();  // every change is told: the tree in progress is kept as it now stands
  }

  // Where a finished stage or tree leaves the keyboard, when it was in the widget: on the
  // next thing to do (the answer box it was in is hidden, and would drop it to the page).
  function keepFocus(hadFocus, target) {
    if (hadFocus && target) target.focus({ preventScroll: true });
  }

  // Where something else serves the next tree (a review's Next button, around this
  // widget), that button: the place the keyboard goes once a tree is done.
  function nextButton() {
    const around = el.closest(".mml-review");
    return around ? [...around.querySelectorAll("button")].find(
      (b) => b.textContent.trim() === "Next") || null : null;
  }

  // Which nodes take an answer in this stage (clickable, tabbable).
  function askable() {
    const s = stage();
    if (s.stage === "pruned") {
      return tree.order.filter((id) => id !== tree.root);
    }
    return tree.order.filter((id) => id in s.items);
  }

  function newTree(first) {
    const list = byLevel.get(game.level);
    let at = game.next.get(game.level) | 0;
    at = at >= 0 ? at % list.length : 0;  // a record kept by a page with more trees a level
    game.next.set(game.level, (at + 1) % list.length);
    showTree(list[at]);
    startStage();
    showLevel();
    if (!first) say("info", "A new tree.");
  }

  // Put `chosen` (a tree's key) on the page, at its first stage, nothing answered yet.
  function showTree(chosen) {
    tree = chosen;
    stageAt = 0;
    mistakes = 0;
    finished = false;
    selected = null;
    holder.innerHTML = tree.svg;
    const svg = holder.querySelector("svg");
    svg.setAttribute("class", "mmp-svg");
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", "the practice tree: Tab or arrow keys move between nodes");
    groups = new Map();
    for (const g of svg.querySelectorAll("g[id]")) groups.set(g.getAttribute("id"), g);
    kids = new Map();
    for (const id of tree.order) {
      const parent = tree.nodes[id].parent;
      if (!parent) continue;
      if (!kids.has(parent)) kids.set(parent, []);
      kids.get(parent).push(id);
    }
    for (const t of svg.querySelectorAll("title")) t.remove();
  }

  // -- the tree in progress, kept where the model can keep it (a saved page's record) -----
  // model.keep(snapshot) after every change; model.resume() gives the last one back, so a
  // page opened again goes on with the tree it showed, as far as it was answered.
  function snapshot() {
    const list = byLevel.get(game.level);
    return { version: 1, level: game.level, at: list.indexOf(tree), seed: tree.seed,
             streak: game.streak, done: game.done, next: [...game.next],
             stage: stageAt, mistakes, finished, said,
             state: [...state].map(([id, st]) => [id, st.status, st.text === undefined ? null : st.text]),
             marked: [...marked] };
  }

  function keep() {
    if (typeof model.keep !== "function" || !tree) return;
    try { model.keep(snapshot()); } catch (error) { /* nowhere to keep it: practice goes on */ }
  }

  function resume() {
    let s = null;
    try { s = typeof model.resume === "function" ? model.resume() : null; } catch (error) { s = null; }
    const list = s && byLevel.get(s.level);
    const chosen = list && list[s.at];
    if (!chosen || chosen.seed !== s.seed || !(s.stage >= 0 && s.stage < chosen.stages.length)) {
      return false;  // nothing kept, or kept for other trees than this page's
    }
    const before = { ...game, next: new Map(game.next) };
    try {
      restore(s, chosen);
      return true;
    } catch (error) {  // kept by another version of this page, or edited: a new tree instead
      Object.assign(game, before);
      said = { kind: "info", text: "" };
      feedback.className = "mmp-feedback";
      feedback.textContent = "";
      console.warn(`practice: the tree kept in this browser cannot be shown again (${error}); ` +
                   "a new tree instead");
      return false;
    }
  }

  function restore(s, chosen) {
    game.level = s.level;
    game.streak = s.streak | 0;
    game.done = s.done | 0;
    game.next = new Map(s.next || []);
    showTree(chosen);
    stageAt = s.stage;
    startStage();
    mistakes = s.mistakes | 0;
    finished = !!s.finished;
    for (const [id, status, text] of s.state || []) {
      if (id in tree.nodes) state.set(id, text === null ? { status } : { status, text });
    }
    for (const id of s.marked || []) if (id in tree.nodes) marked.add(id);
    paintAll();
    showLevel();
    root.dataset.done = String(game.done);
    if (s.said) say(s.said.kind, s.said.text);
  }

  function startStage() {
    state = new Map();
    marked = new Set();
    const s = stage();
    $(".mmp-prompt").textContent = s.prompt;
    root.querySelector('[data-action="check"]').hidden = s.stage !== "pruned";
    for (const [id, g] of groups) {
      if (!(id in tree.nodes)) continue;
      g.removeAttribute("tabindex");
      g.setAttribute("role", "img");  // read by its label: a node, its value, its place
      g.classList.remove("mmp-askable");
    }
    for (const id of askable()) {
      const g = groups.get(id);
      if (!g) continue;
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.classList.add("mmp-askable");
    }
    if (s.stage === "windows" && tree.rootWindow) {
      sideText(tree.root, `\u03b1=${tree.rootWindow.replace(/inf/g, "\u221e")
        .replace(", ", " \u03b2=")}`);
    }
    entry.hidden = true;
    root.dataset.stage = s.stage;
    paintAll();
    showKey();
  }

  function showLevel() {
    $(".mmp-level").textContent = `Level ${game.level} of ${top}: ${data.levels[game.level - 1]}`;
    $(".mmp-streak").textContent = game.level < top
      ? `Streak ${game.streak} of ${data.streak}` : `Streak ${game.streak}`;
  }

  function showKey() {
    const parts = [`${TICK} right (thick solid outline)`, `${CROSS} wrong (dashed outline)`,
                   "\u2022 shown by Show me"];
    if (stage().stage === "pruned") parts.push("\u2702 you marked it pruned (grey, dashed)");
    if (stage().stage === "windows") parts.push("\u2702 pruned (grey, dashed)");
    $(".mmp-key").textContent = "Key: " + parts.join("; ") + ".";
  }

  // -- painting -------------------------------------------------------------------------
  // The window typed for a node ("α=2 β=+∞"), written in the answer slot beside it
  // (practice.py makes one: a line, or two stacked lines in a narrow tree, α over β).
  function sideText(id, text) {
    const g = groups.get(id + "_w");
    const slots = g ? Array.from(g.querySelectorAll("text.mmp-window")) : [];
    if (!slots.length) return;
    const lines = slots.length > 1 ? text.split(" ") : [text];
    slots.forEach((t, k) => {
      t.textContent = k < slots.length - 1 ? (lines[k] || "") : lines.slice(k).join(" ");
    });
  }

  function paint(id) {
    const g = groups.get(id);
    if (!g) return;
    const st = state.get(id);
    const shapes = shapesOf(g);
    const info = tree.nodes[id];
    const isMarked = info.leaf && (stage().stage === "pruned" ? marked.has(id)
      : stage().stage === "windows" && tree.stages[0].items[id].answer);
    shapes.forEach((shape, k) => {
      if (k === 0) shape.setAttribute("fill", isMarked ? P.pruned_fill : P.paper || "#ffffff");
      let colour = P.ink || "#222222";
      let width = 1.5;
      let dash = "";
      if (isMarked) { colour = P.pruned; dash = "5,2"; }
      if (st && (st.status === "right" || st.status === "shown")) { colour = P.line; width = 3.5; dash = ""; }
      if (st && (st.status === "wrong" || st.status === "missed")) { colour = P.warn; width = 3; dash = "4,3"; }
      shape.setAttribute("stroke", colour);
      shape.setAttribute("stroke-width", String(width));
      if (dash) shape.setAttribute("stroke-dasharray", dash);
      else shape.removeAttribute("stroke-dasharray");
    });
    g.classList.toggle("mmp-selected", id === selected);
    // the value typed, inside the node
    if (stage().stage === "values" && !info.leaf) {
      const t = firstText(g);
      if (t) t.textContent = st && st.text !== undefined ? st.text : " ";
    }
    if (stage().stage === "windows" && st && st.text !== undefined) {
      sideText(id, `\u03b1=${st.text.replace(", ", " \u03b2=")}`);
    }
    // the marks: tick, cross, dot (shown), scissors (marked pruned)
    const status = !st || (info.leaf && stage().stage === "windows") ? "" :
      st.status === "right" ? TICK : st.status === "shown" ? "\u2022" + TICK : CROSS;
    placeMarks(id, g, shapes[0] || g, [status, isMarked ? "\u2702" : ""].filter((x) => x),
               st && (st.status === "wrong" || st.status === "missed") ? P.warn : P.ink);
    // its name and place: a leaf says its value and whose it is, a node whose children
    // it has (leaves with their values), so a screen reader ties each leaf to its node
    const label = info.leaf
      ? [leafWords(id), `leaf of ${info.parent ? nameOf(info.parent) : "no node"}`]
      : [info.name, `${info.player.toUpperCase()} node over ` +
         (kids.get(id) || []).map((k) => tree.nodes[k].leaf ? leafWords(k) : nameOf(k)).join(", ")];
    if (isMarked) label.push("marked pruned");
    if (st) label.push(st.status === "shown" ? "shown" : st.status);
    if (st && st.text !== undefined) label.push(`answer ${st.text}`);
    g.setAttribute("aria-label", label.join(", "));
  }

  // A node's marks, one above the other at its right, as large as the room before the
  // next thing to its right allows (leaves stand close together), so that no mark ever
  // covers a neighbour.
  function placeMarks(id, g, shape, glyphs, colour) {
    let m = g.querySelector("text.mmp-mark");
    if (!glyphs.length) {
      if (m) m.remove();
      return;
    }
    const b = box(shape) || { x: 0, y: 0, width: 0, height: 0 };
    if (!m) m = addText(g, "mmp-mark", 0, 0, "", MARK_SIZE);
    m.textContent = "";
    const lines = glyphs.map((glyph) => {
      const t = document.createElementNS(SVGNS, "tspan");
      t.textContent = glyph;
      m.appendChild(t);
      return t;
    });
    m.setAttribute("fill", colour);
    const setSize = (size) => {
      m.setAttribute("font-size", String(size));
      lines.forEach((t, k) => {
        t.setAttribute("x", String(b.x + b.width + MARK_GAP));
        t.setAttribute("y", String(b.y + size * (0.9 + 1.05 * k)));
      });
    };
    setSize(MARK_SIZE);
    const drawn = box(m);
    if (!drawn || !drawn.width) return;
    const room = roomRight(id, b, drawn.y, drawn.y + drawn.height) - 2 * MARK_GAP;
    if (drawn.width > room) setSize(Math.max(MARK_MIN, MARK_SIZE * room / drawn.width));
  }

  // The free width to the right of box `b` between heights top and bottom: up to the
  // nearest shape or text of another node (its own marks aside).
  function roomRight(id, b, top, bottom) {
    const right = b.x + b.width;
    let room = Infinity;
    for (const [other, group] of groups) {
      if (other === id || !other.startsWith("n")) continue;
      for (const part of group.children) {
        if (part.classList.contains("mmp-mark") || !(SHAPES.has(part.localName) ||
                                                     part.localName === "text")) continue;
        const o = box(part);
        if (!o || !o.width || o.x < right - 1 || o.y > bottom || o.y + o.height < top) continue;
        room = Math.min(room, o.x - right);
      }
    }
    return room;
  }

  function paintAll() {
    for (const id of tree.order) paint(id);
  }

  // -- answering --------------------------------------------------------------------------
  function select(id, focusInput) {
    const before = selected;
    selected = id;
    if (before) paint(before);
    paint(id);
    const s = stage();
    if (typing()) {
      entry.hidden = false;
      $(".mmp-entry-label").textContent = s.stage === "values"
        ? `Value of ${nameOf(id)}: ` : `Window on entry to ${nameOf(id)} (alpha, beta): `;
      const st = state.get(id);
      input.value = st && st.text !== undefined && st.status !== "shown" ? st.text : "";
      if (focusInput) input.focus();
    } else {
      entry.hidden = true;
      if (s.stage === "pruned") togglePruned(id);
      else if (s.stage === "move") chooseMove(id);
    }
  }

  function record(id, verdict, text) {
    state.set(id, { status: verdict.right ? "right" : "wrong", text });
    if (!verdict.right) mistakes += 1;
    paint(id);
    const name = nameOf(id);
    if (verdict.right) say("right", `${name}: right. ${verdict.sentence}`);
    else say("wrong", `${name}: not right` + (mistakeWords(verdict.diagnoses)
      ? ` (likely mistake: ${mistakeWords(verdict.diagnoses)}). ` : ". ") + verdict.sentence);
    root.dataset.lastDiagnoses = verdict.diagnoses.join(" ");
    tell({ type: "answer", node: name, right: !!verdict.right, diagnoses: verdict.diagnoses });
  }

  function enter() {
    if (!selected || !typing()) return;
    const item = stage().items[selected];
    const verdict = judgeTyped(stage(), item, input.value, tree);
    if (verdict.right === null) {
      say("wrong", verdict.sentence);
      root.dataset.lastDiagnoses = "bad-answer";
      input.select();  // the next try replaces what was typed
      return;
    }
    const text = stage().stage === "values" ? show(verdict.given)
      : verdict.given.map(show).join(", ");
    record(selected, verdict, text);
    if (verdict.right) {
      moveBy(1, true);
      finishIfDone();
    } else {
      input.select();  // the next try replaces the wrong answer, not "-8" + "-1"
    }
  }

  function togglePruned(id) {
    const items = stage().items;
    const leaves = tree.nodes[id].leaves;
    const on = !leaves.every((leaf) => marked.has(leaf));
    for (const leaf of leaves) {
      if (on) marked.add(leaf); else marked.delete(leaf);
      state.delete(leaf);
    }
    state.delete(id);
    if (on) {
      const wrong = leaves.find((leaf) => !items[leaf].answer);
      if (wrong) {
        const [diagnoses, sentence] = items[wrong].otherwise;
        for (const leaf of leaves) {
          if (!items[leaf].answer) state.set(leaf, { status: "wrong" });
        }
        mistakes += 1;
        if (!tree.nodes[id].leaf) state.set(id, { status: "wrong" });
        say("wrong", `${nameOf(id)}: not right` + (mistakeWords(diagnoses)
          ? ` (likely mistake: ${mistakeWords(diagnoses)}). ` : ". ") + sentence);
        root.dataset.lastDiagnoses = diagnoses.join(" ");
        tell({ type: "answer", node: nameOf(id), right: false, diagnoses });
      } else {
        for (const leaf of leaves) state.set(leaf, { status: "right" });
        say("right", `${nameOf(id)}: right, alpha-beta never evaluates ` +
            (leaves.length > 1 ? "these leaves." : "it."));
        root.dataset.lastDiagnoses = "";
        tell({ type: "answer", node: nameOf(id), right: true, diagnoses: [] });
      }
    } else {
      say("info", `${nameOf(id)}: no longer marked as pruned.`);
    }
    paintAll();
    finishIfDone();
  }

  function check() {
    if (stage().stage !== "pruned") return;
    const verdict = judgeMarked(tree, marked);
    root.dataset.lastDiagnoses = verdict.diagnoses.join(" ");
    tell({ type: "answer", node: "Check", right: verdict.right, diagnoses: verdict.diagnoses });
    if (verdict.right) {
      finishIfDone();
      return;
    }
    mistakes += 1;
    for (const leaf of verdict.missed) state.set(leaf, { status: "missed" });
    paintAll();
    say("wrong", (verdict.missed.length ? `Missed ${verdict.missed.map(nameOf).join(", ")}. `
      : "Not right. ") + (mistakeWords(verdict.diagnoses)
      ? `Likely mistake: ${mistakeWords(verdict.diagnoses)}. ` : "") + verdict.sentence);
  }

  function chooseMove(id) {
    const item = stage().items[id];
    if (item.answer) record(id, { right: true, diagnoses: [], sentence: item.why });
    else record(id, { right: false, diagnoses: item.otherwise[0], sentence: item.otherwise[1] });
    finishIfDone();
  }

  function stageDone() {
    const s = stage();
    const items = s.items;
    if (s.stage === "pruned") {
      return Object.keys(items).every((leaf) => items[leaf].answer === marked.has(leaf));
    }
    if (s.stage === "move") {
      return Object.keys(items).some((id) => items[id].answer && state.has(id) &&
                                     state.get(id).status !== "wrong");
    }
    return Object.keys(items).every((id) => state.has(id) &&
                                    ["right", "shown"].includes(state.get(id).status));
  }

  function finishIfDone() {
    if (finished || !stageDone()) return;
    const hadFocus = root.contains(document.activeElement);
    // The last message goes on (with its node's name), marked as it was: a node shown by
    // Show me gets no tick.
    const kind = said.kind === "info" ? "info" : "right";
    if (stageAt + 1 < tree.stages.length) {
      const before = said.text;
      stageAt += 1;
      startStage(); // the pruned leaves stay marked (grey, dashed) while windows are asked
      say(kind, `${before} Pruning done. ${stage().prompt}`);
      const first = askable()[0];
      keepFocus(hadFocus, first && groups.get(first));
      return;
    }
    const clean = mistakes === 0;
    finished = true;
    game.done += 1;
    game.streak = clean ? game.streak + 1 : 0;
    let news = clean ? "Tree done without a mistake." : "Tree done.";
    if (game.streak >= data.streak && game.level < top) {
      game.level += 1;
      game.streak = 0;
      news += ` Level up: level ${game.level}, ${data.levels[game.level - 1]}.`;
    }
    showLevel();
    tell({ type: "tree", clean });
    entry.hidden = true;
    root.dataset.done = String(game.done);
    say(kind, `${said.text} ${news} ${data.then || "Press New tree for another."}`);
    keepFocus(hadFocus, data.then ? nextButton() : root.querySelector('[data-action="new"]'));
  }

  function showMe() {
    const s = stage();
    const items = s.items;
    mistakes += 1;
    if (s.stage === "pruned") {
      const missing = Object.keys(items).find((leaf) => items[leaf].answer && !marked.has(leaf));
      const extra = Object.keys(items).find((leaf) => !items[leaf].answer && marked.has(leaf));
      const id = missing || extra;
      if (!id) return;
      if (missing) { marked.add(id); state.set(id, { status: "shown" }); }
      else { marked.delete(id); state.delete(id); }
      paintAll();
      say("info", items[id].why);
      finishIfDone();
      return;
    }
    const id = Object.keys(items).find((k) => s.stage === "move" ? items[k].answer
      : !(state.has(k) && ["right", "shown"].includes(state.get(k).status)));
    if (!id) return;
    const text = s.stage === "values" ? items[id].shown
      : s.stage === "windows" ? items[id].shown.replace(/inf/g, "\u221e") : undefined;
    state.set(id, { status: "shown", text });
    paint(id);
    say("info", items[id].why);
    finishIfDone();
  }

  // -- moving between nodes --------------------------------------------------------------------
  function moveBy(step, focus) {
    const list = askable();
    if (!list.length) return;
    const at = list.indexOf(selected);
    let next = list[(at + step + list.length) % list.length];
    if (typing() && step > 0) {
      // after a right answer, go on to the next node not answered yet
      const open = list.filter((id) => !(state.has(id) && state.get(id).status !== "wrong"));
      if (!open.length) return;
      next = open.find((id) => list.indexOf(id) > at) || open[0];
    }
    if (focus) {
      const g = groups.get(next);
      if (typing()) select(next, true);
      else if (g) g.focus();
    }
  }

  function nodeOf(target) {
    const g = target.closest && target.closest("g.mmp-askable");
    return g ? g.getAttribute("id") : null;
  }

  holder.addEventListener("click", (event) => {
    const id = nodeOf(event.target);
    if (id) select(id, true);
  });
  root.addEventListener("click", (event) => {
    const b = event.target.closest("button[data-action]");
    if (!b) return;
    ({ show: showMe, check, new: () => newTree(false), enter })[b.dataset.action]();
  });
  root.addEventListener("keydown", (event) => {
    if (isSave(event)) return; // Ctrl+S (Cmd+S) still saves the notebook
    event.stopPropagation(); // keys typed here are the student's, not the notebook's
    const id = nodeOf(event.target);
    if (event.target === input) {
      if (event.key === "Enter") { event.preventDefault(); enter(); }
      else if (event.key === "Escape" && selected) {
        event.preventDefault();
        groups.get(selected).focus();
      }
      return;
    }
    if (!id) return;
    const list = askable();
    const go = (other) => { if (other && groups.get(other)) { event.preventDefault(); groups.get(other).focus(); } };
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      select(id, true);
    } else if (event.key === "ArrowRight" || event.key === "ArrowDown") {
      go(list[(list.indexOf(id) + 1) % list.length]);
    } else if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
      go(list[(list.indexOf(id) - 1 + list.length) % list.length]);
    } else if (typing() && /^[-+0-9.,\u2212]$/.test(event.key)) {
      event.preventDefault();
      select(id, true);
      input.value = event.key;
    }
  });
  root.addEventListener("focusin", (event) => {
    const id = nodeOf(event.target);
    if (id && id !== selected && typing()) {
      const before = selected;
      selected = id;
      if (before) paint(before);
      paint(id);
    }
  });

  if (!resume()) {
    newTree(true);
    keep();
  }
  return () => { el.innerHTML = ""; };
}

// A model for pages without Jupyter (the saved HTML file): the same get/on/off.
function localModel(initial) {
  const state = { ...initial };
  return {
    get: (name) => state[name],
    set(name, value) { state[name] = value; },
    on() {},
    off() {},
    save_changes() {},
  };
}

export default { render, localModel, judgeTyped, judgeMarked, canon };
