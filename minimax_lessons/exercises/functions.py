"""Check a student's function on many inputs, and name the mistake when it is wrong.

>>> def minimax(node, is_maximizing):
...     if not isinstance(node, list):
...         return node
...     values = [minimax(child, not is_maximizing) for child in node]
...     return max(values)                      # the bug: max at every level
>>> result = check_function("minimax", minimax)
>>> result.passed, result.diagnosis
(False, 'max-at-every-level')
>>> print(result.message)  # doctest: +ELLIPSIS
Wrong on ... of 25 tests. The smallest: minimax([7, 2, 9], False) should return 2, but yours ...

The kinds and their signatures are listed in :mod:`~minimax_lessons.exercises.function_kinds`:
``check_function(kind, fn)`` runs ``fn`` in the sandbox on the kind's
hand-made traps and on random trees drawn from ``seed``, compares with the
package's own searches, and returns a :class:`~.verdict.Verdict` (``FunctionCheck``
is its old name here). When the answers
differ it runs the known buggy variants (:mod:`~minimax_lessons.exercises.variants`)
on the same inputs and names the one that answers exactly like the student.

Partial credit: ``score`` is the share of the tests passed, and a message names the
classes of input that fail ("fails on MIN roots", "fails on float leaves"). An answer
that gets its result from the package's own searches scores 0 with the diagnosis
``uses-package-search`` (:mod:`~minimax_lessons.runner.guard`); in a graded check
(``hidden=True``) of a kind whose answer no code of the course contains
(``Kind.flags_copies``), one that is a function the course ships, but for its names,
scores 0 with ``copied-from-course`` (:mod:`~minimax_lessons.runner.copies`).

Timeouts: with ``hidden=True`` and in the grader (inputs isolated one by one), an input
that takes too long costs only its own test; the feedback names the class that is
slow ("It took too long on MIN roots (9 tests)"), and after
:data:`~minimax_lessons.runner.sandbox.MAX_TIMEOUTS` timeouts (or when the first
:data:`~minimax_lessons.runner.sandbox.GIVE_UP_AFTER` inputs all time out) the
inputs left count as too slow too. A practice check stops at its first timeout.

Options: ``seed`` (another set of random trees), ``hidden=True`` (graded use:
another stream of random trees, and the feedback never shows an input), ``time_limit``
(seconds per input), ``prune_ties`` (alpha-beta's pruning rule, ``True``:
prune when alpha >= beta).
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, replace

from . import feedback as F
from ..words import join_names
from ..runner.copies import course_match
from ..runner.guard import (carried_findings, diagnosis_of, is_package_function,
                             static_findings)
from .harness import resolve_harness, run_local
from .answers import same_number
from .function_kinds import Expected, get_kind
from .function_kinds.evaluate import SEARCH_TRAPS, search_mistake
from ..games.tictactoe import eval_pairs, grid, moved_piece, symmetries
from .nested import paths, subtree
from ..runner.sandbox import Outcome, default_sandbox
from ..runner.shipping import Shipped, ShippingError, ship
from ..mistakes import EXTRA_DIAGNOSES, ZERO_CREDIT, explain_diagnosis  # noqa: F401
from .variants import variants_for
from .verdict import Verdict


#: The verdict on a function, by its old name here (:class:`~.verdict.Verdict`).
FunctionCheck = Verdict


def _verdict(kind, passed, diagnosis, message, **facts) -> Verdict:
    """The verdict on a function of ``kind``: its explanation speaks of "your function"."""
    return Verdict(kind, passed, diagnosis, message, hand=False, **facts)


def check_function(kind, fn, *, seed=0, hidden=False, time_limit=None, prune_ties=True,
                   sandbox=None) -> Verdict:
    """Run ``fn`` on the kind's test inputs and compare with the reference search."""
    start = time.perf_counter()
    spec = get_kind(kind, prune_ties=prune_ties)
    try:
        code = ship(fn)
    except ShippingError as exc:
        diagnosis = "wrong-type" if not callable(fn) and not isinstance(fn, Shipped) else "raises"
        return _verdict(spec.name, False, diagnosis, str(exc))
    cases = _cases(spec.name, prune_ties, seed, hidden)
    ours = is_package_function(fn)  # the checker checking its own variants
    copied = course_match(code) if hidden and spec.flags_copies and not ours else None
    if copied:
        return _verdict(spec.name, False, "copied-from-course",
                        f"No points: your function is, but for its names, {copied}, code the "
                        "course ships, not your own.", tests=len(cases), failed=len(cases),
                        hidden=hidden, seconds=time.perf_counter() - start, score=0.0)
    found = [] if ours else static_findings(code)
    if found:
        return _uses_package(spec, found, len(cases), hidden, time.perf_counter() - start)
    carried = [] if ours else carried_findings(code)
    if carried:
        return _runs_carried_code(spec, carried, len(cases), hidden,
                                  time.perf_counter() - start)
    items = [c.item for c in cases]
    box = sandbox or default_sandbox()
    run = box.run(code, items, harness=spec.harness, time_limit=time_limit,
                  isolate="item" if hidden else None, max_timeouts=spec.max_timeouts,
                  lock=not ours)
    refused = [o.error for o in run.outcomes if diagnosis_of(o.error)]
    if diagnosis_of(run.setup_error):  # the values it carries, or its definitions, refused
        refused.append(run.setup_error)
    if refused:
        return _refused(spec, refused, len(cases), hidden, time.perf_counter() - start)
    if run.setup_error is not None:
        error = run.setup_error
        return _verdict(spec.name, False, "raises",
                        f"Your code could not be loaded: {error.sentence()}",
                        error=error, seconds=time.perf_counter() - start)
    outcomes = run.outcomes
    if spec.judged_by_properties:
        result = _judge_evaluate(spec, cases, outcomes, hidden)
    else:
        result = _judge(Attempt(spec, cases, _expected(spec.name, prune_ties, seed, hidden),
                                outcomes, hidden, prune_ties, seed, box, code, time_limit,
                                run.missing, run.stopped, lock=not ours))
    return _with_time(result, time.perf_counter() - start)


