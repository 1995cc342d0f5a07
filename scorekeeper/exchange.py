"""Machine-readable shapes of a match (docs/cli.md): ``show --json``, the CSV sheet, the JSON
export.

These never change with the language a person reads the app in.
"""

from __future__ import annotations

import json
from typing import Any

from scorekeeper.engine import Entry, Game, Hand, Round, Scoresheet, TableHand
from scorekeeper.facts import check_keys, facts_uuid, from_json, read_match
from scorekeeper.i18n import _
from scorekeeper.match import Match

#: What an exported match file says it is.
FORMAT, VERSION = "scorekeeper-match", 1
#: The largest file ``import`` reads; a real match is a few kilobytes.
MAX_IMPORT_BYTES = 1_000_000


def sheet_json(match_id: int, sheet: Scoresheet, abandoned: bool = False) -> dict[str, Any]:
    """The ``show --json`` object (a partnership match adds its teams and the half-reported
    deal's tables, a three-handed one who sits out next, an abandoned one ``"abandoned":
    true``)."""
    partnership = (
        {
            "teams": [list(team) for team in sheet.teams],
            "pending": [_table_json(t) for t in sheet.pending],
        }
        if sheet.teams
        else {}
    )
    return {
        "id": match_id,
        "players": list(sheet.players),
        **partnership,
        "rules": sheet.rules.to_dict(as_played=True),
        "rounds": [_round_json(r, sheet.variant.oklahoma) for r in sheet.rounds],
        "games": [_game_json(g, sheet.gin_bonus_aside) for g in sheet.games],
        "finished": sheet.finished,
        **({"abandoned": True} if abandoned else {}),
        "winner": sheet.winner,
        "net": dict(sheet.net),
        "next_dealer": sheet.next_dealer,
        **({"sits_out_next": sheet.seating.sits_out} if sheet.seating else {}),
    }


def _hand_json(hand: Hand | None, won: bool) -> dict[str, Any]:
    return {
        "knocker": hand.knocker if hand and won else None,
        "knocker_deadwood": hand.knocker_deadwood if hand and won else None,
        "opponent_deadwood": hand.opponent_deadwood if hand and won else None,
    }


def _round_json(r: Round, oklahoma: bool = False) -> dict[str, Any]:
    """One round of ``show --json``; an Oklahoma hand adds its up-card, a deal its tables."""
    return {
        "number": r.number,
        "kind": r.kind.value,
        "dealer": r.dealer,
        **_hand_json(r.hand, r.winner is not None),
        "winner": r.winner,
        "points": r.points,
        "games": list(r.games),
        **({"upcard": r.hand.upcard if r.hand else None} if oklahoma else {}),
        **({"tables": [_table_json(t) for t in r.tables]} if r.tables else {}),
        **(
            {"players": list(r.seating.players), "sits_out": r.seating.sits_out}
            if r.seating
            else {}
        ),
    }


def _table_json(table: TableHand) -> dict[str, Any]:
    return {
        "players": list(table.players),
        "kind": table.kind.value if table.kind else None,
        **_hand_json(table.hand, table.winner is not None),
        "upcard": table.hand.upcard if table.hand else None,
        "winner": table.winner,
        "points": table.points,
    }


def _game_json(game: Game, aside: bool) -> dict[str, Any]:
    """One game of ``show --json``; its settlement's lines have ``gin_bonus`` where gin
    bonuses are kept ``aside`` for the settlement, and ``doubled`` in a last game that counts
    double."""
    settlement: dict[str, Any] | None = None
    if game.settlement is not None:
        settlement = {
            player: {
                "points": line.points,
                "box_bonus": line.box_bonus,
                **({"gin_bonus": line.gin_bonus} if aside else {}),
                "game_bonus": line.game_bonus,
                "shutout": line.shutout,
                "total": line.total,
                **({"doubled": True} if line.doubled else {}),
            }
            for player, line in game.settlement.lines.items()
        }
        three = len(game.settlement.nets) == 3
        settlement["net"] = dict(game.settlement.nets) if three else game.settlement.net
    return {
        "number": game.number,
        "column": game.column,
        "open": game.open,
        "points": dict(game.points),
        "boxes": dict(game.boxes),
        "winner": game.winner,
        "settlement": settlement,
    }


def export_json(match: Match) -> str:
    """The lossless export: the match's uuid, players, rules, first dealer, every hand ever
    recorded and every change made to the match (in the names of ``new``, as the store keeps
    them)."""
    header, hands, changes = match.facts()
    return (
        json.dumps(
            {
                "format": FORMAT,
                "version": VERSION,
                "uuid": match.uuid,
                **header,
                "hands": hands,
                "changes": changes,
            },
            ensure_ascii=False,
            indent=2,
        )
        + "\n"
    )


