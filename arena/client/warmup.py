"""Loading what the main menu does not need, behind its first frame.

A player should see the interactive main menu within moments of launch (README
"Performance": at most 0.4 s on the reference machine). The menu itself needs pygame, the
fonts and the settings; everything else -- the engine, the renderer (the menu's preview
board), the saves' checks, the content catalogue (YAML, schema checks) and the shipped
community maps -- takes seconds to import and load. `start` loads them on a background
thread once the first frame is on screen; the screens that need them import them as usual
(Python's import lock makes a screen opened early wait for what the warm-up is still
importing, never load it twice), and `ready` tells the menu's backdrop when it may draw the
preview board.

`finish` waits for the thread at exit: the interpreter must not shut down while it is inside
C code (libyaml, GEOS), which crashes the process as it quits.
"""

from __future__ import annotations

import importlib
import sys
import threading

__all__ = ["MODULES", "finish", "ready", "start", "wait"]

MODULES = ("arena.client.backdrop_board", "arena.client.content", "arena.client.saves")
"""What the warm-up imports, in order: the preview board first (the menu shows it as soon as
it is there), then what New game, Continue and Load need."""

_lock = threading.Lock()
_thread: threading.Thread | None = None
_board = threading.Event()
_done = threading.Event()


def _load() -> None:
    try:
        for name in MODULES:
            importlib.import_module(name)
            if name == MODULES[0]:
                _board.set()
        from arena.client import content  # the catalogue's module: loaded here, behind the menu

        content.load_all()  # the catalogue, then the shipped community maps
    except Exception:  # noqa: BLE001 - the screen that needs it imports it again and says why
        pass
    finally:
        _board.set()
        _done.set()


def start() -> None:
    """Start the warm-up (once; later calls do nothing)."""
    global _thread
    with _lock:
        if _thread is not None:
            return
        _thread = threading.Thread(target=_load, name="arena-warmup", daemon=True)
        _thread.start()


def ready() -> bool:
    """Whether the preview board can be drawn without waiting (its modules are loaded)."""
    return _board.is_set()


def wait(timeout: float | None = 60.0) -> bool:
    """Start the warm-up if needed and wait for it to end (tests, and screens that must have
    the content); whether it ended in time."""
    start()
    return _done.wait(timeout)


def finish(timeout: float = 60.0) -> None:
    """Wait for a running warm-up to end (at exit), and for the content's own loader."""
    thread = _thread
    if thread is not None and thread.is_alive():
        thread.join(timeout)
    content = sys.modules.get("arena.client.content")
    if content is not None:
        content.finish_loading(timeout)