def _refused(spec, errors, total, hidden, seconds) -> Verdict:
    """No credit: the guard or the lock refused what the answer did (``errors``, each with
    the guard's diagnosis): a process started comes first, then code it carried."""
    diagnoses = [diagnosis_of(e) for e in errors]
    if "starts-a-process" in diagnoses:
        return _starts_process(spec, errors, total, hidden, seconds)
    if "runs-carried-code" in diagnoses:
        return _runs_carried_code(spec, [e.message for e in errors
                                         if diagnosis_of(e) == "runs-carried-code"],
                                  total, hidden, seconds)
    return _uses_package(spec, [e.message for e in errors], total, hidden, seconds)


def _runs_carried_code(spec, found, total, hidden, seconds) -> Verdict:
    """No credit: the answer runs (or brings) code that is not its own (``found`` says how)."""
    how = "; ".join(dict.fromkeys(text.removeprefix("your function ") for text in found))
    return _verdict(spec.name, False, "runs-carried-code",
                    f"No points: your function runs code that is not its own ({_shorten(how)}).",
                    tests=total, failed=total, hidden=hidden, seconds=seconds, score=0.0)


def _uses_package(spec, found, total, hidden, seconds) -> Verdict:
    """No credit: the answer comes from the package's searches (``found`` says how)."""
    how = "; ".join(dict.fromkeys(part for text in found for part in text.split("; ")))
    return _verdict(spec.name, False, "uses-package-search",
                    f"No points: your function uses the course's own search instead of "
                    f"computing the answer itself (it {_shorten(how)}).", tests=total,
                    failed=total, hidden=hidden, seconds=seconds, score=0.0)


