"""The late policy: what a notebook handed in after the due date loses, and why.

Vocabulary:

- *due*: when the assignment is due (``--due 2025-03-01T23:59``; a time that names no
  zone is in ``--timezone``, else this machine's).
- *extension*: one student's extra time, from the roster's ``extension`` column: ``2d``,
  ``36h``, ``90m``, or a new due date.
- *penalty*: a share of the notebook's points per *period* late, ``10%/day`` or
  ``2%/hour``, at most the *cap* (``--late-cap 50%``; default: all of it). A period
  begun counts as a whole: one minute late is one day late under ``10%/day``.
- *late mark*: a platform that says only "late" (Canvas's ``LATE`` in a file name, with
  no time) costs one period's penalty, and the feedback says so.
- *late due date*: the last moment a platform takes late work (Gradescope's
  ``late_due_date``, when the policy has one): handed in after it, a notebook loses the
  most lateness may cost (the cap).

Every time a student reads is written in the zone of the due date (the assignment's).

The share is of the points the notebook is worth, as Canvas's own late policy takes it,
and a notebook's points never go below 0.

>>> policy = LatePolicy.parse("2025-03-01T23:59+00:00", "10%/day", "50%")
>>> late = policy.lateness(datetime.fromisoformat("2025-03-03T09:00+01:00"))
>>> late.periods, late.share
(2, 0.2)
>>> print(late.reason)
handed in 2025-03-03 08:00 +00:00, 1 day 8 h 1 min after the due date (2025-03-01 23:59 +00:00): 2 days late × 10% = 20% of the points
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import datetime, timedelta, tzinfo

from ..assignment.release import ReleaseError

_PENALTY = re.compile(r"\s*(\d+(?:\.\d+)?)\s*%\s*(?:/|per\s+)\s*(day|hour)s?\s*", re.I)
_SHARE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*%\s*")
_EXTENSION = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(d|h|m|days?|hours?|min(?:utes?)?)\s*", re.I)
PERIODS = {"day": timedelta(days=1), "hour": timedelta(hours=1)}


def zone(name) -> tzinfo | None:
    """The time zone called ``name`` (e.g. "Europe/Paris"), or None for this machine's."""
    if not name:
        return None
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ReleaseError(f"--timezone {name!r}: no such time zone (e.g. Europe/Paris, "
                           "America/New_York, UTC)") from None


def parse_time(text: str, tz=None, what="--due") -> datetime:
    """An ISO 8601 time ("2025-03-01T23:59", "2025-03-01 23:59-05:00") as an aware datetime."""
    try:
        when = datetime.fromisoformat(str(text).strip().replace("Z", "+00:00"))
    except ValueError:
        raise ReleaseError(f"{what} {text!r}: expected a date and time such as "
                           "2025-03-01T23:59 or 2025-03-01T23:59-05:00") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=tz) if tz is not None else when.astimezone()
    return when


@dataclass(frozen=True)
class Lateness:
    """How late one notebook was, the share of its points it loses, and the sentence why."""

    periods: int = 0
    share: float = 0.0
    reason: str = ""


@dataclass(frozen=True)
class LatePolicy:
    """A due date and a penalty per period late, capped."""

    due: datetime
    rate: float
    unit: str = "day"
    cap: float = 1.0
    last: datetime | None = None  # the late due date: nothing is taken after it

    @classmethod
    def parse(cls, due, penalty, cap=None, tz=None) -> "LatePolicy":
        """From the command line's texts: ``--due``, ``--late-penalty``, ``--late-cap``."""
        match = _PENALTY.fullmatch(str(penalty))
        if not match:
            raise ReleaseError(f"--late-penalty {penalty!r}: expected a share per day or per "
                               "hour, such as 10%/day or 2%/hour")
        share = 1.0 if cap in (None, "") else _share(cap, "--late-cap")
        return cls(parse_time(due, tz), float(match.group(1)) / 100, match.group(2).lower(),
                   share)

    @property
    def period(self) -> timedelta:
        return PERIODS[self.unit]

    def due_for(self, extension: str = "", tz=None) -> datetime:
        """The due date of a student with this ``extension`` (see the module docstring)."""
        extension = (extension or "").strip()
        if not extension:
            return self.due
        match = _EXTENSION.fullmatch(extension)
        if match:
            amount, unit = float(match.group(1)), match.group(2).lower()[0]
            return self.due + {"d": timedelta(days=amount), "h": timedelta(hours=amount),
                               "m": timedelta(minutes=amount)}[unit]
        return parse_time(extension, tz or self.due.tzinfo, "the extension")

    def lateness(self, submitted: datetime | None, *, marked=False, extension="",
                 platform="the platform") -> Lateness:
        """How late a notebook handed in at ``submitted`` is (``marked``: the platform said
        late without a time)."""
        due = self.due_for(extension)
        if submitted is not None:
            submitted = submitted.astimezone(due.tzinfo)
        if submitted is None:
            if not marked:
                return Lateness()
            share = min(self.rate, self.cap)
            return Lateness(1, share, f"{platform} marked this submission late but gives no "
                                      f"time: one {self.unit}'s penalty, {_percent(share)} of "
                                      "the points")
        if submitted <= due:
            return Lateness()
        periods = math.ceil((submitted - due) / self.period)
        if self.last is not None and submitted > max(self.last, due):
            return Lateness(periods, self.cap, f"handed in {show_time(submitted)}, after the late "
                            f"due date ({show_time(self.last.astimezone(due.tzinfo))}), the last "
                            f"moment {platform} takes late work: the most lateness may cost, "
                            f"{_percent(self.cap)} of the points")
        share = min(periods * self.rate, self.cap)
        granted = f"; extension {extension}" if extension else ""
        said = (f"handed in {show_time(submitted)}, {time_span(submitted - due)} after the due "
                f"date ({show_time(due)}{granted}): {periods} "
                f"{self.unit}{'s' if periods > 1 else ''} late × {_percent(self.rate)} = "
                f"{_percent(periods * self.rate)}")
        if periods * self.rate > self.cap:
            said += f", capped at {_percent(self.cap)}"
        return Lateness(periods, share, said + " of the points")


def _share(text, what) -> float:
    match = _SHARE.fullmatch(str(text))
    if not match or float(match.group(1)) > 100:
        raise ReleaseError(f"{what} {text!r}: expected a share such as 50%")
    return float(match.group(1)) / 100


def _percent(share) -> str:
    return f"{round(share * 100, 4):g}%"


def show_time(when: datetime) -> str:
    """A time as the feedback writes it, with its offset.

    >>> show_time(datetime.fromisoformat("2025-03-01T23:59-06:00"))
    '2025-03-01 23:59 -06:00'
    """
    return when.strftime("%Y-%m-%d %H:%M %z")[:-2] + ":" + when.strftime("%z")[-2:]


def time_span(delta: timedelta) -> str:
    """A length of time in days, hours and minutes (minutes begun count).

    >>> time_span(timedelta(days=3)), time_span(timedelta(hours=25, seconds=1))
    ('3 days', '1 day 1 h 1 min')
    """
    minutes = math.ceil(delta.total_seconds() / 60)
    days, rest = divmod(minutes, 24 * 60)
    hours, minutes = divmod(rest, 60)
    parts = [f"{days} day{'s' if days != 1 else ''}" if days else "",
             f"{hours} h" if hours else "", f"{minutes} min" if minutes else ""]
    return " ".join(p for p in parts if p) or "0 min"


__all__ = ["LatePolicy", "Lateness", "parse_time", "zone", "show_time", "time_span",
           "PERIODS"]
