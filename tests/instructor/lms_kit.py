"""Downloads as Canvas, Moodle and Gradescope make them, built in tests (issue 20).

Each builder takes ``uploads``: a list of ``(student, file name, bytes, extra)`` and
writes a zip laid out and named as the platform does (see :mod:`minimax_lessons.
instructor.lms` for where each layout comes from). ``extra`` carries what the platform
knows: Canvas's user id, attachment id and late mark; Moodle's participant id and time;
Gradescope's sid, email and time.
"""

import io
import json
import zipfile


def zip_bytes(files) -> bytes:
    """A zip of ``{name: bytes}`` (UTF-8 names, as Canvas and Moodle write them)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buffer.getvalue()


def canvas_zip(path, uploads):
    """Canvas's "Download Submissions": <name>_<LATE_><user>_<attachment>_<file>, flat."""
    files = {}
    for name, file, data, extra in uploads:
        late = "late_" if extra.get("late") else ""
        files[f"{name}_{late}{extra['user']}_{extra['attachment']}_{file}"] = data
    path.write_bytes(zip_bytes(files))
    return path


def moodle_zip(path, uploads, *, version="4.1"):
    """Moodle's "Download all submissions" in folders: <Full Name>_<participant>_
    assignsubmission_file/<file> as Moodle 4.1 and later name them, or with a trailing
    underscore (``..._file_/``) as 3.1 to 4.0 do (``version="3.1"``)."""
    tail = "_" if version < "4.1" else ""
    files = {f"{name}_{extra['participant']}_assignsubmission_file{tail}/{file}": data
             for name, file, data, extra in uploads}
    path.write_bytes(zip_bytes(files))
    return path


def moodle_worksheet(path, people):
    """A grading worksheet: ``people`` is [(participant, full name, email, when or "-")]."""
    lines = ["Identifier,\"Full name\",\"Email address\",Status,Grade,\"Maximum Grade\","
             "\"Grade can be changed\",\"Last modified (submission)\",\"Last modified (grade)\","
             "\"Feedback comments\""]
    for participant, name, email, when in people:
        lines.append(f"\"Participant {participant}\",\"{name}\",{email},\"Submitted for "
                     f"grading\",,16.00,Yes,\"{when}\",-,")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def gradescope_zip(path, uploads, assignment=4242):
    """Gradescope's "Export Submissions": assignment_<id>_export/submission_<id>/<file> and
    submission_metadata.yml (Ruby-style symbol keys, times with their offset)."""
    root = f"assignment_{assignment}_export"
    files, meta = {}, []
    for number, (name, file, data, extra) in enumerate(uploads, 1):
        folder = f"submission_{extra.get('submission', 1000 + number)}"
        files[f"{root}/{folder}/{file}"] = data
        meta.append(f"{folder}:\n  :submitters:\n  - :name: {name}\n    :sid: '{extra['sid']}'\n"
                    f"    :email: {extra['email']}\n  :created_at: {extra['when']}\n"
                    f"  :score: !ruby/object:BigDecimal 18:0.0\n  :status: processed\n"
                    f"  :history: []\n")
    files[f"{root}/submission_metadata.yml"] = "".join(meta).encode()
    path.write_bytes(zip_bytes(files))
    return path


def notebook_bytes(nb) -> bytes:
    """A notebook as Jupyter saves it."""
    return (json.dumps(nb, indent=1, ensure_ascii=False) + "\n").encode("utf-8")