def _starts_process(spec, errors, total, hidden, seconds) -> Verdict:
    """No credit: the answer started a process or a program (``errors`` say which)."""
    how = next(e.message for e in errors if diagnosis_of(e) == "starts-a-process")
    return _verdict(spec.name, False, "starts-a-process",
                    f"No points: {_shorten(how)}.", tests=total, failed=total,
                    hidden=hidden, seconds=seconds, score=0.0)


def _shorten(text, limit=240) -> str:
    return text if len(text) <= limit else text[:limit].rsplit(";", 1)[0] + "; ..."


def _full_stop(text) -> str:
    """A sentence ending in one full stop (not "?." when it ends in a question)."""
    return text if text.endswith((".", "?", "!")) else text + "."


def _with_time(result, seconds):
    return replace(result, seconds=seconds)


@functools.lru_cache(maxsize=64)
def _cases(kind, prune_ties, seed, hidden):
    return tuple(get_kind(kind, prune_ties=prune_ties).cases(seed, hidden=hidden))


@functools.lru_cache(maxsize=64)
def _expected(kind, prune_ties, seed, hidden):
    spec = get_kind(kind, prune_ties=prune_ties)
    return tuple(spec.expected(c.item) for c in _cases(kind, prune_ties, seed, hidden))


@functools.lru_cache(maxsize=256)
def _variant_outcomes(kind, prune_ties, seed, hidden, index):
    spec = get_kind(kind, prune_ties=prune_ties)
    vid, fn = variants_for(kind, prune_ties=prune_ties)[index]
    items = [c.item for c in _cases(kind, prune_ties, seed, hidden)]
    return vid, tuple(run_local(fn, items, resolve_harness(spec.harness)))


# -- judging ---------------------------------------------------------------------------
def _is_right(spec, item, expected, outcome) -> bool:
    return (outcome.ok and spec.type_problem(outcome.value, item) is None
            and spec.right(item, expected, outcome)
            and (spec.mutation_matters or not outcome.mutated))


@dataclass(frozen=True)
class Attempt:
    """A student's function run on a kind's test inputs: what the judge reads.

    ``spec`` is the kind, ``cases`` its inputs and ``expected`` their right answers;
    ``outcomes`` what the function did on each (fewer than the cases when the run
    stopped: ``stopped`` says why, ``missing`` what is missing); ``hidden``, ``prune_ties``
    and ``seed`` say which tests these were; ``box``, ``code``, ``time_limit`` and ``lock``
    let the judge run the function again on a failing input's inner nodes (its picture).
    """

    spec: object
    cases: tuple
    expected: tuple
    outcomes: list
    hidden: bool
    prune_ties: bool
    seed: object
    box: object
    code: object
    time_limit: object
    missing: object
    stopped: str = ""
    lock: bool = True


