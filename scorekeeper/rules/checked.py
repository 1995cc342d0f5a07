"""The rules of a match checked (:class:`Rules`): each option within its declared range, of its
kind, and with the options it goes with (the declarations of :mod:`.options`); and how a command
line spells them."""

# No ``from __future__ import annotations`` here: typing.NamedTuple compiles string annotations.
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from typing import Any

from scorekeeper.i18n import N_, _, either, pgettext, together
from scorekeeper.rules.options import (
    CHOICES,
    DECLARED,
    DEFAULTS,
    FLAGS,
    IDLE_WITH,
    KINDS,
    NEEDS,
    NOT_WITH,
    RANGES,
    VARIANT_OPTIONS,
    VARIANTS,
    Options,
)
from scorekeeper.rules.values import VALUE_NAMES, DealerRule, DecideBy, Shutout


class RuleError(ValueError):
    """Raised when a rule option is out of range, of the wrong kind or unknown.

    It carries what was wrong: ``option``, the rule's name (``gin_bonus``), ``value``, what
    was given, and ``allowed``, what the rule takes (a ``(low, high)`` range, the choices, or
    None). Its text names the rules as the rules call them; :meth:`say` names them another way,
    as a command line spells them, say (``--gin-bonus``).
    """

    def __init__(
        self,
        template: str,
        option: str | None = None,
        value: object = None,
        allowed: object = None,
        needs: str | None = None,
        **fields: object,
    ) -> None:
        self.template, self.option, self.value, self.allowed = template, option, value, allowed
        self.needs = needs
        """The rule this one goes with, if that is what is wrong (``oklahoma``)."""
        self.fields = fields
        super().__init__(self.say(lambda name: name))

    def say(self, spell: Callable[[str], str]) -> str:
        """The message with each rule it names named by ``spell``."""
        low, high = self.allowed if isinstance(self.allowed, tuple) else (None, None)
        named = {
            field: spell(name)
            for field, name in (("option", self.option), ("needs", self.needs))
            if name
        }
        options = self.fields.get("options")
        fields = {**self.fields}
        for field in ("other", "needed"):  # a rule with its value, as a command line sets it
            given = fields.get(field)
            if isinstance(given, tuple):
                fields[field] = setting(str(given[0]), given[1], spell)
        if "game" in fields:
            fields["game"] = _(str(fields["game"]))
        if isinstance(options, list):  # several rules named
            fields["options"] = ", ".join(spell(name) for name in options)
        return _(self.template).format(
            value=self.value,
            low=low,
            high=high,
            choices=", ".join(self.allowed) if isinstance(self.allowed, list) else None,
            **fields,
            **named,
        )


