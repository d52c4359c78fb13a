// The minimax-lessons animation player: an anywidget front-end module.
//
// The model (a Jupyter widget model, or localModel() in a saved HTML page) holds
//   svg     the tree, laid out once by Graphviz; node groups have ids n, n_0, n_0_1...,
//           the edge into n_0_1 is e_0_1, the text beside a node is the group n_0_1_w
//           (a leaf's name below it, the group n_0_1_name, is the same in every frame)
//   frames  JSON text: {nodes, edges, looks, edgeLooks, frames: [{caption, n, e, c}],
//           checkpointEvery, lecture (made in lecture mode: large controls)}: frame 0 sets every node; frame k only what differs from
//           frame k - 1: n = [[node, look, value text, window text]], e = [[node, edge look]];
//           the full state is kept every checkpointEvery frames (as the Python frames are)
//   index   the frame shown; playing; speed (steps per second)
//   answers a quiz's answers so far, JSON text [null | {reply, ok, diagnosis} | {skip: true}]
//           (only when frames has a quiz: [{f, kind, prompt, answer, why, reveal, tol, value,
//           mistakes: [[answer, diagnosis id, sentence]]}]; the player stops at frame f until
//           the question is answered or skipped; a wrong reply is named by the mistake giving it)
// Stepping only repaints the nodes that differ, so it needs no kernel round trip.

const SHAPES = new Set(["polygon", "ellipse", "path", "polyline"]);
// The copy of a node's outline drawn over it in white when the node is current (a double
// outline: minimax_lessons.pictures.style.RING_CLASS), a third of the outline's width.
const RING = "mm-ring";
const RING_SHARE = 1 / 3;
const SPEEDS = [0.5, 1, 2, 4, 8, 16];
const GROW = 3;

const ICONS = {
  start: '<path d="M2 3h2v10H2zM9 3v10L4 8zM15 3v10l-5-5z"/>',
  back: '<path d="M11 3v10L4 8zM12 3h2v10h-2z"/>',
  play: '<path d="M4 2.5v11l9.5-5.5z"/>',
  pause: '<path d="M3.5 3h3.2v10H3.5zM9.3 3h3.2v10H9.3z"/>',
  forward: '<path d="M5 3v10l7-5zM2 3h2v10H2z"/>',
  end: '<path d="M1 3v10l5-5zM7 3v10l5-5zM12 3h2v10h-2z"/>',
};

// -- the frames, as a timeline of states ---------------------------------------------

class Timeline {
  constructor(data) {
    this.data = data;
    this.frames = data.frames;
    this.count = data.frames.length;
    this.size = data.nodes.length;
    // Data saved before it carried its interval: one checkpoint, frame 0.
    this.every = data.checkpointEvery > 0 ? data.checkpointEvery : Math.max(1, this.count);
    this.checkpoints = [];
    let state = this.blank();
    for (let k = 0; k < this.count; k++) {
      this.apply(state, this.frames[k]);
      if (k % this.every === 0) this.checkpoints.push(this.copy(state));
    }
  }
  blank() {
    const n = this.size;
    return { l: new Int32Array(n).fill(-1), v: new Array(n).fill(""),
             w: new Array(n).fill(""), e: new Int32Array(n).fill(-1) };
  }
  copy(s) {
    return { l: s.l.slice(), v: s.v.slice(), w: s.w.slice(), e: s.e.slice() };
  }
  apply(s, frame) {
    for (const [i, look, value, window] of frame.n) {
      s.l[i] = look; s.v[i] = value; s.w[i] = window;
    }
    for (const [i, look] of frame.e) s.e[i] = look;
  }
  stateAt(k) {
    const c = Math.floor(k / this.every);
    const s = this.copy(this.checkpoints[c]);
    for (let j = c * this.every + 1; j <= k; j++) this.apply(s, this.frames[j]);
    return s;
  }
}

// Parsed once per frames text, shared by the views and the play timer of a widget.
const timelines = new Map();
function timelineOf(model) {
  const text = model.get("frames");
  let timeline = timelines.get(text);
  if (!timeline) {
    timeline = new Timeline(JSON.parse(text));
    timelines.set(text, timeline);
    if (timelines.size > 8) timelines.delete(timelines.keys().next().value);
  }
  return timeline;
}

