"""The class report: one self-contained page for an instructor who would rather look than read.

:func:`class_summary` reads a graded folder (``grades.csv``, ``totals.csv``, and
``students.csv`` for names) into plain data; :func:`report_html` draws it (pictures by
matplotlib, embedded as PNG, no scripts, nothing fetched, so the page opens from
``file://`` anywhere); :func:`write_report` writes ``report.html``. The page shows:

- the *score distribution*: final points, with the median;
- *success per question*: the share of the points the class earned, and how many
  students got full, partial or no credit;
- the *misconceptions* the grader diagnosed most, with how many students showed each,
  what they believe and what to say (from the misconception guide), and links to the
  lessons whose teaching notes re-teach it and to the guide's entry;
- *notebooks that failed or are missing*: every student with a notebook that crashed, timed
  out or could not be read, or that was not handed in (one of two counts too);
- *identical unusual wrong answers*: pairs of students who gave the same wrong answer
  to a question that few others gave (at most :data:`UNUSUAL_SHARE` of the class, and
  at most :data:`UNUSUAL_MOST` students), most shared answers first. A shared answer
  is a reason to look, not proof of copying.

Answers are shown as a person writes them in Python (``{'D2', 'D3'}``), not in the
grader's recorded form. The roster's test students (Canvas's *Test Student*, marked
``test student`` in ``students.csv`` by ``collect``) are left out of every figure and
named at the top.

>>> summary = class_summary_from([{"student": "ann", "points": "3", "max_points": "4",
...     "problems": ""}], [{"student": "ann", "notebook": "a.ipynb", "question": "q1",
...     "points": "1", "max_points": "2", "diagnosis": "max-at-every-level",
...     "feedback": "", "answer": "12"}])
>>> summary["misconceptions"][0]["id"], summary["misconceptions"][0]["students"]
('max-at-every-level', 1)
"""

from __future__ import annotations

import base64
import html
import io
import json
import re
import statistics
from itertools import combinations
from pathlib import Path

from ...mistakes import DIAGNOSES, EXTRA_DIAGNOSES
from ...runner.codec import as_written
from ...words import counted
from ..common.files import read_csv, write_atomic
from ..common.pages import render, safe
from ..assignment.class_list import TEST_STUDENT_MARK
from ..assignment.release import REPO_ROOT, ReleaseError, question_order

#: A wrong answer is unusual when at most this share of the class gave it ...
UNUSUAL_SHARE = 0.1
#: ... and at most this many students.
UNUSUAL_MOST = 3
#: Diagnoses that are no misconception (nothing answered, an answer of the wrong shape).
NOT_MISCONCEPTIONS = {"not-answered", "bad-answer", "unknown-question", "wrong"}
#: What in a student's problems means their notebook failed.
FAILURES = (("crash", re.compile(r"crash|kernel died|stopped responding|grading stopped|"
                                 r"killed", re.I)),
            ("timed out", re.compile(r"longer than|did not finish|timed out", re.I)),
            ("unreadable", re.compile(r"could not be read|not a notebook|is missing", re.I)),
            ("not handed in", re.compile(r"not submitted", re.I)))
TEACHING = REPO_ROOT / "docs" / "teaching"
NOTEBOOKS = REPO_ROOT / "notebooks"


def class_summary(folder) -> dict:
    """The report's data for a graded folder (see :func:`class_summary_from`)."""
    folder = Path(folder)
    if not (folder / "grades.csv").exists():
        raise ReleaseError(f"{folder} is not a graded folder (no grades.csv)")
    names, tests = {}, set()
    if (folder / "students.csv").exists():
        rows = read_csv(folder / "students.csv")
        names = {r["student"]: r.get("name", "") for r in rows}
        tests = {r["student"] for r in rows if r.get("on_roster") == TEST_STUDENT_MARK}
    return class_summary_from(read_csv(folder / "totals.csv"), read_csv(folder / "grades.csv"),
                              names, tests)


