"""Load on `make serve` (plugins/serve.py), on localhost: many clients at once for a bounded time.

    python benchmarks/bench_load.py [--clients 200] [--seconds 60] [--site site] [--threads 8]

Starts `python -m plugins.serve` on a free port over a built site (the server `make serve` runs, in its own
process), then runs `--clients` concurrent keep-alive HTTP/1.1 clients (Python asyncio, standard library
only) for `--seconds`. Each client loops over a mix like a reader's visit: pages of the three languages
(from the sitemaps, 70 %), the search index of a language (10 %), the runtime files (`pyodide/`: the
loader, the WebAssembly, the standard library zip, the snapshot: 15 %) and the rules (5 %), all asking for
gzip or Brotli as a browser does. Prints requests per second, bytes per second, p50/p90/p99/max latency,
errors (refused or dropped connections, timeouts after 30 s, any status but 200), and the server's memory
(resident set, sampled every 0.2 s: at rest and at peak).

The client runs on the same machine as the server (two cores here), so the figures are a floor for the
server, not a ceiling; it is a measurement, not a test, and asserts nothing.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
REQUEST_TIMEOUT_S = 30.0
RUNTIME = ["pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _rss_kib(pid: int) -> int:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return int(match[1]) if match else 0


def url_mix(site: Path) -> list[tuple[str, float]]:
    """[(path, weight)]: every page of the sitemaps, the search indexes, the runtime files and the rules."""
    pages = []
    for prefix in ("", "fr/", "ja/"):
        sitemap = (site / prefix / "sitemap.xml").read_text(encoding="utf-8")
        pages += [re.sub(r"^https?://[^/]+/", "/", url) for url in re.findall(r"<loc>(.*?)</loc>", sitemap)]
    runtime = [f"/{p}" for p in RUNTIME if (site / p).is_file()]
    runtime += sorted(f"/{p.relative_to(site).as_posix()}" for p in (site / "pyodide").glob("*snapshot*")
                      if not p.name.endswith((".gz", ".br")))
    search = [f"/{prefix}search/search_index.json" for prefix in ("", "fr/", "ja/")]
    mix = [(p, 0.70 / len(pages)) for p in pages] + [(p, 0.10 / len(search)) for p in search]
    mix += [(p, 0.15 / len(runtime)) for p in runtime] + [("/api/v1/rules.json", 0.05)]
    return mix


async def _request(reader, writer, path: str, host: str) -> tuple[int, int]:
    """Send one GET on the open connection; return (status, body bytes)."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept-Encoding: gzip, br\r\n"
                 "Connection: keep-alive\r\n\r\n".encode("ascii"))
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    length = re.search(rb"\r\ncontent-length:\s*(\d+)", head, re.IGNORECASE)
    if length is None:
        raise ConnectionError("an answer without Content-Length")
    body = int(length[1])
    await reader.readexactly(body)
    return status, body


async def _client(port: int, paths: list[str], weights: list[float], stop_at: float, seed: int,
                  results: dict) -> None:
    rng = random.Random(seed)
    host = f"127.0.0.1:{port}"
    reader = writer = None
    while time.monotonic() < stop_at:
        path = rng.choices(paths, weights)[0]
        start = time.perf_counter()
        try:
            if writer is None:
                reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), REQUEST_TIMEOUT_S)
            status, size = await asyncio.wait_for(_request(reader, writer, path, host), REQUEST_TIMEOUT_S)
        except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, asyncio.TimeoutError,
                ConnectionError, ValueError) as exc:
            results["errors"][type(exc).__name__] = results["errors"].get(type(exc).__name__, 0) + 1
            if writer is not None:
                writer.close()
            reader = writer = None
            continue
        results["latency"].append(time.perf_counter() - start)
        results["bytes"] += size
        if status != 200:
            results["errors"][f"HTTP {status}"] = results["errors"].get(f"HTTP {status}", 0) + 1
    if writer is not None:
        writer.close()


async def _load(port: int, mix: list[tuple[str, float]], clients: int, seconds: float, results: dict) -> None:
    paths, weights = zip(*mix)
    stop_at = time.monotonic() + seconds
    await asyncio.gather(*(_client(port, list(paths), list(weights), stop_at, seed, results)
                           for seed in range(clients)))


def _percentile(sorted_values: list[float], fraction: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(fraction * len(sorted_values)))]


def run(site: Path, clients: int, seconds: float, threads: int | None) -> dict:
    """Serve `site` with plugins.serve in a process of its own and load it; return the figures."""
    port = _free_port()
    command = [sys.executable, "-m", "plugins.serve", "--port", str(port), "--directory", str(site)]
    if threads is not None:
        command += ["--threads", str(threads)]
    server = subprocess.Popen(command, cwd=PROJECT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              start_new_session=True)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        rest_kib = _rss_kib(server.pid)
        results: dict = {"latency": [], "bytes": 0, "errors": {}}
        peak = [rest_kib]

        async def main() -> None:
            async def sample() -> None:
                while True:
                    peak[0] = max(peak[0], _rss_kib(server.pid))
                    await asyncio.sleep(0.2)

            sampler = asyncio.create_task(sample())
            await _load(port, url_mix(site), clients, seconds, results)
            sampler.cancel()

        wall = time.perf_counter()
        asyncio.run(main())
        wall = time.perf_counter() - wall
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()
    latency = sorted(results["latency"])
    return {"clients": clients, "seconds": wall, "requests": len(latency), "errors": results["errors"],
            "rps": len(latency) / wall, "mib_per_s": results["bytes"] / wall / 2**20,
            "p50_ms": 1000 * _percentile(latency, 0.50) if latency else None,
            "p90_ms": 1000 * _percentile(latency, 0.90) if latency else None,
            "p99_ms": 1000 * _percentile(latency, 0.99) if latency else None,
            "max_ms": 1000 * latency[-1] if latency else None,
            "mean_ms": 1000 * statistics.fmean(latency) if latency else None,
            "rss_rest_mib": rest_kib / 1024, "rss_peak_mib": peak[0] / 1024}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--site", type=Path, default=PROJECT / "site")
    parser.add_argument("--threads", type=int, default=None, help="Waitress worker threads (default: serve.py's)")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        parser.error(f"{args.site} is not a built site (run `make build`)")
    figures = run(args.site.resolve(), args.clients, args.seconds, args.threads)
    errors = sum(figures["errors"].values())
    print(f"plugins/serve.py under {figures['clients']} concurrent keep-alive clients for {figures['seconds']:.0f} s "
          f"(client and server on this machine, {os.cpu_count()} cores)")
    print(f"  requests answered: {figures['requests']}  ({figures['rps']:.0f}/s, {figures['mib_per_s']:.1f} MiB/s)")
    if figures["requests"]:
        print(f"  latency: p50 {figures['p50_ms']:.0f} ms, p90 {figures['p90_ms']:.0f} ms, "
              f"p99 {figures['p99_ms']:.0f} ms, max {figures['max_ms']:.0f} ms")
    print(f"  errors: {errors} {figures['errors'] or ''}")
    print(f"  server memory (RSS): {figures['rss_rest_mib']:.0f} MiB at rest, {figures['rss_peak_mib']:.0f} MiB at peak")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
