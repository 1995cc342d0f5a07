"""Plain-text sentences about a match: what a hand did, where the games stand, who deals.

Shared by the short report after each hand (which must start fast, so nothing here imports
rich) and by the scoresheet and log.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, zip_longest
from typing import TYPE_CHECKING

from scorekeeper.engine import (
    Decision,
    Form,
    Game,
    Hand,
    Kind,
    Round,
    Score,
    Scoresheet,
    TableHand,
    Teams,
    classify,
    team_name,
    team_points,
)
from scorekeeper.i18n import N_, _, day, ngettext
from scorekeeper.wrapping import cells

if TYPE_CHECKING:
    from datetime import date

    from scorekeeper.cards import Arrangement


def match_title(match_id: int, sheet: Scoresheet, started: date | None = None) -> str:
    """``Match 3: Ann v Ben``, with the variant when it is one: ``(Oklahoma Gin)``, and the day
    it was started when given: ``· 2 December 2026``."""
    title = _("Match {id}: {players}").format(id=match_id, players=_(" v ").join(sheet.players))
    kinds = [_(name) for name in sheet.variant.names()]
    title = f"{title} ({', '.join(kinds)})" if kinds else title
    return f"{title} · {day(started)}" if started else title


def games_phrase(games: tuple[int, ...]) -> str:
    """``Game 1`` or ``Games 1, 2, 3`` (``no game`` for none)."""
    if not games:
        return _("no game")
    numbers = ", ".join(map(str, games))
    return ngettext("Game {numbers}", "Games {numbers}", len(games)).format(numbers=numbers)


def outcome(hand: Hand, result: Score) -> str:
    """What happened at the table: ``Bob knocks 6 v 10``, ``Ann goes gin v 12``, ``wall``
    (and an Oklahoma hand's up-card)."""
    values = {
        "knocker": hand.knocker,
        "kd": hand.knocker_deadwood,
        "od": hand.opponent_deadwood,
        "winner": result.winner,
    }
    tied = knocker_tied(result.kind, hand)
    said = {
        Kind.KNOCK: _("{knocker} knocks {kd} v {od}, a tie: the knocker's")
        if tied
        else _("{knocker} knocks {kd} v {od}"),
        Kind.UNDERCUT: _("{knocker} knocks {kd} v {od}, undercut by {winner}")
        if result.winner
        else _("{knocker} knocks {kd} v {od}, undercut"),
        Kind.GIN: _("{knocker} goes gin v {od}"),
        Kind.BIG_GIN: _("{knocker} goes big gin v {od}"),
        Kind.WALL: _("wall (dead hand)"),
    }[result.kind].format(**values)
    return with_upcard(said, hand, result)


def with_upcard(said: str, hand: Hand, result: Score) -> str:
    """What is said of an Oklahoma hand, with its up-card and whether a spade doubled it:
    ``Bob knocks 3 v 20 (up-card 7♠: doubled)``; a wall's up-card changes nothing."""
    if hand.upcard is None or result.kind is Kind.WALL:
        return said
    return (
        _("{said} (up-card {card}: doubled)")
        if result.doubled and result.winner
        else _("{said} (up-card {card})")
    ).format(said=said, card=hand.upcard)


def scored(result: Score, games: tuple[int, ...], box_points: int = 0, aside: int = 0) -> str:
    """Where the points went: ``Bob +4 in Games 1, 2, 3`` or ``no score``, with what the boxes
    added to each column (``Bob +4 and +25 for the box in Game 1``) and the gin bonus aside."""
    if result.winner is None:
        return _("no score")
    values = {"winner": result.winner, "points": result.points, "games": games_phrase(games)}
    if box_points:
        said = ngettext(
            "{winner} +{points} and +{value} for the box in {games}",
            "{winner} +{points} and +{value} for {n} boxes in {games}",
            result.boxes,
        ).format(value=box_points, n=result.boxes, **values)
    else:
        said = _("{winner} +{points} in {games}").format(**values)
    if aside:
        return _("{said}; gin bonus {bonus} kept for the settlement").format(said=said, bonus=aside)
    return said


def plain(hand: Hand) -> str:
    """A hand as entered, without its score: ``Bob knocks 3 v 19``."""
    return outcome(hand, Score(classify(hand), None, 0))


def arrangement(who: str, hand: Arrangement) -> list[str]:
    """A hand laid out: ``Ann: 5♠ 6♠ 7♠ | 7♥ 7♦ 7♣``, then lay-offs, the discard and the
    deadwood (or gin)."""
    melds = "  |  ".join(map(str, hand.melds)) or _("no meld")
    lines = [_("{who}: {melds}").format(who=who, melds=melds)]
    for meld in dict.fromkeys(layoff.meld for layoff in hand.layoffs):
        laid = " ".join(str(layoff.card) for layoff in hand.layoffs if layoff.meld == meld)
        lines.append("  " + _("laid off {cards} onto {meld}").format(cards=laid, meld=meld))
    if hand.discard is not None:
        lines.append("  " + _("discard {card}").format(card=hand.discard))
    if hand.big_gin:
        lines.append("  " + _("big gin: all 11 cards melded"))
    elif hand.gin:
        lines.append("  " + _("gin: no deadwood"))
    else:
        lines.append(
            "  "
            + _("deadwood {cards} = {points}").format(
                cards=" ".join(map(str, hand.deadwood_cards)) or "-", points=hand.deadwood
            )
        )
    return lines


def knocker_tied(kind: Kind, hand: Hand | None) -> bool:
    """Whether a hand scored as a knock was a tie (equal counts): one the knocker won, as
    ``--tie knocker`` has it."""
    return (
        kind is Kind.KNOCK and hand is not None and hand.knocker_deadwood == hand.opponent_deadwood
    )


def short(r: Round) -> str:
    """The scoresheet's hand cell, beside the totals in the winner's columns: ``+10``,
    ``+37 gin``, ``+27 undercut (up-card 7♠: doubled)``, ``+0 tie`` (a tie the knocker won),
    ``+15, box +25`` (what the boxes added under ``boxes_when`` each_hand), ``wall``, or ``no
    score`` for a partnership deal that came out even."""
    if r.winner is None:
        return _("no score") if r.kind is Kind.DEAL else _("wall")
    tied = knocker_tied(r.kind, r.hand)
    said = {
        Kind.UNDERCUT: _("+{points} undercut"),
        Kind.GIN: _("+{points} gin"),
        Kind.BIG_GIN: _("+{points} big gin"),
    }.get(r.kind, _("+{points} tie") if tied else "+{points}")
    cell = said.format(points=r.points)
    if r.box_points:
        cell = ngettext("{cell}, box +{value}", "{cell}, {n} boxes +{value}", r.boxes).format(
            cell=cell, n=r.boxes, value=r.box_points
        )
    if r.hand is None:
        return cell
    return with_upcard(cell, r.hand, Score(r.kind, r.winner, r.points, doubled=r.doubled))


def round_line(r: Round, teams: Teams | None = None) -> str:
    """``Hand 4: Bob knocks 6 v 10 -> Bob +4 in Games 1, 2, 3``; for a partnership deal,
    ``Deal 3: Ann & Bob 15, Cid & Dee 37 -> Cid & Dee +22 in Game 1``."""
    result = Score(r.kind, r.winner, r.points, r.boxes, doubled=r.doubled)
    said = scored(result, r.games, r.box_points, r.aside)
    if r.hand is not None or teams is None:
        assert r.hand is not None
        return _("Hand {number}: {outcome} -> {scored}").format(
            number=r.number, outcome=outcome(r.hand, result), scored=said
        )
    return _("{deal} -> {scored}").format(deal=deal_points(r, teams), scored=said)


def last_line(sheet: Scoresheet) -> str:
    """What the last hand (in Partnership Gin, the last deal) did, as its report said it."""
    return round_line(sheet.rounds[-1], sheet.teams)


def deal_points(r: Round, teams: Teams) -> str:
    """What each team won at the tables in a deal: ``Deal 3: Ann & Bob 15, Cid & Dee 37``."""
    won = team_points(r.tables, teams)
    return _("Deal {number}: {a} {a_points}, {b} {b_points}").format(
        number=r.number,
        a=team_name(teams[0]),
        a_points=won[0],
        b=team_name(teams[1]),
        b_points=won[1],
    )


def table_line(table: TableHand) -> str:
    """One table of a partnership deal: ``Ann v Cid: Ann knocks 5 v 20 -> Ann +15``."""
    assert table.hand is not None and table.kind is not None
    result = Score(table.kind, table.winner, table.points, doubled=table.doubled)
    said = outcome(table.hand, result)
    if table.winner is not None:
        said += " -> " + _("{winner} +{points}").format(winner=table.winner, points=table.points)
    return _("{a} v {b}: {said}").format(a=table.players[0], b=table.players[1], said=said)


def game_state(sheet: Scoresheet, number: int) -> str:
    """``open``, ``won by Bob``, or ``not finished`` for a game a short match cut off."""
    game = sheet.games[number - 1]
    if game.winner is not None:
        return _("won by {winner}").format(winner=game.winner)
    return _("open") if game.open else _("not finished")


def changes(before: Scoresheet, after: Scoresheet) -> list[str]:
    """The loud lines for what a change did to the games and the match: a new hand ending a
    game, or a correction giving a game to the other player, reopening it, or reopening the
    match."""
    lines = []
    # A change of the rules may open games an endless match did not have, or do away with some.
    for old, new in zip_longest(before.games, after.games):
        if new is None:
            if old.winner is not None:
                lines.append(
                    _("*** GAME {number} IS NO LONGER PLAYED (it was won by {was}) ***").format(
                        number=old.number, was=old.winner
                    )
                )
            continue
        was, was_settled = (old.winner, old.settlement) if old else (None, None)
        if was == new.winner:
            if new.settlement and was_settled and new.settlement.net != was_settled.net:
                assert new.winner is not None
                lines.append(
                    (
                        _(
                            "*** GAME {number} STILL WON BY {winner}, {points} to {other} as "
                            "before, net {net:+d} (was {was:+d}) ***"
                        )
                        if old is not None and old.points == new.points
                        else _(
                            "*** GAME {number} STILL WON BY {winner}, now {points} to "
                            "{other}, net {net:+d} (was {was:+d}) ***"
                        )
                    ).format(
                        number=new.number,
                        winner=new.winner,
                        points=new.points[new.winner],
                        other=others_points(after, new.number),
                        net=new.settlement.net,
                        was=was_settled.net,
                    )
                )
            continue
        if new.winner is None or new.settlement is None:
            lines.append(
                _("*** GAME {number} IS OPEN AGAIN (it was won by {was}) ***").format(
                    number=new.number, was=was
                )
            )
            continue
        values = {
            "number": new.number,
            "winner": new.winner,
            "was": was,
            "points": new.points[new.winner],
            "other": others_points(after, new.number),
            "net": new.settlement.net,
        }
        lines.append(
            (
                _(
                    "*** GAME {number} WON BY {winner}, {points} to {other}, net {net:+d} "
                    "after bonuses ***"
                )
                if was is None
                else _(
                    "*** GAME {number} NOW WON BY {winner} (was {was}), {points} to "
                    "{other}, net {net:+d} after bonuses ***"
                )
            ).format(**values)
        )
    if lines and after.net != before.net:
        lines += net_lines(after)
    if after.finished and (not before.finished or after.winner != before.winner):
        lines.append(match_result(after).join(["*** ", " ***"]))
    elif before.finished and not after.finished:
        lines.append(
            _("*** THE MATCH IS OPEN AGAIN (it was: {result}) ***").format(
                result=match_result(before)
            )
        )
    return lines


def others_points(sheet: Scoresheet, number: int) -> str:
    """What the players who did not win a game have in it: ``61``, or with three players
    ``Ann 61, Cid 58``."""
    game = sheet.games[number - 1]
    assert game.winner is not None
    others = sheet.others(game.winner)
    if len(others) == 1:
        return str(game.points[others[0]])
    return ", ".join(f"{p} {game.points[p]}" for p in others)


def signed(number: int) -> str:
    """A net as the sheet writes it: ``+279``, ``-279``, ``0``."""
    return f"{number:+d}" if number else "0"


def net_lines(sheet: Scoresheet) -> list[str]:
    """``Match net: Alexandra -279, Bob +279.`` once a game is settled, and under it, when a
    match ended after its first game is won on column points by the side that pays, a line
    saying so."""
    if not any(game.settlement for game in sheet.games):
        return []
    lines = [
        _("Match net: {nets}.").format(
            nets=", ".join(f"{p} {signed(sheet.net[p])}" for p in sheet.players)
        )
    ]
    winner = sheet.winner
    if sheet.decided_by is Decision.COLUMN_POINTS and winner and sheet.net[winner] < 0:
        lines.append(
            (
                _("{winner} win on column points but pay the match net of {amount}.")
                if sheet.variant.form is Form.PARTNERSHIP
                else _("{winner} wins on column points but pays the match net of {amount}.")
            ).format(winner=winner, amount=-sheet.net[winner])
        )
    return lines


def match_result(sheet: Scoresheet) -> str:
    """``MATCH OVER: Bob wins 2 games to 1`` (or a draw, or the column sums of a short match,
    or the match net, or in Three-handed Gin the first to the target)."""
    decided_by = sheet.decided_by
    if decided_by is Decision.FIRST_TO_TARGET:
        return _("MATCH OVER: {winner} wins, the first to {target}").format(
            winner=sheet.winner, target=sheet.target
        )
    first, second = (sheet.tally[p] for p in sheet.players)
    team = sheet.variant.form is Form.PARTNERSHIP  # a team wins in the plural: "Ann & Bob win"
    if decided_by is Decision.NET:
        if sheet.winner is None:
            return _("MATCH OVER: drawn on the match net, {a:+d} to {b:+d}").format(
                a=first, b=second
            )
        return (
            _("MATCH OVER: {winner} win on the match net, {net:+d}")
            if team
            else _("MATCH OVER: {winner} wins on the match net, {net:+d}")
        ).format(winner=sheet.winner, net=sheet.net[sheet.winner])
    if decided_by is Decision.COLUMN_POINTS:
        if sheet.winner is None:
            return _("MATCH OVER: drawn, {a} to {b} column points").format(a=first, b=second)
        return (
            _("MATCH OVER: {winner} win on column points, {high} to {low}")
            if team
            else _("MATCH OVER: {winner} wins on column points, {high} to {low}")
        ).format(winner=sheet.winner, high=max(first, second), low=min(first, second))
    if sheet.winner is None:
        return ngettext(
            "MATCH OVER: drawn, {n} game each", "MATCH OVER: drawn, {n} games each", first
        ).format(n=first)
    if decided_by is Decision.ONE_GAME:
        return (
            _("MATCH OVER: {winner} win the game")
            if team
            else _("MATCH OVER: {winner} wins the game")
        ).format(winner=sheet.winner)
    return (
        _("MATCH OVER: {winner} win {won} games to {lost}")
        if team
        else _("MATCH OVER: {winner} wins {won} games to {lost}")
    ).format(winner=sheet.winner, won=max(first, second), lost=min(first, second))


def whose_hand(match_id: int, sheet: Scoresheet) -> str:
    """The line before a hand's questions: which hand of which match, who dealt."""
    coming = sheet.next_hand()
    a, b = sheet.players[:2] if coming.deal else coming.tables[0]
    said = {"number": coming.number, "id": match_id, "dealer": coming.dealer, "a": a, "b": b}
    if coming.deal:
        tables = _(" and ").join(_("{a} v {b}").format(a=a, b=b) for a, b in coming.tables)
        line = _("Deal {number} of match {id}: {a} v {b}, {dealer} dealt; to report: {tables}.")
        return line.format(tables=tables, **{**said, "number": coming.deal_number})
    if coming.sits_out:
        line = _("Hand {number} of match {id}: {a} v {b}, {dealer} dealt; {out} sits out.")
        return line.format(out=coming.sits_out, **said)
    return _("Hand {number} of match {id}: {a} v {b}, {dealer} dealt.").format(**said)


def next_deal(sheet: Scoresheet) -> str:
    """``Alexandra deals next.`` (after the match: the first hand of the next series); with
    three players ``Cid sits out; Ann deals to Ben.``"""
    coming = sheet.next_hand()
    if coming.sits_out and coming.sits_out == coming.dealer:  # dealer_sits_out
        ((a, b),) = coming.tables
        return (
            _("Next match: {dealer} sits out and deals to {a} and {b}.")
            if sheet.finished
            else _("{dealer} sits out and deals to {a} and {b}.")
        ).format(dealer=coming.dealer, a=a, b=b)
    if coming.sits_out:
        ((a, b),) = coming.tables
        return (
            _("Next match: {out} sits out; {dealer} deals to {player}.")
            if sheet.finished
            else _("{out} sits out; {dealer} deals to {player}.")
        ).format(out=coming.sits_out, dealer=coming.dealer, player=b if a == coming.dealer else a)
    if coming.deal:
        return (
            _("{dealer} deal the first hands of the next match.")
            if sheet.finished
            else _("{dealer} deal next, at both tables.")
        ).format(dealer=coming.dealer)
    if sheet.finished:
        return _("{dealer} deals the first hand of the next match.").format(dealer=coming.dealer)
    return _("{dealer} deals next.").format(dealer=coming.dealer)


class Dealt:
    """How the first dealer of a new match was decided (plain strings: every command loads
    this module, and only ``new`` asks)."""

    REMATCH = "rematch"
    """The last match's next dealer (the next series)."""
    SERIES = "series"
    """Whose deal it is after the last match between the same players."""
    RANDOM = "random"
    NAMED = "named"
    """Named on the command line."""


#: What ``new`` says of the first dealer and how that was decided: of a player, of a team.
FIRST_DEALS = {
    Dealt.REMATCH: (
        N_("{dealer} deals first, as the last match said."),
        N_("{dealer} deal first, as the last match said."),
    ),
    Dealt.SERIES: (N_("{dealer} deals first, as the last match between them said."),) * 2,
    Dealt.RANDOM: (
        N_("{dealer} deals first (chosen at random)."),
        N_("{dealer} deal first (chosen at random)."),
    ),
    Dealt.NAMED: (N_("{dealer} deals first."), N_("{dealer} deal first.")),
}


def first_deal(sheet: Scoresheet, how: str) -> str:
    """Who deals the first hand of a new match, and how that was decided: ``Ann deals first
    (chosen at random).``; with three players who sits it out, as :func:`next_deal` says."""
    coming = sheet.next_hand()
    if coming.sits_out:
        return next_deal(sheet)
    one, team = FIRST_DEALS[how]
    said = team if sheet.variant.form is Form.PARTNERSHIP else one
    return _(said).format(dealer=sheet.first_dealer)


def standing(sheet: Scoresheet, ended: Sequence[int] = ()) -> list[str]:
    """The short standing: a line per player with the column of each game in the columns now
    (``Scoresheet.in_columns``, in game order), ended games marked; a game ``ended`` by the
    change being reported is shown in its column in place of the game that opened there after
    it. Games out of their columns' order say their columns on a second heading line."""
    width = max(cells(p) for p in sheet.players)  # as wide as a terminal shows the names
    headings, rows, key = standing_cells(sheet, ended)
    size = max(cells(cell) for cell in chain(*headings, *rows)) + 2
    # a heading's lines across the games: their numbers, then (where said) their columns
    lines = [
        " " * (width + 2) + "".join(cell.rjust(size) for cell in line) for line in zip(*headings)
    ]
    for player, row in zip(sheet.players, rows):
        padding = " " * (width - cells(player))
        lines.append("  " + player + padding + "".join(cell.rjust(size) for cell in row))
    return lines + (["  " + key] if key else [])


def standing_cells(
    sheet: Scoresheet, ended: Sequence[int] = ()
) -> tuple[list[list[str]], list[list[str]], str]:
    """The short standing, however it is drawn: its headings (``Game 4``, and where the game
    is shown out of its column's place, ``column 1`` under it), a row of figures per player
    (``112*`` for a game won) and the key to the mark (empty where none is won)."""
    games = sheet.in_columns(ended)
    rows = [
        [str(game.points[p]) + ("*" if game.winner == p else "") for game in games]
        for p in sheet.players
    ]
    key = _("(* won the game)") if any(game.winner for game in games) else ""
    return game_headings(games), rows, key


def game_headings(games: Sequence[Game]) -> list[list[str]]:
    """The headings of the games in the columns, shown side by side in game order
    (``Scoresheet.in_columns``): ``Game 2``; where they are out of their columns' order, each
    with its column under it: ``Game 4``, ``column 1``."""
    moved = out_of_place(games)
    return [
        [_("Game {n}").format(n=game.number)]
        + ([_("column {n}").format(n=game.column)] if moved else [])
        for game in games
    ]


def out_of_place(games: Sequence[Game]) -> bool:
    """Whether the games in the columns, in game order, are out of their columns' order (a
    match of more games than columns: Game 4, in column 1, after Games 2 and 3): then each
    says its column where they are shown."""
    return any(game.column != place for place, game in enumerate(games, start=1))


def said_of_new_hand(before: Scoresheet, after: Scoresheet) -> list[str]:
    """What a newly recorded hand did; in Partnership Gin, a table's hand either waits for the
    other table or completes the deal."""
    if after.teams is None:
        return [round_line(after.rounds[-1])]
    if len(after.rounds) == len(before.rounds):
        waiting = next(t for t in after.pending if t.hand is None)
        return [
            _("Deal {number}, {line}").format(
                number=len(after.rounds) + 1,
                line=table_line(next(t for t in after.pending if t.hand is not None)),
            ),
            _("Waiting for the other table, {a} v {b}.").format(
                a=waiting.players[0], b=waiting.players[1]
            ),
        ]
    deal = after.rounds[-1]
    return [round_line(deal, after.teams), *("  " + table_line(t) for t in deal.tables)]


def needs(sheet: Scoresheet, number: int) -> str:
    """What an open game still needs: ``Ann needs 8, Ben needs 84`` (a team: ``need``)."""
    game = sheet.games[number - 1]
    team = sheet.variant.form is Form.PARTNERSHIP  # a team needs in the plural
    said = _("{player} need {n}") if team else _("{player} needs {n}")
    return ", ".join(said.format(player=p, n=sheet.to_go(game, p)) for p in sheet.players)


def stakes(sheet: Scoresheet) -> list[str]:
    """What the next win is worth to each player: the games it would enter, and what each
    open game still needs (players knock early or wait for gin by it: the Dutch house rules)."""
    if sheet.finished:
        return []
    if len(sheet.players) == 3:  # one game, three players: what each still needs
        return [
            _("Still to go: {needs}.").format(
                needs=", ".join(f"{p} {sheet.to_go(sheet.games[0], p)}" for p in sheet.players)
            )
        ]
    first, second = sheet.players
    return [
        _("{a}'s next win counts in {a_games}; {b}'s in {b_games}.").format(
            a=first,
            a_games=games_phrase(sheet.next_games[first]),
            b=second,
            b_games=games_phrase(sheet.next_games[second]),
        ),
        _("Still to go: {games}.").format(
            games="; ".join(
                _("Game {n} {a} {a_needs}, {b} {b_needs}").format(
                    n=game.number,
                    a=first,
                    b=second,
                    a_needs=sheet.to_go(game, first),
                    b_needs=sheet.to_go(game, second),
                )
                for game in sheet.games
                if game.open
            )
        ),
    ]


def report(before: Scoresheet, after: Scoresheet, *said: str) -> list[str]:
    """Everything said after a change: what was done, the standing, what it changed in the
    games and the match, what the next win is worth, and who deals next."""
    return [*said, *standing(after, just_ended(before, after)), *after_standing(before, after)]


def just_ended(before: Scoresheet, after: Scoresheet) -> list[int]:
    """The games a change ended: the numbers of those won after it and not before."""
    won = {game.number for game in before.games if game.winner}
    return [game.number for game in after.games if game.winner and game.number not in won]


def after_standing(before: Scoresheet, after: Scoresheet) -> list[str]:
    """What a report says under the standing: what the change did to the games and the
    match, what the next win is worth, who deals next."""
    return [*changes(before, after), *stakes(after), next_deal(after)]
