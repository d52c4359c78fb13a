"""``python -m minimax_lessons.instructor``: student versions and grading (see the package)."""

from __future__ import annotations

import argparse
import sys

from .grading import grade
from .release import ReleaseError, release

NOT_A_SANDBOX = ("Grading runs the submitted notebooks with your rights: it is NOT a security "
                 "sandbox. Use a container or a throw-away account for code you do not trust.")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m minimax_lessons.instructor",
        description="Write student versions of exercise notebooks, and grade submissions.",
        epilog=NOT_A_SANDBOX)
    commands = parser.add_subparsers(dest="command", required=True)

    student = commands.add_parser(
        "student", help="write the student version of notebooks (solutions stripped)")
    student.add_argument("src", help="an instructor notebook, or a folder of them")
    student.add_argument("dest", help="the folder for the student versions")
    student.add_argument("--key", help="where to write the grading key (never inside DEST)")

    marks = commands.add_parser("grade", help="grade a folder of submitted notebooks",
                                epilog=NOT_A_SANDBOX)
    marks.add_argument("submissions", help="a folder: SUB/alice.ipynb or SUB/alice/...ipynb")
    marks.add_argument("--key", required=True, help="the key written by the student command")
    marks.add_argument("--out", help="output folder (default: SUBMISSIONS-graded beside it)")
    marks.add_argument("--timeout", type=float, default=30,
                       help="seconds per cell (default 30)")
    marks.add_argument("--notebook-timeout", type=float, default=600,
                       help="seconds per notebook (default 600)")
    marks.add_argument("--output-limit", type=int, default=100_000,
                       help="characters of output kept per cell (default 100000)")
    marks.add_argument("--kernel", default="python3", help="kernel name (default python3)")
    marks.add_argument("--force", action="store_true",
                       help="regrade students who already have results")
    marks.add_argument("--quiet", action="store_true", help="no progress bar")

    args = parser.parse_args(argv)
    try:
        if args.command == "student":
            key = release(args.src, args.dest, args.key)
            count = len(key["notebooks"])
            questions = sum(len(p["questions"]) for p in key["notebooks"].values())
            print(f"wrote {count} student notebook(s) to {args.dest}"
                  + (f"; key with {questions} question(s) to {args.key}" if args.key else ""))
            return 0
        print(NOT_A_SANDBOX, file=sys.stderr)
        results = grade(args.submissions, args.key, args.out, force=args.force,
                        progress=not args.quiet, cell_timeout=args.timeout,
                        notebook_timeout=args.notebook_timeout,
                        output_limit=args.output_limit, kernel_name=args.kernel)
        print(f"graded {len(results)} student(s)")
        return 0
    except ReleaseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
