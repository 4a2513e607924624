"""`sim dash` when port 8050 is taken (issue 32): without --port it says so and takes the next free
port, printing the address it answers on; with --port it refuses a taken port by name, exit 2."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from sim.cli import DASH_PORT, main

ROOT = Path(__file__).resolve().parents[2]


def hold(port: int) -> socket.socket | None:
    """Listen on 127.0.0.1:port, as another program would; None when something listens there already."""
    holder = socket.socket()
    try:
        holder.bind(("127.0.0.1", port))
    except OSError:
        holder.close()
        return None
    holder.listen()
    return holder


def test_a_taken_default_port_is_said_and_the_next_free_one_is_used(tmp_path: Path) -> None:
    holder = hold(DASH_PORT)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "sim.cli", "dash", "--results", str(tmp_path / "results"),
                                "--no-access-log"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        lines = []
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            line = process.stdout.readline()
            assert line or process.poll() is None, process.communicate()
            lines.append(line)
            if line.startswith("dashboard over"):
                break
        said = "".join(lines)
        assert f"port {DASH_PORT} is taken" in said, said
        port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", said).group(1))
        assert port > DASH_PORT
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as page:
            assert page.status == 200
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=30)
        assert process.returncode == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
        if holder is not None:
            holder.close()


def test_a_taken_port_given_by_name_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        assert main(["dash", "--results", str(tmp_path / "results"), "--port", str(port)]) == 2
    finally:
        holder.close()
    err = capsys.readouterr().err
    assert f"--port {port}: cannot listen there" in err and "in use" in err.lower()