// -- painting the SVG (the same rules as minimax_lessons.animation.player._paint_node) ----------------

function children(g, test) {
  return g ? Array.from(g.children).filter(test) : [];
}

function indexSvg(svg, data) {
  const groups = new Map();
  for (const g of svg.querySelectorAll("g[id]")) groups.set(g.getAttribute("id"), g);
  const nodes = data.nodes.map((id) => {
    const g = groups.get(id);
    const side = groups.get(id + "_w") || null;
    return {
      g,
      shapes: children(g, (c) => SHAPES.has(c.localName) && !c.classList.contains(RING)),
      ring: g ? g.querySelector(`.${RING}`) : null,
      texts: children(g, (c) => c.localName === "text"),
      value: g ? g.querySelector("text.mm-value") : null,
      sideTexts: children(side, (c) => c.localName === "text"),
      windows: side ? Array.from(side.querySelectorAll("text.mm-window")) : [],
    };
  });
  const edges = data.edges.map((id) => children(id ? groups.get(id) : null,
                                                (c) => SHAPES.has(c.localName)));
  return { nodes, edges };
}

// dash: the SVG stroke-dasharray, "5,2" pruned, "1,5" (dotted) not reached yet, "" solid
function stroke(el, colour, width, dash) {
  el.setAttribute("stroke", colour);
  el.setAttribute("stroke-width", String(width));
  if (dash) el.setAttribute("stroke-dasharray", dash);
  else el.removeAttribute("stroke-dasharray");
}

// look: [fill, outline, width, dash, text colour, side text colour, double outline (1/0)]
function paintNode(node, look, paper) {
  const [fill, outline, width, dash, text, side, double] = look;
  node.shapes.forEach((shape, k) => {
    if (k === 0) shape.setAttribute("fill", fill);
    stroke(shape, outline, width, dash);
  });
  if (node.ring && double) stroke(node.ring, paper, Math.round(width * RING_SHARE * 100) / 100, dash);
  else if (node.ring) {
    node.ring.setAttribute("stroke", "none");
    node.ring.removeAttribute("stroke-width");
    node.ring.removeAttribute("stroke-dasharray");
  }
  for (const t of node.texts) t.setAttribute("fill", text);
  for (const t of node.sideTexts) t.setAttribute("fill", side);
}

function paintEdge(shapes, look) {
  const [colour, width, dash] = look;
  for (const shape of shapes) stroke(shape, colour, width, dash);
}

// -- the tree in words: its accessible name at each frame ------------------------------
// The twin of minimax_lessons.pictures.describe.describe (the same words for the same
// data): words = {title, names, players, parents}, texts = what each node shows.
const MOST_NODES = 60;

function said(name, text) {
  text = String(text).trim();
  if (text.startsWith("\u2702")) return `${name} pruned`;
  return text ? `${name} = ${text}` : name;
}

function describe(words, texts) {
  const { title, names, players, parents } = words;
  if (!names.length) return `${title}, empty.`;
  const depth = [];
  parents.forEach((parent) => depth.push(parent < 0 ? 0 : depth[parent] + 1));
  const root = players[0] ? `${players[0]} root ${said(names[0], texts[0])}`.trim()
    : said(names[0], texts[0]);
  const parts = [`${title}, ${root}`];
  let told = 1;
  for (let level = 1; level <= Math.max(...depth); level++) {
    const groups = new Map();
    depth.forEach((d, i) => {
      if (d !== level) return;
      if (!groups.has(parents[i])) groups.set(parents[i], []);
      groups.get(parents[i]).push(i);
    });
    for (const [parent, all] of groups) {
      if (told >= MOST_NODES) break;
      const members = all.slice(0, MOST_NODES - told);
      told += members.length;
      const kinds = new Set(members.map((i) => players[i]));
      let text = members.map((i) => said(names[i], texts[i])).join(", ");
      if (kinds.size === 1 && !kinds.has("")) text = `${[...kinds][0]} ${text}`;
      parts.push(level === 1 ? text : `under ${names[parent]}: ${text}`);
    }
  }
  const more = names.length - told;
  return parts.join("; ") + (more > 0 ? `; and ${more} more nodes.` : ".");
}

