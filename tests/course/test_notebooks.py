"""Notebook hygiene: what every notebook of the course must be, read from its JSON.

Nothing is executed here (nbval runs the notebooks; see the Makefile). Each rule
is one test, parametrised by notebook, and a failure names the notebook and the
cell (counted from 1, with the start of its text), so it can be found at once.

Which notebooks a rule applies to:

- *all notebooks* under ``notebooks/`` (lessons, ``exercises/``, ``solutions/``):
  reproducibility and stored outputs (no ``input()``, no network, seeded
  randomness, executed outputs, no widget state, no errors, links that resolve);
- *lessons*: the numbered notebooks ``notebooks/NN-*.ipynb``, 00 to 11: the
  opening frame and slide metadata;
- *numbered lessons*: lessons 01 onwards (00 is the start page, not a lesson):
  the Summary and Exercises at the end.

``# NBVAL_IGNORE_OUTPUT`` (and ``NBVAL_SKIP``) are budgeted: at most
``IGNORED_OUTPUT_BUDGET`` cells in the whole course, each with a comment on the
next line saying why its output varies, for example::

    # NBVAL_IGNORE_OUTPUT
    # wall-clock timings differ on every run
"""

import ast
import json
import re
from functools import lru_cache
from pathlib import Path

import pytest
from IPython.core.inputtransformer2 import TransformerManager

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"

ALL = sorted(p for p in NOTEBOOK_DIR.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
LESSONS = sorted(NOTEBOOK_DIR.glob("[0-9][0-9]-*.ipynb"))
NUMBERED_LESSONS = [p for p in LESSONS if not p.name.startswith("00-")]

IGNORED_OUTPUT_BUDGET = 2
SLIDE_TYPES = {"slide", "subslide", "fragment", "skip", "notes", "-"}
# First words a lesson title may start with (after "Lesson 3:" or "Start here:").
# A new title with another verb: add the verb here.
VERBS = {
    "add", "back", "build", "check", "compare", "compute", "count", "cut", "draw",
    "explore", "find", "go", "learn", "look", "make", "measure", "meet", "order",
    "play", "predict", "prune", "read", "score", "search", "see", "solve", "speed",
    "step", "teach", "trace", "try", "use", "watch", "write",
}
FRAME = ("you will do", "you will learn", "you need")
NETWORK_MODULES = {"urllib", "urllib3", "requests", "http", "httpx", "aiohttp", "socket",
                   "ftplib", "smtplib", "webbrowser", "pooch", "wget"}
SHELL_NETWORK = re.compile(r"^\s*(pip|conda|mamba|curl|wget|git)\b", re.M)
# Magics whose argument is Python that runs in the kernel.
PYTHON_MAGICS = {"time", "timeit", "capture", "prun", "debug"}
URL = re.compile(r"https?://", re.I)
# Module-level functions of `random` (and numpy.random) that draw from the global,
# unseeded generator.
RANDOM_DRAWS = {"random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
                "uniform", "gauss", "normalvariate", "triangular", "betavariate",
                "expovariate", "getrandbits", "randbytes", "rand", "randn", "integers",
                "permutation", "normal"}
# The package's seeded helpers: (callable name, how its seed is given).
SEEDED_HELPERS = {"random_player": "seed", "shuffled": "seed"}
NBVAL_MARKERS = {"NBVAL_IGNORE_OUTPUT", "NBVAL_SKIP", "PYTEST_VALIDATE_IGNORE_OUTPUT"}
NBVAL_TAGS = {"nbval-ignore-output", "nbval-skip"}
MD_LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""<a\s[^>]*href=["']([^"']+)["']""", re.I)


# ---------------------------------------------------------------- reading notebooks

def ids(paths):
    return [str(p.relative_to(NOTEBOOK_DIR)) for p in paths]


@lru_cache(maxsize=None)
def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def source(cell):
    text = cell.get("source", "")
    return "".join(text) if isinstance(text, list) else text


def where(path, index, cell):
    """'06-alpha-beta.ipynb, cell 3 ("## What each side…")': findable by eye."""
    first = next((line.strip() for line in source(cell).splitlines() if line.strip()), "")
    if len(first) > 60:
        first = first[:57] + "..."
    return f'{path.relative_to(NOTEBOOK_DIR)}, cell {index + 1} ("{first}")'


def cells(path, kind=None):
    """(index, cell) pairs, optionally only of one cell_type."""
    return [(i, c) for i, c in enumerate(load(path)["cells"])
            if kind is None or c["cell_type"] == kind]


@lru_cache(maxsize=None)
def python_of(text):
    """Cell source as plain Python (IPython magics and ! lines made into calls)."""
    return TransformerManager().transform_cell(text)


def syntax_tree(text):
    """The cell's syntax tree, with the Python inside %%time / %timeit (and the
    like) parsed too, or None when the cell is not valid Python."""
    try:
        tree = ast.parse(python_of(text))
    except SyntaxError:
        return None
    for node in list(ast.walk(tree)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr in {"run_cell_magic", "run_line_magic"}
                and node.args and isinstance(node.args[0], ast.Constant)
                and node.args[0].value in PYTHON_MAGICS):
            body = node.args[-1]
            if isinstance(body, ast.Constant) and isinstance(body.value, str):
                inner = syntax_tree(body.value)
                if inner is None:
                    return None
                tree.body.extend(inner.body)
    return tree


def shell_text(text):
    """The shell commands of a cell: ! lines and the bodies of %%bash-like magics."""
    first, _, rest = text.lstrip().partition("\n")
    if first.split()[:1] and first.split()[0] in {"%%bash", "%%sh", "%%script", "%%system"}:
        return rest
    return "\n".join(line.strip().lstrip("!%") for line in text.splitlines()
                     if line.strip().startswith(("!", "%")))


def dotted(node):
    """'np.random.default_rng' for an attribute chain, '' for anything else."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return ""


