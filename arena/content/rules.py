"""Army and spell-deck building rules (guide, "Using Multiple Game Sets": Building Your
Premade Army, Unique and Common Army Cards, Building Your Spell Deck; rules summary for
Shadows over Innistrad: no two copies of one spell).

The functions take ids and the catalogue's tables, and return `Finding`s (a key path, a
message and a fix) so the same rules serve `arena validate`, the editor's live army builder and
the game's set-up screen. They never raise.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from arena.content.cards import ArmyCard, SpellCard
from arena.content.scenario import DeckRules
from arena.content.yamlio import KeyPath
from arena.engine.vocab import Stat

DEFAULT_BUDGET = 500


@dataclass(frozen=True)
class Finding:
    """A rule broken by an army or deck: where (key path), what, and how to fix it."""

    path: KeyPath
    message: str
    fix: str


@dataclass(frozen=True)
class ArmyTotals:
    """Points used and left, for the builder's live display."""

    cost: int
    budget: int

    @property
    def left(self) -> int:
        """Points still available (negative when over budget)."""
        return self.budget - self.cost


def check_army(
    planeswalker: str,
    cards: Sequence[str],
    army_cards: Mapping[str, ArmyCard],
    budget: int = DEFAULT_BUDGET,
) -> tuple[list[Finding], ArmyTotals]:
    """Every broken army rule, and the point totals."""
    findings: list[Finding] = []
    total = 0
    walker = army_cards.get(planeswalker)
    if walker is None:
        findings.append(Finding(("planeswalker",), f"no army card has the id {planeswalker!r}",
                                _suggest(planeswalker, army_cards)))
    elif walker.kind != "planeswalker":
        findings.append(Finding(("planeswalker",),
                                f"{walker.name} is a {walker.kind}, not a Planeswalker",
                                "name a Planeswalker card here and list squads under `cards`"))
    else:
        total += walker.cost
    copies = Counter(cards)
    for index, card_id in enumerate(cards):
        path: KeyPath = ("cards", index)
        card = army_cards.get(card_id)
        if card is None:
            findings.append(Finding(path, f"no army card has the id {card_id!r}",
                                    _suggest(card_id, army_cards)))
            continue
        total += card.cost
        if card.kind == "planeswalker":
            findings.append(Finding(path, f"{card.name} is a second Planeswalker; an army has "
                                    "exactly one", "remove it from `cards`"))
            continue
        if walker is not None and walker.kind == "planeswalker" and not _colour_ok(card, walker):
            findings.append(Finding(
                path, f"{card.name} is {'/'.join(card.colours)}, but {walker.name} is "
                f"{'/'.join(walker.colours)}", "choose cards of the Planeswalker's colour or "
                "artifact cards"))
        if card.unique and copies[card_id] > 1 and cards.index(card_id) != index:
            findings.append(Finding(path, f"{card.name} is unique and already in the army",
                                    "remove the second copy (only common cards may repeat)"))
    if total > budget:
        findings.append(Finding(("cards",), f"the army costs {total} points, more than the "
                                f"budget of {budget}", f"remove {total - budget} points of cards"))
    return findings, ArmyTotals(total, budget)


def _colour_ok(card: ArmyCard, walker: ArmyCard) -> bool:
    return "artifact" in card.colours or bool(set(card.colours) & set(walker.colours))


@dataclass(frozen=True)
class DeckTotals:
    """Card count and cost, for the builder's live display."""

    cards: int
    cost: int
    max_cost: int
    size: int


def deck_cost_bonus(walker: ArmyCard | None) -> int:
    """Extra deck cost a Planeswalker's static `deck_cost` abilities allow."""
    if walker is None:
        return 0
    bonus = 0
    for ability in walker.abilities:
        modifier = getattr(ability, "modifier", None)
        if modifier is not None and modifier.stat == Stat.DECK_COST \
                and isinstance(modifier.amount, int):
            bonus += modifier.amount
    return bonus


def check_deck(
    planeswalker: str,
    spells: Sequence[str],
    spell_cards: Mapping[str, SpellCard],
    army_cards: Mapping[str, ArmyCard],
    rules: DeckRules | None = None,
) -> tuple[list[Finding], DeckTotals]:
    """Every broken deck rule, and the deck's totals."""
    rules = rules or DeckRules()
    findings: list[Finding] = []
    walker = army_cards.get(planeswalker)
    if walker is None or walker.kind != "planeswalker":
        what = "no army card has" if walker is None else f"{walker.name} is not a Planeswalker; "
        findings.append(Finding(("planeswalker",), f"{what} the id {planeswalker!r}"
                                if walker is None else f"{what}a deck is built for one",
                                _suggest(planeswalker, army_cards) if walker is None
                                else "name the Planeswalker card the deck is built for"))
        walker = None
    max_cost = rules.max_cost + deck_cost_bonus(walker)
    total = 0
    seen: set[str] = set()
    for index, spell_id in enumerate(spells):
        path: KeyPath = ("spells", index)
        spell = spell_cards.get(spell_id)
        if spell is None:
            findings.append(Finding(path, f"no spell card has the id {spell_id!r}",
                                    _suggest(spell_id, spell_cards)))
            continue
        total += spell.cost
        if spell_id in seen:
            findings.append(Finding(path, f"{spell.name} is already in the deck",
                                    "a deck holds one copy of each spell: choose another"))
        seen.add(spell_id)
        if walker is not None and spell.colour not in walker.colours:
            findings.append(Finding(path, f"{spell.name} is {spell.colour}, but {walker.name} "
                                    f"is {'/'.join(walker.colours)}",
                                    "choose spells of the Planeswalker's colour"))
    if len(spells) != rules.cards:
        more = "add" if len(spells) < rules.cards else "remove"
        findings.append(Finding(("spells",), f"the deck has {len(spells)} cards; it must have "
                                f"exactly {rules.cards}",
                                f"{more} {abs(rules.cards - len(spells))}"))
    if total > max_cost:
        findings.append(Finding(("spells",), f"the deck costs {total}, more than {max_cost}",
                                f"swap cards for cheaper ones to save {total - max_cost}"))
    return findings, DeckTotals(len(spells), total, max_cost, rules.cards)


def _suggest(name: str, table: Mapping[str, object]) -> str:
    close = difflib.get_close_matches(name, list(table), n=1)
    return f"did you mean {close[0]!r}?" if close else "check the id against the card files"
