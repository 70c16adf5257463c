"""`make serve` answers 200 readers at once (issue 24, item 8).

The load test (benchmarks/bench_load.py: 200 keep-alive clients for 60 s) found the 101st connection never
answered while the first hundred stayed open (Waitress accepts 100 connections by default): those readers
waited until their browser gave up. Here 200 connections are opened and kept open, each asks for a page,
and every one must be answered. (The deadline only tells a hung connection from a slow one.)
"""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from plugins.security_headers import write_header_files

PROJECT = Path(__file__).resolve().parents[2]
READERS = 200
HUNG_AFTER_S = 60.0  # far beyond any answer on a busy machine: a connection still silent then is not served


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def _readers(port: int) -> list[str]:
    """Open READERS connections, keep every one open, send one GET on each; return each status line (or
    'no answer')."""
    connections = [await asyncio.open_connection("127.0.0.1", port) for _ in range(READERS)]

    async def ask(reader, writer) -> str:
        writer.write(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: keep-alive\r\n\r\n".encode())
        await writer.drain()
        return (await reader.readline()).decode().strip()

    answers = await asyncio.wait_for(asyncio.gather(*(asyncio.wait_for(ask(r, w), HUNG_AFTER_S)
                                                      for r, w in connections), return_exceptions=True),
                                     HUNG_AFTER_S + 10)
    for _, writer in connections:
        writer.close()
    return [a if isinstance(a, str) else "no answer" for a in answers]


def _wait_for_the_port(port: int, server: subprocess.Popen) -> None:
    """Return once something accepts connections on `port` (the server has started)."""
    while server.poll() is None:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise AssertionError(f"the server stopped at once (exit {server.returncode})")


def test_two_hundred_readers_at_once_are_all_answered(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title><p>home</p>", encoding="utf-8")
    write_header_files(tmp_path)
    port = _free_port()
    server = subprocess.Popen([sys.executable, "-m", "plugins.serve", "--port", str(port), "--directory",
                               str(tmp_path)], cwd=PROJECT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        _wait_for_the_port(port, server)
        # In a thread of its own: a worker that has run a browser test holds Playwright's event loop in this one.
        with ThreadPoolExecutor(max_workers=1) as pool:
            answers = pool.submit(asyncio.run, _readers(port)).result()
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()
    assert answers.count("HTTP/1.1 200 OK") == READERS, sorted(set(answers))
