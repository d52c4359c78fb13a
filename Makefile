# minimax-lessons: `make lab` to teach, `make test` to check (`make test-fast` while you work).
# Everything runs from a private virtual environment in .venv, made on first use.

VENV    := .venv
PY      := $(VENV)/bin/python
JUPYTER := $(VENV)/bin/jupyter
STAMP   := $(VENV)/.installed.stamp
# Notebooks that exist (none yet is fine), checkpoints excluded.
NOTEBOOKS = $(shell find notebooks -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null | sort)
NBVAL_ARGS = notebooks --nbval --nbval-current-env --nbval-sanitize-with notebooks/sanitize.cfg
ALLOW_ROOT = $(if $(filter 0,$(shell id -u)),--allow-root)

# One worker more than the machine has cores (pytest-xdist): the tests often wait (a kernel
# or a browser starting, a student's code timed out, a bot's move), and a third worker fills
# those gaps on 2 cores: pytest 287 and 294 s against 305 (make test), 64 and 66 s against
# 69 and 72 (make test-fast), on 2026-12-05 at bench_machine.py 0.20 to 0.21; four, 305 s.
# tests/conftest.py keeps each file's tests and each notebook's cells together on one
# worker, the longest groups (the browser files) first. `WORKERS=2 make test` to choose.
WORKERS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) + 1 )))
XDIST = -n $(WORKERS) --dist loadgroup --no-loadscope-reorder
# pytest, its processes started sooner (tests/fast_start.py: loaded before its other plugins).
PYTEST = $(PY) -m pytest -p tests.fast_start

.PHONY: setup bytecode lab lecture fresh test test-setup test-fast test-explore site notebooks student-notebooks teaching-guide slide-metadata slides bench clean

setup: $(STAMP)

$(PY):
	@rm -rf $(VENV)
	python3.11 -m venv $(VENV) 2>/dev/null || python3 -m venv $(VENV)

# Reinstalls only when pyproject.toml changes; the stamp lives in .venv, so a new
# .venv reinstalls too. pip installs without compiling (one file after another, 14 of its
# 36 s here) and compileall compiles on every core (6 s): a fresh .venv in 28 s.
PURELIB = $$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --no-compile -e '.[test]'
	$(PY) -m compileall -q -j0 "$(PURELIB)" >/dev/null
	@touch $@

# JupyterLab defaults for the course (no "news?" toast over the players); a hub
# admin copies the same file to <env>/share/jupyter/lab/settings/.
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json
$(LAB_OVERRIDES): lab/overrides.json | $(STAMP)
	@mkdir -p $(dir $@)
	cp lab/overrides.json $@

# The server extension that makes a saved notebook keep each widget's still picture, not a
# view JupyterLab cannot show once the kernel is gone (minimax_lessons/pictures/saving.py).
# A plain pip install puts this file in place itself; an editable one does not.
SERVER_EXTENSION := $(VENV)/etc/jupyter/jupyter_server_config.d/minimax_lessons.json
$(SERVER_EXTENSION): lab/jupyter_server_config.d/minimax_lessons.json | $(STAMP)
	@mkdir -p $(dir $@)
	cp lab/jupyter_server_config.d/minimax_lessons.json $@

setup: $(SERVER_EXTENSION)

# The package's compiled bytecode, written even where PYTHONDONTWRITEBYTECODE is set (as on
# this project's CI machines): without it every kernel, grader and sandbox worker compiles
# the modules it imports from source again, hundreds of processes in `make test`. Python
# checks each file's time stamp, so an edited module is never run from a stale copy; a
# checkout that cannot be written only runs slower (hence the leading '-'). The same for
# .venv's libraries: pip compiles them as it installs, but a .venv copied or restored with
# new time stamps keeps bytecode Python finds stale and never rewrites (a kernel then
# starts in 0.83 CPU s instead of 0.44); when nothing is stale this costs 0.4 s. (The site's
# build once set the time of every file of the checkout, .venv's too, beside this target:
# lite/build.py now builds in a folder of its own. tests/test_bytecode.py checks the result.)
bytecode: $(STAMP)
	-@$(PY) -m compileall -q minimax_lessons tests
	-@$(PY) -m compileall -q "$(PURELIB)" >/dev/null

# The student's own copy of the lessons (not in git): make lab makes it, brings course
# updates into the lessons the student has not changed, and serves it; the course's files
# in notebooks/ stay as shipped. `make fresh LESSON=06` gets a lesson back as shipped (the
# student's version kept beside it). `make lecture` is make lab with every lesson in
# lecture mode (minimax_lessons/pictures/lecture.py).
MY_LESSONS := my-lessons
# JupyterLab (`jupyter lab`), without the imports its server never needs: jsonschema's format
# packages, one of which builds some forty grammars (minimax_lessons/_process.py), 3 of the
# 4.5 CPU s of the server's start on a slow machine. The browser tests start it the same way.
LAB = $(PY) -c 'from minimax_lessons._process import skip_slow_import; skip_slow_import(); from jupyterlab.labapp import main; main()'

lab: $(STAMP) $(LAB_OVERRIDES) $(SERVER_EXTENSION) bytecode
	@$(PY) -m minimax_lessons.working_copy --course notebooks --copy $(MY_LESSONS)
	@echo "Starting JupyterLab on http://127.0.0.1 (Ctrl-C twice stops it)."
	@echo "Open the URL with '?token=...' printed below; '$(JUPYTER) server list' prints it again."
	$(LAB) --ServerApp.ip=127.0.0.1 --ServerApp.root_dir=$(MY_LESSONS) $(ALLOW_ROOT)

