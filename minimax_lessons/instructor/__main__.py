"""``python -m minimax_lessons.instructor``: student versions, variants, grading, exports,
and the Connect Four tournament."""

from __future__ import annotations

import argparse
import os
import sys

from ..play.bots import REFERENCE_BOTS
from .assignment.release import ReleaseError, load_key, release
from .grading.batch import parse_shard
from .grading.isolation import CHOICES as ISOLATIONS
from .gradescope import DEFAULT_VISIBILITY, VISIBILITIES

NOT_A_SANDBOX = ("Without bubblewrap, grading runs the submitted notebooks with your rights: it "
                 "is NOT a security sandbox. Install bubblewrap (apt-get install bubblewrap), or "
                 "use a container or a throw-away account for code you do not trust.")


def _running_options():
    """What the commands that run students' notebooks (grade, tournament) share, as a parent
    parser: the submissions folder; limits, isolation and the kernel for each notebook."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("submissions", help="a folder: SUB/alice.ipynb or SUB/alice/...ipynb")
    group = parent.add_argument_group(
        "running each student's notebook",
        "each notebook runs once, in a fresh kernel (the tournament runs it to load the bot)")
    group.add_argument("--isolation", choices=ISOLATIONS, default="auto",
                       help="run student code in bubblewrap: when it works here (auto, the "
                            "default), always (bwrap: fail without it), or never (none); "
                            "user: as root where no jail can be built (a container), run it "
                            "as an unprivileged user of its own instead; strongest: "
                            "bubblewrap where it works, else user as root (a pod), and say "
                            "which")
    group.add_argument("--timeout", type=float, default=30,
                       help="seconds per cell (default 30)")
    group.add_argument("--notebook-timeout", type=float, default=600,
                       help="seconds per notebook (default 600)")
    group.add_argument("--output-limit", type=int, default=100_000,
                       help="characters of output kept per cell (default 100000)")
    group.add_argument("--kernel", default="python3", help="kernel name (default python3)")
    parent.add_argument("--quiet", action="store_true", help="no progress output")
    return parent


def _late_options(group):
    """The late policy's options (grade, and export for the Gradescope autograder)."""
    group.add_argument("--due", help="when the assignment was due, e.g. 2025-03-01T23:59")
    group.add_argument("--late-penalty", help="the share of a notebook's points lost per "
                                              "day or hour late, e.g. 10%%/day or 2%%/hour")
    group.add_argument("--late-cap", help="the most lateness may cost, e.g. 50%% "
                                          "(default: everything)")
    group.add_argument("--timezone", help="the zone of --due when it names none, e.g. "
                                          "Europe/Paris (default: this machine's)")
    return group


def _late_policy(args):
    """The :class:`~.gradebook.late.LatePolicy` the options give, or None."""
    from .gradebook.late import LatePolicy, zone

    if bool(args.due) != bool(args.late_penalty):
        raise ReleaseError("a late policy needs both --due and --late-penalty")
    return LatePolicy.parse(args.due, args.late_penalty, args.late_cap,
                            zone(args.timezone)) if args.due else None


