"""Hypothesis strategies for the rules, derived from the options' declarations
(scorekeeper/rules/options.py): a new option is drawn from its range, its choices or yes and no
without a line here, and the options it goes with (or not) are kept consistent as declared."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.rules import (
    CHOICES,
    DECLARED,
    DEFAULTS,
    KINDS,
    NEEDS,
    NOT_WITH,
    RANGES,
    THREE_HANDED_FIXED,
    Options,
    RuleError,
    Rules,
    Shutout,
    in_force,
)

#: Narrower ranges where the declared one would make matches too long to finish in a property.
NARROWER = {"target": (10, 150)}


def option_values(name: str) -> st.SearchStrategy[Any]:
    """Every value an option may take, as declared."""
    if name in CHOICES:
        return st.sampled_from(list(CHOICES[name]))
    if KINDS[name] is bool:
        return st.booleans()
    low, high = NARROWER.get(name, RANGES[name])
    values = st.integers(low, high)
    return st.one_of(st.none(), values) if DEFAULTS[name] is None else values


@st.composite
def rules(draw: st.DrawFn, /, **fixed: Any) -> Rules:
    """Rules with every option drawn (those given in ``fixed`` as given: a value or a strategy),
    each option that does not go with the others put back to its default, as declared."""
    values = {
        name: draw(given) if isinstance(given, st.SearchStrategy) else given
        for name in DECLARED
        for given in (fixed.get(name, option_values(name)),)
    }
    if values["three_handed"]:
        values.update({n: v for n, v in THREE_HANDED_FIXED.items() if n not in fixed})
        if values["shutout"] in (Shutout.POINTS, Shutout.TOTAL):  # two-player rewards
            values["shutout"] = DEFAULTS["shutout"]
    if values["games"] is not None and values["games"] < values["columns"]:
        values["games"] = None
    for _round in range(3):  # an option put back can free or bind another
        drawn = Options(**values)  # not checked yet
        for name in DECLARED:
            if name in fixed or values[name] == DEFAULTS[name]:
                continue
            clashes = [in_force(drawn, o) != v for o, v in NEEDS[name]] + [
                in_force(drawn, o) == v for o, v in NOT_WITH.get(name, ())
            ]
            if any(clashes):
                values[name] = DEFAULTS[name]
    try:
        return Rules(**values)
    except RuleError:
        from hypothesis import reject

        reject()