lecture:
	MINIMAX_LESSONS_LECTURE=on $(MAKE) lab

fresh: $(STAMP)
	$(PY) -m minimax_lessons.working_copy --course notebooks --copy $(MY_LESSONS) --fresh "$(LESSON)"

# What the tests need set up, made two at a time (a fresh clone: .venv and .venv-site are
# installed side by side, then the site is built beside the bytecode; pip and the site's
# builder each keep one core busy): 59 s instead of 73 here. `make -jN test` keeps its N.
test:
	@$(MAKE) --no-print-directory $(if $(filter -j%,$(MAKEFLAGS)),,-j2) --output-sync=target test-setup
	$(PYTEST) tests minimax_lessons $(if $(NOTEBOOKS),$(NBVAL_ARGS)) $(XDIST) $(PYTEST_ARGS)
test-setup: $(STAMP) $(SERVER_EXTENSION) bytecode site

# The inner loop: no browser tests, no notebooks (nbval), nothing marked slow.
test-fast: $(STAMP) $(SERVER_EXTENSION) bytecode
	$(PYTEST) tests minimax_lessons -m "not browser and not slow" $(XDIST) $(PYTEST_ARGS)

# The property tests (Hypothesis) with fresh random examples, ROUNDS runs (5 unless given):
# bug hunting beyond the examples `make test` tries, the same ones every run (tests/conftest.py).
# A failure prints its example; commit it as an `@example` beside the test it broke.
PROPERTY_TESTS = $(shell grep -rl --include='*.py' '@given' tests 2>/dev/null | sort)
ROUNDS ?= 5
test-explore: $(STAMP) bytecode
	@for i in $$(seq $(ROUNDS)); do echo "round $$i of $(ROUNDS)"; \
	  $(PYTEST) $(PROPERTY_TESTS) --hypothesis-profile=explore $(XDIST) -q $(PYTEST_ARGS) || exit 1; done

# The whole course as a static site in site/ (JupyterLab in the browser, the Pyodide kernel
# holding this package, the lessons, the practice pages): serve it from any static host,
# a sub-path, or a USB stick with `python -m http.server -d site`. Everything pinned
# (lite/build.py, lite/requirements.txt); rebuilt when a file it is made of changes.
# JupyterLite's builder lives in an environment of its own, .venv-site (lite/tools.txt):
# its Pyodide kernel's JupyterLab extension fails to load in the course's own JupyterLab.
SITE_SOURCES = $(shell find minimax_lessons notebooks lite -type f -not -path '*/__pycache__/*' -not -path '*/.ipynb_checkpoints/*' 2>/dev/null) lab/overrides.json pyproject.toml
SITE_VENV  := .venv-site
SITE_STAMP := $(SITE_VENV)/.installed.stamp
$(SITE_STAMP): lite/tools.txt
	@rm -rf $(SITE_VENV)
	python3.11 -m venv $(SITE_VENV) 2>/dev/null || python3 -m venv $(SITE_VENV)
	$(SITE_VENV)/bin/python -m pip install --quiet -r lite/tools.txt
	@touch $@
site: site/jupyter-lite.json
site/jupyter-lite.json: $(STAMP) $(SITE_STAMP) $(SITE_SOURCES)
	$(PY) lite/build.py --out site --tools $(SITE_VENV)

notebooks: $(STAMP)
	$(if $(NOTEBOOKS),$(JUPYTER) nbconvert --to notebook --execute --inplace --ExecutePreprocessor.store_widget_state=False --ExecutePreprocessor.coalesce_streams=True --ExecutePreprocessor.record_timing=False $(NOTEBOOKS),@echo "No notebooks to run.")

# The graded notebooks' student versions (no solutions), from the instructor sources in
# course/source/, executed so that nbval checks them like every other notebook.
student-notebooks: $(STAMP)
	$(PY) -m minimax_lessons.instructor student course/source notebooks/exercises
	$(JUPYTER) nbconvert --to notebook --execute --inplace --ExecutePreprocessor.store_widget_state=False --ExecutePreprocessor.coalesce_streams=True --ExecutePreprocessor.record_timing=False notebooks/exercises/*.ipynb

# The lecturers' misconception guide, generated from the diagnosis registry (a test
# fails when the committed guide differs from what this writes).
teaching-guide: $(STAMP)
	$(PY) -m minimax_lessons.instructor.teaching.guide

# Slide types (slide / subslide / skip / -) for every lesson, from the rules in
# minimax_lessons/instructor/teaching/slides.py; re-run after adding, changing or re-running a lesson
# (tests/instructor/test_slides.py fails until then). Idempotent.
LESSONS = $(sort $(wildcard notebooks/[0-9][0-9]-*.ipynb))
slide-metadata: $(STAMP)
	$(PY) -m minimax_lessons.instructor.teaching.slides $(LESSONS)

# Offline reveal.js decks, slides/NN-name.slides.html (+ slides/reveal.js/), from a fresh
# run of each lesson; animations embedded as their self-contained players; no network.
slides: $(STAMP)
	$(PY) -m minimax_lessons.instructor.teaching.decks --out slides $(LESSONS)

bench: $(STAMP)
	@set -e; for f in bench/*.py; do [ -e "$$f" ] || continue; echo "== $$f"; $(PY) "$$f"; done

clean:
	rm -rf $(VENV) $(SITE_VENV) .pytest_cache .hypothesis tests/artifacts *.egg-info site .cache/site
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
