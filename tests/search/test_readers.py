"""Readers of a trace ask its views and name its vocabulary by constants, never by strings.

Outside ``minimax_lessons/search/`` no module compares a step's ``kind`` with a kind's
spelling ("visit", ...), its ``player`` with a player's ("max", ...) or its ``detail``
with how a leaf was scored ("evaluation", ...), nor asks ``of_kind("prune")``: those are
:data:`~minimax_lessons.search.trace.VISIT`, :data:`~minimax_lessons.games.game.MAX`,
:data:`~minimax_lessons.search.trace.EVALUATION`, ... or a view of the trace.
"""

import ast
from pathlib import Path

import minimax_lessons
from minimax_lessons.games.game import CHANCE, MAX, MIN
from minimax_lessons.search.trace import EVALUATION, KINDS, MEMO, UTILITY

PACKAGE = Path(minimax_lessons.__file__).parent
#: What a reader must not spell out, by the attribute of a step it is compared with.
SPELLED = {"kind": set(KINDS), "player": {MAX, MIN, CHANCE}, "detail": {UTILITY, EVALUATION, MEMO}}


def _strings(node) -> set:
    """The string constants of an expression: itself, or the items of a tuple, list or set."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return {e.value for e in node.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return set()


def spelled_out(source: str) -> list:
    """``[(line, code)]``: each comparison of a step's kind, player or detail with a string of
    the trace's vocabulary, and each ``of_kind`` asked with a string, in ``source``.

    >>> spelled_out('if step.kind == "visit" or s.kind in ("return", "x"): t.of_kind("prune")')
    [(1, "s.kind in ('return', 'x')"), (1, "step.kind == 'visit'"), (1, "t.of_kind('prune')")]
    >>> spelled_out('if step.kind == VISIT and question.kind == "pruned": pass')
    []
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            watched = {s.attr for s in sides if isinstance(s, ast.Attribute) and s.attr in SPELLED}
            if any(_strings(side) & SPELLED[attr] for attr in watched for side in sides):
                found.append((node.lineno, ast.unparse(node)))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "of_kind" and any(_strings(a) for a in node.args):
            found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_the_scan_finds_each_way_of_spelling_a_kind_out():
    source = "\n".join(['a = step.kind == "visit"', 'b = "return" != s.kind',
                        'c = s.kind in ("evaluate", "update")', 'd = s.detail == "evaluation"',
                        'e = step.player == "chance"', 'f = trace.of_kind("prune")',
                        'g = s.kind == PRUNE', 'h = q.kind == "window"', 'i = s.player == who'])
    assert [line for line, _ in spelled_out(source)] == [1, 2, 3, 4, 5, 6]


def test_no_module_outside_search_compares_a_trace_steps_kind_with_a_string():
    search = PACKAGE / "search"
    found = [f"{path.relative_to(PACKAGE)}:{line}: {code}"
             for path in sorted(PACKAGE.rglob("*.py")) if search not in path.parents
             for line, code in spelled_out(path.read_text(encoding="utf-8"))]
    assert found == [], "read the trace by its constants or views:\n" + "\n".join(found)
