"""A run's findings as a person reads them, in Spanish or English: the sentence of each finding,
its measure and what that compares, its figure, its severity and that severity's colour; the lines
that reconcile a card's forced-draw effect with its ablation worth; and the findings of a run
folder put together for the console, the report, the Markdown summary and the dashboard.

Every word comes from the catalog (sim.report.language, FINDINGS_TEXT), every number from
sim.report.formatting, and every figure from sim.analysis.findings, so the four places say the
same thing. Severity has its own colours, never green: an imbalance is not good news, and a
finding that is not a problem is grey.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl

from sim.analysis.findings import (
    Finding, balance_folder, companion_run, read_balance_record, reconcile_cards, run_findings,
)
from sim.analysis.ablation import ablation_impact
from sim.analysis.forced_draw import forced_draw_effect
from sim.report.balance_figures import figure_label, target_text
from sim.core.errors import InputError
from sim.core.ruleset import get_ruleset
from sim.report.formatting import config_in_words, count, percent, percent_with_interval, signed_points_with_interval
from sim.report.language import stall_cause, t

# severity -> colour (hex): red, amber, grey; rich styles and the report and dashboard badges share them
SEVERITY_COLOURS = {"high": "#c62828", "medium": "#d98200", "info": "#757575"}
RATE_MEASURES = frozenset({"side_win_rate", "field_win_rate", "matchup_win_rate", "cycle_weakest_edge",
                           "turn_cap_share", "level_figure", "convergence_share", "match_win_rate", "story_clear_chance"})
FILLER_STATS = re.compile(r"(\d+)\D{0,8}/\D{0,8}(\d+)")  # "5/5", "Fuerza 3 / Vital 4": a vanilla card's numbers


def side_names(manifest: Mapping[str, Any]) -> dict[str, str]:
    """Each side label and faction id of the run -> the name a person reads: a label the spec gives
    as written; a faction id, and a label that is one (a round robin's default), the name its card
    file gives ("japon" -> "Japón"); a file that no longer reads leaves the id."""
    spec = manifest.get("spec") or {}
    labels = {side.get("label") or side.get("faction"): side.get("faction") for side in spec.get("side", [])}
    for config in (manifest.get("configs") or {}).values():
        for side in config.get("sides", []):
            labels.setdefault(side.get("label"), side.get("faction"))
    try:
        ruleset = get_ruleset(str(manifest.get("ruleset") or spec.get("ruleset")))
    except InputError:
        return {}
    cards_dir = ruleset.cards_dir
    if spec.get("cards_dir"):
        cards_dir = (Path(str(manifest.get("spec_path", "."))).parent / spec["cards_dir"]).resolve()
    names: dict[str, str] = {}
    for faction in {f for f in labels.values() if f}:
        try:
            names[faction] = str(ruleset.load_cards(faction, cards_dir).label or faction)
        except (InputError, OSError, ValueError):
            continue
    given = {label: label for label, faction in labels.items() if label is not None and label != faction}
    # a label the spec left out of a two-sided spec is "A:<faction id>" (sim.core.match.default_label)
    defaults = {label: f"{label[:2]}{names[faction]}" for label, faction in labels.items()
                if label in (f"A:{faction}", f"B:{faction}") and faction in names}
    return names | given | defaults


@dataclass(frozen=True)
class Names:
    """The words for a run's sides and configs: a label's name, and a config id with its labels'."""

    words: Mapping[str, str] = field(default_factory=dict)

    def __call__(self, text: Any) -> str:
        return self.words.get(str(text), str(text))

    def config(self, config_id: str | None, lang: str = "en") -> str:
        """A config in words (formatting.config_in_words), its sides by their names: "Arañas contra
        Ciempiés", "sin AR-01", "lado A: presupuesto = 130"."""
        if config_id is None:
            return ""
        return config_in_words(str(config_id), lang, self.words)


def severity_word(severity: str, lang: str) -> str:
    return t(f"severity_{severity}", lang)


def _value(f: Finding, value: float | None, low: float | None = None, high: float | None = None,
           lang: str = "en") -> str:
    """A figure of the finding in its unit: a rate in percent, a difference in signed points, as
    `lang` writes numbers."""
    if f.measure in RATE_MEASURES:
        return percent_with_interval(value, low, high, lang=lang)
    return signed_points_with_interval(value, low, high, lang=lang)


def finding_figure(f: Finding, lang: str) -> str:
    """"+54.8 pts [+54.5, +55.2], n = 100,000 seat-mirrored pairs"."""
    if f.kind == "balance_proposal":
        return t("findings_figure", lang, value=percent_with_interval(f.estimate, f.low, f.high, lang=lang)
                 if abs(f.neutral) > 0.05 else signed_points_with_interval(f.estimate, f.low, f.high, lang=lang),
                 n=count(f.n, lang), unit=t("unit_games", lang))
    return t("findings_figure", lang, value=_value(f, f.estimate, f.low, f.high, lang=lang), n=count(f.n, lang), unit=t(f"unit_{f.unit}", lang))


def finding_measure(f: Finding, lang: str) -> str:
    """The measure's name and what it compares with what."""
    return t(f"measure_{f.measure}", lang)


def filler_words(filler: str | None, lang: str) -> str:
    """A vanilla filler as the sentences say it: "vanilla 9/9" (the numbers its description gives,
    "Relleno (18): 9/9, no double block or attack"), or "vanilla card" (a filler without them: a
    técnica that does nothing); the tables name the filler in full."""
    _, _, rest = str(filler or "").partition(":")
    stats = FILLER_STATS.search(rest)
    return t("filler_with_stats", lang, stats=f"{stats[1]}/{stats[2]}") if stats else t("filler_plain", lang)


def card_words(details: Mapping[str, Any]) -> str:
    return " ".join(x for x in (details.get("card_id"), details.get("card_name")) if x)


def _where(f: Finding, lang: str, names: Names) -> str:
    """"In china~japon, " before a sentence of a run with several configs ("With hard 8x2 / hard 8x2
    agents, " in a sweep over agent levels); nothing otherwise."""
    if not (f.details.get("many") and f.config):
        return ""
    if f.details.get("level"):
        return t("findings_at_level", lang, level=f.details["level"])
    return t("findings_in_config", lang, config=names.config(f.config, lang))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def finding_sentence(f: Finding, lang: str, names: Names | None = None) -> str:
    """The finding in one sentence of `lang`."""
    names = names or Names()
    d = f.details
    where = _where(f, lang, names)
    if f.kind == "first_player" and d.get("pooled"):
        text = t("finding_first_player_pooled", lang, pooled=d["pooled"],
                 rate=percent_with_interval(d["rate"], d["rate_low"], d["rate_high"], lang=lang),
                 points=_value(f, f.estimate, f.low, f.high, lang=lang), n=count(f.n, lang), unit=t(f"unit_{f.unit}", lang),
                 largest=names.config(d["largest"], lang),
                 largest_points=_value(f, d["largest_value"], d["largest_low"], d["largest_high"], lang=lang))
        if d.get("at_level"):
            text = t("findings_at_level", lang, level=d["at_level"]) + text[:1].lower() + text[1:]
    elif f.kind == "first_player":
        text = t("finding_first_player", lang, where=where, rate=percent_with_interval(d["rate"], d["rate_low"], d["rate_high"], lang=lang),
                 points=_value(f, f.estimate, f.low, f.high, lang=lang), n=count(f.n, lang), unit=t(f"unit_{f.unit}", lang))
    elif f.kind == "side":
        text = t("finding_side", lang, where=where, a=names(d["a"]), b=names(d["b"]), rate=_value(f, f.estimate, f.low, f.high, lang=lang),
                 n=count(f.n, lang), wins=count(d["wins"], lang), losses=count(d["losses"], lang), draws=count(d["draws"], lang))
    elif f.kind in ("field", "level_strength"):
        text = t(f"finding_{f.kind}", lang, a=names(d["a"]), rate=_value(f, f.estimate, f.low, f.high, lang=lang), sides=d["sides"],
                 n=count(f.n, lang))
    elif f.kind == "matchup":
        text = t("finding_matchup", lang, a=names(d["a"]), b=names(d["b"]), rate=_value(f, f.estimate, f.low, f.high, lang=lang),
                 n=count(f.n, lang))
    elif f.kind == "cycle":
        a, b, c = (names(x) for x in d["labels"])
        ab, bc, ca = (percent(x, lang=lang) for x in d["rates"])
        text = t("finding_cycle", lang, a=a, b=b, c=c, ab=ab, bc=bc, ca=ca)
    elif f.kind == "card_effect":
        seen = t("finding_card_seen", lang, seen=percent(d["seen"], lang=lang)) if d.get("seen") is not None else ""
        text = t("finding_card_effect", lang, card=card_words(d), label=names(d["label"]),
                 effect=_value(f, f.estimate, f.low, f.high, lang=lang), n=count(f.n, lang), seen=seen)
        if d.get("per_changed") is not None:
            text += t("finding_card_per_changed", lang, changed=percent(d["changed"], lang=lang),
                      effect=_value(f, d["per_changed"], d.get("per_changed_low"), d.get("per_changed_high"), lang=lang))
    elif f.kind == "cost_mismatch":
        key = "finding_cost_strong" if (f.estimate or 0.0) > 0 else "finding_cost_weak"
        text = t(key, lang, card=card_words(d), label=names(d["label"]), filler=filler_words(d.get("filler"), lang),
                 worth=_value(f, f.estimate, f.low, f.high, lang=lang), n=count(f.n, lang))
    elif f.kind == "stall":
        reasons = ", ".join(t(f"stall_{reason}", lang, k=count(k, lang)) for reason, k in d["reasons"].items())
        text = t("finding_stall", lang, where=where, share=_value(f, f.estimate, f.low, f.high, lang=lang), count=count(d["count"], lang),
                 n=count(f.n, lang), reasons=reasons) + _decided_words(d, lang, names)
    elif f.kind == "budget_fall":
        text = t("finding_budget_fall", lang, a=names(d["a"]), b=names(d["b"]), diff=_value(f, f.estimate, f.low, f.high, lang=lang),
                 low=d["budget_from"], high=d["budget_to"], n=count(f.n, lang))
    elif f.kind == "level_change":
        text = t("finding_level_change", lang, figure=_capital(t(f"level_figure_{d['figure']}", lang)),
                 first=percent_with_interval(d["first_value"], d["first_low"], d["first_high"], lang=lang),
                 first_level=d["first_level"], value=_value(f, f.estimate, f.low, f.high, lang=lang), level=d["level"],
                 flag=t(f"level_flag_{d['flag']}", lang))
        if d.get("decided") is not None:
            text += t("finding_level_decided", lang, first=percent_with_interval(*d["first_decided"], lang=lang),
                      first_n=count(d["first_decided_n"], lang), first_level=d["first_level"],
                      value=percent_with_interval(*d["decided"], lang=lang), n=count(d["decided_n"], lang),
                      level=d["level"], first_cap=percent_with_interval(*d["first_cap"], lang=lang),
                      cap=percent_with_interval(*d["cap"], lang=lang))
    elif f.kind == "convergence":
        text = t("finding_convergence", lang, conclusion=conclusion_words(d["conclusion"], d["a"], d["b"], lang, names),
                 verdict=t(f"verdict_{d['verdict']}", lang), previous_level=d["previous_level"], level=d["level"],
                 before=percent(d["before"], lang=lang), after=percent_with_interval(*d["after"], lang=lang),
                 change=_value(f, f.estimate, f.low, f.high, lang=lang), n=count(f.n, lang), unit=t(f"unit_{f.unit}", lang))
    elif f.kind == "convergence_summary":
        text = t("finding_convergence_summary", lang, previous_level=d["previous_level"], level=d["level"],
                 stable=d["stable"], total=d["total"])
        if d.get("cap") is not None:  # a figure may hold because the games stop ending
            text += t("finding_convergence_capped", lang, level=d["level"], share=percent_with_interval(*d["cap"], lang=lang))
    elif f.kind == "level_stall":
        longer = "".join(t("finding_level_stall_longer", lang, turns=turns,
                           share=percent_with_interval(share, low, high, lang=lang))
                         for turns, share, low, high in d["longer"])
        ending = {True: "finding_level_stall_stuck", False: "finding_level_stall_cut",
                  None: "finding_level_stall_alone"}[d["stuck"]]
        text = t("finding_level_stall", lang, level=d["level"], share=_value(f, f.estimate, f.low, f.high, lang=lang),
                 turns=d["turn_cap"], n=count(f.n, lang), longer=longer) + t(ending, lang)
        cause = stall_cause(d.get("ruleset"), lang) if d["stuck"] else ""
        text += f" {cause}" if cause else ""
    elif f.kind == "sweep_change":
        text = t("finding_sweep_change", lang, config=names.config(f.config, lang), diff=_value(f, f.estimate, f.low, f.high, lang=lang),
                 n=count(f.n, lang))
    elif f.kind == "match":
        text = t("finding_match", lang, where=where, a=names(d["a"]), b=names(d["b"]),
                 rate=_value(f, f.estimate, f.low, f.high, lang=lang), n=count(f.n, lang))
    elif f.kind == "story":
        text = t("finding_story", lang, where=where, a=names(d["a"]), stages=d["stages"],
                 rate=_value(f, f.estimate, f.low, f.high, lang=lang), n=count(f.n, lang))
    elif f.kind == "balance_proposal":
        figures = "; ".join(t("finding_balance_figure", lang, label=figure_label(item, lang), value=_objective_value(item, lang),
                              target=target_text(item, lang)) for item in d["figures"])
        confirmation = d.get("confirmation")
        if confirmation:  # chosen on the held-out seed among several: said on the seed that confirmed it
            key = "finding_balance_confirmed_met" if d["met"] else "finding_balance_confirmed_missed"
            text = t(key, lang, rank=d["rank"], edits=d["edits"], among=confirmation["among"], seed=d["seed"],
                     fresh=confirmation["seed"], games=count(confirmation["games"], lang), figures=figures)
        else:
            key = "finding_balance_met" if d["met"] else "finding_balance_missed"
            text = t(key, lang, rank=d["rank"], edits=d["edits"], seed=d["seed"], games=count(d["confirm_games"], lang),
                     figures=figures)
    else:
        raise ValueError(f"no sentence for findings of kind {f.kind!r}")
    return _capital(text)


def conclusion_words(conclusion: str, a: str | None, b: str | None, lang: str, names: Names | None = None) -> str:
    """A [levels] run's conclusion in words (sim.analysis.convergence): "Arañas's win rate against
    Ciempiés", "The first player's win rate"."""
    names = names or Names()
    return t(f"convergence_{conclusion}", lang, a=names(a) if a else "", b=names(b) if b else "")


def _decided_words(d: Mapping[str, Any], lang: str, names: Names) -> str:
    """A stall finding's decided games, when games were drawn at the cap: the first player's win rate
    among them (and its edge over the second player, 2·rate − 1) beside the ½-scored one, then each
    side's (a two-sided config) beside theirs."""
    if d.get("decided") is None:
        return ""
    rate, low, high = d["first"]
    text = t("finding_stall_decided", lang, decided=count(d["decided"], lang),
             first=percent_with_interval(rate, low, high, lang=lang),
             points=signed_points_with_interval(2 * rate - 1, 2 * low - 1, 2 * high - 1, lang=lang),
             first_half=percent_with_interval(*d["first_half"], lang=lang))
    if d.get("a") is not None:
        text += t("finding_stall_sides", lang, a=names(d["a"]), b=names(d["b"]),
                  a_rate=percent_with_interval(*d["a_decided"], lang=lang),
                  b_rate=percent_with_interval(*d["b_decided"], lang=lang), a_half=percent(d["a_half"], lang=lang),
                  b_half=percent(d["b_half"], lang=lang))
    return text + "."


def _objective_value(item: Mapping[str, Any], lang: str = "en") -> str:
    """A balance objective's figure: a win rate in percent, an advantage or a card effect in points."""
    if item.get("value") is None:
        return "-"
    if item["figure"] in ("win_rate", "field_win_rate"):
        return percent_with_interval(item["value"], item.get("low"), item.get("high"), lang=lang)
    return signed_points_with_interval(item["value"], item.get("low"), item.get("high"), lang=lang)


def reconcile_sentence(row: Mapping[str, Any], lang: str, label: str) -> str:
    """One card whose forced-draw effect and ablation worth disagree, in words (sim.analysis.findings
    .reconcile_cards): strong when drawn yet weaker than a vanilla card of its cost, or the reverse,
    or ranked far apart."""
    fields = dict(card=card_words(row), label=label, filler=filler_words(row["filler"], lang),
                  effect=signed_points_with_interval(row["effect"], row["effect_low"], row["effect_high"], lang=lang),
                  worth=signed_points_with_interval(row["worth"], row["worth_low"], row["worth_high"], lang=lang))
    if row["disagreement"] == "sign":
        key = "reconcile_strong_drawn" if row["effect"] > 0 else "reconcile_weak_drawn"
        return t(key, lang, **fields)
    return t("reconcile_rank", lang, forced_rank=row["forced_rank"], ablation_rank=row["ablation_rank"],
             cards=row["cards"], **fields)


@dataclass(frozen=True)
class Reconciliation:
    """The cards of a run whose forced-draw effect and ablation worth disagree (`rows`:
    sim.analysis.findings.RECONCILE_SCHEMA), and which runs each measure came from."""

    rows: pl.DataFrame
    forced_run: str
    ablation_run: str
    labels: Mapping[int, str]

    def lines(self, lang: str, names: Names | None = None) -> list[str]:
        names = names or Names()
        return [reconcile_sentence(r, lang, names(self.labels.get(r["side"], ""))) for r in self.rows.iter_rows(named=True)]

    def note(self, lang: str) -> str:
        return t("reconcile_note", lang, forced_run=self.forced_run, ablation_run=self.ablation_run)


def reconciliation(run_dir: Path, manifest: Mapping[str, Any], tables: Mapping[str, pl.DataFrame] | None = None,
                   companion: tuple[Path, dict[str, Any]] | None = None) -> Reconciliation | None:
    """The run's forced draw and ablation reconciled: the run's own measure and the other one from
    its companion run (sim.analysis.findings.companion_run, or `companion` when the caller has it);
    None when the run measures neither, or no companion holds the other."""
    companion = companion or companion_run(run_dir, manifest)
    if companion is None:
        return None
    other_dir, other = companion
    tables = tables or {}
    if manifest["spec"].get("impact") is not None:
        forced_dir, forced_manifest, ablation_dir, ablation_manifest = run_dir, manifest, other_dir, other
        forced = tables.get("forced_draw")
        ablation = None
    else:
        forced_dir, forced_manifest, ablation_dir, ablation_manifest = other_dir, other, run_dir, manifest
        forced = None
        ablation = tables.get("ablation")
    forced = forced if forced is not None else forced_draw_effect(forced_dir, dict(forced_manifest))
    ablation = ablation if ablation is not None else ablation_impact(ablation_dir, dict(ablation_manifest))
    side = int(ablation_manifest["spec"]["ablation"]["side"]) - 1
    rows = reconcile_cards(forced, ablation, side)
    labels = {i: s["label"] for i, s in enumerate(ablation_manifest["configs"]["base"]["sides"])}
    return Reconciliation(rows, str(forced_manifest.get("run", Path(forced_dir).name)),
                          str(ablation_manifest.get("run", Path(ablation_dir).name)), labels)


@dataclass(frozen=True)
class RunFindings:
    """Everything the summary of a run says first: its ranked findings, the names to say them with,
    and the cards reconciled (when a companion run measured them the other way)."""

    findings: list[Finding]
    names: Names
    reconciled: Reconciliation | None = None

    def rows(self, lang: str) -> list[dict[str, str]]:
        """One dict per finding, as every display shows it: severity (its word), colour, sentence,
        measure, figure."""
        return [{"severity": f.severity, "severity_word": severity_word(f.severity, lang),
                 "colour": SEVERITY_COLOURS[f.severity], "sentence": finding_sentence(f, lang, self.names),
                 "measure": finding_measure(f, lang), "figure": finding_figure(f, lang), "kind": f.kind,
                 "subject": f.subject} for f in self.findings]

    def reconcile_lines(self, lang: str) -> list[str]:
        return self.reconciled.lines(lang, self.names) if self.reconciled is not None and self.reconciled.rows.height else []


def findings_inputs(tables: Mapping[str, pl.DataFrame]) -> dict[str, pl.DataFrame]:
    """sim.report.export.report_tables' tables in the analysis functions' own columns (its levels
    table renames value, low and high for the report's formatting)."""
    out = dict(tables)
    if "levels" in out and "level_rate" in out["levels"].columns:
        out["levels"] = out["levels"].rename({"level_rate": "value", "level_rate_low": "low", "level_rate_high": "high"})
    return out


def read_run_findings(run_dir: Path, manifest: Mapping[str, Any],
                      tables: Mapping[str, pl.DataFrame] | None = None) -> RunFindings:
    """The findings of a run folder, with the balance search beside it (a [balance] spec's) and the
    companion run that measured its cards the other way, when there are."""
    run_dir = Path(run_dir)
    inputs = findings_inputs(tables or {})
    folder = balance_folder(run_dir, manifest)
    record = read_balance_record(folder) if folder is not None else None
    found = run_findings(run_dir, manifest, inputs, balance_record=record)
    return RunFindings(found, Names(side_names(manifest)), reconciliation(run_dir, manifest, inputs))


def findings_markdown(run_dir: Path, manifest: Mapping[str, Any], lang: str,
                      tables: Mapping[str, pl.DataFrame] | None = None) -> str:
    """The summary as Markdown, for a team's tracker or chat (`sim report --format md`): the run in
    one line, each finding with its severity, sentence, measure and figure, and the reconciled cards."""
    read = read_run_findings(run_dir, manifest, tables)
    spec = manifest["spec"]
    lines = [f"# {t('findings_summary_heading', lang, run=manifest['run'])}", "",
             f"{spec.get('description') or spec.get('name', '')} — {t('report_ruleset', lang)} {manifest['ruleset']} "
             f"{manifest['ruleset_version']}; {t('report_seed', lang)} {manifest['seed']}; "
             f"{t('report_games_per_config', lang)} {count(manifest['games'], lang)}; "
             f"{t('report_configs', lang)} {len(manifest['configs'])}", "",
             f"## {t('findings_heading', lang)}", ""]
    rows = read.rows(lang)
    if not rows:
        lines.append(t("findings_none", lang))
    for k, row in enumerate(rows, 1):
        lines.append(f"{k}. **{row['severity_word']}** — {row['sentence']}  ")
        lines.append(f"   _{row['measure']}_: {row['figure']}")
    lines += ["", f"_{t('findings_note', lang)}_"]
    reconciled = read.reconcile_lines(lang)
    if reconciled:
        lines += ["", f"## {t('reconcile_heading', lang)}", ""]
        lines += [f"- {line}" for line in reconciled]
        lines += ["", f"_{read.reconciled.note(lang)}_"]
    return "\n".join(lines) + "\n"

