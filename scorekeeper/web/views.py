"""The page's HTML: the sheet as ``show`` lays it out, the next hand's questions as ``record``
asks them (and as JSON, for the page's script and the phone app), and the page around them.

Pure functions of a match and its sheet that return text, every name and every sentence
escaped; the sentences are those of :mod:`scorekeeper.messages` and ``show`` (in the language
chosen before they are called).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from html import escape
from importlib import resources
from string import Template
from typing import Any

from scorekeeper.engine import Form, Game, NextHand, Question, Round, Scoresheet
from scorekeeper.i18n import _, available
from scorekeeper.match import Match
from scorekeeper.messages import (
    after_standing,
    just_ended,
    round_line,
    short,
    standing_cells,
    whose_hand,
)
from scorekeeper.render.chart import race_svg
from scorekeeper.render.sheet import (
    by_columns,
    ended_before,
    footer_rows,
    game_said,
    settling_up,
)

#: Each language's name for itself, as the page's language links show it; a language with a
#: catalogue but no name here is shown by its code.
LANGUAGES = {"en": "English", "de": "Deutsch", "nl": "Nederlands"}

#: A space beside a figure ("Game 1", "needs 8", "3 v 20") and a hyphen between two ("0-98"):
#: where a line must not break.
SPACE_BY_FIGURE = re.compile(r"(?<=\d) (?=\S)|(?<=\S) (?=[+-]?\d)")
HYPHEN_IN_RANGE = re.compile(r"(?<=\d)-(?=\d)")
FIGURE = re.compile(r"[+-]?\d+$")


def offered() -> dict[str, str]:
    """The languages the page offers, by code, each by its own name: English, then every
    language there is a catalogue of."""
    codes = ["en", *(code for code in available() if code != "en")]
    return {code: LANGUAGES.get(code, code) for code in codes}


def text(value: object) -> str:
    """Anything shown on the page, escaped (a name is shown as typed, never as markup)."""
    return escape(str(value), quote=True)


def cell(value: object, tag: str = "td", css: str = "") -> str:
    shown = "" if value is None else text(value)
    return f'<{tag} class="{css}">{shown}</{tag}>' if css else f"<{tag}>{shown}</{tag}>"


def sheet_html(match: Match, sheet: Scoresheet) -> str:
    """The sheet hand by hand, under the first screen: on a wide screen the games side by
    side with each player's name over that player's columns, as ``show`` draws them; on a
    narrow one every hand on a row of its own (walls too), then each game's columns, boxes and
    settlement folded under a line saying how it stands; then the race to the target, drawn.
    Nothing before the first hand."""
    if not sheet.rounds:
        return ""
    current, ended = sheet.in_columns(), ended_before(sheet)
    wide = table_html(sheet, current, numbered=bool(ended))
    if ended:
        wide += f"<h3>{text(_('Games ended'))}</h3>" + "".join(
            table_html(sheet, part, hands=False, numbered=True)
            for part in by_columns(ended, len(current))
        )
    narrow = hands_html(sheet) + "".join(game_html(sheet, game) for game in sheet.games)
    # within the page the picture needs no namespace (and the page names no address)
    chart = race_svg(sheet).replace(' xmlns="http://www.w3.org/2000/svg"', "", 1)
    return (
        f'<h2 class="hands-title">{text(_("Hands"))}</h2>'
        f'<div class="games wide">{wide}{settled_html(sheet, sheet.games)}</div>'
        f'<div class="games stacked">{narrow}</div>'
        + (f'<figure class="chart">{chart}</figure>' if chart else "")
    )


def hands_html(sheet: Scoresheet) -> str:
    """Every hand on a row of its own: its number, who won what (or the wall), and the games
    it counted in (where the match has more than one game)."""
    games = sheet.several_games

    def counted_in(r: Round) -> str:
        return f'<td class="in">{unbroken_text(", ".join(map(str, r.games)) or "-")}</td>'

    rows = "".join(
        f'<tr><td class="number">{r.number}</td>'
        f"<td>{unbroken_text((r.winner + ' ' if r.winner else '') + short(r))}</td>"
        f"{counted_in(r) if games else ''}</tr>"
        for r in sheet.rounds
    )
    head = f'<th scope="col" class="in">{text(_("Games"))}</th>' if games else ""
    return (
        f'<table class="hands"><thead><tr><th scope="col" colspan="2">{text(_("Hand"))}</th>'
        f"{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def game_html(sheet: Scoresheet, game: Game) -> str:
    """One game's columns, boxes and settlement, folded under how it stands."""
    said = game_said(sheet, game)
    return (
        f'<details class="game"><summary><span>{unbroken_text(said)}</span></summary>'
        f"{table_html(sheet, [game], narrow=True, hands=False)}"
        f"{settled_html(sheet, [game])}</details>"
    )


