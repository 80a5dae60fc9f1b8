"""Victory and scoring: the one small module that reads the scenario's rules (design note).

- ``victory: destroy_planeswalkers`` (The Duel, The Skirmish): the game ends as soon as only one
  team has a Planeswalker on the battlefield; that team wins (a team game needs both opposing
  Planeswalkers destroyed). If the last Planeswalkers fall together, it is a draw.
- Any scenario: when only one team has a player left who is not eliminated (Planeswalker
  destroyed and no figure on the battlefield), that team wins (``last_standing``).
- At the end of the scenario's last turn (``turn_limit`` for the player count; every
  player-turn moves the marker), scores are compared (guide "Scoring"): the price-per-figure
  of each figure on the battlefield (``scoring: battlefield``) or only of figures standing on
  power spaces (``power_spaces``, The Melee; a double-space figure counts if either of its
  spaces is one). Teammates' scores are summed.
- Ties (``tie_break``): ``draw`` ends tied games drawn; ``most_figures_then_planeswalker_life``
  (our rule; the guide has none) gives the win to the tied team with more scoring figures,
  then to the one whose Planeswalkers have more life left, and otherwise it is a draw.

The `Outcome` keeps the full breakdown (whatever ended the game): per team its points, figure
count, Planeswalker life left and each scoring figure with its price.
"""

from __future__ import annotations

from dataclasses import replace

from arena.engine.context import Ctx
from arena.engine.events import GameEnded
from arena.engine.state import GameState, Outcome, ScoreLine
from arena.engine.stats import life_left
from arena.engine.vocab import SETUP_PHASES, Phase

__all__ = ["check_victory", "end_at_turn_limit", "scores"]


def _teams(state: GameState) -> dict[int, list[int]]:
    teams: dict[int, list[int]] = {}
    for seat in state.static.seats:
        teams.setdefault(state.static.players[seat].team, []).append(seat)
    return teams


def _price(state: GameState, figure: str) -> int:
    d = state.static.figure_def(figure)
    ppf = int(d.price_per_figure)
    return ppf if ppf > 0 else int(d.cost) // max(1, int(d.figures))


def scores(state: GameState) -> tuple[ScoreLine, ...]:
    """Every team's score now (see the module docstring)."""
    power = set(state.static.field.power_spaces)
    only_power = state.static.scenario.scoring == "power_spaces"
    lines = []
    for team, seats in sorted(_teams(state).items()):
        items: list[tuple[str, int]] = []
        for fid in state.on_battlefield():
            if state.static.figures[fid].owner not in seats:
                continue  # a figure scores for its owner, whoever controls it this turn
            if only_power and not any(h in power for h in state.figures[fid].hexes):
                continue
            items.append((fid, _price(state, fid)))
        life = 0
        for seat in seats:
            pw = state.planeswalker_figure(seat)
            if state.figures[pw].zone == "battlefield":
                life += max(0, life_left(state, pw))
        lines.append(ScoreLine(team, tuple(seats), sum(p for _, p in items), len(items), life,
                               tuple(items)))
    return tuple(lines)


def _finish(ctx: Ctx, outcome: Outcome) -> None:
    if not outcome.scores:  # the breakdown is shown on every results screen
        outcome = replace(outcome, scores=scores(ctx.state))
    ctx.state.outcome = outcome
    ctx.state.phase = Phase.OVER
    ctx.state.pending.clear()
    ctx.emit(GameEnded(outcome.winners, outcome.reason, outcome.description))


def _seats_text(seats: tuple[int, ...]) -> str:
    return " and ".join(f"Player {s}" for s in seats)


def check_victory(ctx: Ctx) -> None:
    """End the game if a team has won by destruction or is the last standing."""
    state = ctx.state
    if state.outcome is not None or state.phase in SETUP_PHASES:
        return
    teams = _teams(state)
    if len(teams) < 2:
        return
    if state.static.scenario.victory == "destroy_planeswalkers":
        alive = [t for t, seats in teams.items() if any(state.has_planeswalker(s) for s in seats)]
        if len(alive) == 1:
            winners = tuple(teams[alive[0]])
            _finish(ctx, Outcome(winners, "planeswalkers_destroyed",
                                 f"{_seats_text(winners)} won: every opposing Planeswalker "
                                 "was destroyed.", turn=state.turn))
            return
        if not alive:
            _finish(ctx, Outcome((), "planeswalkers_destroyed",
                                 "A draw: the last Planeswalkers were destroyed together.",
                                 turn=state.turn))
            return
    standing = [t for t, seats in teams.items()
                if any(not state.is_eliminated(s) for s in seats)]
    if len(standing) <= 1:
        winners = tuple(teams[standing[0]]) if standing else ()
        text = (f"{_seats_text(winners)} won: no opponent has a Planeswalker or a figure left."
                if winners else "A draw: nobody has anything left on the battlefield.")
        _finish(ctx, Outcome(winners, "last_standing", text, turn=state.turn))


def end_at_turn_limit(ctx: Ctx) -> None:
    """Guide "Ending the game" / "Scoring": compare scores at the end of the last turn."""
    state = ctx.state
    lines = scores(state)
    rule = state.static.scenario.tie_break
    best = max(line.points for line in lines)
    tied = [line for line in lines if line.points == best]
    if len(tied) > 1 and rule == "most_figures_then_planeswalker_life":
        most = max(line.figures for line in tied)
        tied = [line for line in tied if line.figures == most]
        if len(tied) > 1:
            life = max(line.planeswalker_life for line in tied)
            tied = [line for line in tied if line.planeswalker_life == life]
    if len(tied) == 1:
        winners = tied[0].seats
        how = "most points" if sum(1 for x in lines if x.points == best) == 1 else (
            "points tied; won on the tie-break")
        text = f"{_seats_text(winners)} won at the end of turn {state.turn} ({how}: {best})."
    else:
        winners = ()
        text = f"A draw at the end of turn {state.turn}: tied on {best} points."
    _finish(ctx, Outcome(winners, "turn_limit", text, lines, state.turn))