def class_summary_from(totals, grades, names=None, test_students=()) -> dict:
    """The report's data from the rows of ``totals.csv`` and ``grades.csv``, less the
    ``test_students``."""
    names = names or {}
    left_out = sorted({t["student"] for t in totals} & set(test_students))
    totals = [t for t in totals if t["student"] not in left_out]
    grades = [g for g in grades if g["student"] not in left_out]
    scores = [float(t["points"]) for t in totals]
    most = max((float(t["max_points"]) for t in totals), default=0.0)
    return {"students": len(totals), "scores": scores, "max_points": most,
            "median": statistics.median(scores) if scores else 0.0,
            "mean": statistics.fmean(scores) if scores else 0.0,
            "full": sum(s >= most > 0 for s in scores),
            "questions": _questions(grades), "misconceptions": _misconceptions(grades),
            "failed": _failed(totals, names),
            "pairs": _pairs(grades, len(totals)),
            "late": sum(float(t.get("late_penalty") or 0) > 0 for t in totals),
            "adjusted": sum(float(t.get("adjustments") or 0) != 0 for t in totals),
            "left_out": left_out}


def _questions(grades) -> list:
    by = {}
    for g in grades:
        by.setdefault((g["notebook"], g["question"]), []).append(g)
    found = []
    for (notebook, question), rows in by.items():
        earned = sum(float(r["points"]) for r in rows)
        worth = sum(float(r["max_points"]) for r in rows)
        found.append({"notebook": notebook, "question": question,
                      "share": earned / worth if worth else 0.0,
                      "full": sum(float(r["points"]) >= float(r["max_points"]) for r in rows),
                      "partial": sum(0 < float(r["points"]) < float(r["max_points"])
                                     for r in rows),
                      "none": sum(float(r["points"]) == 0 for r in rows)})
    return sorted(found, key=lambda q: (q["notebook"], question_order(q["question"])))


def _misconceptions(grades) -> list:
    seen = {}
    for g in grades:
        diagnosis = g.get("diagnosis") or ""
        if diagnosis and diagnosis not in NOT_MISCONCEPTIONS:
            entry = seen.setdefault(diagnosis, {"students": set(), "questions": set()})
            entry["students"].add(g["student"])
            entry["questions"].add(g["question"])
    found = [{"id": d, "students": len(e["students"]),
              "questions": sorted(e["questions"], key=question_order), **_teaching(d)}
             for d, e in seen.items()]
    return sorted(found, key=lambda m: (-m["students"], m["id"]))


def _teaching(diagnosis) -> dict:
    """What the guide says of a diagnosis, and the lessons whose notes re-teach it."""
    from ..teaching.guide import ADVICE

    advice = ADVICE.get(diagnosis)
    lessons = []
    if TEACHING.is_dir():
        for note in sorted(TEACHING.glob("lesson-*.md")):
            if f"misconceptions.md#{diagnosis})" in note.read_text(encoding="utf-8"):
                number = note.stem.split("-")[1]
                notebook = next(iter(sorted(NOTEBOOKS.glob(f"{number}-*.ipynb"))), None)
                lessons.append({"number": int(number), "note": note, "notebook": notebook})
    guide = TEACHING / "misconceptions.md"
    return {"explanation": DIAGNOSES.get(diagnosis) or EXTRA_DIAGNOSES.get(diagnosis, ""),
            "believes": advice.believes if advice else "", "say": advice.say if advice else "",
            "lessons": lessons, "guide": guide if guide.exists() else None}


def _failed(totals, names) -> list:
    """Every student with a notebook that crashed, timed out, could not be read or was not
    handed in (one notebook of two missing counts too); those who only missed notebooks
    last."""
    found = []
    for t in totals:
        problems = [p for p in (t.get("problems") or "").split("; ") if p]
        kinds = [kind for kind, pattern in FAILURES if any(pattern.search(p) for p in problems)]
        if kinds:
            found.append({"student": t["student"], "name": names.get(t["student"], ""),
                          "kinds": kinds, "problems": problems})
    return sorted(found, key=lambda f: (f["kinds"] == ["not handed in"], f["student"]))


def _pairs(grades, students) -> list:
    """Pairs of students with the same unusual wrong answers, most shared first."""
    given = {}
    for g in grades:
        answer = g.get("answer") or ""
        if answer in ("", "null") or float(g["points"]) >= float(g["max_points"]):
            continue
        given.setdefault((g["question"], answer), set()).add(g["student"])
    most = max(2, min(UNUSUAL_MOST, int(UNUSUAL_SHARE * students)))
    shared = {}
    for (question, answer), who in given.items():
        if 2 <= len(who) <= most:
            for a, b in combinations(sorted(who), 2):
                shared.setdefault((a, b), []).append((question, answer))
    pairs = [{"students": pair, "answers": sorted(answers, key=lambda x: question_order(x[0]))}
             for pair, answers in shared.items()]
    return sorted(pairs, key=lambda p: (-len(p["answers"]), p["students"]))


