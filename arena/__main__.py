"""Let ``python -m arena`` behave exactly like the ``arena`` console script."""

from arena.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
