"""Does this Python environment hold everything the installed `sim` imports?

Run in a fresh environment after `pip install .` (CI's fresh-install stage, scripts/fresh_install.sh):
it imports every module of the `sim` and `dashboards` packages as installed, then every third-party
module that any of them imports, including the imports written inside functions (scipy for the Nash
mix, Ray for a cluster run), which importing the modules alone would not reach. Exit 1, naming the
module and the file that imports it, when one is missing: a runtime import that is not a declared
dependency. tests/test_dependencies.py reads the same walk against pyproject.toml.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import sys
from pathlib import Path

PACKAGES = ("sim", "dashboards")


def third_party_imports(package_dirs: list[Path]) -> dict[str, list[str]]:
    """Top-level module name -> the files importing it, over every .py file below package_dirs
    (imports inside functions included: a lazy import is still a runtime import)."""
    found: dict[str, list[str]] = {}
    for folder in package_dirs:
        for path in sorted(folder.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                    names = [node.module]
                else:
                    continue
                for name in names:
                    top = name.split(".")[0]
                    if top in sys.stdlib_module_names or top in PACKAGES or top == "__future__":
                        continue
                    found.setdefault(top, []).append(str(path.relative_to(folder.parent)))
    return found


def main() -> int:
    packages = [importlib.import_module(name) for name in PACKAGES]
    problems = []
    modules = 0
    for package in packages:
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            try:
                importlib.import_module(info.name)
                modules += 1
            except ImportError as exc:
                problems.append(f"{info.name}: {exc}")
    imports = third_party_imports([Path(p.__file__).parent for p in packages])
    for module, files in sorted(imports.items()):
        try:
            importlib.import_module(module)
        except ImportError as exc:
            problems.append(f"{module}, imported by {', '.join(sorted(set(files))[:3])}: {exc}")
    where = ", ".join(str(Path(p.__file__).parent) for p in packages)
    if problems:
        print(f"check_imports: {len(problems)} import(s) fail in {sys.prefix} (packages at {where}); "
              "declare them in pyproject.toml's [project] dependencies:", file=sys.stderr)
        for problem in problems:
            print(f"  {problem}", file=sys.stderr)
        return 1
    print(f"check_imports: {modules} modules and {len(imports)} third-party imports load in {sys.prefix}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