# -- pictures ---------------------------------------------------------------------------------
INK, ACCENT, GOOD, PARTIAL, BAD, GRID = "#1f2933", "#3b6ea8", "#2e8540", "#e0a526", "#c0392b", \
    "#d9dee4"


def _png(figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110, bbox_inches="tight",
                   metadata={"Software": None})
    import matplotlib.pyplot as plt

    plt.close(figure)
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode("ascii")


def _axes(width, height):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(width, height))
    for side in ("top", "right"):
        axes.spines[side].set_visible(False)
    axes.tick_params(colors=INK, labelsize=9)
    return figure, axes


def distribution_png(summary) -> str:
    """A histogram of the final scores, the median marked."""
    figure, axes = _axes(7.5, 2.8)
    most = summary["max_points"] or 1
    bins = min(20, max(5, int(most)))
    axes.hist(summary["scores"], bins=bins, range=(0, most), color=ACCENT, edgecolor="white")
    axes.axvline(summary["median"], color=INK, linestyle="--", linewidth=1.2)
    axes.annotate(f"median {summary['median']:g}", (summary["median"], 1), xycoords=(
        "data", "axes fraction"), xytext=(4, 2), textcoords="offset points", fontsize=9,
        color=INK, va="bottom", bbox={"boxstyle": "round,pad=0.2", "fc": "white",
                                      "ec": "none"})
    axes.set_xlabel(f"points (of {most:g})", color=INK)
    axes.set_ylabel("students", color=INK)
    axes.yaxis.get_major_locator().set_params(integer=True)
    axes.grid(axis="y", color=GRID, linewidth=0.8)
    axes.set_axisbelow(True)
    return _png(figure)


#: How each part of a question's bar is told apart without colour: (key, label, colour,
#: hatch pattern).
CREDIT_PARTS = (("full", "full credit", GOOD, ""), ("partial", "partial credit", PARTIAL, "////"),
                ("none", "no credit", BAD, "xxx"))


def questions_png(summary) -> str:
    """:func:`questions_figure` as a PNG data URI."""
    return _png(questions_figure(summary))


def questions_figure(summary):
    """Per question, the students with full, partial and no credit: stacked bars told apart
    by pattern as well as colour (plain, striped, crossed), each part with its count written
    on it, and the share of the points the class earned at the right (a matplotlib
    figure)."""
    import matplotlib

    questions = summary["questions"][::-1]
    figure, axes = _axes(7.5, 0.36 * len(questions) + 1.0)
    labels = [q["question"] for q in questions]
    left = [0] * len(questions)
    with matplotlib.rc_context({"hatch.linewidth": 1.0, "hatch.color": "white"}):
        for key, label, colour, hatch in CREDIT_PARTS:
            counts = [q[key] for q in questions]
            axes.barh(labels, counts, left=left, color=colour, hatch=hatch, label=label,
                      edgecolor="white", linewidth=0.8, height=0.7)
            for y, (start, count) in enumerate(zip(left, counts)):
                if count:  # dark on a white label: readable on any colour and pattern
                    axes.text(start + count / 2, y, str(count), ha="center", va="center",
                              fontsize=8.5, color=INK, fontweight="bold",
                              bbox={"boxstyle": "round,pad=0.15", "fc": "white",
                                    "ec": colour, "lw": 0.8})
            left = [a + b for a, b in zip(left, counts)]
    for y, q in enumerate(questions):
        axes.text(left[y] + 0.2, y, f"{q['share']:.0%}", va="center", fontsize=8, color=INK)
    axes.set_xlabel("students", color=INK)
    axes.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, frameon=False,
                fontsize=9)
    axes.set_xlim(0, max(1, summary["students"]) * 1.12)
    return figure


def misconceptions_png(summary, top=10) -> str:
    """The most common misconceptions, by the number of students who showed each."""
    shown = summary["misconceptions"][:top][::-1]
    figure, axes = _axes(6.5, 0.3 * len(shown) + 0.9)
    most = max(m["students"] for m in shown)
    axes.barh([m["id"] for m in shown], [m["students"] for m in shown], color=BAD,
              height=0.55)
    for y, m in enumerate(shown):
        axes.text(m["students"] + most * 0.02, y, str(m["students"]), va="center", fontsize=8,
                  color=INK)
    axes.set_xlim(0, most * 1.15 + 0.5)
    axes.set_ylim(-0.6, len(shown) - 0.4)
    axes.set_xlabel("students", color=INK)
    axes.xaxis.get_major_locator().set_params(integer=True)
    axes.grid(axis="x", color=GRID, linewidth=0.8)
    axes.set_axisbelow(True)
    return _png(figure)


