"""The package's layout keeps its promises (docs/development.md, How the code is laid out):
modules of one job and a readable size, no import circle, the domain below the store and the
command line, and the rule options read only by the rules and the engine."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

import scorekeeper
from scorekeeper.rules import Rules

PACKAGE = Path(scorekeeper.__file__).parent


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = modules()


def run_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node of a module that can run: all but the bodies of ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            yield from (n for orelse in node.orelse for n in [orelse, *run_time_nodes(orelse)])
            continue
        yield node
        yield from run_time_nodes(node)


def imported(name: str, types_too: bool = False) -> set[str]:
    """The package's modules a module imports when it runs, at its top or inside a function
    (with ``types_too``, those it imports only for its type hints as well)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree) if types_too else run_time_nodes(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1]
            module = ".".join([*base, node.module or ""]).strip(".") if node.level else node.module
            for alias in node.names:
                whole = f"{module}.{alias.name}"
                found.add(whole if whole in MODULES else str(module))
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("import_module"):
            # importlib.import_module(f"scorekeeper.commands.{module}"): any module it can name
            named = ast.unparse(node.args[0]).strip("f'\"").partition("{")[0]
            found |= {module for module in MODULES if module.startswith(named)}
    return {module for module in found if module in MODULES and module != name}


@functools.cache
def graph() -> dict[str, set[str]]:
    """What each module of the package imports (worked out by the tests that ask, once)."""
    return {name: imported(name) for name in MODULES}


def reached(name: str) -> set[str]:
    """Every module of the package a module brings in, directly or through others."""
    seen: set[str] = set()
    todo = [name]
    while todo:
        for module in graph()[todo.pop()] - seen:
            seen.add(module)
            todo.append(module)
    return seen


def test_no_module_but_the_card_solver_is_over_600_lines() -> None:
    long = {
        name: lines
        for name, path in MODULES.items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > 600
    }
    assert set(long) <= {"scorekeeper.cards"}, long


def test_no_import_circle() -> None:
    circles = sorted(name for name in MODULES if name in reached(name))
    assert circles == [], {name: sorted(graph()[name]) for name in circles}


def test_the_web_has_no_import_circle_even_for_type_hints() -> None:
    # A module that names another's type only for mypy still depends on it: the two would be
    # one piece of code split in two files.
    typed = {name: imported(name, types_too=True) for name in MODULES}
    circles = []
    for name in (name for name in MODULES if name.startswith("scorekeeper.web")):
        seen: set[str] = set()
        todo = [name]
        while todo:
            for module in typed[todo.pop()] - seen:
                seen.add(module)
                todo.append(module)
        if name in seen:
            circles.append(name)
    assert circles == []


def test_the_graph_sees_imports_inside_functions() -> None:
    # The command line loads a command's module only when it runs; the graph must see that.
    assert "scorekeeper.commands.recording" in graph()["scorekeeper.cli"]
    assert "scorekeeper.render.sheet" in graph()["scorekeeper.commands.reading"]


@pytest.mark.parametrize(
    "module",
    [
        "scorekeeper.engine",
        "scorekeeper.rules",
        "scorekeeper.match",
        "scorekeeper.facts",
        "scorekeeper.stats",
        "scorekeeper.messages",
        "scorekeeper.exchange",
        *(name for name in MODULES if name.startswith("scorekeeper.render.")),
    ],
)
def test_the_domain_and_its_drawing_import_no_store_and_no_command(module: str) -> None:
    above = {
        name
        for name in reached(module)
        if name.startswith(("scorekeeper.store", "scorekeeper.commands", "scorekeeper.cli"))
    }
    assert above == set()


def test_the_engine_and_the_rules_are_pure() -> None:
    for module in ("scorekeeper.engine", "scorekeeper.rules"):
        below = {name.split(".")[1] for name in reached(module)}
        assert below <= {"engine", "cards", "rules", "i18n"}  # cards: the deadwood solver