// -- the quiz (only when the frames carry one) ---------------------------------------

function answersOf(model, quiz) {
  let list = [];
  try { list = JSON.parse(model.get("answers") || "[]"); } catch (error) { list = []; }
  if (!Array.isArray(list)) list = [];
  return quiz.map((_, i) => list[i] || null);
}

// The last frame the player may show now: the stop of the first question not answered.
function limitOf(model, timeline) {
  const last = timeline.count - 1;
  const quiz = timeline.data.quiz;
  if (!quiz) return last;
  const answers = answersOf(model, quiz);
  let limit = last;
  quiz.forEach((q, i) => { if (answers[i] === null && q.f < limit) limit = q.f; });
  return limit;
}

// A typed number ("3", " -2.5 ", "+inf", "−∞"), or null.
function parseReply(text) {
  const t = String(text).trim().replace(/\u2212/g, "-").replace(/\u221e/g, "inf").toLowerCase();
  if (/^[+-]?inf(inity)?$/.test(t)) return t.startsWith("-") ? -Infinity : Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(t)) return null;
  return Number(t);
}

// A typed number against a value: exactly, or within the question's tolerance.
function sameNumber(question, got, want) {
  if (got === null || want === null) return false;
  if (!question.tol) return got === want;
  return Math.abs(got - want) <= question.tol;
}

function isRight(question, reply) {
  if (question.kind === "look") return reply === question.answer;
  const want = typeof question.value === "number" ? question.value : parseReply(question.answer);
  return sameNumber(question, parseReply(reply), want);
}

// [diagnosis id, sentence] for a wrong reply: the known mistake that gives it, else
// ["wrong", ""] (the twin of QuizQuestion.mistake in Python).
function mistakeOf(question, reply) {
  const found = (question.mistakes || []).find(([answer]) => question.kind === "look"
    ? answer === reply
    : sameNumber(question, parseReply(reply),
                 typeof answer === "number" ? answer : parseReply(answer)));
  return found ? [found[1], found[2]] : ["wrong", ""];
}

