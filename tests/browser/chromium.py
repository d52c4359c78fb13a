"""Which Chromium drives the browser tests and the benches, and with which flags: one place.

Two Debian packages give the same Blink, V8 and Skia: ``chromium-headless-shell`` (what
``.ci/run`` installs: no browser interface, which a test never sees; its browser and
utility processes spend about half the CPU of ``chromium``'s, ``bench/bench_suite_cpu.py``
on two lessons of test_pictures_fit.py: 6.7 against 12.5 CPU s, 112 against 120 for the
whole machine) and ``chromium`` (a student's browser, what the benches' figures were first
measured with). The tests prefer the shell, the benches the browser; each takes the
other when its first choice is not installed, and ``$CHROMIUM`` chooses for both.

>>> find(prefer=HEADLESS_SHELL, environ={"CHROMIUM": "/opt/chrome"})
'/opt/chrome'
>>> find(prefer=BROWSER, environ={}, installed=lambda path: path == HEADLESS_SHELL)
'/usr/lib/chromium/chromium-headless-shell'
>>> find(prefer=BROWSER, environ={}, installed=lambda path: False) is None
True
"""

import os

HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell"
BROWSER = "/usr/bin/chromium"

#: Chromium's flags for a headless run on a build machine: no sandbox (CI runs as root), no
#: GPU, nothing fetched or updated behind the test's back (the site's tests count every
#: request that leaves 127.0.0.1).
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]


def find(prefer=HEADLESS_SHELL, *, environ=os.environ,
         installed=lambda path: os.access(path, os.X_OK)):
    """``$CHROMIUM`` if set, else ``prefer`` if installed, else the other one if installed,
    else None."""
    if environ.get("CHROMIUM"):
        return environ["CHROMIUM"]
    other = BROWSER if prefer == HEADLESS_SHELL else HEADLESS_SHELL
    return next((path for path in (prefer, other) if installed(path)), None)