def is_none(node):
    return isinstance(node, ast.Constant) and node.value is None


def given(call, keyword, position=0):
    """Whether ``call`` passes ``keyword`` (or an argument at ``position``), not None."""
    for kw in call.keywords:
        if kw.arg == keyword:
            return not is_none(kw.value)
        if kw.arg is None:  # **options: cannot tell, trust it
            return True
    return len(call.args) > position and not is_none(call.args[position])


def headings(path, level):
    """(index, title) of markdown headings of exactly ``level`` #'s, in order."""
    found = []
    for i, cell in cells(path, "markdown"):
        for line in source(cell).splitlines():
            match = re.match(r"^(#+)\s+(.*?)\s*#*\s*$", line)
            if match and len(match.group(1)) == level:
                found.append((i, match.group(2)))
    return found


def exercises_section(path):
    """The cells after the last '## Exercises' heading (that cell included)."""
    level2 = headings(path, 2)
    starts = [i for i, title in level2 if title.lower().startswith("exercises")]
    return cells(path)[starts[-1]:] if starts else []


# ---------------------------------------------------------------- the lessons' shape

def test_the_course_has_its_lessons():
    names = [p.name for p in LESSONS]
    assert [n[:2] for n in names] == [f"{k:02d}" for k in range(len(names))], (
        f"lessons must be numbered 00, 01, ... without gaps: {names}")
    assert len(NUMBERED_LESSONS) >= 10, f"expected lessons 01-10, found {names}"


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_every_lesson_opens_with_a_title_that_starts_with_a_verb(path):
    index, first = cells(path)[0]
    lines = [line for line in source(first).splitlines() if line.strip()]
    assert first["cell_type"] == "markdown" and lines and lines[0].startswith("# "), (
        f"{where(path, index, first)}: the first cell must be markdown starting with a "
        "'# ' title")
    title = lines[0][2:].strip()
    words = title.split(":", 1)[-1].split()
    verb = words[0].lower().strip("*_") if words else ""
    assert verb in VERBS, (
        f"{where(path, index, first)}: the title '{title}' should start (after any "
        f"'Lesson N:' prefix) with a verb saying what the student does; '{verb}' is not "
        "in VERBS (add it there if it is a verb)")


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_every_lesson_frames_what_you_will_do_learn_and_need(path):
    index, first = cells(path)[0]
    text = source(first).lower()
    missing = [phrase for phrase in FRAME if phrase not in text]
    assert not missing, (
        f"{where(path, index, first)}: the opening cell must say what you will do, "
        f"learn and need; missing: {', '.join(repr(m) for m in missing)}")