def settled_html(sheet: Scoresheet, games: Sequence[Game]) -> str:
    """Three-handed Gin: what each player collects from and pays to each other player in the
    settled ``games``."""
    lines = [line for game in games for line in settling_up(sheet, game)]
    return "".join(f'<p class="indented">{text(line.strip())}</p>' for line in lines)


def unbroken_text(said: str) -> str:
    """``said`` escaped, a line never ending inside "Game 1", "3 v 20", "Games 1, 2", "+17 in"
    or "(0-98)": each figure held to the words on either side of it (and a range or an arrow
    held together) in a span that does not wrap; the text itself unchanged."""
    groups: list[list[str]] = []
    for word in said.split(" "):
        if groups and (FIGURE.match(groups[-1][-1]) or FIGURE.match(word.rstrip(",;:.)"))):
            groups[-1].append(word)
        else:
            groups.append([word])
    return " ".join(
        f'<span class="nb">{text(joined)}</span>'
        if len(group) > 1 or HYPHEN_IN_RANGE.search(joined) or "->" in joined
        else text(joined)
        for group in groups
        for joined in [" ".join(group)]
    )


def heading_html(heading: Sequence[str], escaped: Callable[[str], str] = text) -> str:
    """A game's heading where the games in the columns are side by side
    (:func:`messages.game_headings`): its number, and under it its column where it says
    one."""
    first, *column = heading
    return escaped(first) + "".join(
        f'<span class="column">{escaped(said)}</span>' for said in column
    )


def unbroken(said: str) -> str:
    """``said`` for a place that takes no markup (a label the page's script writes): the
    spaces beside its figures non-breaking, and the hyphens of its ranges and arrows
    non-breaking hyphens."""
    said = SPACE_BY_FIGURE.sub("\u00a0", said).replace("->", "\u2011>")
    return HYPHEN_IN_RANGE.sub("\u2011", said)


