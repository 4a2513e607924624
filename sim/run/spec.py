"""Experiment specs: the TOML files in experiments/ that designers write and run.

A spec names the ruleset, what one unit of work is (a game, a story run or a best-of-three match),
how many units, the run seed, the two sides (faction, budget, drafter, play agent, agent weights)
and any rule-parameter overrides. Every problem is reported with the file and the field.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from sim.core.cards import read_toml
from sim.core.errors import InputError

AGENTS = ("random", "greedy")
MAX_GAMES = 10_000_000_000  # units per config; the CLI's --games shares the bound
MAX_SIDES = 8  # sides of a round robin (36 matchups)
MAX_SEED = 2**63 - 1  # seeds fit a signed 64-bit integer (manifests, Parquet, numba)


class SideSpec(BaseModel):
    """One side of the table ([[side]] in the spec)."""

    model_config = ConfigDict(extra="forbid")

    faction: str = Field(min_length=1)
    label: str | None = None
    budget: int | None = Field(None, ge=0, le=999)
    draft: Literal["random", "greedy"] = "greedy"
    agent: Literal["random", "greedy"] = "greedy"
    weights: dict[str, float] = Field(default_factory=dict)


class ExperimentSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    name: str = Field(pattern=r"^[A-Za-z0-9_.-]+$", min_length=1, max_length=80)
    description: str = ""
    ruleset: str
    kind: Literal["games", "story", "best_of_three"] = "games"
    games: int = Field(ge=1, le=MAX_GAMES, description="units of work: games, story runs or matches")
    seed: int = Field(ge=0, le=MAX_SEED)
    seats: Literal["mirrored", "fixed"] = "mirrored"
    chunk_size: int | None = Field(None, ge=1, le=10_000_000)
    cards_dir: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    matchups: Literal["sides", "round_robin"] = Field(
        "sides", description="sides: the two [[side]] tables play each other; round_robin: every pair of the "
        "[[side]] tables, mirrors included, each pair one config (a matchup matrix)")
    sides: list[SideSpec] = Field(alias="side", min_length=2, max_length=MAX_SIDES)

    @model_validator(mode="after")
    def _two_sides_unless_round_robin(self) -> "ExperimentSpec":
        if self.matchups == "sides" and len(self.sides) != 2:
            raise ValueError(f"{len(self.sides)} [[side]] tables: a spec has two, or any number up to "
                             f"{MAX_SIDES} with matchups = \"round_robin\"")
        return self


@dataclass(frozen=True)
class Experiment:
    """A validated spec and where it came from (card paths resolve against the spec's folder)."""

    spec: ExperimentSpec
    path: Path

    @property
    def cards_dir(self) -> Path | None:
        if self.spec.cards_dir is None:
            return None
        return (self.path.parent / self.spec.cards_dir).resolve()

    def matchup_experiments(self) -> dict[str, "Experiment"]:
        """The configs this spec asks for, by config id: "base" for a two-sided spec; for a round
        robin, one per pair of sides i <= j (mirrors included), named "<label i>~<label j>"."""
        spec = self.spec
        if spec.matchups == "sides":
            return {"base": self}
        names = [s.label or s.faction for s in spec.sides]
        if len(set(names)) != len(names):
            raise InputError(f"{self.path}: side: a round robin needs a distinct label (or faction) per [[side]]; "
                             f"got {', '.join(names)}")
        configs = {}
        for i in range(len(spec.sides)):
            for j in range(i, len(spec.sides)):
                pair = [spec.sides[i].model_copy(update={"label": spec.sides[i].label or names[i]}),
                        spec.sides[j].model_copy(update={"label": spec.sides[j].label or names[j]})]
                sub = spec.model_copy(update={"sides": pair, "matchups": "sides"})
                configs[f"{names[i]}~{names[j]}"] = Experiment(sub, self.path)
        return configs

    def spec_dict(self) -> dict:
        return self.spec.model_dump(by_alias=True, mode="json")

    def spec_hash(self) -> str:
        text = json.dumps(self.spec_dict(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def load_spec(path: Path, games: int | None = None, seed: int | None = None) -> Experiment:
    """Read and validate a spec; `games` and `seed` override the file's values (CLI flags)."""
    path = Path(path)
    if path.is_dir():
        raise InputError(f"{path}: is a folder; give an experiment spec file (.toml)")
    data = read_toml(path)
    if games is not None:
        data["games"] = games
    if seed is not None:
        data["seed"] = seed
    return load_spec_dict(data, path)


def load_spec_dict(data: dict[str, Any], source: Path) -> Experiment:
    """Validate an already-parsed spec, e.g. the copy a run's manifest keeps, so a run can be
    replayed from its own record even after the spec file was edited.

    `source` is where the spec came from: it names the place in error messages, and a relative
    `cards_dir` resolves against its folder, exactly as for the original file."""
    path = Path(source)
    try:
        spec = ExperimentSpec.model_validate(data)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            loc = list(err["loc"])
            if loc and loc[0] == "side" and len(loc) > 1 and isinstance(loc[1], int):
                loc = [f"side[{loc[1] + 1}]"] + loc[2:]
            field = ".".join(str(p) for p in loc) or "(spec)"
            lines.append(f"{path}: {field}: {err['msg']}")
        raise InputError("\n".join(lines)) from None
    from sim.rulesets import get_ruleset  # the registry imports the rulesets; spec stays light

    get_ruleset(spec.ruleset, source=str(path))
    return Experiment(spec, path)


def dump_spec(spec: dict) -> str:
    """Pretty JSON of a spec, for manifests and messages."""
    return json.dumps(spec, indent=2, ensure_ascii=False)


def side_label(side: SideSpec, index: int) -> str:
    return side.label or f"{'AB'[index]}:{side.faction}"


def describe(spec: ExperimentSpec) -> dict[str, Any]:
    """A compact description for tables and reports."""
    return {
        "name": spec.name,
        "ruleset": spec.ruleset,
        "kind": spec.kind,
        "games": spec.games,
        "seed": spec.seed,
        "sides": [side_label(s, i) for i, s in enumerate(spec.sides)],
    }
