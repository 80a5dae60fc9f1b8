"""A decision an ability asks for says in one line what answering does: Detain's choice of a
squad, an optional trigger's Yes and No (guide: an ability's text is what it does)."""

from __future__ import annotations

import sys
from pathlib import Path

from arena.client.session import decision_help
from arena.engine.abilities.spec import abilities_of
from arena.engine.context import Ctx
from arena.engine.decisions import offer_optional
from arena.hexgrid import Hex

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from abilities_kit import (  # noqa: E402
    GIDEON,
    JACE,
    LILIANA,
    fig,
    position,
    shipped,
)

KOR, ZOMBIES, REAVERS = "kor-hookmasters", "restless-zombies", "blighted-reavers"
RHOX = "rhox-veterans"


def _text(game: object, def_id: str, ability: str) -> str:
    static = game.state.static  # type: ignore[attr-defined]
    return next(a.text for a in abilities_of(static, def_id) if a.id == ability)


def test_detains_choice_says_what_choosing_a_squad_does() -> None:
    placed = {fig(1, GIDEON): Hex(0, 0), fig(2, LILIANA): Hex(0, 7),
              fig(2, ZOMBIES, 1): Hex(0, 5), fig(2, REAVERS, 1): Hex(2, 4)}
    game = position([[shipped(GIDEON), shipped(RHOX), shipped(KOR)],
                     [shipped(LILIANA), shipped(ZOMBIES), shipped(REAVERS)]], placed,
                    phase="pre_move", chosen=f"p1:{GIDEON}")
    assert decision_help(game) == ""  # no decision: nothing to explain
    game.apply(f"summon p1:{KOR}")
    for at in ("1,0", "-1,0", "0,1"):
        game.apply(f"place {at}")
    assert game.pending.decision is not None
    line = decision_help(game)
    assert line == f"Detain: {_text(game, KOR, 'detain')}"
    assert "cannot choose that card" in line


def test_an_optional_trigger_says_what_yes_and_no_do() -> None:
    card = shipped(JACE)
    optional = next(a for a in card.abilities if getattr(a, "optional", False))
    game = position([[card], [shipped(GIDEON)]],
                    {fig(1, JACE): Hex(0, 0), fig(2, GIDEON): Hex(0, 6)}, phase="choose")
    # The decision as the engine pushes it for an optional triggered ability.
    offer_optional(Ctx(game.state), 1, "abl.trigger", f"{optional.name}: use it?",
                   {"card": f"p1:{JACE}", "ability": optional.id})
    line = decision_help(game)
    assert line == (f"{optional.name}: {_text(game, JACE, optional.id)} Yes uses it now; "
                    "No lets it pass this time.")
