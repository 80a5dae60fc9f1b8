"""The game client's window.

The battle client is not built yet; until it is, ``arena``/``make play`` opens a splash
window that says so and points at the content tools, instead of failing or doing nothing.
When the real client lands it replaces ``SPEC`` and the body of ``run``; the signature
(options in, exit code out) is what ``arena.cli`` and the tests rely on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from arena.client.splash import SplashSpec, run_splash

SPEC = SplashSpec(
    caption="Arena",
    title="Arena",
    message=(
        "Arena of the Planeswalkers \N{EM DASH} the battle client is being built. "
        "Content tools: `arena validate`."
    ),
)


def run(
    argv: Sequence[str] | None = None,
    *,
    on_first_frame: Callable[[], None] | None = None,
) -> int:
    """Open the game window with options ``argv`` (``--frames``, ``--screenshot``).

    ``argv=None`` reads ``sys.argv``. ``on_first_frame`` is a hook for the start-up
    benchmark. Returns the process exit code.
    """
    return run_splash(
        SPEC,
        argv,
        prog="arena play",
        description="Open the Arena game window.",
        on_first_frame=on_first_frame,
    )