# -- the page -----------------------------------------------------------------------------------
def report_html(summary, title="Minimax exercises") -> str:
    """The whole page (see the module docstring): the template ``report.html.j2`` filled
    with the summary, its pictures and its links."""
    left_out = summary.get("left_out") or []
    cards = [(summary["students"], "students"),
             (f"{summary['median']:g}", f"median of {summary['max_points']:g}"),
             (f"{summary['mean']:.1f}", "mean"), (summary["full"], "full marks"),
             (len(summary["failed"]), "with a notebook failed or missing"),
             (summary["late"], "late"), (summary["adjusted"], "adjusted by hand")]
    misconceptions = [{
        **m, "questions": ", ".join(m["questions"]), "explanation": _inline(m["explanation"]),
        "say": _inline(m["say"]) if m["say"] else "",
        "lessons": [{"number": lesson["number"], "notebook": _address(lesson["notebook"]),
                     "note": _address(lesson["note"])} for lesson in m["lessons"]],
        "guide": _address(m["guide"], m["id"]) if m["guide"] else None}
        for m in summary["misconceptions"][:15]]
    return render(
        "report.html.j2", title=title, cards=cards, left_out=", ".join(left_out),
        left_out_count=len(left_out),
        distribution={"src": distribution_png(summary),
                      "alt": f"Histogram of the final scores of {summary['students']} "
                             f"students; median {summary['median']:g} of "
                             f"{summary['max_points']:g}"} if summary["students"] else None,
        questions={"src": questions_png(summary), "alt": _questions_alt(summary)}
        if summary["questions"] else None,
        misconceptions=misconceptions,
        misconceptions_picture={"src": misconceptions_png(summary),
                                "alt": "The most common diagnosed misconceptions and how "
                                       "many students showed each"} if misconceptions else None,
        failed=summary["failed"], failed_count=counted(len(summary["failed"]), "student"),
        pairs=[{"students": p["students"], "answers": [(q, _short(a)) for q, a in p["answers"]]}
               for p in summary["pairs"][:30]],
        unusual_most=UNUSUAL_MOST)


def _questions_alt(summary) -> str:
    """The per-question picture in words, for a reader who cannot see it."""
    return "Per question, students with full, partial and no credit: " + "; ".join(
        f"{q['question']} {q['full']} full, {q['partial']} partial, {q['none']} none"
        for q in summary["questions"]) + "."


def _address(path, anchor=""):
    """A local file's address (a file:// URI, with ``#anchor``), or None without the file."""
    if path is None:
        return None
    return Path(path).resolve().as_uri() + (f"#{anchor}" if anchor else "")


def _inline(text):
    """The guide's sentences as HTML: escaped, with its `code` and *emphasis* shown.

    >>> str(_inline("pass `not is_maximizing`, *not* <x>"))
    'pass <code>not is_maximizing</code>, <em>not</em> &lt;x&gt;'
    """
    text = html.escape(text, quote=False)
    text = re.sub(r"`([^`]+)`", r"<code>\1</code>", text)
    return safe(re.sub(r"(?<![\w*])\*([^*\s][^*]*?)\*(?![\w*])", r"<em>\1</em>", text))


def _short(answer) -> str:
    """A recorded answer (``grades.csv``) as a person writes it, at most 80 characters.

    >>> _short('{"$set": ["D2", "D3"]}'), _short('{"$dict": []}'), _short("sha256:0123456789ab")
    ("{'D2', 'D3'}", '{}', 'the same function source (01234567…)')
    """
    if answer.startswith("sha256:"):
        return "the same function source (" + answer[7:15] + "…)"
    try:
        answer = as_written(json.loads(answer))
    except ValueError:
        pass
    return answer if len(answer) <= 80 else answer[:77] + "…"


def write_report(folder, path=None, *, title="Minimax exercises") -> Path:
    """Write the class report of a graded ``folder`` (default ``folder/report.html``)."""
    path = Path(path) if path else Path(folder) / "report.html"
    write_atomic(path, report_html(class_summary(folder), title))
    return path


__all__ = ["class_summary", "class_summary_from", "report_html", "write_report",
           "distribution_png", "questions_png", "questions_figure", "misconceptions_png"]