def _judge(attempt: Attempt) -> Verdict:
    """The verdict on an attempt whose kind has a right answer for each input."""
    spec, cases, expected, outcomes = (attempt.spec, attempt.cases, attempt.expected,
                                       attempt.outcomes)
    hidden, prune_ties, seed, stopped = (attempt.hidden, attempt.prune_ties, attempt.seed,
                                         attempt.stopped)
    total = len(cases)
    wrong = [i for i, o in enumerate(outcomes)
             if not _is_right(spec, cases[i].item, expected[i], o)]
    if not wrong and len(outcomes) == total:
        traps = sum(c.trap for c in cases)
        what = f"{traps} hand-made and {total - traps} random inputs"
        return _verdict(spec.name, True, None,
                        f"All {total} {'hidden ' if hidden else ''}tests passed ({what}).",
                        tests=total, hidden=hidden)
    diagnosis = _diagnose(spec, cases, outcomes, prune_ties, seed, hidden)
    last = outcomes[-1]
    unrun = list(range(len(outcomes), total))
    # Timeouts that cost only their own tests (not a run that stopped at its first one).
    slow_only = diagnosis == "timeout" and (stopped or not unrun)
    if last.status in ("crash", "flood", "internal") or (last.status == "timeout"
                                                          and not slow_only):
        index = len(outcomes) - 1
    else:
        shown = [i for i in wrong if _shows(diagnosis, spec, cases[i].item, outcomes[i])] or wrong
        index = min(shown, key=lambda i: (cases[i].size, i))
    failed = len(wrong) + (total - len(outcomes))
    outcome, item, exp = outcomes[index], cases[index].item, expected[index]
    if diagnosis in ("raises", "wrong-type", "wrong") and _int_leaf_test(cases, wrong, outcomes):
        diagnosis = "int-leaf-test"
    if slow_only:
        message = _timeouts_message(spec, cases, outcomes, wrong, failed, hidden, stopped,
                                    index)
    else:
        message = _message(spec, item, exp, outcome, failed, total, hidden, attempt.missing)
    classes = failing_classes(spec, cases, wrong + unrun)
    if not unrun and all(spec.names_the_cause(expected[i], outcomes[i]) for i in wrong):
        classes = []  # the message says what is wrong on every failing input
    if classes and last.status not in ("timeout", "crash") and not slow_only:
        message += f" It fails on {join_names(classes)}."
    if hidden and (diagnosis not in ZERO_CREDIT or slow_only):
        by_class = failed_by_class(spec, cases, wrong + unrun)
        message += (f" Passed {total - failed} of {total}: {total - failed}/{total} of the "
                    f"points. Failed, by class: {join_names([f'{n} {b} of {t}' for n, b, t in by_class])}.")
    picture = board = None
    if not hidden and outcome.status not in ("timeout", "crash"):
        def run_nodes(items):
            return attempt.box.run(attempt.code, items, harness=spec.harness,
                                   time_limit=attempt.time_limit, max_timeouts=1,
                                   lock=attempt.lock).outcomes

        picture, board = spec.picture(item, exp, outcome, run_nodes)
    return _verdict(
        spec.name, False, diagnosis, message, tests=total, failed=failed, hidden=hidden,
        call=None if hidden else spec.call_text(item), failing_input=None if hidden else item,
        expected=None if hidden else exp.value, got=None if hidden else outcome.value,
        error=hidden_error(outcome.error) if hidden else outcome.error,
        output="" if hidden else outcome.output, picture=picture,
        board=board, score=(total - failed) / total if slow_only else None)


def _timeouts_message(spec, cases, outcomes, wrong, failed, hidden, stopped, index) -> str:
    """What timed out, named by class ("It took too long on MIN roots (9 tests)"), what
    else failed, and why the inputs left count as too slow (``stopped``) if some were."""
    total = len(cases)
    slow = [i for i, o in enumerate(outcomes) if o.status == "timeout"]
    unrun = list(range(len(outcomes), total))
    classes = failing_classes(spec, cases, slow + unrun)
    count = f"{len(slow)} test{'s' if len(slow) != 1 else ''}"
    text = (f"Wrong on {failed} of {total} {'hidden ' if hidden else ''}tests. It took too "
            f"long on {f'{join_names(classes)} ({count})' if classes else count}")
    if not hidden:
        text += f", e.g. {spec.call_text(cases[index].item)}"
    text += ": an endless loop, or far too much work."
    if unrun:
        text += (f" The checker stopped because {stopped}: the other {len(unrun)} "
                 f"count as too slow as well.")
    other = [i for i in wrong if outcomes[i].status != "timeout"]
    if other:
        named = failing_classes(spec, cases, other)
        text += (f" {len(other)} other test{'s' if len(other) != 1 else ''} finished but "
                 f"failed{f': it fails on {join_names(named)}' if named else ''}.")
    return text


