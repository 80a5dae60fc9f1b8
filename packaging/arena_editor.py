"""The standalone bundle's editor executable (``arena-editor``), beside the game's: the
game's "Editor" button starts the ``arena-editor`` next to its own executable.

`multiprocessing.freeze_support` first, as in `packaging/arena_game.py` (the editor's balance
check plays games in helper processes).
"""

import multiprocessing
import sys

from editor.app import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