const escapeHtml = (text) => String(text).replace(/[&<>"]/g,
  (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
// Sentences from Python write <= and >=; show them as the tree does.
const pretty = (text) => escapeHtml(text).replace(/&lt;=/g, "\u2264").replace(/&gt;=/g, "\u2265");

function verdictHtml(question, answer) {
  const why = pretty(question.why);
  const right = pretty(question.answer);
  if (answer.skip) {
    return `<p class="mmla-verdict mmla-skipped"><b>\u2013 Skipped:</b> the answer is ${right}. ${why}</p>`;
  }
  if (answer.ok) {
    return `<p class="mmla-verdict mmla-right"><b>\u2713 Right:</b> ${right}. ${why}</p>`;
  }
  const [diagnosis, sentence] = mistakeOf(question, answer.reply);
  const named = diagnosis !== "wrong"
    ? `<span class="mmla-mistake"><b>Likely mistake:</b> ${escapeHtml(diagnosis.replace(/-/g, " "))}. ` +
      `${pretty(sentence)}</span>` : "";
  return `<p class="mmla-verdict mmla-wrong" data-diagnosis="${escapeHtml(diagnosis)}">` +
    `<b>\u2717 Not quite:</b> you said ${escapeHtml(answer.reply)}; the answer is ${right}. ` +
    `${why}${named}</p>`;
}

function questionHtml(question, i, count) {
  const head = `<span class="mmla-prompt">Question ${i + 1} of ${count}: ${pretty(question.prompt)}</span>`;
  const skip = `<button type="button" data-quiz="skip">Skip</button>`;
  if (question.kind === "look") {
    return `<form class="mmla-question" data-question="${i}">${head}` +
      `<button type="button" data-quiz="yes">Yes</button>` +
      `<button type="button" data-quiz="no">No</button>${skip}</form>`;
  }
  return `<form class="mmla-question" data-question="${i}">${head}` +
    `<input class="mmla-reply" type="text" inputmode="decimal" autocomplete="off" ` +
    `aria-label="Your answer: a number">` +
    `<button type="submit" data-quiz="submit">Check</button>${skip}</form>`;
}

function scoreHtml(quiz, answers) {
  const right = answers.filter((a) => a && a.ok).length;
  const skipped = answers.filter((a) => a && a.skip).length;
  const note = skipped ? ` (${skipped} skipped)` : "";
  return `<p class="mmla-score"><b>You predicted ${right} of ${quiz.length}.</b>${note} ` +
    `<button type="button" data-quiz="restart">Restart quiz</button></p>`;
}

// -- the player ---------------------------------------------------------------------

// Ctrl+S, or Cmd+S on a Mac: the one key a widget passes on to JupyterLab (to save).
function isSave(event) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s";
}

function button(action, label, key) {
  return `<button type="button" data-action="${action}" aria-label="${label}" ` +
    `title="${label} (${key})"><svg viewBox="0 0 16 16" aria-hidden="true">${ICONS[action]}</svg></button>`;
}

function keyHtml(data) {
  const p = data.palette || {};
  const sw = (style) => `<span class="mmla-swatch" style="${style}"></span>`;
  if (data.key) {  // a search's own key: [look, text] pairs (Monte Carlo tree search)
    const looks = {
      current: sw(`border:5px double ${p.current};background:${p.open}`),
      open: sw(`background:${p.open}`), done: sw(`background:${p.done}`),
      dotted: sw(`border:2px dotted ${p.faint};background:${p.paper}`),
      line: sw(`border:none;height:4px;background:${p.line}`),
    };
    return data.key.map(([look, text]) => `<span>${looks[look] || ""} ${text}</span>`).join("");
  }
  const items = [
    [sw(`border:5px double ${p.current};background:${p.open}`), "current node"],
    [sw(`background:${p.open}`) + "<b>\u22643</b>",
     "value so far (? until a child returns), a bound: a MIN node at \u22643 can still go lower, a MAX node at \u22653 higher"],
    [sw(`background:${p.done}`), "final value"],
    [sw(`border:2px dotted ${p.faint};background:${p.paper}`), "<b>?</b> dotted: not reached yet"],
  ];
  if (data.pruning) {
    items.push([sw(`background:${p.pruned_fill};border-color:${p.pruned};border-style:dashed`),
                "<b>\u2702</b> pruned"]);
    items.push(["<b>\u22642</b>", "on a finished node: its true value is at most 2; the rest was pruned"]);
  }
  items.push([sw(`border:none;height:4px;background:${p.line}`), "chosen line"]);
  if (data.windows) items.push(["<b>\u03b1 \u03b2</b>", "the alpha-beta window"]);
  return items.map(([mark, text]) => `<span>${mark} ${text}</span>`).join("");
}

function render({ model, el }) {
  const timeline = timelineOf(model);
  const data = timeline.data;
  const last = timeline.count - 1;
  el.classList.add("mmla");
  if (data.lecture) el.classList.add("mmla-lecture");  // made in lecture mode: large controls
  el.tabIndex = 0;
  // JupyterLab: let the arrow keys step the animation instead of moving between cells.
  el.setAttribute("data-lm-suppress-shortcuts", "true");
  // All but Ctrl+S (Cmd+S), which still saves the notebook: for that key the player lifts
  // the suppression until the key has reached JupyterLab (it listens on the document).
  el.addEventListener("keydown", (event) => {
    if (!isSave(event)) return;
    el.removeAttribute("data-lm-suppress-shortcuts");
    setTimeout(() => el.setAttribute("data-lm-suppress-shortcuts", "true"), 0);
  }, true);
  const speeds = SPEEDS.map((s) => `<option value="${s}">${s}/s</option>`).join("");
  el.innerHTML =
    `<div class="mmla-bar" role="toolbar" aria-label="Animation controls">` +
    button("start", "First frame", "Home") + button("back", "Step back", "Left arrow") +
    button("play", "Play", "Space") + button("forward", "Step forward", "Right arrow") +
    button("end", "Last frame", "End") +
    `<input class="mmla-slider" type="range" min="0" max="${last}" step="1" value="0" aria-label="Frame">` +
    `<span class="mmla-counter"></span>` +
    `<label class="mmla-speed">speed <select aria-label="Speed">${speeds}</select></label>` +
    `<button type="button" class="mmla-fit" data-action="fit" aria-label="Fit to width" ` +
    `title="Fit the tree to the width, or show it at full size">fit</button>` +
    `</div>` +
    `<div class="mmla-caption" aria-live="polite"></div>` +
    (data.quiz ? `<div class="mmla-quiz" role="group" aria-label="Quiz" aria-live="polite"></div>` : "") +
    `<div class="mmla-stage mmla-fitted"></div>` +
    `<div class="mmla-key">${keyHtml(data)}</div>`;
  const $ = (selector) => el.querySelector(selector);
  const stage = $(".mmla-stage");
  stage.innerHTML = model.get("svg");
  const svg = stage.querySelector("svg");
  svg.setAttribute("role", "img");  // named in words at each frame (show); its parts not read
  const dom = indexSvg(svg, data);
  const paper = (data.palette || {}).paper || "#ffffff";
  const slider = $(".mmla-slider");
  const counter = $(".mmla-counter");
  const caption = $(".mmla-caption");
  const speed = $(".mmla-speed select");
  const playButton = $('[data-action="play"]');
  let shown = null;  // nothing painted yet: the first show() paints every node

  function show(k) {
    k = Math.max(0, Math.min(last, k | 0));
    const target = timeline.stateAt(k);
    const all = shown === null;
    for (let i = 0; i < timeline.size; i++) {
      const node = dom.nodes[i];
      if ((all || target.l[i] !== shown.l[i]) && node.g) {
        paintNode(node, data.looks[target.l[i]], paper);
      }
      if ((all || target.v[i] !== shown.v[i]) && node.value) node.value.textContent = target.v[i];
      if ((all || target.w[i] !== shown.w[i]) && node.windows.length) {
        const lines = target.w[i].split("\n");  // one line, or stacked (lecture mode)
        node.windows.forEach((text, j) => { text.textContent = lines[j] || ""; });
      }
      if ((all || target.e[i] !== shown.e[i]) && target.e[i] >= 0) {
        paintEdge(dom.edges[i], data.edgeLooks[target.e[i]]);
      }
    }
    shown = target;
    if (data.words) svg.setAttribute("aria-label", describe(data.words, target.v));
    const frame = timeline.frames[k];
    caption.textContent = frame.caption;
    counter.textContent = `step ${k} / ${last}`;
    slider.value = String(k);
    el.dataset.frame = String(k);
    $('[data-action="start"]').disabled = k === 0;
    $('[data-action="back"]').disabled = k === 0;
    const limit = limitOf(model, timeline);
    $('[data-action="forward"]').disabled = k >= limit;
    $('[data-action="end"]').disabled = k >= limit;
    if (data.quiz) showQuiz(k);
    if (!stage.classList.contains("mmla-fitted") && frame.c !== null && frame.c !== undefined) {
      keepInView(dom.nodes[frame.c].g);
    }
  }

  function keepInView(g) {
    if (!g) return;
    const box = g.getBoundingClientRect();
    const view = stage.getBoundingClientRect();
    if (box.left < view.left || box.right > view.right) {
      stage.scrollLeft += box.left - view.left - (view.width - box.width) / 2;
    }
    if (box.top < view.top || box.bottom > view.bottom) {
      stage.scrollTop += box.top - view.top - (view.height - box.height) / 2;
    }
  }

  function showPlaying() {
    const playing = !!model.get("playing");
    const name = playing ? "pause" : "play";
    playButton.innerHTML = `<svg viewBox="0 0 16 16" aria-hidden="true">${ICONS[name]}</svg>`;
    playButton.setAttribute("aria-label", playing ? "Pause" : "Play");
    playButton.title = playing ? "Pause (Space)" : "Play (Space)";
    el.classList.toggle("mmla-playing", playing);
  }

  function showSpeed() {
    const value = Number(model.get("speed")) || 2;
    if (!SPEEDS.includes(value)) {
      speed.insertAdjacentHTML("beforeend", `<option value="${value}">${value}/s</option>`);
    }
    speed.value = String(value);
  }

  function go(k) {
    k = Math.max(0, Math.min(limitOf(model, timeline), k | 0));
    if (k !== model.get("index")) {
      model.set("index", k);
      model.save_changes();
    }
  }

  function pause() {
    if (model.get("playing")) {
      model.set("playing", false);
      model.save_changes();
    }
  }

  const actions = {
    start: () => { pause(); go(0); },
    back: () => { pause(); go(model.get("index") - 1); },
    forward: () => { pause(); go(model.get("index") + 1); },
    end: () => { pause(); go(last); },
    play: () => {
      model.set("playing", !model.get("playing"));
      model.save_changes();
    },
    fit: () => setFitted(!stage.classList.contains("mmla-fitted")),
  };

  // Fitted, a tree grows with the space it has, up to GROW times its natural size (a
  // narrow tree, drawn for a notebook's column, fills a wide window too).
  const natural = svg.viewBox.baseVal.width * 4 / 3;  // Graphviz sizes are in points
  svg.style.maxWidth = natural ? `${Math.round(natural * GROW)}px` : "";

  function setFitted(fitted) {
    stage.classList.toggle("mmla-fitted", fitted);
    $(".mmla-fit").textContent = fitted ? "fit" : "1:1";
    if (!fitted) {
      const c = timeline.frames[model.get("index")].c;
      if (c !== null && c !== undefined) keepInView(dom.nodes[c].g);
    }
  }

  // The quiz panel: the question asked at this frame, else the latest verdict; the score at the end.
  const quizBox = data.quiz ? $(".mmla-quiz") : null;
  let asked = null;  // what the panel shows, so that repainting it again keeps a half-typed reply

  function showQuiz(k) {
    const quiz = data.quiz;
    const answers = answersOf(model, quiz);
    const asking = quiz.findIndex((q, i) => q.f === k && answers[i] === null);
    let latest = -1;
    quiz.forEach((q, i) => { if (answers[i] !== null && q.f <= k) latest = i; });
    const key = `${k}:${asking}:${latest}:${answers.filter((a) => a).length}`;
    if (key === asked) return;
    asked = key;
    const hadFocus = el.contains(document.activeElement);
    let html = latest >= 0 ? verdictHtml(quiz[latest], answers[latest]) : "";
    if (asking >= 0) html += questionHtml(quiz[asking], asking, quiz.length);
    else if (k === last && answers.every((a) => a !== null)) html += scoreHtml(quiz, answers);
    quizBox.innerHTML = html;
    quizBox.hidden = !html;
    quizBox.dataset.answered = String(answers.filter((a) => a !== null).length);
    playButton.disabled = asking >= 0;  // the way on is to answer or skip
    if (hadFocus) {  // keyboard users keep their place: the answer box, else the player
      const first = asking >= 0 ? quizBox.querySelector("input, button") : null;
      if (first) first.focus();
      else if (!el.contains(document.activeElement)) el.focus({ preventScroll: true });
    }
  }

  function answer(reply) {
    const quiz = data.quiz;
    const form = quizBox.querySelector("form[data-question]");
    if (!form) return;
    const i = Number(form.dataset.question);
    const answers = answersOf(model, quiz);
    if (answers[i] !== null) return;
    if (reply === null) answers[i] = { skip: true };
    else if (quiz[i].kind !== "look" && parseReply(reply) === null) {
      const input = form.querySelector("input");
      input.setCustomValidity("Type a number, such as 3 or -2.5 (or Skip)");
      input.reportValidity();
      input.select();  // the next try replaces it
      return;
    } else {
      const said = String(reply).trim();
      const ok = isRight(quiz[i], said);
      answers[i] = ok ? { reply: said, ok } : { reply: said, ok, diagnosis: mistakeOf(quiz[i], said)[0] };
    }
    model.set("answers", JSON.stringify(answers));
    model.save_changes();
    const k = model.get("index");
    if (!quiz.some((q, j) => q.f === k && answers[j] === null)) go(k + 1);
    else show(k);
  }

  function restart() {
    pause();
    model.set("answers", "[]");
    model.save_changes();
    asked = null;
    if (model.get("index") === 0) show(0);
    else go(0);
  }

  if (quizBox) {
    quizBox.hidden = true;
    quizBox.addEventListener("submit", (event) => {
      event.preventDefault();
      answer(quizBox.querySelector(".mmla-reply").value);
    });
    // Enter answers: handled here, since JupyterLab keeps a form from seeing it.
    quizBox.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || !event.target.classList.contains("mmla-reply")) return;
      event.preventDefault();
      event.stopPropagation();
      answer(event.target.value);
    });
    quizBox.addEventListener("input", (event) => {
      if (event.target.setCustomValidity) event.target.setCustomValidity("");
    });
  }

  el.addEventListener("click", (event) => {
    const target = event.target.closest("button[data-action]");
    if (target && el.contains(target) && !target.disabled) actions[target.dataset.action]();
    const quizButton = event.target.closest("button[data-quiz]");
    if (quizButton && el.contains(quizButton)) {
      const what = quizButton.dataset.quiz;
      if (what === "yes" || what === "no") answer(what);
      else if (what === "skip") answer(null);
      else if (what === "restart") restart();
    }
  });
  slider.addEventListener("input", () => { pause(); go(Number(slider.value)); });
  speed.addEventListener("change", () => {
    model.set("speed", Number(speed.value));
    model.save_changes();
  });
  const keys = { ArrowRight: "forward", ArrowLeft: "back", Home: "start", End: "end", " ": "play" };
  // The slider is stepped here too: in JupyterLab a focused range input's own arrow
  // handling never happens (the notebook takes the key on its way up).
  el.addEventListener("keydown", (event) => {
    const pressed = event.target.closest("button");
    if (pressed && (event.key === " " || event.key === "Enter")) {
      // Space and Enter press the focused button (Step forward steps), as on any page:
      // here, not by the browser, so that JupyterLab takes neither key on its way up.
      event.preventDefault();
      event.stopPropagation();
      if (!event.repeat || pressed.dataset.action !== "play") pressed.click();
      return;
    }
    const action = keys[event.key];
    if (!action || event.target.closest("select, input:not([type=range]), .mmla-quiz")) return;
    event.preventDefault();
    event.stopPropagation();
    actions[action]();
  });

  const onIndex = () => show(model.get("index"));
  model.on("change:index", onIndex);
  if (data.quiz) model.on("change:answers", onIndex);
  model.on("change:playing", showPlaying);
  model.on("change:speed", showSpeed);
  show(model.get("index"));
  showPlaying();
  showSpeed();
  return () => {
    model.off("change:index", onIndex);
    if (data.quiz) model.off("change:answers", onIndex);
    model.off("change:playing", showPlaying);
    model.off("change:speed", showSpeed);
  };
}

