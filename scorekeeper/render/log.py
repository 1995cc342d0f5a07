"""The log: hand by hand, and with ``--all`` every hand ever entered."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import NamedTuple

from rich.console import Group, RenderableType
from rich.text import Text

from scorekeeper.engine import Form, Round, Score, Scoresheet, TableHand, deal_of, table_of
from scorekeeper.i18n import N_, _
from scorekeeper.match import Match, Status, StoredHand
from scorekeeper.messages import (
    deal_points,
    match_result,
    match_title,
    net_lines,
    outcome,
    plain,
    scored,
)
from scorekeeper.render.layout import Fitted, Fitting, Phrase, Said, ruled_table
from scorekeeper.rules import rules_changed


class Logged(NamedTuple):
    """What the log says of a hand in force."""

    number: int
    where: list[str]
    """The dealer; in Partnership Gin the deal and the table."""
    result: Score
    games: tuple[int, ...] | None
    """The games it entered (None for a partnership table: the deal enters them)."""
    box_points: int = 0
    """``boxes_when`` each_hand: what its boxes added to each of those columns."""
    aside: int = 0
    """``gin_bonus_when`` settlement: the gin bonus kept aside in each of those games."""


#: The columns saying where each hand was played, by who plays the match.
WHERE = {
    Form.TWO: (N_("Dealer"),),
    Form.THREE_HANDED: (N_("Dealer"), N_("Sits out")),
    Form.PARTNERSHIP: (N_("Deal"), N_("Table")),
}

#: A hand's status as ``log --all`` shows it, in the language.
STATUS_NAMES = {
    Status.IN_FORCE: N_("in force"),
    Status.VOIDED: N_("voided"),
    Status.REPLACED: N_("replaced"),
}


def log(match: Match, sheet: Scoresheet, show_all: bool) -> RenderableType:
    """Hand by hand; with ``show_all`` every hand ever entered, voided and replaced ones too,
    each with the number of the hand it was (or replaced) and when it was entered, each
    correction right after the hand it replaced, and each change of the rules where it was
    made. In Partnership Gin each hand shows its deal
    and table, and each complete deal its result. The names and the outcomes wrap between
    words where the width is short."""
    title = Text(match_title(match.id, sheet), style="bold")
    if not match.history and not (show_all and match.rules_changes()):
        return Group(title, Text(_("No hands recorded yet.")))
    where = [_(heading) for heading in WHERE[sheet.variant.form]]
    in_force = match.in_force()
    logged, deals_after = _logged(sheet, in_force)
    rows: list[tuple[list[str], list[str], str]] = []
    """Each line of the log: its cells, its status and when it was entered, its style."""
    # A correction takes the place (the slot) of the hand it replaced, after it in the history.
    shown = sorted(match.history, key=lambda stored: stored.slot) if show_all else in_force
    # A change of the rules comes after the hands entered before it was made.
    rules_changes = match.rules_changes() if show_all else []

    def rules_changed_before(slot: int | None) -> None:
        while rules_changes and (slot is None or rules_changes[0][0].after < slot):
            change, before = rules_changes.pop(0)
            assert change.rules is not None
            said = "; ".join(rules_changed(before, change.rules))
            when = change.recorded[5:16].replace("T", " ")
            cells = ["", *[""] * len(where), _("Rules changed:"), said]
            rows.append((cells, [_("in force"), when], "italic"))

    for stored in shown:
        rules_changed_before(stored.slot)
        live = stored.status is Status.IN_FORCE
        entry = logged.get(stored.slot)
        # A voided hand was the last in force: its number counts the hands in force before it.
        number = entry.number if entry else 1 + sum(s.slot < stored.slot for s in in_force)
        if live and entry:
            said = (
                scored(entry.result, entry.games, entry.box_points, entry.aside)
                if entry.games is not None
                else _("{winner} +{points}").format(
                    winner=entry.result.winner, points=entry.result.points
                )
                if entry.result.winner
                else ""
            )
            cells = [*entry.where, outcome(stored.hand, entry.result), said]
        else:
            cells = [""] * len(where) + [plain(stored.hand), ""]
        status = [_(STATUS_NAMES[stored.status]), stored.recorded[5:16].replace("T", " ")]
        rows.append(([str(number), *cells], status if show_all else [], "" if live else "dim"))
        if live and stored.slot in deals_after:
            dealt = deals_after[stored.slot]
            rows.append((["", *[""] * len(where), *dealt], ["", ""] if show_all else [], "bold"))
    rules_changed_before(None)

    def drawn(merged: bool) -> Fitted:
        """The log's table; ``merged``: a hand's status and when it was entered in one column,
        one above the other, where the width is short."""
        extra = [_("Status")] if merged else [_("Status"), _("Entered")] if show_all else []
        table = ruled_table()
        for header in [_("Hand"), *where, _("Outcome"), _("Score"), *extra]:
            table.add_column(Text(header), no_wrap=header == _("Hand"))
        for cells, status, style in rows:
            status = ["\n".join(status).strip()] if merged else status
            table.add_row(cells[0], *(Phrase(cell) for cell in cells[1:] + status), style=style)
        return Fitted(table)

    ending = net_lines(sheet)
    ending += [match_result(sheet)] if sheet.finished else []
    under: list[RenderableType] = [Text(""), Said(ending)] if ending else []
    layouts = [partial(drawn, False), *([partial(drawn, True)] if show_all else [])]
    return Group(title, Text(""), Fitting(layouts), *under)


def _logged(
    sheet: Scoresheet, in_force: Sequence[StoredHand]
) -> tuple[dict[int, Logged], dict[int, list[str]]]:
    """Each hand in force by slot, and each complete deal's result, shown after the hand that
    completed it (by that hand's slot)."""
    if sheet.teams is None:
        return {
            stored.slot: Logged(
                r.number,
                [r.dealer, *r.sat_out],
                Score(r.kind, r.winner, r.points, r.boxes, doubled=r.doubled),
                r.games,
                r.box_points,
                r.aside,
            )
            for stored, r in zip(in_force, sheet.rounds)
        }, {}
    logged, deals_after = {}, {}
    deals: list[tuple[tuple[TableHand, ...], Round | None]] = [(r.tables, r) for r in sheet.rounds]
    deals.append((sheet.pending, None))  # a deal half reported (none: no hand is dealt it)
    for number, stored in enumerate(in_force, start=1):
        tables, deal = deals[deal_of(number)]
        players = table_of(sheet.teams, number, stored.hand.table or stored.hand.knocker or "")
        at = next(t for t in tables if t.players == players)
        assert at.kind is not None
        logged[stored.slot] = Logged(
            number,
            [str(deal_of(number) + 1), _("{a} v {b}").format(a=players[0], b=players[1])],
            Score(at.kind, at.winner, at.points, doubled=at.doubled),
            None,
        )
        if deal is not None and deal_of(number + 1) != deal_of(number):  # the deal's last hand
            deals_after[stored.slot] = [
                deal_points(deal, sheet.teams),
                scored(
                    Score(deal.kind, deal.winner, deal.points, deal.boxes),
                    deal.games,
                    deal.box_points,
                    deal.aside,
                ),
            ]
    return logged, deals_after