class Rules(Options):
    """The options a match is played with, checked; the defaults are the ``standard`` preset.

    An immutable tuple of options: cheap to build, so that recording a hand starts fast.
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **options: Any) -> "Rules":
        given = Options(*args, **options)  # defaults filled in
        for name, (low, high) in RANGES.items():
            value = getattr(given, name)
            if value is None and DEFAULTS[name] is None:  # left to follow another rule
                continue
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise RuleError(
                    N_("{option} must be a whole number from {low} to {high}, not {value!r}."),
                    name,
                    value,
                    (low, high),
                )
        for name, kind in KINDS.items():
            if kind is bool and not isinstance(getattr(given, name), bool):
                raise RuleError(N_("{option} must be true or false."), name, getattr(given, name))
        checked = given._replace(
            **{name: _choice(enum, getattr(given, name), name) for name, enum in CHOICES.items()}
        )
        if checked.games is not None and checked.games < checked.columns:
            raise RuleError(
                N_("{option} counts the games in all: give at least the {columns} columns."),
                "games",
                checked.games,
                columns=checked.columns,
            )
        _check_together(checked)
        if checked.three_handed:
            _check_three_handed(checked)
        return super().__new__(cls, *checked)

    @property
    def game_count(self) -> int:
        """How many games the match has: ``games``, or as many as the columns."""
        return self.columns if self.games is None else self.games

    @classmethod
    def _make(cls, iterable: Iterable[Any]) -> "Rules":  # type: ignore[override]
        """Built through :meth:`__new__`: a copy made by ``_replace`` is checked too."""
        return cls(*iterable)

    def to_dict(self, as_played: bool = False) -> dict[str, Any]:
        """The rules as the JSON object of docs/cli.md (enum values as strings); a variant's options
        only appear in a match of that variant. ``as_played``: each at what it comes to, a rule
        left to follow another (``games``, the columns) too; else as given, to be read back."""
        shown = {name for head, names in VARIANTS.items() if getattr(self, head) for name in names}
        return {
            name: (value.value if isinstance(value, Enum) else value)
            for name in self._fields
            if name not in VARIANT_OPTIONS or name in shown
            for value in [in_force(self, name) if as_played else getattr(self, name)]
        }

    def options(self) -> list[str]:
        """The options a match of these rules takes, in declared order: a variant's own only in
        that variant (as :meth:`to_dict` lists them), the switches that make the kind of match
        aside.

        >>> "ace_knocks_one" in Rules().options(), "oklahoma" in Rules(oklahoma=True).options()
        (False, False)
        """
        return [name for name in self.to_dict() if name not in VARIANTS]

    def in_play(self) -> list[str]:
        """The options that decide something in a match of these rules, in declared order: a
        variant's own options only in that variant, an option only with the rules it goes with
        and without those it does not (its declaration's ``needs`` and ``not_with``), and in
        Three-handed Gin none of those it fixes but its one column (its rotation deals, and the
        first to the target wins)."""
        unused = set(THREE_HANDED_FIXED) - {"columns"} if self.three_handed else set()
        return [name for name in self.to_dict() if name not in unused and applies(self, name)]

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        """The inverse of :meth:`to_dict`; missing keys take the defaults, unknown keys are
        refused."""
        known = set(cls._fields)
        unknown = sorted(set(data) - known)
        if unknown:
            raise RuleError(
                N_("Unknown rule option {names}; the options are {known}."),
                value=unknown,
                allowed=sorted(known),
                names=", ".join(unknown),
                known=", ".join(sorted(known)),
            )
        return cls(**dict(data))

    def replace(self, **changes: Any) -> "Rules":
        """A copy with some options changed (and checked again)."""
        return self._replace(**changes)

    def over(self, **given: Any) -> "Rules":
        """These rules with the options ``given`` over them, as a person changes them: an
        option not given that the change leaves deciding nothing (``--shutout-bonus 50`` once
        the shutout is no longer a bonus) is back at its default."""
        wanted = Options(*self)._replace(**given)
        while True:  # an option put back may strand another (games, then the last game double)
            stranded = {
                name: DEFAULTS[name]
                for name in wanted._fields
                if name not in given
                and getattr(wanted, name) != DEFAULTS[name]
                and applies(self, name)
                and not applies(wanted, name)
            }
            if not stranded:
                return self._replace(**wanted._asdict())
            wanted = wanted._replace(**stranded)


#: What Three-handed Gin leaves as it is (docs/rules.md): its rotation deals, the first to
#: the target wins, and the two-player shutout rewards do not apply.
THREE_HANDED_FIXED = {
    "columns": 1,
    "next_dealer": DealerRule.LOSER,
    "decide_by": DecideBy.GAMES,
    "end_after_first_game": False,
}


def for_three(rules: Rules) -> tuple[Rules, list[str]]:
    """The rules made Three-handed Gin (docs/rules.md): what it fixes set so. Returns them
    and the options set (away from the standard rules) to another value: what of a preset does
    not apply."""
    overridden = [
        name
        for name, fixed in THREE_HANDED_FIXED.items()
        if getattr(rules, name) not in (fixed, DEFAULTS[name])
    ]
    return rules.replace(three_handed=True, **THREE_HANDED_FIXED), overridden


def refused_with_three(given: Mapping[str, object]) -> RuleError | None:
    """Why Three-handed Gin cannot take these options (by name, their values as typed), if it
    cannot: an option it fixes given another value, or a two-player shutout reward."""
    fixed = [
        name
        for name, value in THREE_HANDED_FIXED.items()
        if name in given and given[name] != getattr(value, "value", value)
    ]
    if fixed:
        return RuleError(
            N_(
                "Three-handed Gin is played on one column, the loser sitting out and the "
                "player who sat out dealing, until one player reaches the target: leave out "
                "{options}."
            ),
            options=fixed,
        )
    if given.get("shutout") in (Shutout.POINTS.value, Shutout.TOTAL.value):
        return RuleError(
            N_(
                "With three players a shutout is paid as the game bonus once more or as the "
                "shutout bonus: give {option} game_bonus, bonus or none, not {value}."
            ),
            "shutout",
            given["shutout"],
        )
    return None


def applies(rules: Options, name: str) -> bool:
    """Whether an option decides something under ``rules``: each rule it goes with as it needs
    it, and none it does not go with so (its declaration's ``needs``, ``not_with`` and
    ``idle_with``)."""
    return idle_because(rules, name) is None


def idle_because(rules: Options, name: str) -> tuple[str, object, bool] | None:
    """What leaves an option deciding nothing under ``rules``: a rule it needs, with the value
    it needs (and True), or a rule it does not go with, with its value (and False); None where
    it decides something.

    >>> idle_because(Rules(), "shutout_bonus"), idle_because(Rules(), "last_game_double")
    (('shutout', <Shutout.BONUS: 'bonus'>, True), None)
    """
    for other, value in NEEDS[name]:
        if in_force(rules, other) != value:
            return other, value, True
    for other, value in IDLE_WITH[name]:
        if in_force(rules, other) == value:
            return other, value, False
    return None


def idle_warning(rules: Options, name: str) -> str:
    """The ``Warning:`` that an option given decides nothing under ``rules`` (which hold it),
    naming what leaves it so, as a command line sets it.

    >>> idle_warning(Rules(oklahoma=True, oklahoma_limit="lower"), "oklahoma_limit")[:60]
    'Warning: --oklahoma-limit lower decides nothing with --knock'
    """
    because = idle_because(rules, name)
    assert because is not None, f"{name} decides something"
    other, value, needed = because
    return (
        _("Warning: {option} decides nothing without {other}; it is kept all the same.")
        if needed
        else _("Warning: {option} decides nothing with {other}; it is kept all the same.")
    ).format(option=spelled(name, getattr(rules, name)), other=setting(other, value, option_name))


def in_force(rules: Options, name: str) -> object:
    """What a rule comes to: ``games`` left at its default is the number of columns."""
    value = getattr(rules, name)
    return rules.columns if name == "games" and value is None else value


def _check_together(rules: Options) -> None:
    """Refuse an option set away from its default where the rules it goes with are not so, or
    where a rule it does not go with is (the declarations' ``needs`` and ``not_with``)."""
    for name, value in zip(rules._fields, rules):
        if value == DEFAULTS[name]:
            continue
        for other, wanted in NEEDS[name]:
            if in_force(rules, other) == wanted:
                continue
            if other == DECLARED[name].variant:
                raise RuleError(
                    N_("{option} is a rule of {game}; add {needs}.")
                    if other in FLAGS
                    else N_("{option} is a rule of {game}, which three players play."),
                    name,
                    value,
                    needs=other,
                    game=DECLARED[other].label,
                )
            if wanted == DEFAULTS[other]:  # the other was turned from it: the two clash
                raise RuleError(
                    N_("{option} does not go with {other}; leave one of them out."),
                    name,
                    value,
                    other=(other, in_force(rules, other)),
                )
            raise RuleError(
                N_("{option} goes with {needed}; add it."), name, value, needed=(other, wanted)
            )
        for other, refused in NOT_WITH.get(name, ()):
            if in_force(rules, other) == refused:
                raise RuleError(
                    N_("{option} does not go with {other}; leave one of them out."),
                    name,
                    value,
                    other=(other, refused),
                )


#: How a rule's value is said where the command line has no option that sets it so.
SAID_SETTINGS: dict[tuple[str, object], str] = {
    ("three_handed", True): N_("three players"),
    ("games", 1): N_("one game"),
}


def setting(name: str, value: object, spell: Callable[[str], str]) -> str:
    """A rule with a value, as ``spell`` names rules: ``--shutout bonus``, ``--oklahoma``,
    ``three players``.

    >>> setting("shutout", Shutout.BONUS, option_name), setting("games", 1, lambda n: n)
    ('--shutout bonus', 'one game')
    """
    if (name, value) in SAID_SETTINGS:
        return _(SAID_SETTINGS[name, value])
    if spell is option_name:
        return spelled(name, value)
    return f"{spell(name)} {getattr(value, 'value', value)}"


def goes_with(name: str) -> str:
    """What an option goes with and what not, as its help says it (its declaration's ``needs``
    beyond its variant, and ``not_with``): ``With --shutout bonus.``; empty for most.

    >>> goes_with("spades_double_boxes"), goes_with("target")
    ('Not with --no-spades-double.', '')
    """
    needs = [(o, v) for o, v in NEEDS[name] if o != DECLARED[name].variant]
    clash = [(o, not v) for o, v in needs if v == DEFAULTS[o]]  # the default's flag turned off
    said = []
    if wanted := [setting(o, v, option_name) for o, v in needs if v != DEFAULTS[o]]:
        said.append(_("With {options}.").format(options=together(wanted)))
    if refused := [setting(o, v, option_name) for o, v in [*clash, *NOT_WITH.get(name, ())]]:
        said.append(_("Not with {options}.").format(options=either(refused)))
    return " ".join(said)


def _check_three_handed(rules: Options) -> None:
    for name, fixed in THREE_HANDED_FIXED.items():
        if getattr(rules, name) != fixed:
            raise RuleError(
                N_(
                    "Three-handed Gin is played on one column, the loser sitting out and the "
                    "player who sat out dealing, until one player reaches the target: it takes "
                    "no {option} {value}."
                ),
                name,
                getattr(getattr(rules, name), "value", getattr(rules, name)),
            )
    if rules.shutout in (Shutout.POINTS, Shutout.TOTAL):
        raise RuleError(
            N_(
                "With three players a shutout is paid as the game bonus once more (game_bonus), "
                "as the shutout bonus (bonus) or not at all (none); {option} {value} is a "
                "two-player rule."
            ),
            "shutout",
            rules.shutout.value,
            [Shutout.GAME_BONUS.value, Shutout.BONUS.value, Shutout.NONE.value],
        )


def _choice(enum: type[Enum], value: object, name: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        raise RuleError(
            N_("{option} must be one of {choices}, not {value!r}."),
            name,
            value,
            [member.value for member in enum],
        ) from None


def option_name(field: str) -> str:
    """The command-line spelling of a rule option: ``gin_bonus`` -> ``--gin-bonus``, and a
    yes-or-no option as its flag turns it from its default: ``--no-spades-double``.

    >>> option_name("gin_bonus"), option_name("spades_double"), option_name("end_after_first_game")
    ('--gin-bonus', '--no-spades-double', '--end-after-first-game')
    """
    if field in FLAGS:
        return spelled(field, not DEFAULTS[field])
    return "--" + field.replace("_", "-")


def option_names(field: str) -> str:
    """Every command-line spelling of a rule option: a yes-or-no option's two flags.

    >>> option_names("gin_bonus"), option_names("last_game_double"), option_names("oklahoma")
    ('--gin-bonus', '--last-game-double / --no-last-game-double', '--oklahoma')
    """
    if field in FLAGS:
        return " / ".join(flag for flag in FLAGS[field] if flag)
    return option_name(field)


def spelled(field: str, value: object) -> str:
    """How a command line sets a rule option to ``value``: ``--target 75``, ``--shutout none``,
    ``--end-after-first-game``, ``--play-all-games``, ``--no-spades-double`` (values as they
    are typed, in every language).

    >>> spelled("shutout", Shutout.NONE), spelled("end_after_first_game", False)
    ('--shutout none', '--play-all-games')
    """
    if isinstance(value, bool) and field in FLAGS:
        on, off = FLAGS[field]
        return on if value or off is None else off
    return f"{option_name(field)} {getattr(value, 'value', value)}"


def said_value(rules: Options, name: str) -> str:
    """A rule's value in force as the rules table and the report of a change say it: yes or
    no, a number, or a named value in words in the language, never as the option takes it
    (``each_hand``).

    >>> said_value(Rules(), "boxes_when"), said_value(Rules(), "games")
    ('at game end', '3')
    >>> said_value(Rules(), "last_game_double"), said_value(Rules(), "next_dealer")
    ('no', 'loser')
    """
    value = in_force(rules, name)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, Enum):
        return pgettext(*VALUE_NAMES[value])
    return str(value)


def rules_changed(before: Options, after: Options) -> list[str]:
    """What a change of the rules changed, a rule at a time, as the rules table names the rules
    and says their values (a rule left to follow another, as ``games`` follows the columns,
    only where it was set).

    >>> rules_changed(Rules(), Rules(gin_bonus=20, tie="knocker"))
    ['Gin bonus: 20 (was 25)', 'A tied knock: knocker wins (was undercut)']
    """
    return [
        _("{rule}: {value} (was {was})").format(rule=_(DECLARED[name].label), value=now, was=was)
        for name in after._fields
        if getattr(before, name) != getattr(after, name)
        and (was := said_value(before, name)) != (now := said_value(after, name))
    ]