# -- classes of input, for partial credit --------------------------------------------------
def input_classes(spec, case) -> set:
    """The named classes an input belongs to ("MIN roots", "float leaves", ...)."""
    return spec.input_classes(case)


def failing_classes(spec, cases, wrong) -> list:
    """Every class of input where the function fails clearly more often than elsewhere.

    A class is named when at least half its inputs fail, the other inputs fail at most
    half as often, and it holds at least half of all the failures, so that "fails on MIN
    roots" points at the cause (one float-leaf tree among a dozen failures does not).
    """
    wrong = set(wrong)
    counts: dict = {}
    for index, case in enumerate(cases):
        for name in spec.input_classes(case):
            bad, total = counts.get(name, (0, 0))
            counts[name] = (bad + (index in wrong), total + 1)
    named = []
    for name, (bad, total) in counts.items():
        rest_bad, rest_total = len(wrong) - bad, len(cases) - total
        if bad and bad * 2 >= total and bad * 2 >= len(wrong) and (
                rest_total == 0 or rest_bad / rest_total <= bad / total / 2):
            named.append((-bad / total, -total, name))
    return [name for *_, name in sorted(named)]


def failed_by_class(spec, cases, wrong) -> list:
    """``(class, failed, tests)`` for every class of input with a failed test, worst first.

    Every input is in a class: "hand-made traps" or "random trees" (or boards, games), and
    those of :func:`input_classes` it belongs to.
    """
    wrong = set(wrong)
    counts: dict = {}
    for index, case in enumerate(cases):
        for name in {"hand-made traps" if case.trap else spec.random_class} | \
                spec.input_classes(case):
            bad, total = counts.get(name, (0, 0))
            counts[name] = (bad + (index in wrong), total + 1)
    rows = [(name, bad, total) for name, (bad, total) in counts.items() if bad]
    return sorted(rows, key=lambda row: (-row[1] / row[2], -row[2], row[0]))


def _int_leaf_test(cases, wrong, outcomes) -> bool:
    """Do the failures come from float leaves taken for inner nodes (isinstance(node, int))?"""
    if not wrong:
        return False
    floats = [i for i in wrong if any(isinstance(subtree(cases[i].item[0], p), float)
                                      for p in paths(cases[i].item[0]))] \
        if isinstance(cases[0].item[0], (list, int, float)) else []
    told = any(o.status == "raised" and o.error and "'float' object" in o.error.message
               for o in outcomes)
    return bool(floats) and len(floats) == len(wrong) and told


def _shows(diagnosis, spec, item, outcome) -> bool:
    """Does this failing input show the diagnosed problem (to pick the one displayed)?"""
    if diagnosis in ("raises", "recursion"):
        return outcome.status == "raised"
    if diagnosis == "wrong-type":
        return outcome.ok and spec.type_problem(outcome.value, item) is not None
    if diagnosis == "mutates-input":
        return outcome.mutated
    if diagnosis == "timeout":
        return outcome.status == "timeout"
    return True


def _diagnose(spec, cases, outcomes, prune_ties, seed, hidden) -> str:
    """The id of the known mistake that answers exactly like the student, else a generic id."""
    last = outcomes[-1]
    generic = {"timeout": "timeout", "crash": "crash", "flood": "output-flood",
               "internal": "wrong", "setup": "raises"}
    if last.status in generic:
        return generic[last.status]
    if any(o.status == "timeout" for o in outcomes):  # inputs after a timeout ran on
        return "timeout"
    for index in range(len(variants_for(spec.name, prune_ties=prune_ties))):
        vid, theirs = _variant_outcomes(spec.name, prune_ties, seed, hidden, index)
        if all(spec.same(mine, other) for mine, other in zip(outcomes, theirs)):
            return vid
    if any(o.ok and spec.type_problem(o.value, c.item) for o, c in zip(outcomes, cases)):
        return "wrong-type"
    if any(o.mutated for o in outcomes):
        return "mutates-input"
    raised = [o for o in outcomes if o.status == "raised"]
    if raised:
        return "recursion" if any(o.error.recursion for o in raised) else "raises"
    return "wrong"