@pytest.mark.parametrize("path", NUMBERED_LESSONS, ids=ids(NUMBERED_LESSONS))
def test_every_lesson_ends_with_a_summary_then_exercises(path):
    level2 = headings(path, 2)
    last_two = [title.lower() for _, title in level2[-2:]]
    ok = (len(last_two) == 2 and last_two[0].startswith("summary")
          and last_two[1].startswith("exercises"))
    tail = ", ".join(f"'## {title}' (cell {i + 1})" for i, title in level2[-3:])
    assert ok, (
        f"{path.relative_to(NOTEBOOK_DIR)}: the last two '##' sections must be "
        f"'Summary' then 'Exercises'; the last ones are: {tail or 'none'}")


@pytest.mark.parametrize("path", NUMBERED_LESSONS, ids=ids(NUMBERED_LESSONS))
def test_every_lesson_has_exercises_to_do_in_three_tiers(path):
    section = exercises_section(path)
    name = path.relative_to(NOTEBOOK_DIR)
    assert section, f"{name}: no '## Exercises' section"
    code = [i for i, c in section if c["cell_type"] == "code" and source(c).strip()]
    assert code, (
        f"{where(path, *section[0])}: the Exercises section has no code cell: "
        "nothing for the student to run or answer")
    text = "\n".join(source(c) for _, c in section if c["cell_type"] == "markdown")
    tiers = {stars for stars in re.findall(r"★+", text)}
    missing = [t for t in ("★", "★★", "★★★") if t not in tiers]
    assert not missing, (
        f"{where(path, *section[0])}: exercises come in three tiers (★ followed the "
        f"lesson, ★★ practice, ★★★ challenge); no exercise is marked {', '.join(missing)}")


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_every_lesson_cell_has_slideshow_metadata(path):
    bad = []
    for i, cell in cells(path):
        slide_type = cell.get("metadata", {}).get("slideshow", {}).get("slide_type")
        if slide_type not in SLIDE_TYPES:
            bad.append(f"{where(path, i, cell)}: slide_type {slide_type!r}")
    assert not bad, (
        "every lesson cell needs metadata.slideshow.slide_type, one of "
        f"{sorted(SLIDE_TYPES)} (for `jupyter nbconvert --to slides`):\n" + "\n".join(bad))


@pytest.mark.parametrize("path", LESSONS, ids=ids(LESSONS))
def test_no_code_cell_ends_in_an_empty_line(path):
    """JupyterLab and the slides draw a code cell's trailing newline as one more, empty line,
    and rise.css gives a picture the height its cell's code leaves (counting those lines):
    lesson 1's two-ply tic-tac-toe tree, whose five lines of code read as six, was drawn at
    98 % on its slide, its values under 20 px."""
    bad = [where(path, i, c) for i, c in cells(path, "code") if source(c) != source(c).rstrip()]
    assert not bad, "code cells ending in an empty line (strip them):\n" + "\n".join(bad)


# ---------------------------------------------------------------- reproducible and offline