// Playing lives in the model, not in a view: two views of one widget play in step.
function initialize({ model }) {
  let timer = null;
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  const delay = () => 1000 / Math.max(0.1, Number(model.get("speed")) || 2);
  const set = (name, value) => {
    model.set(name, value);
    model.save_changes();
  };
  function tick() {
    timer = null;
    if (!model.get("playing")) return;
    const last = limitOf(model, timelineOf(model));  // a quiz stops at its next question
    const next = Math.min(last, model.get("index") + 1);
    set("index", next);
    if (next >= last) set("playing", false);
    else timer = setTimeout(tick, delay());
  }
  const onPlaying = () => {
    stop();
    if (!model.get("playing")) return;
    const timeline = timelineOf(model);
    if (model.get("index") >= timeline.count - 1) set("index", 0);
    else if (model.get("index") >= limitOf(model, timeline)) {  // a question waits here
      set("playing", false);
      return;
    }
    timer = setTimeout(tick, delay());
  };
  model.on("change:playing", onPlaying);
  if (model.get("playing")) onPlaying();
  return () => {
    stop();
    model.off("change:playing", onPlaying);
  };
}

// A model for pages without Jupyter (the saved HTML file): same get/set/on/off/save_changes.
function localModel(initial) {
  const state = { ...initial };
  const handlers = new Map();
  return {
    get: (name) => state[name],
    set(name, value) {
      if (state[name] === value) return;
      state[name] = value;
      for (const handler of (handlers.get(`change:${name}`) || []).slice()) handler();
    },
    on(event, handler) {
      if (!handlers.has(event)) handlers.set(event, []);
      handlers.get(event).push(handler);
    },
    off(event, handler) {
      const list = handlers.get(event) || [];
      const at = list.indexOf(handler);
      if (at >= 0) list.splice(at, 1);
    },
    save_changes() {},
  };
}

export default { initialize, render, localModel, describe };
