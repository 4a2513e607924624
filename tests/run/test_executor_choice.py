"""Choosing an executor: wrong combinations and unreachable Ray addresses fail fast as input errors
(ray.init alone would retry for minutes), before any results folder is touched."""

from __future__ import annotations

import socket

import pytest

from sim.cli import build_parser
from sim.core.errors import InputError
from sim.run.executors import RayExecutor, SerialExecutor, make_executor, probe_address


def test_make_executor() -> None:
    assert isinstance(make_executor("serial"), SerialExecutor)
    assert isinstance(make_executor("ray", "127.0.0.9:6379"), RayExecutor)
    with pytest.raises(InputError, match="--address"):
        make_executor("serial", "127.0.0.9:6379")
    with pytest.raises(InputError, match="'local'"):
        make_executor("ray", "local")
    with pytest.raises(InputError, match="--executor"):
        make_executor("dask")


def test_unreachable_or_malformed_address() -> None:
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    with pytest.raises(InputError, match=f"--address: nothing answers at 127.0.0.1:{port}"):
        probe_address(f"127.0.0.1:{port}")
    with pytest.raises(InputError, match="RAY_ADDRESS: expected HOST:PORT"):
        probe_address("headnode", source="RAY_ADDRESS")
    probe_address("auto")  # left to Ray


def test_ray_address_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAY_ADDRESS", "127.0.0.8:6379")
    executor = RayExecutor()
    assert (executor.address, executor.address_source) == ("127.0.0.8:6379", "RAY_ADDRESS")
    assert RayExecutor("127.0.0.7:1").address_source == "--address"


def test_sim_run_defaults_to_ray() -> None:
    parse = build_parser().parse_args
    assert parse(["run", "spec.toml"]).executor == "ray"
    assert parse(["run", "spec.toml", "--executor", "serial"]).executor == "serial"