@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_notebook_code_fails_to_parse(path):
    bad = [where(path, i, c) for i, c in cells(path, "code")
           if source(c).strip() and syntax_tree(source(c)) is None]
    assert not bad, ("these code cells are not valid Python, so the rules below cannot "
                     "read them:\n" + "\n".join(bad))


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_notebook_waits_for_keyboard_input(path):
    bad = []
    for i, cell in cells(path, "code"):
        tree = syntax_tree(source(cell))
        for node in ast.walk(tree) if tree else ():
            if isinstance(node, ast.Call) and dotted(node.func) in {"input", "getpass.getpass",
                                                                    "getpass"}:
                bad.append(f"{where(path, i, cell)}: line {node.lineno} calls {dotted(node.func)}()")
    assert not bad, ("a notebook must run top to bottom unattended (nbval, Run All, "
                     "grading): no input():\n" + "\n".join(bad))


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_notebook_reaches_the_network(path):
    bad = []
    for i, cell in cells(path, "code"):
        text = source(cell)
        if URL.search(text):
            bad.append(f"{where(path, i, cell)}: a URL in code (links belong in markdown)")
        shell = SHELL_NETWORK.search(shell_text(text))
        if shell:
            bad.append(f"{where(path, i, cell)}: a shell command that may download "
                       f"({shell.group(0).strip()})")
        tree = syntax_tree(text)
        for node in ast.walk(tree) if tree else ():
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in NETWORK_MODULES:
                    bad.append(f"{where(path, i, cell)}: line {node.lineno} imports {name}")
    assert not bad, "notebooks must run offline:\n" + "\n".join(bad)


