#!/usr/bin/env python3
# The sharded search on a real local Dask cluster: a scheduler and two worker
# processes on localhost (random free ports), scripts/cqlwb-dask.py running
# cqlwb-cli's shards on them and merging the parts; the merged output, the
# -showmatches lines, the problems and the counts must be those of one
# cqlwb-cli run. One run loses a worker in the middle (it kills itself as it
# takes a shard): its shard must be run again on the other worker. Searches
# masters20k when ../shared has it, else the bundled sample database.
# Exit 77 (skipped) only when Dask distributed (python3-distributed) is missing.
# SPDX-License-Identifier: GPL-3.0-or-later
import argparse
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time

SKIP = 77


def python_with_dask():
    """An interpreter that imports distributed: this one, else Debian's."""
    try:
        import distributed  # noqa: F401
        return sys.executable
    except ImportError:
        pass
    for candidate in ("/usr/bin/python3",):
        if os.path.realpath(candidate) != os.path.realpath(sys.executable) and os.access(candidate, os.X_OK):
            probe = subprocess.run([candidate, "-c", "import distributed"], capture_output=True, check=False)
            if probe.returncode == 0:
                return candidate
    return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def without_times(text):
    return re.sub(r" in [0-9.]+ seconds using [0-9]+ threads", "", text)


