"""The package's imports against its declared dependencies (issue 32): a third-party module that a
`sim` command can import must come from a distribution in `[project] dependencies`, not only from the
test extra, or a fresh `pip install .` breaks on it. And the commands a designer types first load no
more than they need: `sim --help` answers before numba, Polars, scipy, Ray or Dash are imported."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import check_imports  # noqa: E402  (the fresh-install stage's walk, scripts/check_imports.py)

PACKAGES = check_imports.PACKAGES


def _normalised(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def declared_distributions(group: str | None = None) -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = project["dependencies"] if group is None else project["optional-dependencies"][group]
    return {_normalised(re.match(r"[A-Za-z0-9_.\-]+", req).group(0)) for req in requirements}


def third_party_imports() -> dict[str, list[str]]:
    return check_imports.third_party_imports([ROOT / package for package in PACKAGES])


def test_every_third_party_import_is_a_declared_dependency() -> None:
    declared = declared_distributions()
    providers = importlib.metadata.packages_distributions()
    problems = []
    for module, files in sorted(third_party_imports().items()):
        distributions = {_normalised(d) for d in providers.get(module, [])}
        if not distributions:
            problems.append(f"{module} (imported by {files[0]}) is not installed: which distribution provides it?")
        elif not distributions & declared:
            problems.append(f"{module} (imported by {', '.join(sorted(set(files))[:3])}) comes from "
                            f"{', '.join(sorted(distributions))}, not in [project] dependencies")
    assert not problems, "\n".join(problems)


def test_the_walk_sees_the_imports_it_must_see() -> None:
    """The check above is only as good as the walk: the heavy imports the commands use lazily
    (inside functions) are found, and scipy's is one the test extra alone would not satisfy."""
    imports = third_party_imports()
    for module in ("numba", "polars", "scipy", "ray", "dash", "plotly", "waitress", "grpc"):
        assert module in imports, module
    assert "scipy" not in declared_distributions("test"), "scipy is a runtime dependency: declare it once"


def _modules_after(code: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", code + "\nimport sys; print(' '.join(sys.modules))"],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    return set(done.stdout.split())


def test_help_loads_no_engine_and_show_no_solver_server_or_cluster() -> None:
    after_cli = _modules_after("import sim.cli")
    heavy = {"numba", "polars", "scipy.optimize", "ray", "dash", "plotly", "pyarrow"}
    assert not heavy & after_cli, f"`sim --help` imports {sorted(heavy & after_cli)}"
    after_show = _modules_after("import sim.cli, sim.report.console, sim.results.manifest")
    assert not {"scipy.optimize", "ray", "dash", "plotly"} & after_show
    done = subprocess.run([sys.executable, "-m", "sim.cli", "--help"], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0 and "show" in done.stdout, done.stderr


def test_the_dashboard_starts_without_notebook_support() -> None:
    """`sim dash` is a server: Dash's notebook support (IPython, and with it jedi, prompt_toolkit and
    requests) was a fifth of its start (issue 33); `scripts/bench_dashboard.py` times the start."""
    after_dash = _modules_after("from sim.cli import without_notebook_support; without_notebook_support(); "
                                "import dashboards.app")
    # "IPython" itself is listed, as the None that marks it missing; its parts would be there if loaded
    assert "dash" in after_dash and not {"IPython.core", "jedi", "prompt_toolkit", "requests"} & after_dash
    # pyarrow (a Parquet export's writer) is imported when a report writes Parquet, not at every start
    assert "polars" in after_dash and "pyarrow.lib" not in after_dash
