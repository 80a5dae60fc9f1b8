"""`Game`: the engine's one question-and-answer surface (OpenSpiel-like).

``legal_actions()`` for the player to act (`to_act`), ``apply(action) -> events``,
``pending`` (what the game waits for), ``outcome()``, ``view(player)``; the queries a client
and an AI need (reachable spaces, attack options with reasons, sight, damage odds, the spell
window); saves, replays, undo and cheap clones. See `arena.engine` for an example.

Applying an action: it is checked (an `IllegalAction` names the reason), applied, and then the
game *settles*: every new event goes to the registered trigger handlers (which may push
decisions), victory is checked, and the automatic steps of the turn run (start of turn, draw,
end of turn, the turn marker) until the game needs a player again.

Undo: before each action the state is kept; `undo()` steps back one action at a time, but
never past a commit point -- an action that rolled dice, drew a card or revealed one (a
glyph turned up) cannot be taken back, nor anything before it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from arena.engine import combat, move_action, persist, setup, turn, victory
from arena.engine.actions import Action, Pos, parse_action
from arena.engine.context import Ctx
from arena.engine.defs import (
    ArmyCardDef,
    FieldSetup,
    GlyphSpec,
    ScenarioDef,
    ScenarioRules,
    SpellCardDef,
    scenario_rules,
)
from arena.engine.errors import IllegalAction, SetupError
from arena.engine.events import Event, PlaneswalkerPlaced
from arena.engine.pathfinding import Reach
from arena.engine.rng import Rng
from arena.engine.rulebook import RuleBook
from arena.engine.sight import Sight
from arena.engine.standard import standard_rulebook
from arena.engine.state import Decision, GameState, Outcome, Static
from arena.engine.stats import StatQuery, StatValue, fold
from arena.engine.views import player_view, visible_actions
from arena.engine.vocab import PLAYER_PHASES, SETUP_PHASES, Phase, Point

__all__ = ["Game", "Pending", "new_game"]

_SETTLE_LIMIT = 10000


@dataclass(frozen=True, slots=True)
class Pending:
    """What the game waits for: the phase (a `Phase`) or the decision kind, who decides, a
    description, whether spells may be played now, and the decision itself if one is
    pending."""

    phase: str
    player: int
    description: str
    spell_window: bool
    decision: Decision | None = None


_PHASE_TEXT = {
    Phase.CHOOSE: "Choose an army card (action 2)",
    Phase.PRE_MOVE: "Summon, play spells or use abilities, then move (action 3)",
    Phase.MOVE: "Move figures of the chosen army card (action 3)",
    Phase.POST_MOVE: "Use abilities, then attack (action 4)",
    Phase.ATTACK: "Attack with figures of the chosen army card (action 4)",
    Phase.POST_ATTACK: "Play spells or use abilities, then end the turn",
    Phase.OVER: "The game is over",
}


class Game:
    """A game in progress (see the module docstring)."""

    def __init__(self, state: GameState, actions: Sequence[str] = (),
                 events: Sequence[Event] = ()) -> None:
        self.state = state
        self.actions: list[str] = list(actions)
        self.initial_events: list[Event] = list(events)
        self._undo: list[tuple[GameState, int]] = []
        self._legal: tuple[int, list[Action]] | None = None
        self._version = 0

    # --- making games -----------------------------------------------------------------------

    @classmethod
    def from_position(
        cls,
        field: FieldSetup,
        players: Sequence[setup.PlayerSetup],
        placed: Mapping[str, Any],
        *,
        damage: Mapping[str, int] | None = None,
        turn: int = 1,
        active: int = 1,
        phase: Phase | str = Phase.CHOOSE,
        chosen: str | None = None,
        first_player: int = 1,
        scenario: ScenarioDef | ScenarioRules | None = None,
        glyphs: Sequence[GlyphSpec] | None = None,
        moved: Sequence[str] = (),
        seed: int = 0,
        rng: Rng | None = None,
        rules: RuleBook | None = None,
    ) -> Game:
        """A game from a position (tests, puzzles): ``players`` give each seat's army and
        spell zones; ``placed`` maps figure ids (``p1.rhox-veterans.2``) to positions;
        ``damage`` maps figure ids to damage; the phase is one of the player phases
        (``choose`` ... ``post_attack``, with ``chosen`` set after ``choose``) or
        ``turn_start`` (the turn's automatic steps then run first). Dice come from ``rng``
        (a `ScriptedRng` in tests) or the seed."""
        teams: dict[int, list[int]] = {}
        for seat, p in enumerate(players, start=1):
            teams.setdefault(p.team if p.team is not None else 100 + seat, []).append(seat)
        static = setup.build_static(
            field, scenario_rules(scenario), rules or standard_rulebook(),
            [p.army for p in players],
            [[*p.hand, *p.library, *p.graveyard] for p in players],
            [teams[k] for k in sorted(teams)], {"kind": "position"},
        )
        state = setup.position_state(
            static, rng or Rng.seeded(seed), players,
            {k: v for k, v in placed.items()}, damage or {},
            turn=turn, active=active, phase=phase, chosen=chosen, first_player=first_player,
            glyphs=glyphs, moved=moved,
        )
        base = persist.state_to_data(state)
        static.memo["origin_state"] = base
        ctx = Ctx(state)
        game = cls(state)
        game._settle(ctx)
        game.initial_events = ctx.events
        return game

    @classmethod
    def from_data(cls, data: Mapping[str, Any], rules: RuleBook | None = None,
                  card_factory: persist.CardFactory | None = None) -> Game:
        """Load a save (`to_data`). Pass the same rule book the game was played with."""
        version = persist.check_save(data)
        static = persist.static_from_data(
            data["static"], rules or standard_rulebook(), card_factory, version)
        state = persist.state_from_data(data["state"], static)
        if "origin_state" in data:
            static.memo["origin_state"] = data["origin_state"]
        return cls(state, data["actions"])

    @classmethod
    def replay(cls, data: Mapping[str, Any], rules: RuleBook | None = None,
               card_factory: persist.CardFactory | None = None) -> Game:
        """Rebuild a save from its origin by re-applying its actions (see `persist`)."""
        version = persist.check_save(data)
        static = persist.static_from_data(
            data["static"], rules or standard_rulebook(), card_factory, version)
        if "origin_state" in data:
            static.memo["origin_state"] = data["origin_state"]
        game = cls._from_origin(static)
        for text in data["actions"]:
            game.apply(text)
        return game

    @classmethod
    def _from_origin(cls, static: Static) -> Game:
        """The game as it began: a new game rebuilt from its seed and cards, or the state it
        was started from (raises `SetupError` when neither is known)."""
        origin = static.origin
        if origin.get("kind") == "new_game":
            armies = [[static.army_defs[i] for i in seat] for seat in origin["armies"]]
            decks = [[static.spell_defs[i] for i in seat] for seat in origin["decks"]]
            return new_game(static.scenario, static.field, armies, decks,
                            [list(t) for t in origin["teams"]], int(origin["seed"]),
                            rules=static.rules, play_order=static.play_order)
        if "origin_state" in static.memo:
            state = persist.state_from_data(static.memo["origin_state"], static)
            game = cls(state)
            game._settle(Ctx(state))
            return game
        raise SetupError("this game has no origin to replay from")

    def replayed(self) -> Game:
        """This game rebuilt from its origin by applying its recorded actions again (`replay`
        without going through a save): a position its own actions do not lead to was edited
        (`arena.engine.integrity.history_problems`). Raises `SetupError` or `IllegalAction`
        when the origin cannot be rebuilt or an action is not legal where it was taken."""
        game = self.at_origin()
        for text in self.actions:
            game.apply(text)
        return game

    def at_origin(self) -> Game:
        """This game as it began, before its recorded actions (raises `SetupError` when
        its origin is unknown)."""
        return Game._from_origin(self.state.static)

    def starting_positions(self) -> dict[int, Pos]:
        """Where each player placed their Planeswalker (guide "Get ready to play" 4: each
        player's starting side), found by replaying the set-up from the game's origin; a game
        with no origin, or one started after the set-up, gives the places of the
        Planeswalkers on the battlefield now. Kept with the game's cards once every
        Planeswalker is placed."""
        static = self.state.static
        found: dict[int, Pos] | None = static.memo.get("starting_positions")
        if found is not None:
            return found
        found = {}
        try:
            game = Game._from_origin(static)
        except SetupError:
            game = None
        if game is not None and game.phase in SETUP_PHASES:
            for text in self.actions:
                if game.phase not in SETUP_PHASES:
                    break
                for event in game.apply(text):
                    if isinstance(event, PlaneswalkerPlaced):
                        found[event.player] = event.position
        for seat in static.seats:
            hexes = self.state.figures[self.state.planeswalker_figure(seat)].hexes
            if seat not in found and hexes:
                found[seat] = hexes[0] if len(hexes) == 1 else (hexes[0], hexes[1])
        if self.phase not in SETUP_PHASES:
            static.memo["starting_positions"] = found
        return found

    # --- the surface --------------------------------------------------------------------------

    @property
    def to_act(self) -> int:
        """The player who must act now (a pending decision's player, else the active one)."""
        return self.state.to_act

    @property
    def active(self) -> int:
        """Whose turn it is."""
        return self.state.active

    @property
    def turn(self) -> int:
        """The turn marker."""
        return self.state.turn

    @property
    def phase(self) -> Phase:
        """The phase of the turn (see `arena.engine.turn`)."""
        return self.state.phase

    @property
    def pending(self) -> Pending:
        """What the game waits for."""
        state = self.state
        if state.pending:
            d = state.pending[-1]
            return Pending(d.kind, d.player, d.description, False, d)
        text = _PHASE_TEXT.get(state.phase, state.phase)
        return Pending(state.phase, state.active, text,
                       turn.can_play_spell_now(state, state.active))

    def outcome(self) -> Outcome | None:
        """None while the game runs; then winners, reason and scoring breakdown."""
        return self.state.outcome

    def legal_actions(self) -> list[Action]:
        """Every legal action of `to_act` now, in a fixed order (empty once the game is over).
        """
        if self._legal is not None and self._legal[0] == self._version:
            return list(self._legal[1])
        state = self.state
        actions: list[Action]
        if state.outcome is not None:
            actions = []
        elif state.pending:
            d = state.pending[-1]
            actions = state.static.rules.decision_kinds[d.kind].legal(state, d)
        elif state.phase in PLAYER_PHASES:
            actions = turn.legal_turn_actions(state)
        else:
            actions = []
        self._legal = (self._version, actions)
        return list(actions)

    def apply(self, action: Action | str) -> list[Event]:
        """Apply a legal action (or its text); return the events it caused. Raises
        `IllegalAction` (with a reason) and leaves the game unchanged if it is not legal."""
        if isinstance(action, str):
            action = parse_action(action)
        state = self.state
        if state.outcome is not None:
            raise IllegalAction(action, "the game is over")
        before = state.clone()
        ctx = Ctx(state)
        try:
            if state.pending:
                d = state.pending[-1]
                kind = state.static.rules.decision_kinds[d.kind]
                if action not in kind.legal(state, d):
                    raise IllegalAction(action, f"waiting for: {d.description}")
                kind.apply(ctx, d, action)
            elif state.phase in PLAYER_PHASES:
                turn.apply_turn_action(ctx, action)
            else:
                raise IllegalAction(action, f"nothing to do in phase {state.phase}")
            self._settle(ctx)
        except IllegalAction:
            self.state = before
            self._version += 1
            raise
        self._version += 1
        if ctx.committed:
            self._undo.clear()
        else:
            self._undo.append((before, len(self.actions)))
        self.actions.append(action.text())
        return ctx.events

    def _settle(self, ctx: Ctx) -> None:
        """Triggers, victory, automatic steps, until a player must act."""
        state = ctx.state
        done = 0
        for _ in range(_SETTLE_LIMIT):
            while done < len(ctx.events):
                event = ctx.events[done]
                done += 1
                for handler in state.static.rules.trigger_handlers:
                    handler(ctx, event)
            victory.check_victory(ctx)
            if state.outcome is not None or state.pending:
                if done == len(ctx.events):
                    return
                continue
            if not turn.advance(ctx) and done == len(ctx.events):
                return
        raise RuntimeError("the game did not settle (a trigger loop?)")

    # --- undo, clone, views -------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether `undo` can step back (no commit point since the last action)."""
        return bool(self._undo)

    def undo(self, to_commit_point: bool = False) -> None:
        """Step back one action -- or, with ``to_commit_point``, every action since the last
        commit point -- never past a die roll, a draw or a reveal."""
        if not self._undo:
            raise IllegalAction("undo", "nothing to undo since the last die roll, draw or "
                                        "revealed card")
        if to_commit_point:
            del self._undo[1:]
        self.state, count = self._undo.pop()
        del self.actions[count:]
        self._version += 1

    def clone(self) -> Game:
        """An independent copy (cheap: shared card definitions and rule book; no undo)."""
        other = Game(self.state.clone(), self.actions)
        return other

    def view(self, player: int) -> Game:
        """The game as ``player`` may see it (`arena.engine.views`): the AI gets only this."""
        view = player_view(self.state, player)
        return Game(view, visible_actions(self.state, view, self.actions))

    # --- queries ------------------------------------------------------------------------------

    def reachable_spaces(self, figure: str, walk: bool = False) -> Mapping[Any, Reach]:
        """Where a figure on the battlefield could end a move now: position -> `Reach` (cost,
        path, leaving-engagement attacks provoked, falls, glyph stop); ``walk``: a flier on
        foot. Read-only: the engine's own answer, kept until the state changes."""
        return move_action.reachable_spaces(self.state, figure, walk)

    def attack_options(self, figure: str) -> list[combat.AttackOption]:
        """Every opposing figure as a target of ``figure``: dice with sources, or why not."""
        return combat.attack_options(self.state, figure)

    def sight(self, a: str, b: str) -> Sight:
        """Line of sight from figure ``a`` to figure ``b``'s hit zone."""
        return combat.sight_between(self.state, a, b)

    def damage_odds(self, attacker: str, target: str) -> combat.DamageOdds:
        """The exact damage distribution and the chance to destroy."""
        return combat.damage_odds(self.state, attacker, target)

    def stat(self, point: Point | str, figure: str, other: str | None = None) -> StatValue:
        """A folded stat with its sources at a query point (`Point`: ``attack_dice``,
        ``defense_dice``, ``move``, ``range``, ``life``)."""
        return fold(self.state, StatQuery(Point(point), figure, other))

    def can_play_spell_now(self, player: int) -> bool:
        """Whether ``player`` may play a spell card now (the spell window)."""
        return turn.can_play_spell_now(self.state, player)

    def can_use_ability_now(self, player: int) -> bool:
        """Whether ``player`` may use an activated ability of the chosen card now."""
        return turn.can_use_ability_now(self.state, player)

    def engaged_with(self, figure: str) -> frozenset[str]:
        """The opposing figures a figure is engaged with."""
        return move_action.engaged_with(self.state, figure)

    def scores(self) -> tuple[Any, ...]:
        """Every team's score now (what the turn limit would compare)."""
        return victory.scores(self.state)

    # --- saves ----------------------------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """A versioned, self-contained, JSON-able save (see `arena.engine.persist`)."""
        data: dict[str, Any] = {
            "format": persist.SAVE_FORMAT,
            "version": persist.SAVE_VERSION,
            "static": persist.static_to_data(self.state.static),
            "actions": list(self.actions),
            "state": persist.state_to_data(self.state),
        }
        origin_state = self.state.static.memo.get("origin_state")
        if origin_state is not None:
            data["origin_state"] = origin_state
        return data

    def state_digest(self) -> str:
        """SHA-256 of the canonical state: equal digests, equal states."""
        return persist.state_digest(self.state)


def new_game(
    scenario: ScenarioDef | ScenarioRules | None,
    field: FieldSetup,
    armies: Sequence[Sequence[ArmyCardDef]],
    decks: Sequence[Sequence[SpellCardDef]] | None = None,
    seats: Sequence[Sequence[int]] | None = None,
    seed: int = 0,
    *,
    rules: RuleBook | None = None,
    rng: Rng | None = None,
    play_order: Sequence[int] | None = None,
) -> Game:
    """A new game: ``armies[i]`` is seat i+1's army (its Planeswalker card among the cards),
    ``decks[i]`` its spell cards, ``seats`` the teams as lists of seat numbers (None: the
    scenario's teams, else everyone alone; a team sits from its left in seat-number order and
    play passes around the table as `setup.seating_order` says). The first-player roll
    happens at once (`Game.initial_events`); the game then waits for the first decision (two
    players: the high roller chooses who goes first; else the first Planeswalker placement).
    ``play_order`` replaces the guide's order of play: a replay passes the order its save
    recorded (a version 1 save's: seat order, `persist`).
    """
    rules = rules or standard_rulebook()
    sc = scenario_rules(scenario)
    deck_lists = [list(d) for d in (decks or [[] for _ in armies])]
    origin = {
        "kind": "new_game" if rng is None else "new_game_custom_rng",
        "seed": seed,
        "armies": [[c.id for c in _pw_first(a)] for a in armies],
        "decks": [[s.id for s in d] for d in deck_lists],
        "teams": [list(t) for t in (seats or sc.teams or [[i] for i in
                                                          range(1, len(armies) + 1)])],
    }
    static = setup.build_static(field, sc, rules, armies, deck_lists, seats, origin,
                                play_order)
    teams: dict[int, list[int]] = {}
    for seat, info in static.players.items():
        teams.setdefault(info.team, []).append(seat)
    setup.check_zones(field, sc, [tuple(t) for t in teams.values()])
    state, ctx = setup.initial_state(Ctx, static, rng or Rng.seeded(seed))
    if rng is not None:
        static.memo["origin_state"] = persist.state_to_data(state)
    game = Game(state)
    game._settle(ctx)
    game.initial_events = ctx.events
    return game


def _pw_first(army: Sequence[ArmyCardDef]) -> list[ArmyCardDef]:
    walkers = [c for c in army if c.kind == "planeswalker"]
    return [*walkers[:1], *(c for c in army if c not in walkers[:1])]
