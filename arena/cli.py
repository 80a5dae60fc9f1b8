"""The ``arena`` command: play the game, or check content files.

Why it is shaped like this:

* ``arena`` with no subcommand opens the game, because that is what a player types
  (``make play`` runs exactly this).
* Each subcommand imports its implementation lazily, inside its handler. ``arena validate``
  must work on a machine (or in CI) without a display and must not pay for pygame, and the
  headless packages are tested to import without pygame; importing this module therefore
  imports nothing but the standard library and ``arena`` itself.
* Options of ``arena play`` (``--frames``, ``--screenshot``, ``--help`` ...) are handed to
  the client untouched, so the client owns its option list and it is written down once.
"""

from __future__ import annotations

import argparse
import os
import sys

from arena import __version__

# Exit code for "the tool itself could not run", matching argparse's usage errors.
EXIT_UNAVAILABLE = 2

# Options the top-level parser itself answers; any other leading option belongs to `play`.
_TOP_LEVEL_FLAGS = frozenset({"-h", "--help", "--version"})


def _build_parser() -> argparse.ArgumentParser:
    """Describe the command line; kept separate so tests and ``--help`` see the same parser."""
    parser = argparse.ArgumentParser(
        prog="arena",
        description="Arena of the Planeswalkers, desktop edition.",
        epilog="With no command, `arena` opens the game window (same as `arena play`).",
    )
    parser.add_argument("--version", action="version", version=f"arena {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser(
        "play",
        help="open the game window (default); `arena play --help` lists its options",
        # The client parses its own options (including --help); see _play.
        add_help=False,
    )
    validate = commands.add_parser(
        "validate",
        help="check card and scenario files and report every problem found",
        description="Check card and scenario content files; exit 0 when all are valid.",
    )
    validate.add_argument("paths", nargs="+", metavar="PATH", help="file or directory to check")
    validate.add_argument(
        "--budget", type=int, default=500, metavar="POINTS",
        help="the army point budget armies are checked against (default 500, the guide's)")
    show = commands.add_parser(
        "show",
        help="print a battlefield level by level, with its scenario's rules",
        description="Show a shipped scenario or battlefield (by id) or a content file (by path).",
    )
    show.add_argument("target", metavar="SCENARIO_OR_BATTLEFIELD")
    import_map = commands.add_parser(
        "import-map",
        help="turn a Heroscape Map Editor .json or VirtualScape .hsc map into a battlefield",
        description="Read a community map file, report what was approximated and write an "
                    "Arena battlefield YAML (validated; nothing is written on an error).",
    )
    import_map.add_argument("source", metavar="PATH", help="the .json or .hsc map file")
    import_map.add_argument("-o", "--output", metavar="OUT.yaml",
                            help="where to write (default: the map's name as an id, in your "
                                 "Arena folder's battlefields, where New game lists it)")
    export_map = commands.add_parser(
        "export-map",
        help="write a battlefield as a Heroscape Map Editor .json or VirtualScape .hsc map",
        description="Write a battlefield (file or shipped id) as community map pieces.",
    )
    export_map.add_argument("source", metavar="BATTLEFIELD", help="battlefield file or id")
    export_map.add_argument("-o", "--output", metavar="OUT.json|OUT.hsc", required=True,
                            help="the map file to write; its suffix picks the format")
    commands.add_parser(
        "balance",
        help="play AI games on a battlefield and report each starting zone's win rate; "
             "`arena balance --help` lists its options",
        add_help=False,
    )
    commands.add_parser(
        "sim",
        help="play headless matches between AI levels and report win rates; "
             "`arena sim --help` lists its options",
        add_help=False,
    )
    return parser


def _show(target: str) -> int:
    """Print a battlefield as text, for a quick review without a window."""
    from arena.content.show import main as show_main  # lazily: see the module docstring

    return show_main([target])


def _map_files(command: str, source: str, output: str | None) -> int:
    """Import or export a community map file (headless: no pygame)."""
    from arena.content.mapio_cli import run_export, run_import  # lazily (module docstring)

    if command == "import-map":
        return run_import(source, output, sys.stdout, sys.stderr)
    assert output is not None
    return run_export(source, output, sys.stdout, sys.stderr)


def _play(options: list[str]) -> int:
    """Start the game window; pygame is imported only now, by the client."""
    from arena.client.app import run  # pygame only when the window opens (module docstring)

    return run(options)


def _validate(paths: list[str], budget: int) -> int:
    """Run the content validator, or explain why it cannot run (exit code 2)."""
    try:
        # Lazily: `arena validate` pays for the content tools only (module docstring).
        from arena.content.validate_cli import run
    except ImportError as exc:
        print(
            f"arena validate: the content validator is not available ({exc}).\n"
            "Reinstall the project with `make setup` and try again.",
            file=sys.stderr,
        )
        return EXIT_UNAVAILABLE
    return run(paths, sys.stdout, budget=budget)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``arena`` console script and ``python -m arena``.

    Returns the process exit code instead of raising ``SystemExit`` (argparse's ``--help``,
    ``--version`` and usage errors included), so the function is easy to call from tests.
    """
    parser = _build_parser()
    args_list = sys.argv[1:] if argv is None else list(argv)
    if not args_list or (args_list[0].startswith("-") and args_list[0] not in _TOP_LEVEL_FLAGS):
        # `arena` and `arena --frames 3` mean `arena play ...`.
        args_list.insert(0, "play")
    try:
        # parse_known_args: unknown options may belong to `play`, which forwards them.
        args, rest = parser.parse_known_args(args_list)
        if rest and args.command not in ("play", "sim", "balance"):
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        if args.command == "validate":
            return _validate(args.paths, args.budget)
        if args.command == "show":
            return _show(args.target)
        if args.command in ("import-map", "export-map"):
            return _map_files(args.command, args.source, args.output)
        if args.command == "sim":
            from arena.ai.sim_cli import main as sim_main  # lazily (module docstring)

            return sim_main(rest)
        if args.command == "balance":
            from arena.ai.balance_cli import main as balance_main  # lazily (module docstring)

            return balance_main(rest)
        return _play(rest)
    except SystemExit as exc:
        # Also covers the client's own option parser (`arena play --help`).
        return _exit_code(exc)
    except BrokenPipeError:
        # `arena validate cards | head`: the reader left; that is not an error of ours.
        _silence_stdout()
        return 0


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _exit_code(exc: SystemExit) -> int:
    """Turn a ``SystemExit`` payload (None, int or message) into a process exit code."""
    if exc.code is None:
        return 0
    if isinstance(exc.code, int):
        return exc.code
    print(exc.code, file=sys.stderr)
    return 1
