"""Rule parameters: every number a rule gives is a parameter whose default is the source's value.

A ruleset declares its parameters as a pydantic model (field default = the source's number, field
description = the rule id and words). A spec's `[params]` table overrides them by name; an unknown
name or a bad value is an InputError naming the spec file and the parameter. Values are taken as
the spec wrote them (the models are strict): "60" is not 60, "no" or 0 is not false, nan is refused.
"""

from __future__ import annotations

import hashlib
import json
from enum import IntEnum
from typing import Mapping, TypeVar

import numpy as np
from pydantic import BaseModel, ValidationError

from sim.core.errors import InputError, as_written, field_path

Params = TypeVar("Params", bound=BaseModel)


def resolve_params(model: type[Params], overrides: dict, source: str) -> Params:
    """The ruleset's defaults with the spec's overrides applied, validated."""
    unknown = sorted(set(overrides) - set(model.model_fields))
    if unknown:
        known = ", ".join(sorted(model.model_fields))
        raise InputError(f"{source}: params: unknown parameter(s) {', '.join(unknown)}; known: {known}")
    try:
        return model.model_validate(overrides)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            field = field_path(err["loc"])
            # a swept value lands here too: the value shows which point of the sweep it was
            given = f" (got {as_written(err['input'])})" if field and not isinstance(err.get("input"), dict) else ""
            lines.append(f"{source}: params{'.' + field if field else ''}: {err['msg']}{given}")
        raise InputError("\n".join(lines)) from None


def kernel_vector(params: BaseModel, slots: type[IntEnum], named: Mapping[IntEnum, str] | None = None,
                  derived: Mapping[IntEnum, int] | None = None) -> np.ndarray:
    """The int64 vector the kernels read, one slot per member of `slots`: a slot holds the parameter of
    its own name in lower case (a bool as 0 or 1), or of the name `named` gives it, or the value
    `derived` computes for it. A slot no parameter fills is a programming error, said at once."""
    vector = np.zeros(len(slots), np.int64)
    for slot in slots:
        if derived and slot in derived:
            vector[slot] = derived[slot]
            continue
        name = (named or {}).get(slot, slot.name.lower())
        if name not in type(params).model_fields:
            raise AssertionError(f"{slots.__name__}.{slot.name}: no parameter {name!r} fills this kernel slot")
        vector[slot] = int(getattr(params, name))
    return vector


def params_hash(params: BaseModel) -> str:
    """A short hash of the resolved parameters, recorded in every manifest."""
    text = json.dumps(params.model_dump(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]
