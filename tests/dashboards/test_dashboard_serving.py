"""How `sim dash` serves, as a designer and as an attacker meet it: the token rule, the Host check,
the upload limit, reads confined to the results folder, parse errors in the page, the access log,
compressed bundles and Ctrl-C. Browser tests run a real headless Chromium against the app on
waitress (the fixtures of test_dashboard_browser.py), over a small results folder made here."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from test_dashboard_browser import ARTIFACTS, SPECS, browser, open_page, serve, site_fixture, text_of  # noqa: F401 (fixture)

from dashboards.app import CARTESIAN_TRACES, create_app, vendored_plotly_version
from dashboards.serving import (MIN_TOKEN_LENGTH, HostCheck, checked_token, host_name, redacted_query,
                                request_body_limit, request_host)
from sim.cli import main
from sim.core.errors import InputError

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "k7Qm2-Xr9_vT4.wZ8~pL"  # 20 characters, every kind a token may hold
SECRET = "CONTENIDO-DE-FUERA-9931"  # what a file outside the results folder holds: never in a page


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One small round robin ("rr") and, beside it, the ways a run can lead out of the results
    folder: a manifest that is a link to an outside file ("fuera"), a chunk file that is ("trozo"),
    a run folder that is ("enlace"), and one link that stays inside ("dentro", a link to rr)."""
    folder = tmp_path_factory.mktemp("serve")
    spec = folder / "rr.toml"
    spec.write_text(f'name = "rr"\nseed = 3\n{SPECS["rr"]}', encoding="utf-8")
    root = folder / "results"
    assert main(["run", str(spec), "--results", str(root), "--executor", "serial"]) == 0
    outside = folder / "outside"
    outside.mkdir()
    (outside / "manifest.json").write_text(json.dumps({"status": SECRET, "ruleset": SECRET, "configs": {}}))
    (root / "fuera").mkdir()
    (root / "fuera" / "manifest.json").symlink_to(outside / "manifest.json")
    shutil.copytree(root / "rr", root / "trozo")
    chunk = next((root / "trozo" / "games").rglob("chunk-*.parquet"))
    shutil.copy(chunk, outside / "chunk.parquet")
    chunk.unlink()
    chunk.symlink_to(outside / "chunk.parquet")
    (outside / "run").mkdir()
    shutil.copy(outside / "manifest.json", outside / "run" / "manifest.json")
    (root / "enlace").symlink_to(outside / "run", target_is_directory=True)
    (root / "dentro").symlink_to(root / "rr", target_is_directory=True)
    return root


site = site_fixture()


# --- tokens -------------------------------------------------------------------------------------

