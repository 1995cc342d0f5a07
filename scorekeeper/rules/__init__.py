"""The rules of a match: its options, each declared once (:mod:`.options`) with the values they
take (:mod:`.values`), checked together (:mod:`.checked`), and the named presets
(:mod:`.presets`)."""

from typing import TYPE_CHECKING, Any

from scorekeeper.rules.checked import (
    THREE_HANDED_FIXED,
    RuleError,
    Rules,
    applies,
    for_three,
    goes_with,
    idle_warning,
    in_force,
    option_name,
    option_names,
    refused_with_three,
    rules_changed,
    said_value,
    spelled,
)
from scorekeeper.rules.forms import FORMS, GAME_KINDS, Form, Seats, asked_form, split_team
from scorekeeper.rules.options import (
    CHOICES,
    DECLARED,
    DEFAULTS,
    FLAGS,
    IDLE_WITH,
    KINDS,
    LATER_OPTIONS,
    NEEDS,
    NOT_WITH,
    RANGES,
    VARIANT_OPTIONS,
    VARIANTS,
    Option,
    Options,
)
from scorekeeper.rules.values import (
    VALUE_NAMES,
    BoxesWhen,
    DealerRule,
    DecideBy,
    GinBonusWhen,
    OklahomaLimit,
    Shutout,
    ShutoutWhen,
    Tie,
)

if TYPE_CHECKING:
    from scorekeeper.rules.presets import PRESETS, Preset, named_preset, preset


def __getattr__(name: str) -> Any:
    """The presets, built when first asked for: recording a hand or drawing the sheet needs
    none of them."""
    if name in ("PRESETS", "Preset", "named_preset", "preset"):
        from scorekeeper.rules import presets

        return getattr(presets, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CHOICES",
    "DECLARED",
    "DEFAULTS",
    "FLAGS",
    "FORMS",
    "GAME_KINDS",
    "IDLE_WITH",
    "KINDS",
    "LATER_OPTIONS",
    "NEEDS",
    "NOT_WITH",
    "PRESETS",
    "RANGES",
    "THREE_HANDED_FIXED",
    "VALUE_NAMES",
    "VARIANTS",
    "VARIANT_OPTIONS",
    "BoxesWhen",
    "DealerRule",
    "DecideBy",
    "Form",
    "GinBonusWhen",
    "OklahomaLimit",
    "Option",
    "Options",
    "Preset",
    "RuleError",
    "Rules",
    "Seats",
    "Shutout",
    "ShutoutWhen",
    "Tie",
    "applies",
    "asked_form",
    "for_three",
    "goes_with",
    "idle_warning",
    "in_force",
    "named_preset",
    "option_name",
    "option_names",
    "preset",
    "refused_with_three",
    "rules_changed",
    "said_value",
    "spelled",
    "split_team",
]
