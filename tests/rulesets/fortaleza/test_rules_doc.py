"""rules.md against the code: every function it names as `module.function` is defined there, and its
file table is the import order (each file imports only from the files above it, so the rules never
import the agents)."""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

PACKAGE = "sim.rulesets.fortaleza"
ROOT = Path(__file__).resolve().parents[3]
PACKAGE_DIR = ROOT / "sim" / "rulesets" / "fortaleza"
RULES_MD = PACKAGE_DIR / "rules.md"
TESTS_DIR = Path(__file__).resolve().parent

# `legal.can_attack`, `sim.core.forced_draw.force_card`, `Field.NAME_ID`; not file names (`agents.py`)
POINTER = re.compile(r"`([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)`")
FILE_SUFFIXES = {"py", "toml", "md", "txt"}


def pointers(text: str) -> list[str]:
    return sorted({m for m in POINTER.findall(text) if m.rsplit(".", 1)[1] not in FILE_SUFFIXES})


def resolves(pointer: str) -> bool:
    """Whether the pointer names something defined where it says, not merely imported there: a
    top-level name of one of the package's modules (`legal.list_actions`) or of a module of `sim`
    (`sim.core.forced_draw.force_card`), a test function beside this file
    (`test_invariants.test_golden_trace`), or a name in constants (`Field.NAME_ID`); names after the
    first are attributes of it (`constants.Weight.LIFE`)."""
    parts = pointer.split(".")
    if parts[0].startswith("test_"):
        module, names = TESTS_DIR / f"{parts[0]}.py", parts[1:]
        return len(names) == 1 and module.exists() and names[0] in _defined(module)
    if parts[0] == "sim":
        for cut in range(len(parts) - 1, 0, -1):
            path = ROOT.joinpath(*parts[:cut]).with_suffix(".py")
            if path.exists():
                return _defined_with(".".join(parts[:cut]), path, parts[cut:])
        return False
    if (PACKAGE_DIR / f"{parts[0]}.py").exists():
        return _defined_with(f"{PACKAGE}.{parts[0]}", PACKAGE_DIR / f"{parts[0]}.py", parts[1:])
    return _defined_with(f"{PACKAGE}.constants", PACKAGE_DIR / "constants.py", parts)


def _defined(path: Path) -> set[str]:
    """The names a module's own top level defines: functions, classes and assigned names."""
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _defined_with(module: str, path: Path, names: list[str]) -> bool:
    if not names or names[0] not in _defined(path):
        return False
    obj = getattr(importlib.import_module(module), names[0])
    for name in names[1:]:
        if not hasattr(obj, name):
            return False
        obj = getattr(obj, name)
    return True


def file_table(text: str) -> list[str]:
    """The module names of the file table's rows, top to bottom (the data rows, cards/*.toml, left out)."""
    return [m for m in re.findall(r"^\| `(\w+)\.py` \|", text, flags=re.MULTILINE)]


def package_imports(path: Path) -> set[str]:
    """The package modules a file imports, wherever in the file the import stands."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(PACKAGE + "."):
                found.add(node.module.split(".")[3])
            elif node.module == PACKAGE:
                found.update(alias.name for alias in node.names if (PACKAGE_DIR / f"{alias.name}.py").exists())
        elif isinstance(node, ast.Import):
            found.update(a.name.split(".")[3] for a in node.names if a.name.startswith(PACKAGE + "."))
    return found


def backward_imports(order: list[str]) -> list[str]:
    """Imports of a file from itself or a file below it in `order`, as "importer -> imported"."""
    rank = {name: i for i, name in enumerate(order)}
    return sorted(f"{name} -> {imported}" for name in order
                  for imported in package_imports(PACKAGE_DIR / f"{name}.py") if rank.get(imported, -1) >= rank[name])


def test_the_pointer_reader_tells_a_real_function_from_a_missing_one():
    assert pointers("(`legal.can_attack`, `agents.py`, `[side.weights]`, `Field.NAME_ID`)") == [
        "Field.NAME_ID", "legal.can_attack"]
    assert resolves("legal.can_attack") and resolves("Field.NAME_ID") and resolves("sim.core.rng.below")
    assert resolves("test_invariants.test_golden_trace")
    assert not resolves("agents.can_attack_now") and not resolves("legal.list_actions.nothing")
    assert not resolves("agents.can_attack")  # imported there from legal, defined in legal
    assert not resolves("test_invariants.test_nothing") and not resolves("sim.core.rng.nothing")


def test_every_module_function_rules_md_names_exists():
    named = pointers(RULES_MD.read_text(encoding="utf-8"))
    assert len(named) >= 40, named  # the reader still finds the pointers (45 when written)
    missing = [p for p in named if not resolves(p)]
    assert not missing, f"rules.md names what the code does not have: {missing}"


def test_the_file_table_lists_every_module_in_import_order():
    order = file_table(RULES_MD.read_text(encoding="utf-8"))
    modules = sorted(p.stem for p in PACKAGE_DIR.glob("*.py") if p.stem != "__init__")
    assert sorted(order) == modules, f"rules.md's file table and the package differ: {sorted(order)} vs {modules}"
    assert order.index("targets") < order.index("legal") < order.index("agents")
    assert not backward_imports(order), f"imports against the table's order: {backward_imports(order)}"


def test_the_order_check_sees_an_import_running_back():
    order = file_table(RULES_MD.read_text(encoding="utf-8"))
    swapped = [name for name in order if name != "legal"]
    swapped.insert(swapped.index("agents") + 1, "legal")  # legal below agents, which imports it
    assert "agents -> legal" in backward_imports(swapped)