def table_html(
    sheet: Scoresheet,
    games: Sequence[Game],
    narrow: bool = False,
    hands: bool = True,
    numbered: bool = False,
) -> str:
    """The sheet's table for some of its games, as ``show`` draws it: the hands that scored in
    them (every hand, where it shows every game; none without ``hands``), the running totals
    in the winner's columns, then the columns' totals, boxes and each ended game's
    settlement.

    ``narrow``: a column per player only, the whole width theirs, each hand's number and what
    it scored (and each total's label) on a line of its own above its figures. ``numbered``:
    each game is headed by its number even where it is the only one."""
    numbers = {game.number for game in games}
    every = len(games) == len(sheet.games)
    rounds = [r for r in sheet.rounds if hands and (every or numbers & set(r.games))]
    cells = [(game, player) for player in sheet.players for game in games]
    span = len(games)

    def css(index: int) -> str:
        return "figure" + (" first" if index % span == 0 and index else "")

    def row(label: str, figures: Sequence[object], kind: str = "", number: str = "") -> str:
        shown = "".join(cell(figure, "td", css(index)) for index, figure in enumerate(figures))
        if narrow:
            said = f'<span class="number">{number}</span> ' if number else ""
            return (
                f'<tr class="caption {kind}"><td colspan="{len(cells)}">{said}{text(label)}</td>'
                f'</tr><tr class="{kind}">{shown}</tr>'
            )
        return (
            f'<tr class="{kind}"><td class="number">{number}</td>'
            f"{cell(label, 'td' if number else 'th', 'hand' if number else 'label')}{shown}</tr>"
        )

    names = "".join(
        f'<th colspan="{span}" class="name">{text(player)}</th>' for player in sheet.players
    )
    if narrow:
        head = f'<tr class="names">{names}</tr>'
    else:
        numbered = numbered or span > 1
        head = f'<tr class="names"><th></th><th></th>{names}</tr>' if numbered else ""
        headings = [
            _("Game {n}").format(n=game.number) if numbered else player for game, player in cells
        ]
        head += (
            f'<tr><th class="number">{"#" if hands else ""}</th>'
            + cell(_("Hand") if hands else "", "th", "hand")
            + "".join(cell(heading, "th", css(index)) for index, heading in enumerate(headings))
            + "</tr>"
        )
    body = "".join(
        row(
            short(r),
            [
                r.totals[p][g.number - 1] if g.number in r.games and r.winner == p else None
                for g, p in cells
            ],
            number=str(r.number),
        )
        for r in rounds
    )
    foot = "".join(
        row(label, [figure(g, p) for g, p in cells], kind)
        for label, figure, kind in footer_rows(sheet, games)
    )
    return (
        f'<table class="sheet{" narrow" if narrow else ""}"><thead>{head}</thead>'
        f"<tbody>{body}</tbody><tfoot>{foot}</tfoot></table>"
    )


def entry_key(match: Match, sheet: Scoresheet, read_only: bool) -> str:
    """What the questions for the next hand depend on: the page asks them again when it
    changes (and keeps a half-answered hand while it does not)."""
    if read_only or match.abandoned or sheet.finished:
        return f"{match.id}:closed:{len(match.in_force())}"
    coming = sheet.next_hand()
    return json.dumps([match.id, coming.number, coming.tables, match.players])


def next_hand_json(match: Match, sheet: Scoresheet) -> dict[str, Any]:
    """The next hand as a screen asks it (the page's script, the phone app), in the language
    chosen: the match, the number the hand is entered as, the line before its questions, what
    is asked first (``first``), how it may end (``ending``) and what each ending asks then
    (``endings``, by the ending's value). Each question names the answer it gives
    (``field``), the answers it takes (``choices``: each a value and its words) or the most
    it takes (``most``, from 0), and the words that ask it (``asks``): where they name the
    winner, by the answer to the question ``after`` names. A match over or abandoned asks
    nothing (``open`` is false)."""
    if match.abandoned or sheet.finished:
        return {"match": match.id, "open": False}
    coming = sheet.next_hand()
    return {
        "match": match.id,
        "open": True,
        "number": coming.number,
        "whose": whose_hand(match.id, sheet),
        **questions_json(coming),
    }


def questions_json(coming: NextHand) -> dict[str, Any]:
    """What a hand asks (:func:`next_hand_json`): first, how it ended, and then by ending."""
    return {
        "first": [question_json(coming, question) for question in coming.first],
        "ending": question_json(coming, coming.ended),
        "endings": {
            entry.value: [question_json(coming, question) for question in coming.asks(entry)]
            for entry in coming.endings
        },
    }


def question_json(coming: NextHand, question: Question) -> dict[str, Any]:
    """One question as :func:`next_hand_json` gives it."""
    found: dict[str, Any] = {"field": question.field}
    if question.about:  # the winner's words: asked once the winner is known
        found["after"] = "who"
        found["asks"] = {who: question.said(who, coming.opponent(who)) for who in coming.playing}
    else:
        found["asks"] = question.said()
    if question.choices:
        found["choices"] = [[value, question.shown(value)] for value in question.choices]
    if question.most is not None:
        found["most"] = question.most
    return found


