# `make` builds the whole catalogue into output/; `make test` installs what the tests need,
# lints and type-checks, and runs them; `make bench` times whole commands and prints medians.
VENV := .venv
PY := $(VENV)/bin/python
PNP := $(VENV)/bin/pnp
SYSTEM_TOOLS := poppler-utils qpdf librsvg2-bin fonts-dejavu-core chromium chromium-driver

.PHONY: all build test check bench system-tools clean

all: build

# Editable in compat mode: a plain path entry, so the command starts without an import hook.
$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e . --config-settings editable_mode=compat
	touch $@

$(VENV)/.test-installed: $(VENV)/.installed pyproject.toml
	$(PY) -m pip install --quiet -e '.[test]' --config-settings editable_mode=compat
	touch $@

build: $(VENV)/.installed
	$(PNP) build --out output

# The tests drive real clients: qpdf, poppler, librsvg, headless Chromium and, for the
# studio, Chromium's WebDriver. Installed when missing.
system-tools:
	@missing=""; \
	for tool in pdftoppm pdffonts qpdf rsvg-convert chromium chromedriver; do command -v $$tool >/dev/null || missing=1; done; \
	fc-list | grep -q DejaVuSans || missing=1; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_TOOLS) >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_TOOLS) >/dev/null; fi; \
	fi

# Lint and type-check before the tests: both must report nothing.
check: $(VENV)/.test-installed
	$(VENV)/bin/ruff check generator tests benchmarks
	$(VENV)/bin/mypy

test: check system-tools
	$(PY) -m pytest -q

bench: $(VENV)/.installed system-tools
	$(PY) benchmarks/bench.py

clean:
	rm -rf output/* $(VENV) .pytest_cache .hypothesis
