#!/usr/bin/env python3
"""Iterations per CPU second and per wall second of `mcts` at threads=1 and threads=2.

From the start of Connect Four and Kalah(6,4), random playouts, solver off, a fixed iteration
budget. Rounds alternate which thread count runs first, so that drifting load hits both alike.
CPU time is the whole process's (user + system, from wait4's rusage): with ideal scaling two
threads do as many iterations per CPU second as one, and contention between them shows as fewer,
whatever else the machine runs. Wall-clock rates are printed too; they mean a speedup only on a
quiet host. Prints one line per search, then per game the ratios threads=2 / threads=1 and their
medians.

  bench/mcts_threads.py [--rounds 3] [--iterations 300000] [--harness build/harness]
                        [--games connect-four kalah] [--prefix 'chrt -f 10'] [-- OPTION=VALUE...]
  e.g. bench/mcts_threads.py -- parallel=root
"""
import argparse
import json
import os
import shlex
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(args, game, threads, seed, extra):
    cmd = shlex.split(args.prefix) + [
        args.harness, "search", "--game", game, "--algorithm", "mcts", "--option", "solver=off",
        "--option", "c=1", "--option", f"threads={threads}", "--option",
        f"iterations={args.iterations}", "--option", f"seed={seed}", "--depth", "max", "--json"]
    for option in extra:
        cmd += ["--option", option]
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit status {status}")
    iterations = json.loads(out)["iterations"]
    cpu = usage.ru_utime + usage.ru_stime
    return iterations, wall, cpu


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=300000)
    parser.add_argument("--harness", default=os.path.join(ROOT, "build", "harness"))
    parser.add_argument("--games", nargs="+", default=["connect-four", "kalah"])
    parser.add_argument("--prefix", default="", help="a command to run each search under")
    parser.add_argument("extra", nargs="*", help="more mcts options, OPTION=VALUE")
    args = parser.parse_args()
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    print(f"{'round':5} {'game':12} {'threads':7} {'iterations':>10} {'wall_s':>7} {'cpu_s':>7} "
          f"{'it/cpu_s':>10} {'it/wall_s':>10}")
    ratios = {g: {"cpu": [], "wall": []} for g in args.games}
    for r in range(1, args.rounds + 1):
        for game in args.games:
            rate = {}
            for t in ((1, 2) if r % 2 else (2, 1)):
                its, wall, cpu = run(args, game, t, r, args.extra)
                rate[t] = (its / cpu, its / wall)
                print(f"{r:<5} {game:12} {t:<7} {its:>10} {wall:7.3f} {cpu:7.3f} "
                      f"{its / cpu:10.0f} {its / wall:10.0f}", flush=True)
            ratios[game]["cpu"].append(rate[2][0] / rate[1][0])
            ratios[game]["wall"].append(rate[2][1] / rate[1][1])
    for game, rs in ratios.items():
        cpu = " ".join(f"{x:.2f}" for x in rs["cpu"])
        wall = " ".join(f"{x:.2f}" for x in rs["wall"])
        print(f"{game}: threads=2/threads=1 per CPU s {cpu} (median "
              f"{statistics.median(rs['cpu']):.2f}); per wall s {wall} (median "
              f"{statistics.median(rs['wall']):.2f})")
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())


if __name__ == "__main__":
    main()