def entry_html(match: Match, sheet: Scoresheet, read_only: bool) -> str:
    """The next hand's questions (:func:`next_hand_json`), and the last hand taken back after a
    confirmation; nothing for a page that only shows the sheet or a match over. Every
    question an ending may ask is there once, hidden until the ending chosen asks it: the
    page's script shows the questions the form's data names for the answers given."""
    if read_only or match.abandoned:
        return ""
    if sheet.finished:  # the hand that ended it may still be taken back
        return undo_html(match, sheet)
    record = text(_("Record hand {number}").format(number=sheet.next_hand().number))
    button = f'<button type="submit" class="record" disabled>{record}</button>'
    return hand_form(match, sheet, 'id="hand" class="hand"', button) + undo_html(match, sheet)


def hand_form(match: Match, sheet: Scoresheet, attributes: str, button: str) -> str:
    """A form of the questions of the hand that comes after ``sheet`` (the next hand, or in a
    correction the hand corrected, as it was asked), the form's ``attributes`` and its
    ``button``: every question an ending may ask is there once, hidden until the ending
    chosen asks it (the script shows those the form's data names, questions.js)."""
    coming = sheet.next_hand()
    asked = questions_json(coming)
    later: dict[str, Question] = {}  # each question once, in the words of the first to ask it
    for entry in coming.endings:
        for question in coming.asks(entry):
            later.setdefault(question.field, question)
    parts = [
        f'<p class="whose">{text(whose_hand(match.id, sheet))}</p>',
        *(question_html(question) for question in coming.first),
        question_html(coming.ended, "kind"),
        *(question_html(question, hidden=True) for question in later.values()),
    ]
    # the script writes them as they are, so a range is held together in the text itself
    data = {
        "first": [unbroken_words(q) for q in asked["first"]],
        "endings": {e: [unbroken_words(q) for q in qs] for e, qs in asked["endings"].items()},
    }
    return (
        f'<form {attributes} data-match="{match.id}" data-hand="{coming.number}" '
        f"data-asks='{text(json.dumps(data, ensure_ascii=False))}' novalidate>"
        + "".join(parts)
        + '<div class="preview" aria-live="polite"></div>'
        + button
        + "</form>"
    )


def unbroken_words(question: dict[str, Any]) -> dict[str, Any]:
    """A question of :func:`next_hand_json` with its words :func:`unbroken`."""
    asks = question["asks"]
    words = {k: unbroken(v) for k, v in asks.items()} if isinstance(asks, dict) else unbroken(asks)
    return {**question, "asks": words}


def question_html(question: Question, name: str = "", hidden: bool = False) -> str:
    """One question on the page (``name``: the name its answer is sent by, if not its
    field's): buttons to tap for its choices, a number for a count, else a word to type.
    ``hidden``: until the ending chosen asks it (``data-field``), in words the script writes
    then."""
    name = name or question.field
    shown = f' data-field="{question.field}" hidden' if hidden else ""
    said = "" if question.about else text(question.said())
    if question.choices:
        options = [(value, question.shown(value)) for value in question.choices]
        return choices(said, name, options, shown)
    if question.most is not None:
        return (
            f'<label class="field"{shown}><span class="asks">{said}</span>'
            f'<input name="{name}" type="number" inputmode="numeric" min="0" '
            f'max="{question.most}"></label>'
        )
    return (  # an up-card: three characters at most
        f'<label class="field"{shown}><span class="asks">{said}</span>'
        f'<input name="{name}" autocomplete="off" autocapitalize="none" spellcheck="false" '
        'maxlength="3" required></label>'
    )


def choices(legend: str, name: str, options: Sequence[tuple[str, str]], shown: str = "") -> str:
    """A question answered with a tap: a button for each answer (radio buttons)."""
    buttons = "".join(
        f'<label class="choice"><input type="radio" name="{name}" value="{text(value)}">'
        f"<span>{text(said)}</span></label>"
        for value, said in options
    )
    return (
        f'<fieldset class="question"{shown}><legend class="asks">{legend}</legend>'
        f"{buttons}</fieldset>"
    )


