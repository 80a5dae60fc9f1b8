"""The standalone bundle's game executable (``arena``): the ``arena`` command of an install.

PyInstaller freezes this script (`packaging/arena.spec`). `multiprocessing.freeze_support`
comes first: ``arena sim`` and the AI's helper processes start children with ``spawn``, which
in a frozen program re-runs this executable, and the call turns such a run into the child.
"""

import multiprocessing
import sys

from arena.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