class Cluster:
    """A scheduler and workers as processes of their own, stopped in any case."""

    def __init__(self, python, tmp, env):
        self.python, self.tmp, self.env = python, tmp, env
        self.procs = []
        self.address = None

    def start(self, workers):
        for attempt in range(3):
            port = free_port()
            self.address = "tcp://127.0.0.1:%d" % port
            log = open(os.path.join(self.tmp, "scheduler.log"), "w")
            # Should this test be killed before it stops them, the scheduler
            # ends when no client has come for a while, and the workers after it.
            scheduler = self.spawn([self.python, "-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1",
                                    "--port", str(port), "--no-dashboard", "--idle-timeout", "120"], log)
            if self.wait_for_port(port, scheduler):
                break
            self.stop()
        else:
            raise RuntimeError("the scheduler did not start:\n" + open(os.path.join(self.tmp, "scheduler.log")).read())
        for name in workers:
            log = open(os.path.join(self.tmp, "%s.log" % name), "w")
            self.spawn([self.python, "-m", "distributed.cli.dask_worker", self.address, "--name", name,
                        "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1",
                        "--death-timeout", "60", "--local-directory", os.path.join(self.tmp, name)], log)

    def spawn(self, command, log):
        p = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=self.env, start_new_session=True)
        self.procs.append(p)
        return p

    @staticmethod
    def wait_for_port(port, proc, timeout=60):
        end = time.monotonic() + timeout
        while time.monotonic() < end and proc.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    return True
            except OSError:
                time.sleep(0.2)
        return False

    def stop(self):
        for p in self.procs:
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        end = time.monotonic() + 10
        for p in self.procs:
            try:
                p.wait(max(0.1, end - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()
        self.procs = []


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--driver", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--shared", required=True)
    opts = parser.parse_args()

    # ctest's timeout (SIGTERM) and Ctrl-C stop the cluster as a failure does.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("interrupted"))
    python = python_with_dask()
    if not python:
        print("SKIP: Dask distributed is not installed (Debian/Ubuntu package python3-distributed)")
        return SKIP

    masters = os.path.join(opts.shared, "data", "masters20k.pgn.zst")
    data = os.path.join(opts.source, "tests", "data")
    if os.path.exists(masters):
        inputs = [masters, os.path.join(data, "pgn", "twic9nn-error.pgn")]
    else:
        print("note: %s not found: searching the bundled sample instead" % masters)
        inputs = [os.path.join(opts.source, "resources", "sample", "sample.pgn.zst"),
                  os.path.join(data, "pgn", "twic9nn-error.pgn"), os.path.join(data, "variants", "bughouse.bpgn")]
    with tempfile.TemporaryDirectory(prefix="cqlwb-dask-test-") as tmp:
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(tmp, "cache"), PYTHONDONTWRITEBYTECODE="1",
                   CQLWB_DASK_TEST_LOSE_WORKER=os.path.join(tmp, "lose-a-worker"))
        query = os.path.join(tmp, "sorted.cql")
        with open(query, "w") as f:
            f.write('cql() sort "Checks" (find all check) mate\n')
        searches = [
            ("unsorted, -showmatches", ["-cql", "mate", "-showmatches"], False),
            ("sorted, a worker lost", [query], True),
        ]
        cluster = Cluster(python, tmp, env)
        start = time.monotonic()
        try:
            cluster.start(["worker-a", "worker-b"])
            print("cluster at %s (%.1f s to start)" % (cluster.address, time.monotonic() - start))
            failures = 0
            for name, search, lose in searches:
                args = []
                for i in inputs:
                    args += ["-i", i]
                args += search
                single_out = os.path.join(tmp, "single.pgn")
                t = time.monotonic()
                single = subprocess.run([opts.cli, "-o", single_out] + args, cwd=tmp, env=env, capture_output=True,
                                        text=True, check=False)
                single_seconds = time.monotonic() - t
                if single.returncode != 0:
                    print("%s: the single run failed:\n%s" % (name, single.stderr))
                    return 1
                if lose:
                    open(env["CQLWB_DASK_TEST_LOSE_WORKER"], "w").close()
                merged_out = os.path.join(tmp, "merged.pgn")
                t = time.monotonic()
                driven = subprocess.run([python, opts.driver, "--scheduler", cluster.address, "--wait-workers", "2",
                                         "--shards", "4", "--threads", "1", "--cli", opts.cli, "--retries", "1",
                                         "--"] + args + ["-o", merged_out],
                                        cwd=tmp, env=env, capture_output=True, text=True, check=False, timeout=200)
                cluster_seconds = time.monotonic() - t
                log = [l for l in driven.stderr.splitlines() if l.startswith("cqlwb-dask: ")]
                problems = "".join(l + "\n" for l in driven.stderr.splitlines() if not l.startswith("cqlwb-dask: "))
                workers = sorted({l.split(" on ")[1].split()[0] for l in log if " done on " in l})
                print("%s: single run %.2f s, cluster %.2f s, shards done on %s" % (
                    name, single_seconds, cluster_seconds, ", ".join(workers)))
                checks = [
                    ("the driver's exit status is 0", driven.returncode == 0),
                    ("the merged PGN is the single run's",
                     driven.returncode == 0 and open(merged_out, "rb").read() == open(single_out, "rb").read()),
                    ("the stdout is the single run's", without_times(driven.stdout).replace(merged_out, single_out)
                     == without_times(single.stdout)),
                    ("the problems are the single run's", problems == single.stderr),
                    ("all 4 shards were done", sum(" done on " in l for l in log) == 4),
                ]
                if lose:
                    checks.append(("a worker was lost", not os.path.exists(env["CQLWB_DASK_TEST_LOSE_WORKER"])
                                   and any(p.poll() is not None for p in cluster.procs[1:])))
                else:
                    checks.append(("both workers searched", workers == ["worker-a", "worker-b"]))
                for what, ok in checks:
                    if not ok:
                        failures += 1
                        print("FAIL: %s: %s" % (name, what))
                if failures:
                    print("driver stdout:\n%s\ndriver stderr:\n%s\nsingle stdout (tail):\n%s" % (
                        driven.stdout[-3000:], driven.stderr[-3000:], single.stdout[-1000:]))
                    return 1
                print(single.stdout.splitlines()[-1])
                print(driven.stdout.splitlines()[-1])
        finally:
            cluster.stop()
            print("cluster stopped; %.1f s in all" % (time.monotonic() - start))
    return 0


if __name__ == "__main__":
    sys.exit(main())
