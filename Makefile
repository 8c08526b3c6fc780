# `make` builds the whole catalogue into output/; `make test` installs what the tests need
# and runs them; `make bench` times whole commands and prints medians.
VENV := .venv
PY := $(VENV)/bin/python
PNP := $(VENV)/bin/pnp
SYSTEM_TOOLS := poppler-utils qpdf librsvg2-bin fonts-dejavu-core chromium

.PHONY: all build test bench system-tools clean

all: build

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.test-installed: $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

build: $(VENV)/.installed
	$(PNP) build --out output

# The tests drive real clients: qpdf, poppler, librsvg and headless Chromium. Installed
# when missing.
system-tools:
	@missing=""; \
	for tool in pdftoppm pdffonts qpdf rsvg-convert chromium; do command -v $$tool >/dev/null || missing=1; done; \
	fc-list | grep -q DejaVuSans || missing=1; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_TOOLS) >/dev/null; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_TOOLS) >/dev/null; fi; \
	fi

test: $(VENV)/.test-installed system-tools
	$(PY) -m pytest -q

bench: $(VENV)/.installed system-tools
	$(PY) benchmarks/bench.py

clean:
	rm -rf output/* $(VENV) .pytest_cache .hypothesis