def unseeded_calls(tree, state):
    """Messages for unseeded random draws in ``tree``; ``state`` carries seeds and
    names imported from ``random`` across the cells of one notebook."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in {"random", "numpy.random"}:
            state["draws"].update(a.asname or a.name for a in node.names
                                  if a.name in RANDOM_DRAWS)
    calls = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call)),
                   key=lambda n: (n.lineno, n.col_offset))
    for call in calls:
        name = dotted(call.func)
        last = name.rsplit(".", 1)[-1]
        if name in {"random.seed", "np.random.seed", "numpy.random.seed"} and given(call, "a"):
            state["seeded"] = True
        elif name in {"random.Random", "np.random.default_rng", "numpy.random.default_rng",
                      "np.random.RandomState", "numpy.random.RandomState", "default_rng",
                      "Random"}:
            if not given(call, "seed"):
                found.append((call.lineno, f"{name}() without a seed"))
        elif name.endswith("GameTree.random") or name == "GameTree.random":
            if not any(kw.arg == "seed" and not is_none(kw.value) for kw in call.keywords):
                found.append((call.lineno, "GameTree.random(...) without seed="))
        elif last in SEEDED_HELPERS and (name == last or name.startswith("minimax_lessons")):
            if not given(call, SEEDED_HELPERS[last]):
                found.append((call.lineno, f"{name}() without a seed"))
        elif ((name.startswith(("random.", "np.random.", "numpy.random."))
               and last in RANDOM_DRAWS) or name in state["draws"]):
            if not state["seeded"]:
                found.append((call.lineno, f"{name}() draws from the global generator "
                                           "before any random.seed(...)"))
    return found


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_all_randomness_is_seeded(path):
    state = {"seeded": False, "draws": set()}
    bad = []
    for i, cell in cells(path, "code"):
        tree = syntax_tree(source(cell))
        if tree is not None:
            bad += [f"{where(path, i, cell)}: line {line}: {what}"
                    for line, what in unseeded_calls(tree, state)]
    assert not bad, ("stored outputs must come out the same on every run: seed every "
                     "random draw:\n" + "\n".join(bad))


# ---------------------------------------------------------------- stored outputs (nbval)

def ignored_output_cells():
    """(path, index, cell, how) for every cell whose output nbval does not compare."""
    found = []
    for path in ALL:
        for i, cell in cells(path, "code"):
            comments = {line.strip().lstrip("#").strip() for line in source(cell).splitlines()
                        if line.strip().startswith("#")}
            tags = set(cell.get("metadata", {}).get("tags", []))
            for how in sorted((comments & NBVAL_MARKERS) | (tags & NBVAL_TAGS)):
                found.append((path, i, cell, how))
    return found


def test_cells_with_unchecked_output_are_few():
    found = ignored_output_cells()
    listing = "\n".join(f"{where(p, i, c)}: {how}" for p, i, c, how in found)
    assert len(found) <= IGNORED_OUTPUT_BUDGET, (
        f"{len(found)} cells escape nbval's comparison, the course allows "
        f"{IGNORED_OUTPUT_BUDGET}: make their output deterministic instead (seed it, "
        f"sanitize it in notebooks/sanitize.cfg, print less):\n{listing}")


def test_every_cell_with_unchecked_output_says_why():
    bad = []
    for path, i, cell, how in ignored_output_cells():
        lines = [line.strip() for line in source(cell).splitlines()]
        if how in NBVAL_TAGS:
            bad.append(f"{where(path, i, cell)}: tag {how!r}: use the comment "
                       "'# NBVAL_IGNORE_OUTPUT' so the reason can sit beside it")
            continue
        at = next(k for k, line in enumerate(lines) if line.lstrip("#").strip() == how)
        reason = lines[at + 1] if at + 1 < len(lines) else ""
        if not (reason.startswith("#") and len(reason.lstrip("#").strip()) >= 10):
            bad.append(f"{where(path, i, cell)}: '# {how}' needs a comment on the next line "
                       "saying why the output varies")
        elif how != "NBVAL_SKIP" and not cell.get("outputs"):
            bad.append(f"{where(path, i, cell)}: '# {how}' on a cell with no output")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_every_code_cell_has_stored_outputs_from_a_run(path):
    bad = [where(path, i, c) for i, c in cells(path, "code")
           if source(c).strip() and c.get("execution_count") is None]
    assert not bad, ("nbval compares against stored outputs: run `make notebooks` and "
                     "commit the result; never executed:\n" + "\n".join(bad))


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_every_notebook_was_run_top_to_bottom_in_one_go(path):
    code = [(i, c) for i, c in cells(path, "code") if source(c).strip()]
    for expected, (i, cell) in enumerate(code, start=1):
        count = cell.get("execution_count")
        assert count == expected, (
            f"{where(path, i, cell)}: execution_count {count}, expected {expected}: the "
            "stored outputs are not from one fresh top-to-bottom run; run `make notebooks`")


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_notebook_stores_widget_state(path):
    metadata = load(path).get("metadata", {})
    assert "widgets" not in metadata, (
        f"{path.relative_to(NOTEBOOK_DIR)}: metadata.widgets holds saved widget state "
        f"({len(json.dumps(metadata['widgets'])):,} characters): it changes on every run; "
        "save with widget state off (`make notebooks` does)")


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_every_notebook_names_the_kernel_the_course_installs_as_it_names_itself(path):
    # Opening a notebook, JupyterLab writes the kernel's own spec and language into its
    # metadata; any difference (a stored "Python 3" for "Python 3 (ipykernel)") makes every
    # lesson unsaved the moment it opens, before the student has done anything.
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    metadata = load(path).get("metadata", {})
    assert metadata.get("kernelspec") == {"name": "python3", "display_name": spec.display_name,
                                          "language": spec.language}, (
        f"{path.relative_to(NOTEBOOK_DIR)}: kernelspec {metadata.get('kernelspec')}")
    assert metadata.get("language_info", {}).get("name") == spec.language


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_notebook_stores_an_error(path):
    bad = [f"{where(path, i, c)}: {o.get('ename')}: {o.get('evalue')}"
           for i, c in cells(path, "code") for o in c.get("outputs", [])
           if o.get("output_type") == "error"]
    assert not bad, "stored outputs must not contain errors:\n" + "\n".join(bad)


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_no_notebook_stores_warnings(path):
    bad = [f"{where(path, i, c)}: {''.join(o.get('text', ''))[:120]!r}"
           for i, c in cells(path, "code") for o in c.get("outputs", [])
           if o.get("output_type") == "stream" and o.get("name") == "stderr"]
    assert not bad, ("output on stderr (warnings, logging) is noise for students and "
                     "varies between machines:\n" + "\n".join(bad))


# ---------------------------------------------------------------- links

def relative_links(text):
    for target in MD_LINK.findall(text) + HTML_LINK.findall(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("#"):
            continue  # http:, https:, mailto:, ... and anchors in the same page
        yield target


@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_every_relative_link_points_at_a_file_that_exists(path):
    bad = []
    for i, cell in cells(path, "markdown"):
        for target in relative_links(source(cell)):
            file = target.split("#", 1)[0].split("?", 1)[0]
            if file and not (path.parent / file).exists():
                bad.append(f"{where(path, i, cell)}: link to {target!r}")
    assert not bad, (f"links are resolved from the notebook's folder "
                     f"({path.parent.relative_to(ROOT)}/); these point nowhere:\n"
                     + "\n".join(bad))


# ---------------------------------------------------------------- asking before telling

PREDICTION_ID = re.compile(r"^p(\d+)\.(\d+)$")
SUMMARY = "summary"
# Which textbook searches each lesson shows (``textbook.show(textbook.NAME)``).
TEXTBOOK_SHOWN = {
    "03": {"minimax", "minimax_decision"},
    "05": {"depth_limited_minimax"},
    "06": {"alphabeta"},
    "07": {"negamax", "expectiminimax"},
    "08": {"playout", "uct_search"},
    "09": {"alphabeta_with_table", "alphabeta_with_exact_table"},
    "11": {"beam_minimax", "singular_extension_decision", "retrograde"},
    "10": {"maxn", "expectiminimax_with_bounds", "chance_node_with_bounds",
           "alphabeta_with_killers"},
}


def calls_in(cell):
    """Every call in a code cell's Python (magics and shell lines left out)."""
    tree = syntax_tree(source(cell))
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call)] if tree else []