def _parser():
    parser = argparse.ArgumentParser(
        prog="python -m minimax_lessons.instructor",
        description="Write student versions of exercise notebooks, assign variants, grade "
                    "submissions and export the grades.",
        epilog=NOT_A_SANDBOX)
    commands = parser.add_subparsers(dest="command", required=True)
    running = _running_options()

    student = commands.add_parser(
        "student", help="write the student version of notebooks (solutions stripped)")
    student.add_argument("src", help="an instructor notebook, or a folder of them")
    student.add_argument("dest", help="the folder for the student versions")
    student.add_argument("--key", help="where to write the grading key (never inside DEST)")

    assign = commands.add_parser(
        "assign", help="give each student of a roster their own variant: DEST/<student>/...")
    assign.add_argument("release", help="the folder of student versions (from `student`)")
    assign.add_argument("dest", help="where to write each student's notebooks and seeds.csv")
    assign.add_argument("--roster", required=True, help="CSV of student ids")
    assign.add_argument("--key", required=True, help="the key (its secret fixes the variants)")

    marks = commands.add_parser("grade", help="grade a folder of submitted notebooks",
                                epilog=NOT_A_SANDBOX, parents=[running])
    marks.add_argument("--key", required=True, help="the key written by the student command")
    marks.add_argument("--out", help="output folder (default: SUBMISSIONS-graded beside it)")
    marks.add_argument("--roster", help="CSV of student ids: grade the variants assigned to them")
    marks.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                       help="students graded at once (default: the number of cores)")
    marks.add_argument("--shard", help="grade only slice I of N of the class, e.g. 2/8")
    marks.add_argument("--regrade", nargs="+", default=(), metavar="STUDENT",
                       help="grade these students again (e.g. one recorded as a crash "
                            "because the grader was stopped while it ran)")
    marks.add_argument("--force", action="store_true",
                       help="regrade students who already have results")
    finals = _late_options(marks.add_argument_group(
        "the final grade", "applied on top of the automatic grade at the end of every run; "
        "the times come from SUBMISSIONS/collection.csv (written by collect)"))
    finals.add_argument("--adjustments", help="manual adjustments: a CSV of student, "
                                              "question, points, comment (default: "
                                              "OUT/adjustments.csv, if there is one)")

    gather = commands.add_parser(
        "collect", help="file a learning platform's download (Canvas, Moodle, Gradescope, or "
                        "loose files) as DEST/<student>/<notebook>, matched by content")
    gather.add_argument("source", help="the download: a zip, or the folder it was unpacked to")
    gather.add_argument("dest", help="where to write the submissions folder grade reads")
    gather.add_argument("--key", required=True, help="the key (it knows the notebooks' cells)")
    gather.add_argument("--roster", help="a class list (Canvas gradebook export, Moodle "
                                         "participants, plain CSV): students get its ids")
    gather.add_argument("--worksheet", help="Moodle's grading worksheet (its submission "
                                            "times), if it is not inside SOURCE")
    gather.add_argument("--times", help="a CSV of submission times (student or id, "
                                        "submitted_at), e.g. from Canvas's API (user_id, "
                                        "submitted_at; its JSON answer is read as it is)")
    gather.add_argument("--timezone", help="the zone of times written without one, e.g. "
                                           "Europe/Paris (default: this machine's)")
    gather.add_argument("--replace", action="store_true",
                        help="collect again into DEST, which holds an earlier collection")

    join = commands.add_parser("merge", help="join the output folders of several shards")
    join.add_argument("folders", nargs="+", help="output folders of `grade --shard`")
    join.add_argument("--out", required=True, help="folder for the joined CSV files")

    match = commands.add_parser(
        "tournament", help="play the submitted Connect Four bots against the reference bots "
                           "and each other; write points, Elo and a leaderboard",
        epilog=NOT_A_SANDBOX, parents=[running])
    match.add_argument("--out", required=True, help="output folder for the tables and the page")
    match.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                       help="notebooks loaded and games played at once (default: the cores)")
    match.add_argument("--move-time", type=float, default=1.0,
                       help="seconds a student's bot has per move (default 1.0)")
    match.add_argument("--games-per-pair", type=int, default=2,
                       help="games between two players, colours alternating (default 2)")
    match.add_argument("--rows", type=int, default=6, help="board rows (default 6)")
    match.add_argument("--cols", type=int, default=7, help="board columns (default 7)")
    match.add_argument("--game", choices=("connectfour", "tictactoe"), default="connectfour",
                       help="the game (default connectfour; tictactoe for a quick trial)")
    match.add_argument("--references", default=",".join(REFERENCE_BOTS),
                       help="reference bots to meet, comma-separated (default: "
                            f"{','.join(REFERENCE_BOTS)})")
    match.add_argument("--max-depth", type=int, default=None,
                       help="plies of the search a bot with only evaluate gets (default 4)")

    export = commands.add_parser(
        "export", help="grades for Canvas, Moodle or Gradescope; feedback pages to hand back")
    export.add_argument("folder", nargs="?",
                        help="an output folder of `grade` (or of `merge`)")
    export.add_argument("--canvas", help="write a Canvas gradebook CSV here")
    export.add_argument("--moodle", help="write a Moodle grade import CSV here")
    export.add_argument("--moodle-worksheet", metavar="FILE",
                        help="write the Moodle assignment's grading worksheet here (its "
                             "\"Upload grading worksheet\"): Participant numbers from "
                             "the collection or from a worksheet given as --roster")
    export.add_argument("--per", choices=("notebook", "assignment"), default="notebook",
                        help="one column per notebook (default) or one for the assignment")
    export.add_argument("--column", action="append", default=[], metavar="NOTEBOOK=TITLE",
                        help="a column's title, e.g. an existing Canvas assignment's "
                             "'03-minimax-exercises.ipynb=Minimax exercises (4401)'")
    export.add_argument("--assignment", default="Minimax exercises",
                        help="the assignment's column name (with --per assignment)")
    export.add_argument("--roster", help="the class list with the platform's identifiers "
                                         "(best: its own export); default: the collection's")
    export.add_argument("--feedback", metavar="DIR",
                        help="hand the feedback pages back: DIR/index.html, readable names, "
                             "and zips for Canvas's and Moodle's bulk upload")
    export.add_argument("--gradescope", help="write DIR/<student>/results.json here")
    export.add_argument("--gradescope-autograder", metavar="ZIP",
                        help="write a Gradescope autograder (setup.sh, run_autograder) that "
                             "grades each submission on Gradescope as grade does (--key)")
    export.add_argument("--key", help="the key (for --gradescope-autograder)")
    export.add_argument("--visibility", choices=VISIBILITIES, default=DEFAULT_VISIBILITY,
                        help="when students see each graded question's result in the "
                             "autograder (Gradescope's visibility; default after_due_date; "
                             "the total is always shown)")
    _late_options(export.add_argument_group(
        "the autograder's late policy", "applied to Gradescope's own submission times; a "
        "student's own due date and late due date on Gradescope (an extension) count"))

    report = commands.add_parser(
        "report", help="a class report (report.html): scores, questions, misconceptions, "
                       "failed notebooks, identical unusual wrong answers")
    report.add_argument("folder", help="an output folder of `grade` (or of `merge`)")
    report.add_argument("--out", help="where to write it (default: FOLDER/report.html)")
    report.add_argument("--title", default="Minimax exercises", help="the report's title")
    return parser


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    try:
        return COMMANDS[args.command](args)
    except ReleaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _student(args):
    key = release(args.src, args.dest, args.key)
    count = len(key["notebooks"])
    questions = sum(len(p["questions"]) for p in key["notebooks"].values())
    print(f"wrote {count} student notebook(s) to {args.dest}"
          + (f"; key with {questions} question(s) to {args.key}" if args.key else ""))
    return 0


