# Arena: the two commands a player needs are `make play` and `make test`.
# Every target sets up what it needs first and is fast when already set up.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEB_PACKAGES := xvfb xdotool imagemagick x11-utils
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1

.PHONY: play editor test bench lint validate setup system-deps clean dist

play: $(STAMP)
	$(BIN)/arena

editor: $(STAMP)
	$(BIN)/arena-editor

STAMP_DEPS := pyproject.toml arena/__init__.py editor/__init__.py

# Re-install only when the project description changes. Two makes at once in one checkout
# (two `make test` side by side) take turns under a lock, and the second one, finding the
# stamp fresh once it has the lock, installs nothing: pip never runs twice into one .venv.
$(STAMP): $(STAMP_DEPS)
	@flock .venv.lock sh -ec '\
	  if [ -f $(STAMP) ] && [ -z "$$(find $(STAMP_DEPS) -newer $(STAMP))" ]; then exit 0; fi; \
	  test -x $(BIN)/python || $(PYTHON) -m venv $(VENV); \
	  echo "Installing Arena into $(VENV)"; \
	  $(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip; \
	  $(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[test,dev,tune,cluster]"; \
	  touch $(STAMP)'

setup: $(STAMP)

# Debian packages the real-window tests use; installed only when one is missing. apt waits
# for a dpkg lock held by another install (another checkout's make) instead of failing.
APT := apt-get -o DPkg::Lock::Timeout=600
system-deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  SUDO=""; [ "$$(id -u)" = 0 ] || SUDO="sudo"; \
	  $$SUDO $(APT) update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO $(APT) install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi

test: $(STAMP) system-deps
	$(HEADLESS) $(BIN)/python -m pytest -q -n 2 -p no:cacheprovider

# The standalone folder dist/arena/ (the game and the editor, no Python needed; see README).
# PyInstaller is the `dist` extra, installed into .venv on first use (under the same lock).
DIST_STAMP := $(VENV)/.dist-installed
$(DIST_STAMP): $(STAMP)
	@flock .venv.lock sh -ec '\
	  echo "Installing PyInstaller into $(VENV)"; \
	  $(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[test,dev,tune,cluster,dist]"; \
	  touch $(DIST_STAMP)'

DIST_ARCHIVE = dist/arena-$$($(BIN)/python -c 'import arena; print(arena.__version__)')-$$(uname -s | tr A-Z a-z)-$$(uname -m).tar.gz

dist: $(DIST_STAMP)
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath dist --workpath build/pyinstaller \
	  packaging/arena.spec
	tar -C dist -czf $(DIST_ARCHIVE) arena
	@du -sh dist/arena dist/*.tar.gz

validate: $(STAMP)
	$(BIN)/arena validate cards scenarios

bench: $(STAMP)
	$(HEADLESS) $(BIN)/python scripts/bench.py

lint: $(STAMP)
	$(BIN)/ruff check arena editor tests scripts
	$(BIN)/mypy arena editor

clean:
	rm -rf $(VENV) .venv.lock build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