def test_a_token_under_16_characters_is_refused(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    short = "x" * (MIN_TOKEN_LENGTH - 1)
    assert main(["dash", "--token", short]) == 2
    err = capsys.readouterr().err
    assert "--token" in err and f"{MIN_TOKEN_LENGTH - 1} characters, at least 16" in err and short not in err
    monkeypatch.setenv("SIM_DASH_TOKEN", "a")
    assert main(["dash", "--host", "0.0.0.0"]) == 2
    err = capsys.readouterr().err
    assert "SIM_DASH_TOKEN" in err and "1 characters, at least 16" in err
    assert main(["dash", "--token", "sixteen chars ok"]) == 2  # a space would break the address
    assert "only letters, digits" in capsys.readouterr().err
    with pytest.raises(InputError, match="at least 16"):
        create_app(Path("."), token="tiny", warm=False)
    assert checked_token("y" * MIN_TOKEN_LENGTH, "--token") == "y" * MIN_TOKEN_LENGTH
    assert checked_token("", "--token") is None  # empty: no token (refused beyond loopback)


def test_the_token_is_never_in_the_server_log(tmp_path: Path) -> None:
    """`sim dash` as a designer starts it, with SIM_DASH_TOKEN: the token opens the page, a wrong one
    is refused, and neither reaches stdout or stderr, where the access log shows "token=***";
    Ctrl-C then stops it at once, with exit code 0."""
    import http.cookiejar

    (tmp_path / "results").mkdir()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = dict(os.environ, SIM_DASH_TOKEN=TOKEN, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "sim.cli", "dash", "--results", str(tmp_path / "results"),
                                "--port", str(port), "--executor", "serial"], env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as a terminal has it
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert process.poll() is None, process.communicate()
                time.sleep(0.1)
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with opener.open(f"{url}/?token={TOKEN}&run=rr", timeout=30) as page:
            assert page.status == 200 and TOKEN not in page.url
        with opener.open(f"{url}/_dash-layout", timeout=30) as layout:  # on the cookie
            assert layout.status == 200
        wrong = TOKEN[:-1] + "Q"
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{url}/factions?token={wrong}", timeout=30)
        assert refused.value.code == 403
        header = urllib.request.Request(f"{url}/_favicon.ico", headers={"X-Sim-Token": TOKEN})
        with urllib.request.urlopen(header, timeout=30) as icon:
            assert icon.status == 200
        time.sleep(0.5)
        stopped = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        assert process.returncode == 0 and time.monotonic() - stopped < 10, (process.returncode, err)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert "dashboard stopped" in out
    assert TOKEN not in out + err and wrong not in out + err
    assert '"GET /?token=***&run=rr" 303' in err and '"GET /factions?token=***" 403' in err
    assert '"GET /_dash-layout" 200' in err


def test_query_strings_are_logged_with_the_token_redacted() -> None:
    assert redacted_query(f"run=rr&token={TOKEN}&lang=en") == "run=rr&token=***&lang=en"
    assert redacted_query(f"token={TOKEN}&token=other") == "token=***&token=***"
    assert redacted_query("") == ""


# --- the Host check ------------------------------------------------------------------------------

def request_with_host(url: str, host: str, path: str = "/") -> int:
    """The status of a GET of `path` whose Host header says `host` (as a page reached through DNS
    rebinding sends it: its own name, this server's address)."""
    where = url.removeprefix("http://")
    connection = http.client.HTTPConnection(where, timeout=30)
    try:
        connection.request("GET", path, headers={"Host": host})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_a_foreign_host_header_gets_403_token_or_not(results: Path, site: str) -> None:
    port = site.rsplit(":", 1)[1]
    assert request_with_host(site, f"127.0.0.1:{port}") == 200
    assert request_with_host(site, f"localhost:{port}") == 200
    assert request_with_host(site, f"rebind.attacker.example:{port}") == 403
    assert request_with_host(site, "rebind.attacker.example", "/_dash-layout") == 403
    assert request_with_host(site, f"[::1]:{port}") == 200
    server, url = serve(create_app(results, token=TOKEN, warm=False, allow_hosts=["Dash.Team.example"]))
    try:
        port = url.rsplit(":", 1)[1]
        assert request_with_host(url, f"rebind.attacker.example:{port}", f"/?token={TOKEN}") == 403
        assert request_with_host(url, f"dash.team.example:{port}", f"/?token={TOKEN}") == 303  # on to the cookie
        assert request_with_host(url, f"dash.team.example:{port}", "/") == 403  # a known name still needs the token
    finally:
        server.shutdown()


def test_a_server_whose_trigger_is_gone_still_stops(results: Path) -> None:
    """A CI run once found the waitress trigger closed when the test stopped its server (EBADF):
    `shutdown` then closes the sockets itself, and the serving thread ends."""
    server, url = serve(create_app(results, warm=False))
    running = [thread for thread in threading.enumerate() if getattr(thread, "_target", None) == server.run]
    assert request_with_host(url, url.removeprefix("http://")) == 200
    server.server.trigger.close()
    server.shutdown()
    for thread in running:
        thread.join(timeout=10)
        assert not thread.is_alive()


def test_host_names_are_read_as_a_browser_writes_them() -> None:
    assert host_name("[::1]:8050") == "::1" and host_name("Example.ORG.:80") == "example.org"
    assert host_name("127.0.0.1") == "127.0.0.1" and host_name("::1") == "::1"
    loopback = HostCheck(lambda e, s: [], "127.0.0.1")
    assert loopback.allows("localhost:8050") and not loopback.allows("192.168.1.20:8050") and not loopback.allows("")
    everywhere = HostCheck(lambda e, s: [], "0.0.0.0", ["dash.lan"])
    # bound to every interface: an address is its own origin (rebinding sends a name), a name must be known
    assert everywhere.allows("192.168.1.20:8050") and everywhere.allows("dash.lan")
    assert not everywhere.allows("rebind.attacker.example:8050")


def test_a_host_header_is_read_as_a_host_and_a_port(site: str) -> None:
    """Issue 35: the header was cut at its first colon, so "localhost:80@rebind.attacker.example" (a
    user-info part before the host, as in a URL) was read as localhost. Now a header that is not a
    host and an optional port names no host, and is refused."""
    loopback = HostCheck(lambda e, s: [], "127.0.0.1")
    for header in ("localhost:80@rebind.attacker.example", "localhost@rebind.attacker.example",
                   "rebind.attacker.example@localhost:8050", "localhost:8050/x", "localhost:http", "localhost:99999",
                   "[::1]rebind.attacker.example", "::1", "localhost:8050:1", "local host", ""):
        assert request_host(header) is None and not loopback.allows(header), header
    for header, host in (("localhost:8050", "localhost"), ("[::1]:8050", "::1"), ("LOCALHOST.:8050", "localhost"),
                         ("127.0.0.1", "127.0.0.1"), ("[0:0:0:0:0:0:0:1]", "::1")):
        assert request_host(header) == host and loopback.allows(header), header
    port = site.rsplit(":", 1)[1]
    assert request_with_host(site, f"localhost:{port}@rebind.attacker.example") == 403
    assert request_with_host(site, f"localhost:{port}") == 200


def start_dash(args: list[str], env: dict[str, str]) -> tuple[subprocess.Popen, str]:
    """`sim dash ARGS` on a free port, as a designer starts it; returns the process and its address
    once it answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "sim.cli", "dash", "--port", str(port), "--executor", "serial",
                                "--no-access-log", *args], env=dict(os.environ, PYTHONPATH=str(ROOT), **env),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return process, f"http://127.0.0.1:{port}"
        except OSError:
            assert process.poll() is None, process.communicate()
            time.sleep(0.2)
    process.kill()
    raise AssertionError("sim dash did not start")


@pytest.mark.parametrize("given", ["file", "environment"])
def test_the_token_can_stay_out_of_the_process_list(tmp_path: Path, given: str) -> None:
    """--token-file PATH (or SIM_DASH_TOKEN): the token guards the page, and no other user of the
    machine reads it in the process list (/proc/PID/cmdline, what `ps` shows), as with --token."""
    (tmp_path / "results").mkdir()
    token_file = tmp_path / "token"
    token_file.write_text(TOKEN + "\n", encoding="utf-8")  # as `echo TOKEN > file` writes it
    args = ["--results", str(tmp_path / "results"), "--host", "0.0.0.0"]
    if given == "file":
        process, url = start_dash([*args, "--token-file", str(token_file)], {})
    else:
        process, url = start_dash(args, {"SIM_DASH_TOKEN": TOKEN})
    try:
        command_line = Path(f"/proc/{process.pid}/cmdline").read_bytes().decode()
        assert TOKEN not in command_line and "0.0.0.0" in command_line
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{url}/", timeout=30)
        assert refused.value.code == 403
        header = urllib.request.Request(f"{url}/_favicon.ico", headers={"X-Sim-Token": TOKEN})
        with urllib.request.urlopen(header, timeout=30) as icon:
            assert icon.status == 200
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert TOKEN not in out + err


def test_a_token_file_that_cannot_give_a_token_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty, large, short, folder = tmp_path / "empty", tmp_path / "large", tmp_path / "short", tmp_path / "folder"
    empty.write_text("\n\n", encoding="utf-8")
    large.write_text("x" * 5000, encoding="utf-8")
    short.write_text("corto\n", encoding="utf-8")
    folder.mkdir()
    cases = [
        (["--token-file", str(tmp_path / "none")], f"--token-file {tmp_path / 'none'}: no such file"),
        (["--token-file", str(folder)], "is a folder"),
        (["--token-file", str(empty)], f"--token-file {empty}: is empty"),
        (["--token-file", str(large)], "more than 4,096 bytes"),
        (["--token-file", str(short)], f"--token-file {short}: the token is refused: 5 characters, at least 16"),
        (["--token-file", str(short), "--token", TOKEN], "--token and --token-file: give one of them"),
    ]
    for args, said in cases:
        assert main(["dash", "--results", str(tmp_path), *args]) == 2
        err = capsys.readouterr().err
        assert said in err and "corto" not in err and "xxxx" not in err, err


# --- uploads ---------------------------------------------------------------------------------------

def upload(browser, site: str, path: Path) -> None:  # noqa: F811 (the fixture)
    field = WebDriverWait(browser, 30).until(lambda d: d.find_element(By.CSS_SELECTOR, "#launch-upload input[type=file]"))
    field.send_keys(str(path))


def test_an_oversized_upload_is_refused_in_the_page(browser, site: str, results: Path,  # noqa: F811
                                                    tmp_path: Path) -> None:
    big = tmp_path / "grande.toml"
    padding = "# " + "x" * 98 + "\n"
    big.write_text('name = "grande"\nruleset = "dicedraft"\ngames = 10\nseed = 1\n' + padding * 11_000, encoding="utf-8")
    size = big.stat().st_size
    assert size > 1024 * 1024
    open_page(browser, site, "/", "rr")
    upload(browser, site, big)
    WebDriverWait(browser, 30).until(lambda d: "grande.toml" in text_of(d, "launch-message"))
    message = text_of(browser, "launch-message")
    assert f"{size:,} bytes, more than the 1,048,576 bytes" in message
    assert browser.find_elements(By.CLASS_NAME, "launch-error")
    assert not (results / "_uploads" / "grande.toml").exists() and not (results / "grande").exists()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.execute_script("document.getElementById('launch-message').scrollIntoView({block: 'center'});")
    browser.save_screenshot(str(ARTIFACTS / "upload-too-large.png"))


def resident_mb() -> float:
    return int(re.search(r"VmRSS:\s+(\d+)", Path("/proc/self/status").read_text())[1]) / 1024


def test_an_oversized_request_is_refused_before_it_is_read(site: str) -> None:
    """A request past the limit (an upload sent around the page) is answered 413 from its headers,
    and the 60 MB that follow are never held: the server's memory stays where it was."""
    before = resident_mb()
    body = b"x" * (1024 * 1024)
    connection = socket.create_connection(("127.0.0.1", int(site.rsplit(":", 1)[1])), timeout=30)
    try:
        connection.sendall(f"POST /_dash-update-component HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           f"Content-Type: application/json\r\nContent-Length: {60 * len(body)}\r\n\r\n".encode())
        try:
            for _ in range(60):
                connection.sendall(body)
        except OSError:
            pass  # the server may close the connection once it has answered
        answer = connection.recv(200).decode("latin-1")
    finally:
        connection.close()
    assert answer.startswith("HTTP/1.1 413"), answer
    assert resident_mb() - before < 30
    assert request_body_limit(1024 * 1024) < 3 * 1024 * 1024


def test_every_parse_error_of_an_upload_is_shown_in_the_page(browser, site: str, tmp_path: Path) -> None:  # noqa: F811
    """A spec nested too deeply for the TOML parser, bytes that are not UTF-8, a TOML syntax error:
    each replaces the message before it, and none is a server error."""
    cases = {
        "profundo.toml": ("a = " + "[" * 5000 + "]" * 5000 + "\n").encode(),
        "latin1.toml": 'name = "caña"\n'.encode("latin-1"),
        "sintaxis.toml": b'name = "x"\nruleset = \n',
        "mal.toml": b'name = "mal"\nruleset = "dicedraft"\ngames = -5\nseed = 1\n',
    }
    expected = {"profundo.toml": "nested too deeply", "latin1.toml": "not UTF-8 text",
                "sintaxis.toml": "not valid TOML", "mal.toml": "games"}
    open_page(browser, site, "/", "rr")
    for name, raw in cases.items():
        path = tmp_path / name
        path.write_bytes(raw)
        upload(browser, site, path)
        WebDriverWait(browser, 30).until(lambda d: name in text_of(d, "launch-message"))
        message = text_of(browser, "launch-message")
        assert expected[name] in message and browser.find_elements(By.CLASS_NAME, "launch-error"), message
        assert all(other not in message for other in cases if other != name)  # the old message is gone


# --- reads confined to the results folder ---------------------------------------------------------

def test_a_link_out_of_the_results_folder_is_refused(browser, site: str, results: Path) -> None:  # noqa: F811
    open_page(browser, site, "/?lang=en", "rr")
    WebDriverWait(browser, 30).until(lambda d: "trozo" in text_of(d, "runs-list"))
    listed = browser.execute_script("""  // the runs grid's rows, each row's cells joined, in the grid's order
        const rows = {};
        document.querySelectorAll('#runs-table .ag-row').forEach(r => {
            const i = r.getAttribute('row-index');
            rows[i] = (rows[i] || []).concat(Array.from(r.querySelectorAll('.ag-cell')).map(c => c.innerText));
        });
        return Object.values(rows).map(cells => cells.join(' | '));""")
    for run, link in (("fuera", "fuera/manifest.json"), ("trozo", "trozo/games/"), ("enlace", "enlace is a link")):
        row = next(line for line in listed if line.startswith(run))
        assert "unreadable" in row and link in row and "outside the results folder" in row, row
    # where a link leads is not said either (issue 35): the page tells nothing of the places outside
    assert SECRET not in browser.page_source and str(results.parent / "outside") not in browser.page_source
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(ARTIFACTS / "runs-unreadable.png"))
    from dashboards import data

    app = create_app(results, warm=False)
    with app.server.test_request_context("/"):
        readable = set(data.readable_runs())  # what the run picker offers
        assert {"rr", "dentro"} <= readable and not readable & {"fuera", "trozo", "enlace"}  # "dentro" stays inside
        for run in ("fuera", "trozo", "enlace"):
            with pytest.raises(InputError, match="outside the results folder"):
                data.run_folder(run)
        assert data.manifest_of("dentro")["spec"]["name"] == "rr"


def test_a_run_linked_out_of_the_results_folder_shows_nothing_when_asked_by_name(browser, site: str) -> None:  # noqa: F811
    """?run= naming an unreadable run says why in the page and opens no other run in its place (a
    designer would read another run's figures as the one asked): the outside file is never read."""
    open_page(browser, site, "/factions?lang=en", "fuera")
    WebDriverWait(browser, 30).until(lambda d: "outside the results folder" in text_of(d, "run-problem"))
    assert "fuera" in text_of(browser, "run-problem") and SECRET not in browser.page_source
    assert not browser.find_elements(By.CSS_SELECTOR, ".js-plotly-plot")
    open_page(browser, site, "/?lang=es", "fuera")  # and in Spanish
    WebDriverWait(browser, 30).until(lambda d: "sale de la carpeta de resultados" in text_of(d, "run-problem"))
    assert SECRET not in text_of(browser, "runs-manifest") and SECRET not in browser.page_source


# --- what is served -------------------------------------------------------------------------------

def test_bundles_are_compressed_and_cacheable(site: str) -> None:
    from plotly.offline import get_plotlyjs_version

    page = urllib.request.urlopen(f"{site}/", timeout=30).read().decode()
    bundles = re.findall(r'src="(/_dash-component-suites/[^"]+\.v[^"]+\.js)"', page)
    assert bundles and '<link rel="preload" as="script" href="/_dash-component-suites/plotly/' in page
    gzip_asked = urllib.request.Request(f"{site}{bundles[0]}", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(gzip_asked, timeout=30) as bundle:
        assert bundle.headers["Content-Encoding"] == "gzip" and "max-age=31536000" in bundle.headers["Cache-Control"]
    plotly_asked = urllib.request.Request(f"{site}/_dash-component-suites/plotly/package_data/plotly.min.js",
                                          headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(plotly_asked, timeout=30) as plotly_js:
        compressed = plotly_js.read()
        assert plotly_js.headers["Content-Encoding"] == "gzip" and plotly_js.headers["ETag"]
    if vendored_plotly_version() == get_plotlyjs_version():  # else Dash's own full bundle is served
        assert len(compressed) < 600_000  # the cartesian bundle: 1.5 MB, 0.5 MB compressed (the full one: 4.8 MB, 1.3 MB)


def test_the_pages_draw_only_what_the_cartesian_bundle_draws() -> None:
    """Every trace the dashboard's figures add is one Plotly's cartesian bundle draws (a new kind of
    trace would draw nothing in the page: it needs the full bundle)."""
    sources = [ROOT / "sim" / "report" / "figures.py", *sorted((ROOT / "dashboards").rglob("*.py"))]
    used = set()
    for source in sources:
        text = source.read_text(encoding="utf-8")
        used |= {m.lower() for m in re.findall(r"\bgo\.([A-Z][A-Za-z0-9]*)\(", text)} - {"figure"}
        used |= set(re.findall(r"\.add_([a-z0-9]+)\(", text)) - {"annotation", "hline", "vline", "hrect", "vrect",
                                                                   "shape", "trace", "traces", "layout_image", "etag"}
    assert used and used <= CARTESIAN_TRACES, used - CARTESIAN_TRACES
    assert vendored_plotly_version() is not None  # the bundle ships with the package


def test_launches_still_run_from_the_page_on_waitress(browser, site: str, results: Path, tmp_path: Path) -> None:  # noqa: F811
    good = tmp_path / "lanzada.toml"
    good.write_text('name = "lanzada"\nruleset = "dicedraft"\ngames = 200\nseed = 9\nchunk_size = 100\n'
                    '[[side]]\nfaction = "aranas"\n[[side]]\nfaction = "ciempies"\n', encoding="utf-8")
    open_page(browser, site, "/", "rr")
    upload(browser, site, good)
    WebDriverWait(browser, 30).until(lambda d: "lanzada" in text_of(d, "launch-message"))
    manifest = results / "lanzada" / "manifest.json"
    WebDriverWait(browser, 120).until(lambda d: manifest.exists() and '"finished"' in manifest.read_text())
    WebDriverWait(browser, 30).until(lambda d: "lanzada" in text_of(d, "runs-list"))
    assert threading.active_count() >= 1
