"""The phone app's own screens, as HTML the script puts in place: the matches it holds, a new
match, what may be done to the match shown (its files, a correction, its rules), and the words
the script says itself. The sheet and the next hand's questions are the ``serve`` page's
(:mod:`scorekeeper.web.views`). Every name and sentence escaped, every sentence from the
catalogues."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.i18n import _
from scorekeeper.match import Match
from scorekeeper.messages import match_title
from scorekeeper.rules import CHOICES, DECLARED, KINDS, RANGES, option_name
from scorekeeper.web.views import text


def words() -> dict[str, str]:
    """What the script says in its own words (kept by the script for the next start, so that
    they are in the language before Python is ready)."""
    return {
        "match": _("Match"),
        "matches": _("Matches"),
        "new": _("New match"),
        "loading": _("Starting the scorekeeper…"),
        "checking": _("Working out what the hand would do…"),
        "saved_only_here": _(
            "This browser may clear what it keeps: export your matches now and then."
        ),
        "no_match": _("No match yet: start one with New match."),
        "failed": _("Something went wrong in the app; reload it. Your matches are kept."),
        "copy_apart": _("The file's copy and this phone's went their own ways: keep one or both."),
        "same": _("This phone already holds that match as the file has it."),
        "keep_mine": _("Keep this phone's"),
        "keep_theirs": _("Keep the file's"),
        "keep_both": _("Keep both"),
        "ahead": _("This phone's copy of that match is later than the file's: nothing to do."),
    }


def matches_html(matches: Iterable[Match]) -> str:
    """The matches held, newest first, each a button that opens it; then the import."""
    rows = "".join(
        f'<li><button type="button" class="open-match" data-id="{match.id}">'
        f"{text(match_title(match.id, match.sheet()))}</button>"
        f' <span class="status">{text(_(match.status.value))}</span></li>'
        for match in sorted(matches, key=lambda m: -m.id)
    )
    return (
        f"<h2>{text(_('Matches'))}</h2>"
        + (f'<ul class="matches">{rows}</ul>' if rows else "")
        + f'<label class="field"><span>{text(_("Import a match file (JSON)"))}</span>'
        '<input type="file" id="import-file" accept=".json,application/json"></label>'
        '<div id="import-said" class="said" aria-live="polite" hidden></div>'
    )


def option_field(name: str) -> str:
    """One rule option as a field of a form: a number in its range, or a choice of its values
    (empty: as the preset or the match has it)."""
    said = f"<span>{text(_(DECLARED[name].label))} <code>{text(option_name(name))}</code></span>"
    if name in RANGES:
        low, high = RANGES[name]
        return (
            f'<label class="field">{said}<input name="{name}" type="number" '
            f'inputmode="numeric" min="{low}" max="{high}"></label>'
        )
    values = [value.value for value in CHOICES[name]] if name in CHOICES else ["true", "false"]
    shown = {"true": _("yes"), "false": _("no")}
    choices = "".join(
        f'<option value="{text(value)}">{text(shown.get(value, value))}</option>'
        for value in values
    )
    return (
        f'<label class="field">{said}<select name="{name}"><option value=""></option>'
        f"{choices}</select></label>"
    )


def options_html() -> str:
    """Every option ``new`` takes, folded away."""
    fields = "".join(
        option_field(name)
        for name, option in DECLARED.items()
        if option.flag is not None and (KINDS[name] is not bool or option.flag)
    )
    return (
        f'<details class="options"><summary>{text(_("Rule options"))}</summary>{fields}</details>'
    )


def new_html() -> str:
    """A new match: the players (a third for Three-handed Gin; teams as 'Ann & Bob'), the
    preset, who deals first and the options."""
    from scorekeeper.rules import PRESETS

    players = "".join(
        f'<label class="field"><span>{text(said)}</span>'
        f'<input name="player" autocomplete="off" maxlength="40"></label>'
        for said in (_("Player 1"), _("Player 2"), _("Player 3 (Three-handed Gin)"))
    )
    presets = "".join(f'<option value="{text(name)}">{text(name)}</option>' for name in PRESETS)
    return (
        f'<form id="new" class="new"><h2>{text(_("New match"))}</h2>{players}'
        f'<label class="check"><input type="checkbox" name="teams"> '
        f"{text(_('Two teams of two (write each as Ann & Bob)'))}</label>"
        f'<label class="field"><span>{text(_("Preset"))}</span>'
        f'<select name="preset">{presets}</select></label>'
        f'<label class="field"><span>{text(_("Who deals first (empty: chosen at random)"))}'
        '</span><input name="dealer" autocomplete="off"></label>'
        f"{options_html()}"
        f'<button type="submit" class="record">{text(_("Start the match"))}</button>'
        '<div class="said wrong" aria-live="polite" hidden></div></form>'
    )


def tools_html(match: Match) -> str:
    """What may be done to the match shown: its files, a hand corrected, its rules changed."""
    held = len(match.in_force())
    hands = "".join(f'<option value="{n}">{n}</option>' for n in range(held, 0, -1))
    kinds = "".join(
        f'<option value="{kind}">{text(_(kind))}</option>'
        for kind in ("knock", "gin", "big_gin", "wall")
    )
    players = "".join(
        f'<option value="{text(name)}">{text(name)}</option>' for name in match.players
    )
    knocker, opponent = _("Knocker's deadwood"), _("Opponent's deadwood")
    amend = (
        f'<details class="amend"><summary>{text(_("Correct a hand"))}</summary>'
        f'<form id="amend"><label class="field"><span>{text(_("Hand"))}</span>'
        f'<select name="number">{hands}</select></label>'
        f'<label class="field"><span>{text(_("How did the hand end?"))}</span>'
        f'<select name="kind">{kinds}</select></label>'
        f'<label class="field"><span>{text(_("Who knocked?"))}</span>'
        f'<select name="who">{players}</select></label>'
        f'<label class="field"><span>{text(knocker)}</span>'
        '<input name="kd" type="number" inputmode="numeric" min="0" max="98"></label>'
        f'<label class="field"><span>{text(opponent)}</span>'
        '<input name="od" type="number" inputmode="numeric" min="0" max="98"></label>'
        f'<button type="submit">{text(_("Correct it"))}</button></form></details>'
        if held
        else ""
    )
    rules = (
        f'<details class="rules"><summary>{text(_("Change the rules"))}</summary>'
        f'<form id="rules">{options_html()}'
        f'<button type="submit">{text(_("Change them"))}</button></form></details>'
    )
    files = (
        f'<p class="files"><button type="button" class="export" data-format="json">'
        f"{text(_('Export (JSON)'))}</button> "
        f'<button type="button" class="export" data-format="csv">{text(_("Export (CSV)"))}'
        "</button></p>"
    )
    return files + amend + rules
