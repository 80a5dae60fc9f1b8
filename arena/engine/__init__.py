"""Arena's rules engine: headless, deterministic, no pygame and no I/O.

The public surface is `Game` (OpenSpiel-like: legal actions, apply, pending decision,
outcome, per-player views, queries, saves, undo, clones), made by `new_game` or
`Game.from_position`, with actions (frozen values with a text form, `parse_action`) and
events (typed, past tense, `describe()`).

Example::

    from arena.engine import Game, new_game, parse_action
    from arena.content.to_engine import game_from_content   # from content models

    game = new_game(scenario, field, armies=[[gideon, rhox], [jace, phantoms]],
                    decks=[[], []], seed=7)
    while game.outcome() is None:
        print(game.pending.description)           # "Choose an army card (action 2)" ...
        action = game.legal_actions()[0]           # the AI filters this list
        for event in game.apply(action):           # or game.apply("end-turn")
            print(event.describe())
    print(game.outcome().description)

    game.reachable_spaces("p1.rhox-veterans.2")    # position -> Reach (cost, path, attacks)
    game.attack_options("p1.gideon-jura-combat-mage")  # dice + sources, or the reason not
    game.damage_odds(attacker, target)             # exact distribution, P(destroy)
    save = game.to_data(); same = Game.from_data(save); again = Game.replay(save)
    ai_view = game.view(2)                         # hidden hands, libraries, face-down cards

Modules (each small, each says what it holds):

- `game`: `Game`, `new_game`, `Pending`; `state`: the state records (`lasting_records`: the
  card mechanics' lasting effects on it); `actions`, `events`;
- `setup` (first player, placement, hands, positions), `turn` (the five actions, windows,
  the driver), `summon`, `move_action` (action 3 in the game), `combat` (action 4), `effects`
  (damage, destruction, draws, discards, simultaneous damage), `glyphs`, `victory`;
- Shadows over Innistrad: `cryptoliths` (attackable obstacles with a top space: targets
  ``crypt:<id>``, damage and destruction, cryptolith points), `counters` (power, toughness and
  charge counters on army cards), `weirded` (the scenario's weirded-ground effect); road spaces
  live in `pathfinding`, Glyphs of Recall and Healing in `glyphs`;
- `abilities` (the card mechanics: static, triggered and activated abilities, effect
  primitives, spells -- sorceries, auras, hidden enchantments, counters -- installed on every
  standard rule book; `abilities.registry(book)` is the effect registry);
- `stats` (stats folded at query points), `rulebook` (the registries extensions use:
  modifier providers, stat overrides, trigger handlers, action sources, decision kinds),
  `standard` (the composition root: `standard_rulebook()` wires the core rules and the card
  mechanics into a rule book), `decisions` (optional triggers), `context` (`Ctx`);
- `views` (player views), `persist` (saves, replays, digest), `defs` (what the engine reads
  from cards and scenarios; the field), `vocab` (the closed vocabularies every layer
  imports: `Phase`, `Stat`, `Point`), `errors`, `bench` (benchmarks);
- geometry the rules call: `board`, `bodies`, `sight`, `engagement`, `pathfinding`; dice and the
  RNG: `dice`, `rng`.
"""

from arena.engine.actions import (
    Accept,
    Action,
    Answer,
    Attack,
    BeginSummon,
    ChooseCard,
    ChooseFirstPlayer,
    Discard,
    EndAttack,
    EndMove,
    EndTurn,
    MoveFigure,
    OrderDamage,
    Pass,
    PlaceFigure,
    PlacePlaneswalker,
    PlaySpell,
    RecallSpell,
    UseAbility,
    parse_action,
)
from arena.engine.board import Board, Column, ObstacleSpec
from arena.engine.bodies import Body, is_adjacent
from arena.engine.combat import AttackOption, DamageOdds
from arena.engine.context import Ctx
from arena.engine.defs import (
    ArmyCardData,
    ArmyCardDef,
    FieldSetup,
    GlyphSpec,
    HitZoneData,
    ScenarioDef,
    ScenarioRules,
    SpellCardData,
    SpellCardDef,
    ZoneSpec,
)
from arena.engine.engagement import engaged_with, is_engaged, obstacle_between
from arena.engine.errors import EngineError, IllegalAction, ParseError, SetupError
from arena.engine.events import Event
from arena.engine.game import Game, Pending, new_game
from arena.engine.pathfinding import (
    EngagedAt,
    MoveRequest,
    Occupant,
    Position,
    Reach,
    engagement_lookup,
    no_engagement,
    path_cost,
    reachable,
)
from arena.engine.rulebook import RuleBook
from arena.engine.setup import PlayerSetup
from arena.engine.sight import (
    Blocker,
    Point3,
    Sight,
    clear_sight_to_figure,
    clear_sight_to_space,
    line_of_sight,
    trace_ray,
)
from arena.engine.standard import standard_rulebook
from arena.engine.state import Decision, GameState, Outcome, ScoreLine
from arena.engine.stats import StatQuery, StatValue

__all__ = [
    "Accept", "Action", "Answer", "ArmyCardData", "ArmyCardDef", "Attack", "AttackOption",
    "BeginSummon", "Blocker", "Board", "Body", "ChooseCard", "ChooseFirstPlayer", "Column",
    "Ctx", "DamageOdds", "Decision", "Discard", "EndAttack", "EndMove", "EndTurn",
    "EngagedAt", "EngineError", "Event", "FieldSetup", "Game", "GameState", "GlyphSpec",
    "HitZoneData", "IllegalAction", "MoveFigure", "MoveRequest", "ObstacleSpec", "Occupant",
    "OrderDamage", "Outcome", "ParseError", "Pass", "Pending", "PlaceFigure",
    "PlacePlaneswalker", "PlaySpell", "PlayerSetup", "Point3", "Position", "Reach",
    "RecallSpell", "RuleBook", "ScenarioDef", "ScenarioRules", "ScoreLine", "SetupError",
    "Sight", "SpellCardData", "SpellCardDef", "StatQuery", "StatValue", "UseAbility",
    "ZoneSpec", "clear_sight_to_figure", "clear_sight_to_space", "engaged_with",
    "engagement_lookup", "is_adjacent", "is_engaged", "line_of_sight", "new_game",
    "no_engagement", "obstacle_between", "parse_action", "path_cost", "reachable",
    "standard_rulebook", "trace_ray",
]