def _message(spec, item, expected: Expected, outcome: Outcome, failed, total, hidden,
             missing) -> str:
    head = f"Wrong on {failed} of {total} {'hidden ' if hidden else ''}tests."
    call = "One of them" if hidden else f"The smallest: {spec.call_text(item)}"
    if outcome.status == "timeout":
        return (f"{'A hidden test' if hidden else spec.call_text(item)} did not finish "
                "within the time limit (an endless loop, or far too much work).")
    if outcome.status == "crash":
        if hidden:  # its exit code and output could be made to spell out a hidden input
            return "The process running your function died."
        return f"The process running your function died ({outcome.detail})."
    if outcome.status == "flood":
        return (f"{'On a hidden test' if hidden else spec.call_text(item)} your function "
                f"printed more than {outcome.output_chars:,} characters; the checker stopped it.")
    if outcome.status == "internal":
        return "The checker itself failed on this input; please tell your instructor."
    if outcome.status == "raised":
        error = hidden_error(outcome.error) if hidden else outcome.error
        text = f"{head} {call} raised {error.sentence()}."
        name = _missing_name(outcome.error, missing)
        if name:
            text += (f" Note: {name} is defined in your notebook but could not be sent to "
                     f"the checker ({missing[name]}).")
        return text
    problem = spec.type_problem(outcome.value, item)
    if problem and hidden:  # the value it returned could spell out the input
        return f"{head} {call} returned what is not an answer of the right kind " \
               f"(a {type_name(outcome.value)})."
    if problem:
        return f"{head} {call}: {_full_stop(problem)}"
    if outcome.mutated and not spec.mutation_matters:
        return f"{head} {call} changed the input it was given."
    return spec.wrong_answer(head, call, item, expected, outcome, hidden)


def hidden_error(error):
    """What feedback on a hidden test says of an exception: its type and where in the
    student's code it was raised, never its text (an answer could put the hidden input in
    it: ``raise ValueError(node)``).

    >>> from minimax_lessons.runner.sandbox import ErrorInfo
    >>> hidden_error(ErrorInfo("ValueError", "[[3, 12], 8]", 4, "raise ValueError(node)",
    ...                        "minimax")).sentence()
    'ValueError, at line 4 of minimax (raise ValueError(node))'
    """
    if error is None:
        return None
    return replace(error, message="", steps=tuple(step[:3] for step in error.steps))


def type_name(value) -> str:
    """The type of a value an answer returned, in words (an Opaque's recorded type too)."""
    if hasattr(value, "type") and hasattr(value, "repr"):  # codec.Opaque
        return str(value.type)[:40]
    return type(value).__name__


def _missing_name(error, missing):
    if error is None or error.type != "NameError":
        return None
    for name in missing:
        if f"'{name}'" in error.message:
            return name
    return None