def parse_export(content: bytes) -> Match:
    """Read an exported match (id 0 until stored); raises ValueError saying what is wrong."""
    if len(content) > MAX_IMPORT_BYTES:
        raise ValueError(
            _("the file is larger than {most} bytes; a match export is a few kilobytes").format(
                most=MAX_IMPORT_BYTES
            )
        )
    data = from_json(content)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(
            _('it is not a scorekeeper match export (no "format": "{format}")').format(
                format=FORMAT
            )
        )
    if data.get("version") != VERSION:
        raise ValueError(
            _("it is export version {found!r}; this scorekeeper reads version {known}").format(
                found=data.get("version"), known=VERSION
            )
        )
    check_keys(
        data,
        ("format", "version", "players", "first_dealer"),
        ("rules", "created", "description", "teams", "hands", "uuid", "changes"),
        _("the file"),
        True,
    )
    hands, changes = data.get("hands", []), data.get("changes", [])
    if not isinstance(hands, list):
        raise ValueError(_("'hands' must be a list"))
    if not isinstance(changes, list):
        raise ValueError(_("'changes' must be a list"))
    match = read_match(0, data, hands, changes=changes)
    match.uuid = match.uuid or facts_uuid(match)
    match.forget_sheet()  # an import of a thousand files holds each until it is stored
    return match


def _table_text(table: TableHand) -> str:
    """One table of a deal for the CSV, the same in every language:
    ``Ann v Cid: knock Ann 5 v 20 (up-card 7♥), Ann +15``."""
    hand = table.hand
    assert hand is not None and table.kind is not None
    text = f"{table.players[0]} v {table.players[1]}: {table.kind.value}"
    if hand.entry is not Entry.WALL:
        text += f" {hand.knocker} {hand.knocker_deadwood} v {hand.opponent_deadwood}"
    if hand.upcard:
        text += f" (up-card {hand.upcard})"
    return text + (f", {table.winner} +{table.points}" if table.winner else "")


def _neutral(cell: object) -> object:
    """A text cell a spreadsheet cannot run as a formula (OWASP CSV injection advice)."""
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + cell
    return cell


def csv_rows(sheet: Scoresheet) -> list[list[object]]:
    """The paper sheet as rows: a header, a row per hand, the settlement rows, the winner.

    An Oklahoma match adds an ``upcard`` column, a three-handed one a ``sits_out`` column
    after it (who sat the hand out), a partnership match a ``tables`` column saying what
    happened at each table of a deal."""
    games = range(sheet.rules.game_count)
    header: list[object] = [
        "hand",
        "dealer",
        "outcome",
        "knocker",
        "knocker_deadwood",
        "opponent_deadwood",
        "winner",
        "points",
        "games",
    ]
    header += [f"{player} game {game + 1}" for player in sheet.players for game in games]
    extra = (
        (["upcard"] if sheet.variant.oklahoma and not sheet.teams else [])
        + (["sits_out"] if sheet.seating else [])
        + (["tables"] if sheet.teams else [])
    )
    rows = [header + extra]
    for r in sheet.rounds:
        hand = _round_json(r, sheet.variant.oklahoma)
        rows.append(
            [
                r.number,
                r.dealer,
                r.kind.value,
                hand["knocker"],
                hand["knocker_deadwood"],
                hand["opponent_deadwood"],
                r.winner,
                r.points,
                " ".join(map(str, r.games)),
                *(
                    r.totals[player][game] if game < len(r.totals[player]) else None
                    for player in sheet.players
                    for game in games
                ),
                *([hand["upcard"]] if "upcard" in extra else []),
                *([hand["sits_out"]] if "sits_out" in extra else []),
                *(["; ".join(map(_table_text, r.tables))] if sheet.teams else []),
            ]
        )

    opened = {game.number: game for game in sheet.games}

    def settlement_row(label: str, figure: Any) -> list[object]:
        cells = [
            figure(game, player) if game and game.settlement is not None else None
            for player in sheet.players
            for game in (opened.get(number + 1) for number in games)
        ]
        return [label, *[None] * 8, *cells, *[None] * len(extra)]

    rows.append(settlement_row("boxes", lambda g, p: g.boxes[p]))
    rows.append(settlement_row("box bonus", lambda g, p: g.settlement.lines[p].box_bonus))
    if sheet.gin_bonus_aside:
        rows.append(settlement_row("gin bonus", lambda g, p: g.settlement.lines[p].gin_bonus))
    rows.append(settlement_row("game bonus", lambda g, p: g.settlement.lines[p].game_bonus))
    rows.append(settlement_row("shutout", lambda g, p: int(g.settlement.lines[p].shutout)))
    rows.append(settlement_row("total", lambda g, p: g.settlement.lines[p].total))
    rows.append(settlement_row("net", lambda g, p: g.settlement.net_of(p)))
    blank = [None] * (len(sheet.players) * len(games) + len(extra))
    match_net: list[object] = [None] * len(blank)
    for index, player in enumerate(sheet.players):
        match_net[index * len(games)] = sheet.net[player]  # the player's game 1 column
    rows.append(["match net", *[None] * 8, *match_net])
    rows.append(["winner", *[None] * 5, sheet.winner, None, None, *blank])
    return [[_neutral(cell) for cell in row] for row in rows]