def _assign(args):
    from .assignment.variants import assign

    seeds = assign(args.release, args.roster, load_key(args.key), args.dest)
    print(f"wrote the notebooks of {len(seeds)} student(s) to {args.dest}, with seeds.csv")
    return 0


def _grade(args):
    from .grading.batch import grade
    from .grading.stopping import GradingStopped

    shard = parse_shard(args.shard) if args.shard else None
    late = _late_policy(args)
    try:
        results = grade(
            args.submissions, args.key, args.out, force=args.force, progress=not args.quiet,
            cell_timeout=args.timeout, notebook_timeout=args.notebook_timeout,
            output_limit=args.output_limit, kernel_name=args.kernel, jobs=args.jobs,
            shard=shard, roster=args.roster, isolation=args.isolation, regrade=args.regrade,
            late=late, adjustments=args.adjustments)
    except GradingStopped as stopped:
        print(stopped, file=sys.stderr)
        return stopped.exit_code
    print(f"graded {len(results)} student(s)")
    return 0


def _collect(args):
    from .gradebook.late import zone
    from .lms.collect import collect

    found = collect(args.source, args.dest, args.key, roster=args.roster,
                    worksheet=args.worksheet, times=args.times, tz=zone(args.timezone),
                    replace=args.replace)
    collected = found.collected()
    print(f"collected {len(collected)} notebook(s) of {len({u.student for u in collected})} "
          f"student(s) from a {found.lms} download into {args.dest}; "
          f"{sum(u.status == 'earlier' for u in found.uploads)} earlier upload(s), "
          f"{sum(u.status == 'unmatched' for u in found.uploads)} unmatched, "
          f"{len(found.missing)} on the roster without a submission: see "
          f"{args.dest}/collection.txt")
    return 0


def _merge(args):
    from .lms.export import merge

    print(f"merged {merge(args.folders, args.out)} student(s) into {args.out}")
    return 0