def string_argument(call, position=0):
    if len(call.args) > position and isinstance(call.args[position], ast.Constant) \
            and isinstance(call.args[position].value, str):
        return call.args[position].value
    return None


def predictions(path):
    """(cell index, prediction id) of each ``check("pN.k", ...)`` call, in order."""
    found = []
    for i, cell in cells(path, "code"):
        for call in calls_in(cell):
            qid = string_argument(call)
            if dotted(call.func).split(".")[-1] == "check" and qid and PREDICTION_ID.match(qid):
                found.append((i, qid))
    return found


def summary_index(path):
    return next((i for i, title in headings(path, 2) if title.lower().startswith(SUMMARY)),
                len(load(path)["cells"]))


def lesson_number(path):
    return int(path.name[:2])


@pytest.mark.parametrize("path", NUMBERED_LESSONS, ids=ids(NUMBERED_LESSONS))
def test_every_lesson_asks_for_two_predictions_before_its_summary(path):
    asked = [(i, qid) for i, qid in predictions(path) if i < summary_index(path)]
    number = lesson_number(path)
    assert len({qid for _, qid in asked}) >= 2, (
        f"{path.relative_to(NOTEBOOK_DIR)}: the body (before '## Summary') must ask the "
        f"student to predict at least twice, with check(\"p{number}.1\", answer) and so on; "
        f"found {[qid for _, qid in asked]}")
    expected = [f"p{number}.{k}" for k in range(1, len(asked) + 1)]
    assert [qid for _, qid in asked] == expected, (
        f"{path.relative_to(NOTEBOOK_DIR)}: predictions are numbered in the order they are "
        f"asked, p{number}.1 first, without gaps or repeats: found "
        f"{[qid for _, qid in asked]}, expected {expected}")


@pytest.mark.parametrize("path", NUMBERED_LESSONS, ids=ids(NUMBERED_LESSONS))
def test_every_prediction_is_a_registered_question(path):
    from minimax_lessons.exercises import get_question

    unknown = [f"{where(path, i, cells(path)[i][1])}: {qid}" for i, qid in predictions(path)
               if get_question(qid) is None]
    assert not unknown, ("these predictions are not registered (minimax_lessons/exercises/"
                         "banks/lessonN.py):\n" + "\n".join(unknown))


