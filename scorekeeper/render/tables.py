"""The tables of figures and rules: ``stats``, ``rules`` and ``rules --presets``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from scorekeeper.i18n import N_, _, decimal
from scorekeeper.match import Match
from scorekeeper.messages import signed
from scorekeeper.render.layout import Fitted, Phrase, ruled_table
from scorekeeper.rules import (
    DECLARED,
    Form,
    Rules,
    option_names,
    said_value,
    spelled,
)

if TYPE_CHECKING:
    from scorekeeper.stats import Figures, StatsAnswer


def _table(*headers: str, wrap: Sequence[str] = ()) -> Table:
    """A table as the sheet's (:func:`ruled_table`); only the columns named in ``wrap`` may
    wrap their text."""
    table = ruled_table()
    for header in headers:
        table.add_column(Text(header), no_wrap=header not in wrap)
    return table


def _titled(title: str, table: Table) -> RenderableType:
    """A table under its title, a line apart, fitted to the width without cutting a word."""
    return Group(Text(title, style="bold"), Text(""), Fitted(table))


def statistics(result: StatsAnswer) -> RenderableType:
    """The ``stats`` figures: a line per player, one player's figures with a line per
    opponent, or two players head to head."""
    # loaded only when stats are asked for
    from scorekeeper.stats import Everyone, HeadToHead, headings

    labels = {
        "matches": _("Matches"),
        "won": _("Won"),
        "drawn": _("Drawn"),
        "lost": _("Lost"),
        "games_won": _("Games won"),
        "hands_won": _("Hands won"),
        "gins": _("Gins"),
        "big_gins": _("Big gins"),
        "undercuts_scored": _("Undercuts scored"),
        "undercuts_suffered": _("Undercuts suffered"),
        "walls": _("Walls"),
        "shutouts": _("Shutouts"),
        "points": _("Hand points"),
        "average_hand": _("Average hand"),
        "largest_hand": _("Largest hand"),
        "longest_run": _("Longest run of won hands"),
        "net": _("Net points"),
    }
    short = ["matches", "won", "drawn", "lost", "games_won", "hands_won", "net"]
    brief = headings()
    if isinstance(result, Everyone):
        if not result.players:
            return Text(_("No finished match yet."))
        return _figures_table(_("Player"), _("Every player"), result.players, short, brief)
    if isinstance(result, HeadToHead):
        who, rival = result.player, result.against
        table = _table("", who, rival)
        for key, label in labels.items():
            table.add_row(label, *(_figure(key, result.stats[name]) for name in (who, rival)))
        return _titled(_("{a} against {b}").format(a=who, b=rival), table)
    mine = _table("", result.player)
    for key, label in labels.items():
        mine.add_row(label, _figure(key, result.stats))
    rivals = _figures_table(_("Against"), _("Head to head"), result.opponents, short, brief)
    return Group(_titled(result.player, mine), Text(""), rivals)


def _figure(key: str, figures: Figures) -> str:
    """One of a player's figures as shown: net points always signed, the average hand to one
    place."""
    value = getattr(figures, key)
    return (
        signed(value) if key == "net" else decimal(value) if key == "average_hand" else str(value)
    )


def _figures_table(
    first: str,
    title: str,
    rows: dict[str, Figures],
    keys: Sequence[str],
    labels: dict[str, str],
) -> RenderableType:
    """A line of figures per player; the names wrap before a figure is ever cut."""
    table = _table(first, *(labels[key] for key in keys), wrap=[first])
    for name, figures in rows.items():
        table.add_row(Phrase(name), *(_figure(key, figures) for key in keys))
    return _titled(title, table)


#: What a preset's form changes from the standard rules beyond its options (the three-handed
#: presets show their option).
FORM_CHANGES = {Form.PARTNERSHIP: (N_("two teams (--teams)"),)}


def presets() -> RenderableType:
    """Every preset, with what it changes from the standard rules."""
    table = _table(
        _("Preset"),
        _("Differs from standard"),
        _("Source"),
        wrap=[_("Differs from standard"), _("Source")],
    )
    from scorekeeper.rules.presets import PRESETS  # built here: no other table needs them

    standard = PRESETS["standard"].rules
    for name, preset in PRESETS.items():
        changes = [_(said) for said in FORM_CHANGES.get(preset.form, ())]
        changes += [
            _given(option, value)
            for option, value, usual in zip(Rules._fields, preset.rules, standard)
            if value != usual
        ]
        table.add_row(name, ", ".join(changes) or _("(the standard rules)"), _(preset.source))
    return _titled(_("Presets"), table)


def rules(match: Match) -> RenderableType:
    """The rules in force for a match beside the standard ones, what differs in bold."""
    standard = Rules()  # the standard preset is the defaults
    table = _table(
        _("Rule"),
        _("Option"),
        _("This match"),
        _("Standard"),
        wrap=[_("Rule"), _("Option"), _("This match"), _("Standard")],
    )
    in_play = match.rules.in_play()
    for name, value, usual in zip(Rules._fields, match.rules, standard):
        if name not in in_play:
            continue
        table.add_row(
            _(DECLARED[name].label),
            _given(name),
            said_value(match.rules, name),
            said_value(standard, name) if usual is not None else _("the columns"),
            style="bold" if value != usual else "",
        )
    changes = match.rules_changes()
    if not changes:
        return _titled(_("Rules of match {id}").format(id=match.id), table)
    last = changes[-1][0]
    number = sum(stored.slot <= last.after for stored in match.in_force())
    title = (
        _("Rules of match {id}, changed {when} after hand {number}")
        if number
        else _("Rules of match {id}, changed {when} before the first hand")
    )
    when = last.recorded[:16].replace("T", " ")
    return _titled(title.format(id=match.id, when=when, number=number), table)


def _given(name: str, value: object = None) -> str:
    """How ``new`` is given a rule: its option (both ways, for a yes-or-no one), or with this
    value if one is given, or what sets a rule no option sets (Three-handed Gin: three players
    named)."""
    if DECLARED[name].flag is None:
        return _("three players")
    return option_names(name) if value is None else spelled(name, value)