def _export(args):
    from .lms.export import canvas_csv, gradescope_results, moodle_csv

    wanted = (args.canvas, args.moodle, args.gradescope, args.feedback, args.moodle_worksheet,
              args.gradescope_autograder)
    if not any(wanted):
        raise ReleaseError("export: give --canvas FILE, --moodle FILE, --moodle-worksheet "
                           "FILE, --gradescope DIR, --feedback DIR and/or "
                           "--gradescope-autograder ZIP")
    if any(wanted[:5]) and not args.folder:
        raise ReleaseError("export: give the graded folder (an output folder of grade)")
    titles = dict(_title(c) for c in args.column)
    if args.canvas:
        canvas_csv(args.folder, args.canvas, assignment=args.assignment, per=args.per,
                   roster=args.roster, titles=titles, stream=sys.stdout)
        print(f"wrote {args.canvas}")
    if args.moodle_worksheet:
        from .lms.export import moodle_worksheet

        _, left_out = moodle_worksheet(args.folder, args.moodle_worksheet, roster=args.roster)
        print(f"wrote {args.moodle_worksheet}"
              + (f"; left out (no Moodle participant number): {', '.join(left_out)}"
                 if left_out else ""))
    if args.moodle:
        moodle_csv(args.folder, args.moodle, assignment=args.assignment, per=args.per,
                   roster=args.roster, titles=titles)
        print(f"wrote {args.moodle}")
    if args.gradescope:
        print(f"wrote {len(gradescope_results(args.folder, args.gradescope))} results.json "
              f"file(s) under {args.gradescope}")
    if args.feedback:
        from .lms.feedback_release import release_feedback

        rows = release_feedback(args.folder, args.feedback)
        print(f"wrote {len(rows)} feedback page(s) and {args.feedback}/index.html "
              f"({sum(bool(r.get('canvas')) for r in rows)} for Canvas, "
              f"{sum(bool(r.get('moodle')) for r in rows)} for Moodle)")
    if args.gradescope_autograder:
        from .gradescope import build_autograder

        if not args.key:
            raise ReleaseError("export --gradescope-autograder needs --key KEY")
        build_autograder(args.gradescope_autograder, args.key, late=_late_policy(args),
                         roster=args.roster, visibility=args.visibility)
        print(f"wrote the Gradescope autograder {args.gradescope_autograder}")
    return 0


def _title(text):
    name, sep, title = text.partition("=")
    if not sep or not name.strip() or not title.strip():
        raise ReleaseError(f"--column {text!r}: expected NOTEBOOK=TITLE")
    return name.strip(), title.strip()


def _report(args):
    from .gradebook.report import write_report

    path = write_report(args.folder, args.out, title=args.title)
    print(f"wrote {path}")
    return 0


def _tournament(args):
    from ..play.bots import make_game
    from .tournament.standings import standings
    from .tournament.round_robin import run_tournament

    if args.game == "connectfour":
        if args.rows < 1 or args.cols < 1:
            raise ReleaseError(f"--rows {args.rows} --cols {args.cols}: the board needs at least "
                               "one row and one column")
        spec = {"kind": "connectfour", "rows": args.rows, "cols": args.cols}
    else:
        spec = {"kind": "tictactoe"}
    try:
        game = make_game(spec)
    except ValueError as exc:
        raise ReleaseError(f"cannot make the game: {exc}") from None
    references = [r.strip() for r in args.references.split(",") if r.strip()]
    result = run_tournament(args.submissions, args.out, game=game, jobs=args.jobs,
                            move_time=args.move_time, games_per_pair=args.games_per_pair,
                            references=references, isolation=args.isolation,
                            cell_timeout=args.timeout, notebook_timeout=args.notebook_timeout,
                            output_limit=args.output_limit, kernel_name=args.kernel,
                            max_depth=args.max_depth, progress=not args.quiet)
    top = standings(result)[:3]
    print(f"played {len(result.games)} games; wrote {args.out}/leaderboard.html; top: "
          + ", ".join(f"{r['player']} ({r['points']:g})" for r in top))
    return 0


COMMANDS = {"student": _student, "assign": _assign, "collect": _collect, "grade": _grade,
            "merge": _merge, "export": _export, "report": _report, "tournament": _tournament}

if __name__ == "__main__":
    sys.exit(main())