# -- evaluation functions: judged on properties --------------------------------------------------
def _judge_evaluate(spec, cases, outcomes, hidden) -> Verdict:
    total = len(cases)
    boards = [c.item[0] for c in cases]
    for i, o in enumerate(outcomes):
        if not o.ok:
            diagnosis = {"timeout": "timeout", "crash": "crash", "flood": "output-flood"}.get(
                o.status, "recursion" if o.error and o.error.recursion else "raises")
            message = _message(spec, cases[i].item, Expected(None), o, 1, total, hidden, {})
            return _evaluate_fail(spec, diagnosis, message, cases[i], o, total, hidden)
        problem = spec.type_problem(o.value, cases[i].item)
        if problem:
            said = (f"One of the boards: it returned what is not a score (a "
                    f"{type_name(o.value)})." if hidden
                    else f"evaluate({boards[i]!r}): {_full_stop(problem)}")
            return _evaluate_fail(spec, "wrong-type", said, cases[i], o, total, hidden)
    score = {b: o.value for b, o in zip(boards, outcomes)}
    finished = {b for b in boards if spec.expected((b,)).details["terminal"]}
    for b in boards:
        for image in symmetries(b):
            if image in score and not same_number(score[image], score[b]):
                return _evaluate_fail(spec, "not-symmetric",
                                      "These boards are mirror images (or rotations) of each "
                                      "other, so they are equally good, but they score "
                                      "differently:", None, None, total, hidden,
                                      boards=[b, image], score=score)
    pairs = eval_pairs()
    missed = [(better, worse) for better, worse in pairs if not score[better] > score[worse]]
    if missed:
        better, worse = missed[0]
        if all(score[b] < score[w] for b, w in pairs):
            return _evaluate_fail(spec, "signs-swapped",
                                  f"Of these two boards X stands better on the first ("
                                  f"{moved_piece(better, worse)}), yet yours scores it lower, "
                                  "on every such pair: higher must mean better for X.", None,
                                  None, total, hidden, boards=[better, worse], score=score)
        return _evaluate_fail(spec, "misses-better-board",
                              f"These two boards have the same pieces but one: on the first "
                              f"{moved_piece(better, worse)}, which is better for X, but yours "
                              f"does not score it higher ({len(missed)} of {len(pairs)} such "
                              "pairs).", None, None, total, hidden, boards=[better, worse],
                              score=score)
    mistake = search_mistake(score)
    if mistake:
        board, culprit, sentence = mistake
        return _evaluate_fail(spec, "search-skips-win",
                              f"{sentence}. A search scores finished games by their utility "
                              "(+1 X wins, -1 O wins) and calls evaluate only on unfinished "
                              f"boards, but yours scores an unfinished board {F.show(score[culprit])}: "
                              "keep every estimate strictly between -1 and +1.", None, None,
                              total, hidden, boards=[board, culprit], score=score)
    beyond = [b for b in boards if b not in finished and not -1 < score[b] < 1]
    if beyond:
        worst = max(beyond, key=lambda b: abs(score[b]))
        return _evaluate_fail(spec, "search-skips-win",
                              f"Yours scores an unfinished board {F.show(score[worst])}, as "
                              "much as a finished game or more: a search would prefer it to a "
                              "win (or a loss to it). Keep every estimate strictly between -1 "
                              "and +1.", None, None, total, hidden, boards=[worst],
                              score=score)
    return _verdict(spec.name, True, None,
                    f"All {total} boards pass: on {len(pairs)} pairs of boards with the same "
                    "pieces but one, which stands on a square on more lines (X) or fewer (O), "
                    "yours scores the board better for X higher; mirror images and rotations "
                    f"score the same; every estimate of the {total - len(finished)} unfinished "
                    f"boards lies strictly between -1 and +1; and searches with your "
                    f"estimates take the win or block the threat in the {len(SEARCH_TRAPS)} "
                    "positions tried.",
                    tests=total, hidden=hidden)


def _evaluate_fail(spec, diagnosis, message, case, outcome, total, hidden, boards=(),
                   score=None):
    shown = None
    if boards and not hidden:
        shown = "\n\n".join(f"{grid(b)}\nscore {F.show(score[b])}" for b in boards)
    return _verdict(spec.name, False, diagnosis, message, tests=total, failed=1,
                    hidden=hidden,
                    call=None if hidden or case is None else spec.call_text(case.item),
                    failing_input=None if hidden or case is None else case.item,
                    error=(hidden_error(outcome.error) if hidden else outcome.error)
                    if outcome else None,
                    output="" if hidden or outcome is None else outcome.output,
                    board=shown)


__all__ = ["explain_diagnosis", "EXTRA_DIAGNOSES", "input_classes", "failing_classes",
           "check_function", "FunctionCheck"]
