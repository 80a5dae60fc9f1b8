"""The editor's window (console script ``arena-editor``, ``make editor``).

The battlefield, army and deck editor is not built yet; until it is, this opens a splash
window in the client's style (shared code in ``arena.client.splash``) that says so and
names the tool that already works, ``arena validate``.
"""

from __future__ import annotations

from collections.abc import Sequence

from arena.client.splash import TEAL, SplashSpec, run_splash

SPEC = SplashSpec(
    caption="Arena Editor",
    title="Arena Editor",
    message=(
        "The battlefield, army and deck editor is being built. "
        "`arena validate` checks content files."
    ),
    accent=TEAL,
    # Outlined cells hint at what the editor will be: picking and shaping hexes.
    highlights=((0, 1), (1, 1), (0, 2)),
    seed=11,
)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``arena-editor``: open the editor window, return the exit code.

    ``argv=None`` reads ``sys.argv``; tests pass ``--frames``/``--screenshot`` directly.
    """
    return run_splash(
        SPEC,
        argv,
        prog="arena-editor",
        description="Open the Arena Editor window.",
    )


if __name__ == "__main__":
    raise SystemExit(main())
