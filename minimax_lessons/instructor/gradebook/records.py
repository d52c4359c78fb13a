"""A student's automatic result, as the grader produces it and the gradebook keeps it.

Vocabulary:

- :class:`QuestionGrade`: one question's points, diagnosis and feedback for one student,
  with the pictures the notebook shows as data (PNG ``data:`` URIs and their alt text);
- :class:`StudentResult`: a student's grades, the problems met while running their
  notebooks, and what they handed in (each file's SHA-256);
- *stored result*: ``results/<student>.json``, the result signed with the key's secret
  (:func:`store_result`); read back only when the signature holds (:func:`load_result`).
  It is all the grader writes for a student: every table and page of the graded folder is
  written from the stored results, once, at the end of a run (:func:`~.final.finish`).

>>> result = StudentResult("ann", [QuestionGrade("ann", "a.ipynb", "q1", 1.0, 2.0, None, "")])
>>> result.points, StudentResult.from_data(result.to_data()) == result
(1.0, True)
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..assignment.variants import sign, verify
from ..common.files import safe_name, write_atomic


@dataclass
class QuestionGrade:
    student: str
    notebook: str
    question: str
    points: float
    max_points: float
    diagnosis: str | None
    feedback: str
    pictures: list = field(default_factory=list)  # the notebook's: [(PNG data: URI, alt)]
    answer: str = ""  # the recorded answer, short, for the class report


@dataclass
class StudentResult:
    student: str
    grades: list = field(default_factory=list)
    problems: list = field(default_factory=list)
    seconds: float = 0.0
    key: str = ""
    #: what was graded: each submitted file (its path under the submissions folder) ->
    #: the SHA-256 of its bytes (None in results written before it was kept)
    submitted: dict | None = None

    @property
    def points(self) -> float:
        return round(sum(g.points for g in self.grades), 2)

    @property
    def max_points(self) -> float:
        return round(sum(g.max_points for g in self.grades), 2)

    def to_data(self) -> dict:
        data = {"student": self.student, "grades": [asdict(g) for g in self.grades],
                "problems": self.problems, "seconds": self.seconds, "key": self.key}
        if self.submitted is not None:
            data["submitted"] = dict(self.submitted)
        return data

    @classmethod
    def from_data(cls, data) -> "StudentResult":
        return cls(data["student"], [QuestionGrade(**{**g, "pictures": [
                       tuple(p) for p in g.get("pictures", [])]}) for g in data["grades"]],
                   list(data.get("problems", [])), float(data.get("seconds", 0)),
                   data.get("key", ""),
                   {str(k): str(v) for k, v in data["submitted"].items()}
                   if isinstance(data.get("submitted"), dict) else None)


def result_path(out, student) -> Path:
    """Where a student's stored result lies in the graded folder ``out``."""
    return Path(out) / "results" / f"{safe_name(student)}.json"


def store_result(out, result: StudentResult, key):
    """Store ``result`` in ``out``, signed with the key's secret (atomically)."""
    data = json.dumps(result.to_data(), sort_keys=True)
    write_atomic(result_path(out, result.student),
                 json.dumps({"result": json.loads(data), "signature": sign(key, data)},
                            indent=1))


def load_result(path, key) -> tuple:
    """(a stored result whose signature holds, None) or (None, why it was refused);
    (None, None) when there is none."""
    try:
        stored = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError):
        return None, "its stored result could not be read"
    try:
        data = json.dumps(stored["result"], sort_keys=True)
        if not verify(key, data, stored.get("signature")):
            return None, "its stored result failed the signature check (edited?)"
        return StudentResult.from_data(stored["result"]), None
    except (KeyError, TypeError, ValueError, AttributeError):
        return None, "its stored result is not in the grader's format"


def stored_signature(out, student) -> tuple:
    """(the signature of a student's stored result, the text it signs), as stored; (None,
    None) when it cannot be read."""
    try:
        stored = json.loads(result_path(out, student).read_text(encoding="utf-8"))
        return stored["signature"], json.dumps(stored["result"], sort_keys=True)
    except (OSError, ValueError, KeyError, TypeError):
        return None, None


__all__ = ["QuestionGrade", "StudentResult", "store_result", "load_result", "stored_signature",
           "result_path"]
