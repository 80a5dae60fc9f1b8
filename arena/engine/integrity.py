"""The state's invariants, as a question: what is wrong with this position?

A position the engine reached by playing always passes; a save someone edited, damaged or
crafted may not, and loading it must refuse it with a reason rather than let the game stumble
later (a turn for a seat that does not exist, a figure off the board or inside a ruin, a spell
in the hand of a player who does not own it, a battle with no legal action, a battle under way
with a Planeswalker still in reserve). `problems` lists what is wrong, in plain words, so a
save loader can say it; the random-play soak checks the same invariants after every action, so
the checker and the engine can never drift apart.

`history_problems` asks the stronger question a save loader needs: could this position have
arisen in a legal game? Its recorded actions, played again from its origin, must lead to it
exactly (and a game begun from a position must have begun from a legal one). What the engine
cannot know -- whether the cards and decks are those the content allows -- is asked by
`arena.content.saved`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from arena.engine.actions import Action, format_hex, parse_action
from arena.engine.errors import IllegalAction, ParseError, SetupError, plain_detail
from arena.engine.game import Game
from arena.engine.rng import Rng
from arena.engine.stats import stat
from arena.engine.vocab import SETUP_PHASES, Point
from arena.hexgrid import Hex, distance

__all__ = ["CARD_ZONES", "FIGURE_ZONES", "history_problems", "problems"]

FIGURE_ZONES = frozenset({"reserve", "battlefield", "graveyard", "removed"})
"""Where a figure can be."""
CARD_ZONES = frozenset({"reserve", "play", "graveyard", "removed"})
"""Where an army card can be."""

_U64 = 1 << 64
_MAX_COUNTER = 99
"""More counters of one kind than any card could gather in a game."""


DECISION_TRIES = 40
"""At most this many answers of a pending decision are tried by `problems(deep=True)`."""


def problems(game: Game, limit: int = 8, *, deep: bool = False) -> list[str]:
    """What is wrong with the game's position (empty: nothing), at most ``limit`` lines.
    Whether anyone can act is asked last, of a position that passed every other check.
    ``deep`` (a save loader's question) also tries each answer of a pending decision on a
    copy: a decision's recorded work (an ability half resolved, the answers given so far)
    must go on from the position -- the soak, checking after every action, leaves it out."""
    found: list[str] = []
    for line in _check(game):
        found.append(line)
        if len(found) >= limit:
            return found
    if not found and game.state.outcome is None:
        try:
            legal = game.legal_actions()
        except Exception:  # noqa: BLE001 - any failure here is the position's fault
            found.append("the rules cannot go on from it")
        else:
            if not legal:
                found.append(f"nobody can act in it (phase {game.state.phase!r})")
            elif deep and game.state.pending and not _answers_go_on(game, legal):
                found.append("the decision it waits for cannot be answered")
    return found


def _answers_go_on(game: Game, legal: list[Action]) -> bool:
    """Whether every answer of the pending decision (up to `DECISION_TRIES`) applies to a
    copy of the game without the rules failing."""
    for action in legal[:DECISION_TRIES]:
        try:
            game.clone().apply(action)
        except IllegalAction:
            continue  # the engine's own refusal: the rules stand
        except Exception:  # noqa: BLE001 - any failure here is the position's fault
            return False
    return True


def history_problems(game: Game, limit: int = 3) -> list[str]:
    """What is wrong with the game's record of actions (empty: nothing): every entry must be
    an action's text, and played again from the game's origin they must lead to this very
    position -- the position could have arisen in a legal game. A save loader asks this
    beside `problems` (the soak, checking after every action, does not: it costs a replay)."""
    found: list[str] = []
    for number, text in enumerate(game.actions, start=1):
        if not isinstance(text, str):
            found.append(f"its action {number} is not an action's text")
        else:
            try:
                parse_action(text)
            except ParseError:
                found.append(f"its action {number} ({_short(text)!r}) is not an action of "
                             "the game")
        if len(found) >= limit:
            return found
    if found:
        return found
    return _replay_problems(game)


def _replay_problems(game: Game) -> list[str]:
    """Whether the game's origin is legal and its actions lead from it to its position."""
    try:
        origin = game.at_origin()
    except SetupError as error:
        return [f"the start of its game cannot be rebuilt ({plain_detail(error)})"]
    except Exception:  # noqa: BLE001 - any failure here is the save's fault
        return ["the start of its game cannot be rebuilt"]
    if game.state.static.origin.get("kind") != "new_game":
        wrong = problems(origin, limit=1)
        if wrong:
            return [f"the position its game began from is not legal: {wrong[0]}"]
    for number, text in enumerate(game.actions, start=1):
        try:
            origin.apply(text)
        except IllegalAction as error:
            return [f"its action {number} ({_short(text)}) was not legal where it was "
                    f"taken: {error.reason}"]
        except Exception:  # noqa: BLE001 - any failure here is the save's fault
            return [f"its action {number} ({_short(text)}) cannot be played again"]
    if origin.state_digest() != game.state_digest():
        return ["its position is not the one its recorded actions lead to (it was edited)"]
    return []


def _short(text: str) -> str:
    """A text from a file, cut short for a message."""
    return text if len(text) <= 40 else text[:37] + "..."


def _check(game: Game) -> Iterator[str]:
    state = game.state
    static = state.static
    seats = static.seats
    if len(set(seats)) != len(seats):
        yield f"the players' seats repeat ({list(seats)})"
        return
    if sorted(static.play_order) != sorted(seats):
        yield (f"its order of play ({list(static.play_order)}) does not list each seat "
               "once")
        return
    wiring = list(_wiring(game))
    if wiring:  # every later check looks cards and figures up by these links
        yield from wiring
        return
    rng: Rng = state.rng
    if not (0 <= rng.state < _U64 and 0 <= rng.inc < _U64 and rng.inc % 2 == 1):
        yield "its dice generator is damaged"
    if state.active not in seats:
        yield f"it is the turn of player {state.active}, who is not in the game"
    if state.first_player not in (0, *seats):
        yield f"player {state.first_player} goes first but is not in the game"
    if not 0 <= state.turn <= static.turn_limit + 1:
        yield f"its turn number ({state.turn}) is outside 0 to {static.turn_limit + 1}"
    if set(state.players) != set(seats):
        yield "its players do not match its seats"
    yield from _figures(game)
    yield from _planeswalkers(game)
    yield from _cards(game)
    yield from _spells(game)
    for oid, record in state.obstacles.items():
        if oid not in static.field.board.obstacles:
            yield f"it damages an obstacle that is not on the battlefield ({oid})"
        elif not 0 <= record.damage <= 3:
            yield f"obstacle {oid} has {record.damage} damage"


def _wiring(game: Game) -> Iterator[str]:
    """Whether the game's parts name each other consistently: each player's Planeswalker and
    cards, each card's owner, definition and figures, each figure's card, and the ids the
    turn's record and the stack hold. A save whose ids were renumbered breaks these links."""
    state = game.state
    static = state.static
    seats = set(static.seats)
    if set(static.players) != seats:
        yield "its players do not match its seats"
        return
    for seat, info in static.players.items():
        if info.seat != seat:
            yield f"player {seat} is filed as player {info.seat}"
        if info.planeswalker not in info.cards:
            yield f"player {seat}'s Planeswalker ({info.planeswalker}) is not in their army"
        for uid in info.cards:
            card = static.cards.get(uid)
            if card is None or card.owner != seat:
                yield f"player {seat}'s army names a card that is not theirs ({uid})"
    for uid, card in static.cards.items():
        if card.owner not in seats or uid not in static.players[card.owner].cards:
            yield f"the army card {uid} belongs to no player's army"
        if card.def_id not in static.army_defs:
            yield f"the army card {uid} is an unknown card ({card.def_id})"
        for fid in card.figures:
            figure = static.figures.get(fid)
            if figure is None or figure.card != uid or figure.owner != card.owner:
                yield f"the army card {uid} names a figure that is not its own ({fid})"
    for fid, figure in static.figures.items():
        card = static.cards.get(figure.card)
        if card is None or fid not in card.figures:
            yield f"the figure {fid} belongs to no army card"
    for seat, info in static.players.items():
        card = static.cards.get(info.planeswalker)
        if card is not None and card.def_id in static.army_defs and \
                static.army_defs[card.def_id].kind != "planeswalker":
            yield f"player {seat}'s Planeswalker ({info.planeswalker}) is not a Planeswalker"
    ts = state.turn_state
    if ts.chosen is not None and ts.chosen not in static.cards:
        yield f"the army card chosen this turn ({ts.chosen}) is not in the game"
    named = [*ts.moved, *ts.summoned, *(fid for fid, _ in ts.attacks)]
    unknown = sorted({fid for fid in named if fid not in static.figures
                      and fid not in static.cards})
    if unknown:
        yield f"this turn's record names figures that are not in the game ({unknown[0]})"
    for uid, cs in state.cards.items():
        for attached in cs.enchantments:
            if attached.spell not in static.spells:
                yield f"{uid} is enchanted by an unknown spell ({attached.spell})"
    for uid in state.stack:
        if uid not in static.spells:
            yield f"a spell being cast is not in the game ({uid})"
    for decision in state.pending:
        if decision.player not in seats:
            yield f"a decision waits for player {decision.player}, who is not in the game"
    for seat in state.setup_queue:
        if seat not in seats:
            yield f"player {seat} is to place a Planeswalker but is not in the game"
    columns = state.board.spaces
    for h in state.glyphs:
        if h not in columns:
            yield f"a glyph lies off the battlefield, at {format_hex(h)}"


def _figures(game: Game) -> Iterator[str]:
    state = game.state
    static = state.static
    columns = state.board.spaces
    occupied: dict[object, str] = {}
    if set(state.figures) != set(static.figures):
        yield "its figures do not match its armies"
        return
    for fid, fs in state.figures.items():
        if fs.zone not in FIGURE_ZONES:
            yield f"{fid} is in an unknown place ({fs.zone!r})"
            continue
        if fs.controller not in (0, *static.seats):
            yield f"{fid} is controlled by player {fs.controller}, who is not in the game"
        if fs.zone != "battlefield":
            if fs.hexes:
                yield f"{fid} is off the battlefield but stands on it"
            continue
        base = 2 if static.figure_def(fid).base == "double" else 1
        if len(fs.hexes) != base:
            yield f"{fid} stands on {len(fs.hexes)} spaces, but its base takes {base}"
        for h in fs.hexes:
            if h not in columns:
                yield f"{fid} stands on {format_hex(h)}, off the battlefield"
            elif not state.board.can_stand(h):
                # Guide "Keeping the base on the space": a ruin fills its spaces.
                yield f"{fid} cannot stand on {format_hex(h)}: a ruin fills that space"
            elif not state.board.fits(h, static.figure_def(fid).height):
                yield (f"{fid} is {static.figure_def(fid).height} levels tall, too tall for "
                       f"{format_hex(h)} under its roof ({state.board.room(h)} levels)")
            elif h in occupied:
                yield f"{fid} and {occupied[h]} share the space {format_hex(h)}"
            occupied[h] = fid
        if any(h not in columns for h in fs.hexes):
            continue
        pair = _pair_problem(game, fs.hexes)
        if pair:
            yield f"{fid} {pair}"
        card = static.figures[fid].card
        if state.cards.get(card) is not None and state.cards[card].zone != "play":
            yield f"{fid} stands on the battlefield, but its army card is not in play"
        life = stat(state, Point.LIFE, fid)
        if not 0 <= fs.damage < life:
            yield f"{fid} has {fs.damage} damage (its life is {life})"


def _pair_problem(game: Game, hexes: tuple[Hex, ...]) -> str:
    """Why a double-space figure cannot stand on these two spaces (empty: it can). Guide
    "Moving a double-space figure": two adjacent same-level spaces; water counts lower."""
    if len(hexes) != 2:
        return ""
    a, b = hexes
    board = game.state.board
    if distance(a, b) != 1:
        return f"stands on two spaces that do not touch ({format_hex(a)} and {format_hex(b)})"
    if board.surface(a) != board.surface(b) or board.is_water(a) != board.is_water(b):
        return f"stands on two spaces of different levels ({format_hex(a)} and {format_hex(b)})"
    return ""


def _planeswalkers(game: Game) -> Iterator[str]:
    """Once the set-up is over every Planeswalker is on the battlefield or destroyed: none
    goes back to reserve (guide "Returning a squad to owner's reserve": never a
    Planeswalker), so a battle under way with one in reserve was edited."""
    state = game.state
    if state.phase in SETUP_PHASES:
        return
    static = state.static
    for seat, info in static.players.items():
        card = static.cards.get(info.planeswalker)
        if card is None:
            yield f"player {seat} has no Planeswalker"
            continue
        for fid in card.figures:
            fs = state.figures.get(fid)
            if fs is not None and fs.zone == "reserve":
                yield (f"the battle is under way, but player {seat}'s Planeswalker ({fid}) is "
                       "still in reserve")


def _cards(game: Game) -> Iterator[str]:
    state = game.state
    static = state.static
    if set(state.cards) != set(static.cards):
        yield "its army cards do not match its armies"
        return
    for uid, cs in state.cards.items():
        if cs.zone not in CARD_ZONES:
            yield f"{uid} is in an unknown place ({cs.zone!r})"
        for kind, count in cs.counters:
            if not 0 <= count <= _MAX_COUNTER:
                yield f"{uid} holds {count} {kind} counters"


def _spells(game: Game) -> Iterator[str]:
    state = game.state
    static = state.static
    for uid, info in static.spells.items():
        if info.owner not in static.seats:
            yield f"spell {uid} belongs to player {info.owner}, who is not in the game"
        if info.def_id is not None and info.def_id not in static.spell_defs:
            yield f"spell {uid} is an unknown card ({info.def_id})"
    for seat, player in state.players.items():
        for zone in ("library", "hand", "graveyard", "removed"):
            for uid in getattr(player, zone):
                held = static.spells.get(uid)
                if held is not None and held.owner != seat:
                    # A spell only ever goes to its owner's zones: guide "Get ready to play"
                    # 3 (each player shuffles their own deck), "Countering Spells" (placed in
                    # its owner's graveyard).
                    yield (f"player {seat} holds player {held.owner}'s spell {uid} in their "
                           f"{zone}")
    zones = Counter(uid for uid, _ in state.spell_zones())
    unknown = sorted(set(zones) - set(static.spells))
    if unknown:
        yield f"it holds spells that are in no deck ({', '.join(unknown[:3])})"
    missing = sorted(set(static.spells) - set(zones))
    if missing:
        yield f"spells have gone missing ({', '.join(missing[:3])})"
    twice = sorted(uid for uid, n in zones.items() if n > 1)
    if twice:
        yield f"spells are in two places at once ({', '.join(twice[:3])})"