def rule_reads(path: Path) -> list[str]:
    """Where a module reads a rule option off a set of rules (``rules.oklahoma``) or sets one
    (``Rules(target=...)``, ``rules.replace(target=...)``)."""
    options = set(Rules._fields)
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in options:
            owner = ast.unparse(node.value).rpartition(".")[2]
            if "rules" in owner.lower():
                found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
        if not isinstance(node, ast.Call):
            continue
        called = ast.unparse(node.func)
        setting = any(keyword.arg in options for keyword in node.keywords)
        if setting and called.rpartition(".")[2] in ("Rules", "replace", "_replace"):
            found.append(f"{path.name}:{node.lineno} {called}(...)")
    return found


def test_no_rule_option_is_named_outside_the_rules_and_the_engine() -> None:
    outside = [
        read
        for name, path in MODULES.items()
        if name.split(".")[1:2] not in (["rules"], ["engine"])
        for read in rule_reads(path)
    ]
    assert outside == []


def test_the_check_for_rule_options_finds_them(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("def f(match, rules):\n    return match.rules.oklahoma, Rules(target=50)\n")
    assert rule_reads(module) == ["module.py:2 match.rules.oklahoma", "module.py:2 Rules(...)"]


def test_the_web_imports_nothing_of_the_command_line() -> None:
    # The page is a client of scorekeeper.table and the engine, as the terminal is; only
    # 'serve' (commands/serving.py) imports the web, to start it.
    for module in (name for name in MODULES if name.startswith("scorekeeper.web")):
        above = {
            name
            for name in reached(module)
            if name.startswith(("scorekeeper.commands", "scorekeeper.cli"))
        }
        assert above == set(), module


def test_the_phone_app_reaches_only_the_modules_its_site_packs() -> None:
    # The phone app's Python runs in the browser from the zip app/site.py packs: what it
    # imports is packed, and nothing of the command line or serve's server. The store is
    # named only inside the use cases the app never runs (watching a match, a series' dealer).
    from fnmatch import fnmatch

    from scorekeeper.app.site import MODULES as PACKED

    packed = {
        name
        for name, path in MODULES.items()
        if any(fnmatch(path.relative_to(PACKAGE).as_posix(), glob) for glob in PACKED)
    }
    for module in ("scorekeeper.app.main", "scorekeeper.app.screens"):
        unpacked = {
            name
            for name in reached(module) - packed
            if not name.startswith("scorekeeper.store") and name != "scorekeeper.paths"
        }
        assert unpacked == set(), module


def outside_imports(name: str) -> set[str]:
    """The top-level packages outside scorekeeper a module imports (``click``, ``starlette``)."""
    found = set()
    for node in run_time_nodes(ast.parse(MODULES[name].read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.split(".")[0])
    return found - {"scorekeeper", "__future__"}


def test_the_use_cases_know_no_click_and_no_http() -> None:
    reaches = {"scorekeeper.table", *reached("scorekeeper.table")}
    assert not {
        name for name in reaches if name.startswith(("scorekeeper.commands", "scorekeeper.web"))
    }
    # i18n alone knows of click, to make click speak the language; the use cases do not.
    clients = {
        package for name in reaches - {"scorekeeper.i18n"} for package in outside_imports(name)
    }
    assert not clients & {"click", "starlette", "uvicorn", "rich"}


#: The stand-ins for the variant: what a screen would branch on instead of asking the engine
#: (the teams, a three-handed seating, a half-reported deal, a player count of 3). The engine's
#: own answers (the next hand, held as ``coming`` wherever it is read; a match's ``form``) are
#: no stand-ins, nor is an object's own field read by its own code (``self.teams``).
STAND_INS = {"teams", "seating", "pending", "sits_out"}


def stand_ins(path: Path) -> list[str]:
    """Where a module branches on a stand-in for the variant: reads one in a condition (of an
    ``if``, a conditional expression, a ``while`` or a comprehension), or counts its players.
    Reading the teams to write them out is no branch."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    conditions: list[ast.expr] = []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.IfExp, ast.While)):
            conditions.append(node.test)
        elif isinstance(node, ast.comprehension):
            conditions.extend(node.ifs)
        elif isinstance(node, ast.Compare):
            left = ast.unparse(node.left)
            counted = [
                c for c in node.comparators if isinstance(c, ast.Constant) and c.value in (2, 3, 4)
            ]
            if left.startswith("len(") and "players" in left and counted:
                found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    for condition in conditions:
        for node in ast.walk(condition):
            if isinstance(node, ast.Attribute) and node.attr in STAND_INS:
                owner = ast.unparse(node.value)
                if owner != "self" and not (node.attr == "sits_out" and owner == "coming"):
                    found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    return found


#: Who still branches on the stand-ins, and how often at most (the number may only go down):
#: only what draws a sheet, a deal's two tables, the table still to report, who sat a hand out.
#: (The command line, the drawing, the page and the store are counted more strictly below.)
STILL_READ = {
    "scorekeeper.render.log": 1,
    "scorekeeper.messages": 2,  # and the last hand's line for the page's first screen
    "scorekeeper.exchange": 7,  # the JSON and CSV written out
}


def test_no_screen_branches_on_a_stand_in_for_the_variant() -> None:
    read = {
        name: found
        for name, path in MODULES.items()
        if name.split(".")[1:2] not in (["rules"], ["engine"]) and (found := stand_ins(path))
    }
    over = {name: found for name, found in read.items() if len(found) > STILL_READ.get(name, 0)}
    assert over == {}


#: What stands in for the variant, read where a screen decides something: the teams, a
#: three-handed seating, a half-reported deal, who sits out, a match's form or the forms
#: themselves, the kinds of game, a settlement each with each, the number of games, and the
#: names commonly bound from them (``partners``, ``three``). A module's own bare names bound
#: from one of these, or from a count of the players, are stand-ins too.
VARIANT_WORDS = {
    *STAND_INS,
    "form",
    "Form",
    "FORMS",
    "variant",
    "oklahoma",
    "straight",
    "three_handed",
    "partnership",
    "each_with_each",
    "game_count",
    "partners",
    "three",
}
#: Where the variant may be decided: the rules declare it and the engine plays it.
DECIDERS = (["rules"], ["engine"])
#: The faces (the phone app's among them) and the store, which ask the declarations and the
#: sheet instead, at most so often.
FACES = ("commands", "render", "web", "app", "store")
MOST_VARIANT_BRANCHES = 10


def counts_players(node: ast.AST) -> bool:
    """A count of the players compared with a number: ``len(players) == 3``, ``.players == 3``."""
    if not isinstance(node, ast.Compare):
        return False
    sides = [node.left, *node.comparators]
    number = any(
        isinstance(side, ast.Constant) and type(side.value) is int and side.value in (2, 3, 4)
        for side in sides
    )
    words = ("players", "teams", "partners", "tables", "dealers", "may_deal")
    return number and any(word in ast.unparse(side) for side in sides for word in words)


def names_the_variant(node: ast.AST, bound: set[str]) -> bool:
    """Whether an expression reads a stand-in for the variant (not an object's own field)."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Attribute) and inner.attr in VARIANT_WORDS:
            if ast.unparse(inner.value) != "self":
                return True
        elif isinstance(inner, ast.Name) and inner.id in VARIANT_WORDS | bound:
            return True
        elif isinstance(inner, ast.Constant) and inner.value in VARIANT_WORDS - {"form"}:
            return True  # kind["three_handed"]
        elif counts_players(inner):
            return True
    return False


def decisions(scope: ast.AST) -> Iterator[ast.expr]:
    """What a piece of code decides on: the tests of ``if``, conditional expressions, ``while``,
    ``assert`` and comprehensions, and every comparison and boolean expression."""
    for node in ast.walk(scope):
        if isinstance(node, (ast.If, ast.IfExp, ast.While, ast.Assert)):
            yield node.test
        elif isinstance(node, ast.comprehension):
            yield from node.ifs
        elif isinstance(node, (ast.Compare, ast.BoolOp)) or (
            isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
        ):
            yield node


def bound_from_the_variant(scope: ast.AST) -> set[str]:
    """The names a piece of code binds from a stand-in (``three = ... players == 3``,
    ``partners = last.teams``), and from those, until no more are found."""
    bound: set[str] = set()
    while True:
        more = set()
        for node in ast.walk(scope):
            pairs: list[tuple[ast.expr, ast.expr | None]] = []
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                        pairs += zip(target.elts, node.value.elts, strict=False)
                    else:
                        pairs.append((target, node.value))
            elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)):
                pairs.append((node.target, node.value))
            read = (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Attribute, ast.Name, ast.Subscript)
            more |= {
                target.id
                for target, value in pairs
                if isinstance(target, ast.Name)
                and isinstance(value, read)
                and names_the_variant(value, bound)
            }
        if more <= bound:
            return bound
        bound |= more


def variant_branches(path: Path) -> dict[int, str]:
    """Each line of a module that decides on the variant, with what it decides on; names bound
    from a stand-in are followed within each function (and at the module's top)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    functions = [
        node
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
    ]
    scopes: list[ast.AST] = [tree, *functions]
    found: dict[int, str] = {}
    for scope in scopes:
        bound = bound_from_the_variant(scope) if scope is not tree else set()
        for decided in decisions(scope):
            if names_the_variant(decided, bound):
                found.setdefault(decided.lineno, ast.unparse(decided))
    return found


def test_the_faces_and_the_store_ask_the_declarations_of_the_variant() -> None:
    # The rules declare each form and kind of game (what it asks of the names, the options it
    # fixes and refuses), the engine plays it and the sheet says what to draw: the command
    # line, the drawing, the page and the store ask them, and seldom decide for themselves.
    found = {
        f"{name}:{line}": said
        for name, path in MODULES.items()
        if name.split(".")[1:2] and name.split(".")[1] in FACES
        for line, said in variant_branches(path).items()
    }
    assert len(found) <= MOST_VARIANT_BRANCHES, found


def test_the_check_for_variant_branches_finds_them(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        "def f(self, sheet, kind, base, given):\n"
        "    three = given is not None or base.players == 3\n"
        "    partners = sheet.teams\n"
        "    if three or self.form:\n"
        "        return 1 if partners else 2\n"
        "    games = sheet.rules.game_count\n"
        "    x = [g for g in sheet.games if g.settlement.each_with_each]\n"
        "    return kind['three_handed'] or sheet.variant.form is Form.PARTNERSHIP, games > 1\n"
        "def g(games, sheet):\n"
        "    return [n for n in games if n > 1], sheet.rules.columns > 1, len(sheet.players) == 3\n"
    )
    assert variant_branches(module) == {
        2: "given is not None or base.players == 3",
        4: "three or self.form",
        5: "partners",
        7: "g.settlement.each_with_each",
        8: "kind['three_handed'] or sheet.variant.form is Form.PARTNERSHIP",
        10: "len(sheet.players) == 3",
    }


def functions_over(most: int) -> list[str]:
    """Every function of the package longer than ``most`` lines."""
    return [
        f"{name}.{node.name}: {node.end_lineno - node.lineno + 1}"  # type: ignore[operator]
        for name, path in MODULES.items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        and node.end_lineno - node.lineno + 1 > most  # type: ignore[operator]
    ]


def test_no_function_is_over_100_lines() -> None:
    assert functions_over(100) == []


def test_the_check_for_stand_ins_finds_them(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        "def f(self, sheet, coming):\n"
        "    if sheet.teams or coming.sits_out or self.teams:\n"
        "        return [r for r in sheet.rounds if r.seating.sits_out]\n"
        "    return sheet.teams, sheet.seating if sheet.pending else 0, len(sheet.players) == 3\n"
    )
    assert sorted(stand_ins(module)) == [
        "module.py:2 sheet.teams",
        "module.py:3 r.seating",
        "module.py:3 r.seating.sits_out",
        "module.py:4 len(sheet.players) == 3",
        "module.py:4 sheet.pending",
    ]


def test_the_web_imports_no_click() -> None:
    # The page speaks HTTP; click is the command line's (i18n alone knows of it, to make click
    # speak the language).
    web = {name for name in MODULES if name.startswith("scorekeeper.web")}
    reaches = web.union(*(reached(name) for name in web)) - {"scorekeeper.i18n"}
    assert {name for name in reaches if "click" in outside_imports(name)} == set()