def report_html(before: Scoresheet, after: Scoresheet, said: Sequence[str]) -> str:
    """A hand's report (or its preview) in the page's layout: what the hand was, the
    standing after it as a table, and what it changed, each line a paragraph."""
    headings, rows, key = standing_cells(after, just_ended(before, after))
    head = cell("", "th") + "".join(f"<th>{heading_html(heading)}</th>" for heading in headings)
    body = "".join(
        "<tr>"
        + cell(player, "th")
        + "".join(cell(figure, css="figure") for figure in row)
        + "</tr>"
        for player, row in zip(after.players, rows)
    )
    under = ([key] if key else []) + after_standing(before, after)
    return (
        "".join(f"<p>{unbroken_text(line)}</p>" for line in said)
        + f'<table class="after"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
        + "".join(f"<p>{unbroken_text(line)}</p>" for line in under)
    )


def undo_html(match: Match, sheet: Scoresheet) -> str:
    """Taking the last hand back: a button, then the hand named and a confirmation."""
    held = len(match.in_force())
    if not held:
        return ""
    if sheet.variant.form is not Form.PARTNERSHIP and sheet.rounds:
        last = round_line(sheet.rounds[-1])
    else:
        from scorekeeper.messages import plain

        last = _("Hand {number}: {outcome}").format(
            number=held, outcome=plain(match.in_force()[-1].hand)
        )
    ask, question = _("Undo the last hand"), _("Take this hand back? {line}").format(line=last)
    yes, no = _("Yes, take it back"), _("No, keep it")
    return (
        f'<div class="undo" data-match="{match.id}" data-hand="{held}">'
        f'<button type="button" class="undo-ask">{text(ask)}</button>'
        '<div class="undo-confirm" hidden>'
        f"<p>{text(question)}</p>"
        f'<button type="button" class="undo-yes">{text(yes)}</button> '
        f'<button type="button" class="undo-no">{text(no)}</button>'
        "</div></div>"
    )


def live_html(made: dict[str, str]) -> str:
    """The live part of the page, each part where the page's script redraws it: what the last
    hand won (said when a redraw brings it), where the table stands, the next hand's questions
    (and what this phone's last entry did), then the sheet hand by hand."""
    # what a redraw brings that the last hand won, said loud on every phone (the page
    # remembers the news it was drawn with, and says only news that comes after)
    close = text(_("Close"))
    return (
        f'<div id="news-box" class="news-box" data-news="{text(made["news"])}">'
        '<div id="news" class="news" role="status" aria-live="polite" aria-atomic="true"></div>'
        f'<button type="button" class="news-close" aria-label="{close}" title="{close}" hidden>'
        "×</button></div>"
        f'<section id="sheet" class="board">{made["sheet"]}</section>'
        f'<section id="entry" data-key="{text(made["key"])}">{made["entry"]}</section>'
        '<div id="said" class="said" aria-live="polite" hidden></div>'
        f'<section id="hands" class="sheet-area">{made["hands"]}</section>'
    )


def page_html(
    title: str,
    language: str,
    token: str,
    live: str,
    read_only: bool,
    words: dict[str, str],
) -> str:
    """The whole page around the live part (the sheet and the questions), with the language
    links, and the words the page's script says (in the language)."""
    links = " ".join(
        f'<a href="/?lang={code}" lang="{code}"'
        + (' aria-current="true"' if code == language else "")
        + f">{text(name)}</a>"
        for code, name in offered().items()
    )
    template = Template(resources.files(__package__).joinpath("page.html").read_text("utf-8"))
    return template.substitute(
        lang=language,
        title=text(title),
        token=text(token),
        words=text(json.dumps(words, ensure_ascii=False)),
        live=live,
        read_only="true" if read_only else "false",
        languages=links,
        note=text(
            _("Only shows the sheet: hands are entered elsewhere.")
            if read_only
            else _("Redrawn whenever the match changes; nothing to reload.")
        ),
    )
