"""The import graph of `sim/` and `dashboards/` against the layers docs/engine.md lists (its
"Layers" section, the one place the order is written): no import reaches a higher layer or a
package beside its own in the same layer, and no module takes part in a circle of imports. Every
import counts, lazy ones inside functions too: they are read from the source with `ast`, nothing is
imported."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE_DOC = ROOT / "docs" / "engine.md"
PACKAGES = ("sim", "dashboards")
ROOT_MODULE = "sim"  # its layer holds the package's __init__.py only, not every module under sim/


def documented_layers(text: str) -> list[list[str]]:
    """The numbered list under "## Layers", lowest first: each item's `backticked` packages; a
    `name.*` entry stands for each package directly under `name` (each game its own)."""
    section = text.split("\n## Layers\n", 1)[1].split("\n## ", 1)[0]
    return [re.findall(r"`([\w.*]+)`", line.split(" (", 1)[0]) for line in section.splitlines()
            if re.match(r"^\d+\. ", line)]


def module_files(root: Path = ROOT) -> dict[str, Path]:
    """module name -> file, for every .py file of the packages (a package by its __init__.py)."""
    modules = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return modules


def imported(name: str, path: Path, modules: dict[str, Path]) -> Iterator[tuple[str, int]]:
    """(module, line) of each module of ours that `name` imports: `from a.b import c` imports a.b,
    and a.b.c too when c is a module; a relative import resolves against the module's package."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in modules:  # `import a.b.c` of a name inside a.b
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target, node.lineno


def import_graph(root: Path = ROOT) -> dict[str, dict[str, int]]:
    """module -> {module it imports: the line of the first such import}."""
    modules = module_files(root)
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        edges = graph.setdefault(name, {})
        for target, line in imported(name, path, modules):
            edges.setdefault(target, line)
    return graph


@functools.cache
def repository_graph() -> dict[str, dict[str, int]]:
    """The import graph of this checkout, read once for the tests below."""
    return import_graph(ROOT)


def placement(layers: list[list[str]], modules: list[str]) -> dict[str, tuple[int, str]]:
    """module -> (its layer's number from 0, its package there): the longest entry naming the
    module or a package above it; the root entry names the root module alone."""
    out = {}
    for module in modules:
        best: tuple[int, str] | None = None
        for level, entries in enumerate(layers):
            for entry in entries:
                if entry.endswith(".*"):  # the package of that name (its __init__.py) and each one under it
                    base = entry[:-2]
                    head = module[len(base) + 1:].split(".")[0] if module.startswith(base + ".") else ""
                    package = f"{base}.{head}" if head else (base if module == base else None)
                else:
                    inside = module == entry or (entry != ROOT_MODULE and module.startswith(entry + "."))
                    package = entry if inside else None
                if package and (best is None or len(package) > len(best[1])):
                    best = (level, package)
        if best is not None:
            out[module] = best
    return out


def climbing_imports(layers: list[list[str]], graph: dict[str, dict[str, int]], root: Path = ROOT) -> list[str]:
    """Every import of a higher layer, or of another package of the same layer, as a readable line
    (file:line); and every module no layer holds."""
    files = module_files(root)
    placed = placement(layers, list(graph))
    problems = [f"{files[m].relative_to(root)}: in no layer of docs/engine.md" for m in graph if m not in placed]
    for module, targets in graph.items():
        if module not in placed:
            continue
        level, package = placed[module]
        for target, line in targets.items():
            if target not in placed:
                continue
            their_level, their_package = placed[target]
            if their_level > level or (their_level == level and their_package != package):
                problems.append(f"{files[module].relative_to(root)}:{line}: {module} (layer {level + 1}, {package}) "
                                f"imports {target} (layer {their_level + 1}, {their_package})")
    return problems


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, {}))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_engine_md_lists_the_layers_from_the_package_root_to_the_commands() -> None:
    layers = documented_layers(ENGINE_DOC.read_text(encoding="utf-8"))
    assert layers[0] == [ROOT_MODULE] and layers[-2:] == [["sim.cli"], ["sim.__main__"]], layers
    assert ["sim.run", "sim.analysis"] in layers and ["dashboards", "sim.bench", "sim.bench_curve"] in layers


def test_no_import_reaches_a_higher_layer_or_a_package_beside_its_own() -> None:
    layers = documented_layers(ENGINE_DOC.read_text(encoding="utf-8"))
    problems = climbing_imports(layers, repository_graph())
    assert not problems, "imports against docs/engine.md's layers:\n" + "\n".join(problems)


def test_no_module_takes_part_in_a_circle_of_imports() -> None:
    found = circles(repository_graph())
    assert not found, "circles of imports:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_the_checks_find_a_climbing_import_a_neighbour_and_a_circle(tmp_path: Path) -> None:
    """The same functions over a made-up tree: each wrong import is found, a right one is not."""
    files = {
        "sim/__init__.py": "",
        "sim/core/base.py": "from sim.results import folder\n",  # climbs two layers
        "sim/results/folder.py": "import sim.core.base\n",  # ... and closes a circle with it
        "sim/run/writer.py": "def later():\n    from sim.analysis.stats import mean\n",  # a neighbour, lazily
        "sim/analysis/stats.py": "from ..results import folder\nmean = 0\n",  # relative, downward: fine
        "sim/rulesets/one/game.py": "from sim.rulesets.two import game\n",  # a game importing another
        "sim/rulesets/two/game.py": "from sim.core import base\n",
        "sim/stray.py": "",  # in no layer
        "dashboards/app.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    layers = [["sim"], ["sim.core"], ["sim.rulesets.*"], ["sim.results"], ["sim.run", "sim.analysis"], ["dashboards"]]
    graph = import_graph(tmp_path)
    problems = climbing_imports(layers, graph, tmp_path)
    assert [p.split(": ", 1)[0] for p in problems] == [
        "sim/stray.py", "sim/core/base.py:1", "sim/rulesets/one/game.py:1", "sim/run/writer.py:2"], problems
    assert "sim/analysis/stats.py" not in "".join(problems)  # its relative import goes down
    assert circles(graph) == [["sim.core.base", "sim.results.folder"]]
