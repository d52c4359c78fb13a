"""The grader's own paths, taken out of every text a student receives.

A student's feedback, the problems met while running their notebook and the outputs of
their executed notebook are written by the grader, often from what an exception said:
``No such file: '/srv/subs/alice/03.ipynb'``. :class:`HostPaths` rewrites such texts so that
no folder of the grader's machine shows (its submissions, output and key folders, its
temporary folders, its home, the course checkout and Python's folders).

>>> HostPaths("/srv/subs").scrub("read /srv/subs/alice/03.ipynb")
'read alice/03.ipynb'
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from dataclasses import dataclass

from ..._process import PACKAGE_ROOT


#: How much of what an exception said a text keeps before :class:`HostPaths` scrubs it: a
#: path cut short could neither be taken out nor name its file (a student's own exception
#: may say anything, so there is a limit, far above any path).
MAX_SAID = 1000


@dataclass(frozen=True)
class HostPaths:
    """The grader's own folders, taken out of every text a student receives.

    A path in the submissions folder is written relative to it (``alice/03.ipynb``); a
    student's working folder (``nb-*/work``) is dropped (``data.csv``); a path in any of
    ``others`` (the output and the key's folders, the grader's temporary folders, the home
    folder, the course and Python's folders) keeps only what follows it, after ``…``.

    >>> places = HostPaths("/srv/subs", ("/home/prof",))
    >>> places.scrub("No such file: '/srv/subs/alice/03.ipynb' nor '/home/prof/key.json'")
    "No such file: 'alice/03.ipynb' nor '…/key.json'"
    """

    submissions: str | None = None
    others: tuple = ()

    @classmethod
    def of_grader(cls, submissions=None, *folders) -> "HostPaths":
        """The submissions folder, ``folders`` and the grader's own: home, temporary
        folders, the course checkout and Python's."""
        places = [*folders, tempfile.gettempdir(), os.path.expanduser("~"), str(PACKAGE_ROOT),
                  sys.prefix, sys.base_prefix, sys.exec_prefix]
        places = [str(p) if not os.path.isfile(p) else os.path.dirname(str(p))  # a key's folder
                  for p in places if p]
        return cls(str(submissions) if submissions else None, tuple(places))

    @property
    def _pattern(self):
        roots = {}
        for place in self.others:
            for form in {os.path.abspath(place), os.path.realpath(place)}:
                if len(form) > 1:
                    roots[form] = "…"
        if self.submissions:
            for form in {os.path.abspath(self.submissions), os.path.realpath(self.submissions)}:
                roots[form] = ""
        if not roots:
            return None, roots
        anyone = "|".join(map(re.escape, sorted(roots, key=len, reverse=True)))
        end = r"(?:/|(?=[^\w.-]|\.(?!\w))|$)"
        part = r"[^\s'\"/]+"
        return re.compile(rf"(?P<work>(?:{anyone})(?:/{part})*?/nb-{part}/(?:work|seed|channel)"
                          rf"){end}|(?P<root>{anyone}){end}"), roots

    def scrub(self, text):
        """``text`` without the grader's paths (anything not a string is left as it is)."""
        pattern, roots = self._pattern
        if not isinstance(text, str) or pattern is None:
            return text

        def replace(match):
            if match.group("work"):
                return ""
            slash = match.group(0)[len(match.group("root")):]
            label = roots[match.group("root")]
            return label + slash if label else ("" if slash else ".")

        return pattern.sub(replace, text)


__all__ = ["HostPaths", "MAX_SAID"]
