"""The phone app's own screens, as HTML the script puts in place: the matches it holds, a new
match, what may be done to the match shown (its files, a correction, its rules), and the words
the script says itself. The sheet and the next hand's questions are the ``serve`` page's
(:mod:`scorekeeper.web.views`). Every name and sentence escaped, every sentence from the
catalogues."""

from __future__ import annotations

from collections.abc import Iterable

from scorekeeper.i18n import _
from scorekeeper.match import Match, MatchStatus, status_words
from scorekeeper.messages import match_title, signed
from scorekeeper.rules import CHOICES, DECLARED, RANGES, VARIANTS, Rules, option_name
from scorekeeper.stats import Figures, head_to_head, headings, match_figures, summed
from scorekeeper.web import views
from scorekeeper.web.views import cell, text

#: The figures the stats show of each player, those ``stats`` shows in a line, the net first (a
#: phone may have to scroll to the others).
SHORT = ("net", "matches", "won", "drawn", "lost", "games_won", "hands_won")


def words() -> dict[str, str]:
    """What the script says in its own words (kept by the script for the next start, so that
    they are in the language before Python is ready)."""
    return {
        "match": _("Sheet"),
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


def field(said: str, control: str) -> str:
    """A labelled field of a form: ``said`` over the ``control``'s markup."""
    return f'<label class="field"><span>{text(said)}</span>{control}</label>'


def folded(summary: str, inside: str) -> str:
    return f"<details><summary>{text(summary)}</summary>{inside}</details>"


def button(said: str, attributes: str = 'type="submit"') -> str:
    return f"<button {attributes}>{text(said)}</button>"


def options_of(values: Iterable[tuple[str, str]]) -> str:
    return "".join(f'<option value="{text(value)}">{text(said)}</option>' for value, said in values)


def matches_html(matches: Iterable[Match]) -> str:
    """The matches held, newest first, each a button that opens it; then the import."""
    status = status_words()
    rows = "".join(
        f'<li><button type="button" class="open-match" data-id="{match.id}">'
        f"{text(match_title(match.id, match.sheet()))}</button>"
        f' <span class="status">{text(status[match.status])}</span></li>'
        for match in sorted(matches, key=lambda m: -m.id)
    )
    heading, importing = _("Matches"), _("Import a match file (JSON)")
    return (
        f"<h2>{text(heading)}</h2>"
        + (f'<ul class="matches">{rows}</ul>' if rows else "")
        + field(importing, '<input type="file" id="import-file" accept=".json,application/json">')
        + '<div id="import-said" class="said" aria-live="polite" hidden></div>'
        + stats_html(matches)
    )


def stats_html(matches: Iterable[Match]) -> str:
    """``stats`` over the finished matches held: a line per player, then head to head."""
    sheets = [match.sheet() for match in matches if not match.abandoned and match.sheet().finished]
    brief = headings()
    if not sheets:
        return f"<p>{text(_('No finished match yet.'))}</p>"

    def table(first: str, rows: dict[str, Figures]) -> str:
        head = cell(first, "th") + "".join(cell(brief[key], "th") for key in SHORT)
        body = "".join(
            "<tr>"
            + cell(name, "th")
            + "".join(
                cell(signed(figures.net) if key == "net" else getattr(figures, key), css="figure")
                for key in SHORT
            )
            + "</tr>"
            for name, figures in rows.items()
        )
        return (
            '<div class="wide-table" tabindex="0">'
            f'<table class="stats"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
            "</div>"
        )

    players = summed(match_figures(sheet) for sheet in sheets)
    pairs = summed(head_to_head(sheet) for sheet in sheets)
    against = _("{a} against {b}")
    every, facing = _("Every player"), _("Head to head")
    return (
        f"<h2>{text(every)}</h2>"
        + table(_("Player"), players)
        + f"<h2>{text(facing)}</h2>"
        + table(
            _("Against"),
            {against.format(a=a, b=b): f for (a, b), f in pairs.items()},
        )
    )


def option_field(name: str, rules: Rules | None) -> str:
    """One rule option as a field of a form: a number in its range, or a choice of its values
    (empty: as the preset or the match has it), named as the rules table and ``new`` name it.
    A match's ``rules`` shown in the empty field: what is left empty stays as it is."""
    said = f"{_(DECLARED[name].label)} ({option_name(name)})"
    now = None if rules is None else getattr(rules, name)
    if name in RANGES:
        low, high = RANGES[name]
        shown = "" if now is None else f' placeholder="{now}"'
        return field(
            said,
            f'<input name="{name}" type="number" inputmode="numeric" min="{low}" max="{high}"'
            f"{shown}>",
        )
    if name in CHOICES:
        values = [(value.value, value.value) for value in CHOICES[name]]
    else:
        values = [("true", _("yes")), ("false", _("no"))]
    if isinstance(now, bool):
        now = "true" if now else "false"
    left = dict(values).get(getattr(now, "value", now), "")  # a named value, or yes or no
    return field(
        said,
        f'<select name="{name}"><option value="">{text(left)}</option>'
        f"{options_of(values)}</select>",
    )


def options_html(rules: Rules | None = None) -> str:
    """Every option ``new`` takes as fields (a variant's own switch, ``--oklahoma``, is its
    preset's); for a match, those of its kind of match, its ``rules`` shown in the fields left
    empty."""
    names = (
        [name for name in DECLARED if name not in VARIANTS] if rules is None else rules.options()
    )
    return "".join(option_field(name, rules) for name in names if DECLARED[name].flag is not None)


def new_html() -> str:
    """A new match: the players (a third for Three-handed Gin; teams as 'Ann & Bob'), the
    preset, who deals first and the options."""
    from scorekeeper.rules import PRESETS

    player = '<input name="player" autocomplete="off" maxlength="40">'
    players = "".join(
        field(said, player)
        for said in (_("Player 1"), _("Player 2"), _("Player 3 (Three-handed Gin)"))
    )
    heading, teams = _("New match"), _("Two teams of two (write each as Ann & Bob)")
    presets = options_of((name, name) for name in PRESETS)
    return (
        f'<form id="new" class="new"><h2>{text(heading)}</h2>{players}'
        f'<label class="check"><input type="checkbox" name="teams"> {text(teams)}</label>'
        + field(_("Preset"), f'<select name="preset">{presets}</select>')
        + field(
            _("Who deals first (empty: chosen at random)"),
            '<input name="dealer" autocomplete="off">',
        )
        + folded(_("Rule options"), options_html())
        + button(_("Start the match"), 'type="submit" class="record"')
        + '<div class="said wrong" aria-live="polite" hidden></div></form>'
    )


def correction_html(match: Match, number: int) -> str:
    """Hand ``number`` asked again to correct it: the questions it was asked, as the next
    hand's are on ``serve``'s page (nothing for a match of no hands)."""
    if not 1 <= number <= len(match.in_force()):
        return ""
    hands = [stored.hand for stored in match.in_force()]
    correct = button(_("Correct it"), 'type="submit" class="record" disabled')
    return views.hand_form(match, match.sheet(hands[: number - 1]), 'id="amend"', correct)


def tools_html(match: Match) -> str:
    """What may be done to the match shown: its files, a hand corrected, its rules changed
    (not once it is over: its settlement is what the players paid)."""
    held = len(match.in_force())
    hands = options_of((str(n), str(n)) for n in range(held, 0, -1))
    amend = folded(
        _("Correct a hand"),
        field(_("Hand"), f'<select name="number">{hands}</select>')
        + f'<div class="correcting">{correction_html(match, held)}</div>',
    )
    rules = folded(
        _("Change the rules"),
        '<form id="rules">' + options_html(match.rules) + button(_("Change them")) + "</form>",
    )
    export = 'type="button" class="export" data-format="{}"'
    files = (
        '<p class="files">'
        + button(_("Export (JSON)"), export.format("json"))
        + " "
        + button(_("Export (CSV)"), export.format("csv"))
        + "</p>"
    )
    over = match.status is not MatchStatus.OPEN
    return files + (amend if held else "") + ("" if over else rules)