@pytest.mark.parametrize("path", NUMBERED_LESSONS, ids=ids(NUMBERED_LESSONS))
def test_every_prediction_is_asked_in_words_and_left_for_the_student(path):
    bad = []
    for i, qid in predictions(path):
        before = load(path)["cells"][i - 1]
        cell = load(path)["cells"][i]
        if before["cell_type"] != "markdown":
            bad.append(f"{where(path, i, cell)}: {qid} has no question in words just above it")
        outputs = "".join("".join(o.get("text", "")) + "".join(
            o.get("data", {}).get("text/plain", "")) for o in cell.get("outputs", []))
        if "Not answered yet" not in outputs:
            bad.append(f"{where(path, i, cell)}: {qid} is stored answered; the student must "
                       "find `answer = ...` to fill in, not the answer")
    assert not bad, "\n".join(bad)


def test_every_registered_prediction_is_asked_in_its_lesson():
    from minimax_lessons.exercises import question_ids

    asked = {qid for path in NUMBERED_LESSONS for _, qid in predictions(path)}
    registered = {qid for qid in question_ids() if PREDICTION_ID.match(qid)}
    assert registered <= asked, (
        f"predictions registered but asked in no lesson: {sorted(registered - asked)}")


def textbook_shown(path):
    """(cell index, name) of each ``textbook.show(textbook.NAME)`` call."""
    found = []
    for i, cell in cells(path, "code"):
        for call in calls_in(cell):
            if dotted(call.func).split(".")[-1] == "show" and call.args:
                found.append((i, dotted(call.args[0]).split(".")[-1]))
    return found


@pytest.mark.parametrize("number, names", sorted(TEXTBOOK_SHOWN.items()))
def test_lessons_show_the_textbook_code_they_teach(number, names):
    path = next(p for p in LESSONS if p.name.startswith(number))
    shown = {name for _, name in textbook_shown(path)}
    assert names <= shown, (
        f"{path.relative_to(NOTEBOOK_DIR)} must show the short textbook version of "
        f"{sorted(names - shown)} with textbook.show(textbook.NAME)")


def test_lesson_6_shows_alphabeta_code_before_it_asks_for_one():
    path = next(p for p in LESSONS if p.name.startswith("06"))
    shown = [i for i, name in textbook_shown(path) if name == "alphabeta"]
    asked = [i for i, cell in cells(path, "code") for call in calls_in(cell)
             if dotted(call.func).split(".")[-1] == "question" and string_argument(call) == "q6.6"]
    assert shown and asked and min(shown) < min(asked), (
        "lesson 6 must show alpha-beta's code (textbook.show(textbook.alphabeta)) before "
        f"q6.6 asks the student to write one: shown in cells {[i + 1 for i in shown]}, "
        f"q6.6 in cells {[i + 1 for i in asked]}")


# ---------------------------------------------------------------- pictures before running

@pytest.mark.parametrize("path", ALL, ids=ids(ALL))
def test_every_stored_picture_shows_in_an_untrusted_notebook(path):
    """JupyterLab refuses SVG, and strips inline <svg> from HTML, in notebooks it did not
    run itself (GitHub and nbviewer do the same): every stored SVG needs a PNG beside it,
    and HTML outputs must hold pictures as <img>, not inline <svg>."""
    bad = []
    for i, cell in cells(path, "code"):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/svg+xml" in data and "image/png" not in data:
                bad.append(f"{where(path, i, cell)}: SVG without a PNG beside it")
            if "<svg" in "".join(data.get("text/html", "")):
                bad.append(f"{where(path, i, cell)}: inline <svg> in HTML (shown as text "
                           "when untrusted)")
    assert not bad, "\n".join(bad)
