"""The instructor's HTML pages, written from the Jinja2 templates in ``instructor/templates``.

Every page the instructor's tools write (a student's feedback page, the class report, the
index of the feedback pages handed back, the tournament's leaderboard) is a template there,
filled with plain data by :func:`render`.

Vocabulary:

- *escaped*: every value a template writes is escaped (autoescape), as Python's
  :func:`html.escape` escapes it (``&#x27;``, ``&quot;``); only HTML the package built
  itself is marked safe (:class:`markupsafe.Markup`) and written as it is.
- *compact*: a page template is written one element a line, indented as it nests; the page
  is written without those breaks, by JSX's rule (:func:`compact`): a line break and the
  spaces around it are dropped next to a tag (``<...>``, ``{% ... %}``, ``{# ... #}``) and
  become one space between words (so a word and an inline tag it is spaced from, as in
  ``upload <code>``, stay on one line). A stylesheet (``*.css``) is included as it is.
- *filters*: ``g`` writes a number as ``f"{x:g}"`` does (``3``, ``2.5``), ``signed`` as
  ``f"{x:+g}"``, ``counted`` as :func:`~minimax_lessons.words.counted` (``1 point``).

>>> compact("<ul>\\n  <li>{{ a }}\\n    and more</li>\\n</ul>\\n")
'<ul><li>{{ a }} and more</li></ul>'
>>> render_text("<p title='{{ t }}'>{{ x|g }} {{ n|counted('point') }}</p>",
...             t="it's <b>", x=2.0, n=1)
"<p title='it&#x27;s &lt;b&gt;'>2 1 point</p>"
"""

from __future__ import annotations

import functools
import html
import re
from pathlib import Path

from ...words import counted

#: Where the templates are.
TEMPLATES = Path(__file__).resolve().parents[1] / "templates"

#: A line break with the spaces around it.
_BREAK = re.compile(r"\s*\n\s*")
#: What a tag starts and ends with, where a line break beside it is dropped.
_TAG_ENDS, _TAG_STARTS = (">", "%}", "#}"), ("<", "{%", "{#")


def compact(source: str) -> str:
    """A page template without the line breaks that lay it out (see the module docstring)."""
    def join(match):
        before, after = source[:match.start()], source[match.end():]
        if not before or not after or before.endswith(_TAG_ENDS) or \
                after.startswith(_TAG_STARTS):
            return ""
        return " "

    return _BREAK.sub(join, source)


def _escaped(value):
    """A value as the page writes it: escaped as :func:`html.escape` does, unless it is
    HTML the package built (:class:`markupsafe.Markup`)."""
    from markupsafe import Markup

    return value if isinstance(value, Markup) else Markup(html.escape(str(value)))


@functools.cache
def environment():
    """The Jinja2 environment of the instructor's pages (made once)."""
    import jinja2
    import jinja2.ext

    class Compact(jinja2.ext.Extension):
        def preprocess(self, source, name, filename=None):
            return compact(source) if name is None or name.endswith(".html.j2") else source

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                             finalize=_escaped, undefined=jinja2.StrictUndefined,
                             keep_trailing_newline=True, extensions=[Compact])
    env.filters.update(g=lambda x: f"{x:g}", signed=lambda x: f"{x:+g}", counted=counted)
    return env


def render(name: str, **data) -> str:
    """The page the template ``name`` writes from ``data``."""
    return environment().get_template(name).render(**data)


def render_text(source: str, **data) -> str:
    """The page a template given as text writes from ``data`` (compact, as a page template)."""
    return environment().from_string(source).render(**data)


def safe(text: str):
    """HTML the package built itself, written as it is (:class:`markupsafe.Markup`)."""
    from markupsafe import Markup

    return Markup(text)


__all__ = ["render", "render_text", "compact", "safe", "environment", "TEMPLATES"]
