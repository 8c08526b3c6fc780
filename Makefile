# `make` builds the whole catalogue into output/; `make test` installs what the tests need,
# lints and type-checks, and runs them; `make bench` times whole commands and prints medians.
# `make profiles` rebuilds the print shops' ICC profiles (by hand only: they are committed).
# `make messages` gathers the printed strings into the translators' catalogues; `make locales`
# compiles each language's .po into the .mo that pnp reads (both committed; a test checks
# that every .mo is its .po compiled).
VENV := .venv
PY := $(VENV)/bin/python
PNP := $(VENV)/bin/pnp
SYSTEM_TOOLS := poppler-utils qpdf librsvg2-bin fonts-dejavu-core chromium chromium-driver \
  ghostscript liblcms2-utils

.PHONY: all build test test-exhaustive test-all check bench system-tools clean locales messages profiles

all: build

# Editable, as a plain path entry (a .pth naming the checkout: pyproject's package-dir), so
# the command starts without an import hook (setuptools' finder made Python's own start
# 28-42 ms where the path entry takes 5-7, on a busy 2-core machine) and without `compat`
# mode, which setuptools says it will remove.
# The packages are installed by uv (from PyPI, MIT or Apache-2.0), which resolves, fetches and
# unpacks them in parallel: on a fresh clone on 2 busy cores, the tests' whole install took
# 12 s where pip's took 100 (pip builds the editable package in a fresh isolated environment
# at each install). pip stays in the venv, current: the install test builds a wheel with it.
UV := $(VENV)/bin/uv pip install --quiet --python $(PY)

# The venv without pip, pip and uv then put in by the system's pip (its --python, pip 22.3
# on): 7 s on a fresh clone, where the venv's own pip, installed and then upgraded, took 13.
# Where the system has no pip of its own, the venv's.
$(VENV)/.made:
	python3 -m venv --without-pip $(VENV)
	python3 -m pip --python $(PY) install --quiet pip uv 2>/dev/null || \
	  { python3 -m venv $(VENV) && $(PY) -m pip install --quiet --upgrade pip uv; }
	touch $@

$(VENV)/.installed: pyproject.toml $(VENV)/.made
	$(UV) -e .
	touch $@

# pnp and the tests' packages in one install, which is pnp's too: installing them after pnp
# resolved and built the editable package a second time (17 s for both, 10 for one).
$(VENV)/.test-installed: pyproject.toml $(VENV)/.made
	$(UV) -e '.[test]'
	touch $(VENV)/.installed $@

$(VENV)/.babel-installed: $(VENV)/.installed
	$(UV) -e '.[i18n]'
	touch $@

LOCALES := generator/locales
POT := $(LOCALES)/pnp.pot
BABEL_FLAGS := --width 100

# The template of every message (pnp.pot), and each language's catalogue brought up to it:
# new messages appear empty, changed ones fuzzy, for the translators.
messages: $(VENV)/.babel-installed
	$(VENV)/bin/pybabel extract -F babel.cfg -k N_ -c TRANSLATORS: --project pnp \
	  --copyright-holder "pnp contributors" --msgid-bugs-address "" \
	  --no-location --sort-output -o $(POT) .
	$(VENV)/bin/pybabel update -i $(POT) -d $(LOCALES) -D pnp $(BABEL_FLAGS)

locales: $(VENV)/.babel-installed
	$(VENV)/bin/pybabel compile -d $(LOCALES) -D pnp --statistics

build: $(VENV)/.installed locales
	$(PNP) build --out output --lang all

# The press profiles (generator/render/profiles/*.icc), made with ArgyllCMS's colprof from
# the printing conditions' characterisation data in Debian's icc-profiles-free. Never part of
# `make` or CI: the profiles are committed; this remakes the same bytes with ArgyllCMS 2.3.1.
profiles:
	@command -v colprof >/dev/null && test -f /usr/share/color/icc/FOGRA39L.ti3 || { \
	  echo "make profiles needs: apt-get install argyll icc-profiles-free" >&2; exit 2; }
	python3 scripts/build_profiles.py

# The tests drive real clients: qpdf, poppler, librsvg, headless Chromium and, for the
# studio, Chromium's WebDriver; Ghostscript and LittleCMS's transicc for the print shop's
# plates and colours. Installed when missing.
system-tools:
	@missing=""; \
	for tool in pdftoppm pdffonts qpdf rsvg-convert chromium chromedriver gs transicc; do command -v $$tool >/dev/null || missing=1; done; \
	fc-list | grep -q DejaVuSans || missing=1; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_TOOLS) >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_TOOLS) >/dev/null; fi; \
	fi

# axe-core, the accessibility rules the browser tests run on the studio and on the rule
# sheets' web editions (a current 4.x, by name from npm), into the virtual environment's folder.
AXE := $(VENV)/axe/node_modules/axe-core/axe.min.js
$(AXE):
	mkdir -p $(VENV)/axe
	npm install --silent --no-audit --no-fund --prefix $(VENV)/axe axe-core@4

# Lint and type-check before the tests: both must report nothing.
check: $(VENV)/.test-installed
	$(VENV)/bin/ruff check generator tests benchmarks
	$(VENV)/bin/mypy

# Two workers, each taking whole test files, so a file's shared fixtures are made once.
# `make test` leaves out the tests marked `exhaustive` (pyproject.toml's addopts): each
# repeats at length a path that a faster test covers. `make test-all` runs them as well;
# CI runs it (.ci/run).
# The tests' and pnp's bytecode (pytest's rewritten test modules too) kept in the virtual
# environment's folder from one run to the next, even where PYTHONDONTWRITEBYTECODE asks for
# none beside the sources: each worker otherwise rewrites every test module again (11 s of
# processor time a process; 4 s with the kept bytecode), and the checkout stays as it is.
PYTEST := env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/bytecode \
  $(PY) -m pytest -q -n 2 --dist loadfile

test: check system-tools $(AXE)
	$(PYTEST)

test-exhaustive: check system-tools $(AXE)
	$(PYTEST) -m exhaustive

test-all: test test-exhaustive

# The studio's timing drives Chromium through Selenium, which the test extra installs.
bench: $(VENV)/.test-installed system-tools
	$(PY) benchmarks/bench.py

clean:
	rm -rf output/* $(VENV) .pytest_cache .hypothesis
