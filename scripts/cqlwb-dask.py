#!/usr/bin/python3
# Runs a cqlwb-cli search on a Dask cluster: the input files cut into N shards
# (cqlwb-cli -shard K/N), each searched on a worker, the parts merged here into
# exactly what one cqlwb-cli run writes (cqlwb-cli -merge). See docs/cluster.md.
# SPDX-License-Identifier: GPL-3.0-or-later
"""usage: cqlwb-dask (--scheduler ADDRESS | --scheduler-file FILE) [options] -- CQLWB-CLI-ARGUMENTS

Searches on the Dask cluster at ADDRESS (tcp://host:8786) what

    cqlwb-cli CQLWB-CLI-ARGUMENTS

searches on one machine, and writes the same output (its -o FILE, else the
query's output), the same problems, -showmatches lines and count line. Every
machine must see the input files, the query file and the parts folder at the
same paths (a shared file system); the shards run in this folder's path.
"""

import argparse
import logging
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid

EXIT_REFUSED = (1, 2)  # cqlwb-cli's answer to the query, files or options: the same on every worker


class ShardCrashed(Exception):
    """cqlwb-cli ended without an answer (killed, crashed): worth a retry elsewhere."""


def run_shard(cli, shard, count, part, args, cwd, threads):
    """One shard on a worker: cqlwb-cli -shard K/N -o PART ARGS. Returns what
    happened; raises ShardCrashed when the program did not finish, so Dask
    runs the shard again (on another worker when it can)."""
    # Test hook (tests/cluster/dask_cluster_test.py): the first worker to
    # take the "arm" file dies on the spot, as a machine that is switched off.
    arm = os.environ.get("CQLWB_DASK_TEST_LOSE_WORKER")
    if arm:
        try:
            os.unlink(arm)
            os.kill(os.getpid(), signal.SIGKILL)
        except FileNotFoundError:
            pass
    try:
        from distributed import get_worker
        worker = get_worker().name
    except Exception:  # noqa: BLE001 - run outside a worker (tests)
        worker = os.uname().nodename
    command = [cli, "-shard", "%d/%d" % (shard, count), "-o", part]
    if threads:
        command += ["-threads", str(threads)]
    command += args
    start = time.monotonic()
    try:
        done = subprocess.run(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
    except OSError as e:
        raise ShardCrashed("shard %d/%d on %s: cannot run %s: %s" % (shard, count, worker, cli, e)) from e
    seconds = time.monotonic() - start
    stderr = done.stderr.decode("utf-8", "replace")
    if done.returncode not in (0,) + EXIT_REFUSED:
        raise ShardCrashed("shard %d/%d on %s: cqlwb-cli ended with status %d: %s"
                           % (shard, count, worker, done.returncode, stderr[-2000:]))
    return {"shard": shard, "worker": worker, "status": done.returncode, "seconds": seconds,
            "stdout": done.stdout.decode("utf-8", "replace"), "stderr": stderr}


def say(text):
    print("cqlwb-dask: " + text, file=sys.stderr, flush=True)


def split_output(args):
    """The search's arguments without -o FILE, and FILE ("" when not given)."""
    rest, output, i = [], "", 0
    while i < len(args):
        a = args[i]
        name = a[2:] if a.startswith("--") else a[1:] if a.startswith("-") else None
        if name in ("shard", "merge"):
            sys.exit("cqlwb-dask: give the search's own arguments; %s is the driver's to add" % a)
        if name in ("o", "output") and i + 1 < len(args):
            output = args[i + 1]
            i += 2
            continue
        rest.append(a)
        i += 1
    return rest, output


def main():
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n", 1)[1],
        formatter_class=argparse.RawDescriptionHelpFormatter,
        usage="%(prog)s (--scheduler ADDRESS | --scheduler-file FILE) [options] -- CQLWB-CLI-ARGUMENTS")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--scheduler", metavar="ADDRESS", help="the scheduler, e.g. tcp://head:8786")
    where.add_argument("--scheduler-file", metavar="FILE", help="the file dask-scheduler --scheduler-file wrote")
    parser.add_argument("--shards", type=int, default=0, metavar="N",
                        help="how many shards (default: one per worker thread of the cluster)")
    parser.add_argument("--threads", type=int, default=0, metavar="N",
                        help="search threads per shard (cqlwb-cli -threads; default: all cores of its machine)")
    parser.add_argument("--cli", default="", metavar="PATH",
                        help="cqlwb-cli on the workers (default: the one beside this script, else from PATH)")
    parser.add_argument("--parts", metavar="DIR", default="",
                        help="where the shards write their parts, on the shared file system "
                             "(default: a hidden folder beside the output)")
    parser.add_argument("--keep-parts", action="store_true", help="keep the parts after the merge")
    parser.add_argument("--retries", type=int, default=2, metavar="N",
                        help="runs more of a shard whose cqlwb-cli crashed or was killed (default 2); a shard "
                             "whose worker is lost is run again by the scheduler in any case")
    parser.add_argument("--wait-workers", type=int, default=1, metavar="N",
                        help="wait until N workers are connected (default 1)")
    parser.add_argument("--timeout", type=float, default=60, metavar="SECONDS", help="seconds to wait for the cluster (default 60)")
    parser.add_argument("search", nargs=argparse.REMAINDER, help="cqlwb-cli's arguments, after --")
    opts = parser.parse_args()
    search = opts.search[1:] if opts.search[:1] == ["--"] else opts.search
    if not search:
        parser.error("no search: give cqlwb-cli's arguments after --")
    args, output = split_output(search)

    try:
        from distributed import Client, as_completed
    except ImportError:
        sys.exit("cqlwb-dask: Dask distributed is not installed (Debian/Ubuntu: apt install python3-distributed)")
    # Standard error is the search's (its problems, as one run prints them):
    # Dask's notes on workers it lost and retried are not. Failures that
    # matter are raised, and said by this driver.
    logging.getLogger("distributed").setLevel(logging.ERROR)
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)

    cli = opts.cli
    if not cli:
        beside = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cqlwb-cli")
        cli = beside if os.access(beside, os.X_OK) else (shutil.which("cqlwb-cli") or "cqlwb-cli")
    cwd = os.getcwd()
    target = output or "cqlwb-dask-out.pgn"
    parts_dir = opts.parts or os.path.join(
        os.path.dirname(os.path.abspath(target)), ".%s.parts-%s" % (os.path.basename(target), uuid.uuid4().hex[:8]))

    try:
        client = Client(address=opts.scheduler, scheduler_file=opts.scheduler_file, timeout=opts.timeout)
    except (OSError, TimeoutError) as e:
        sys.exit("cqlwb-dask: cannot reach the scheduler %s: %s" % (opts.scheduler or opts.scheduler_file, e))
    failed = None
    try:
        try:
            client.wait_for_workers(opts.wait_workers, timeout=opts.timeout)
        except (OSError, TimeoutError):
            sys.exit("cqlwb-dask: fewer than %d workers came within %g s" % (opts.wait_workers, opts.timeout))
        workers = client.scheduler_info()["workers"]
        count = opts.shards or max(1, sum(w.get("nthreads", 1) for w in workers.values()))
        run = uuid.uuid4().hex[:8]
        os.makedirs(parts_dir, exist_ok=True)
        parts = [os.path.join(parts_dir, "shard-%d-of-%d.part" % (k, count)) for k in range(1, count + 1)]
        say("%d shards on %d workers, parts in %s" % (count, len(workers), parts_dir))
        futures = [client.submit(run_shard, cli, k, count, parts[k - 1], args, cwd, opts.threads,
                                 key="cqlwb-shard-%d-of-%d-%s" % (k, count, run), pure=False, retries=opts.retries)
                   for k in range(1, count + 1)]
        for done in as_completed(futures):
            if done.status != "finished":
                failed = "a shard failed: %s" % (done.exception(),)
                break
            result = done.result()
            if result["status"] != 0:
                failed = "shard %d/%d was refused on %s:\n%s" % (
                    result["shard"], count, result["worker"], result["stderr"].rstrip())
                break
            say("shard %d/%d done on %s in %.2f s" % (result["shard"], count, result["worker"], result["seconds"]))
        if failed:
            client.cancel(futures)
    finally:
        client.close()
    status = 1
    if not failed:
        merge = [cli, "-merge"] + parts + (["-o", output] if output else [])
        status = subprocess.run(merge, cwd=cwd, check=False).returncode
    # There is no resume: the parts of a failed run are of no more use than those of a merged one.
    if not opts.keep_parts:
        for p in parts:
            if os.path.exists(p):
                os.unlink(p)
        if not opts.parts:
            try:
                os.rmdir(parts_dir)
            except OSError:
                pass  # a shard still running elsewhere wrote its part since
    if failed:
        sys.exit("cqlwb-dask: " + failed)
    sys.exit(status)


if __name__ == "__main__":
    main()
