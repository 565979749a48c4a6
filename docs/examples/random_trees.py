"""Alpha-beta against SSS* and MT-SSS* on random trees of growing depth, from Python.

Runs top to bottom with plain python3 (PYTHONPATH=build/python):

    PYTHONPATH=build/python /usr/bin/python3 docs/examples/random_trees.py [PLOT.png]

Prints the leaves each algorithm evaluates and its time per search as pandas tables, beside the
Knuth-Moore minimal tree (the fewest leaves any algorithm can evaluate with perfect ordering),
and draws them with matplotlib into PLOT.png (default: random_trees.png).
"""

import sys

import matplotlib

matplotlib.use("Agg")  # a file, no window
import matplotlib.pyplot as plt
import pandas as pd

import gametree

BRANCHING = 4
DEPTHS = range(2, 9)
SEEDS = range(5)  # trees per depth; each row is their mean
ALGORITHMS = ["alphabeta", "sss*", "mt-sss*"]

rows = []
for depth in DEPTHS:
    for seed in SEEDS:
        game = gametree.Game("random-tree", branching=BRANCHING, depth=depth, seed=seed)
        items = [{"game": game, "algorithm": a, "depth": depth} for a in ALGORITHMS]
        results = gametree.search_many(items, threads=1)
        # Every algorithm finds the same minimax value.
        assert len({r.value for r in results}) == 1, results
        for a, r in zip(ALGORITHMS, results):
            rows.append({"depth": depth, "seed": seed, "algorithm": a, "leaves": r.leaves,
                         "ms": r.time_ms})

df = pd.DataFrame(rows)
leaves = df.pivot_table(index="depth", columns="algorithm", values="leaves", aggfunc="mean")
leaves["minimal tree"] = [BRANCHING ** ((d + 1) // 2) + BRANCHING ** (d // 2) - 1
                          for d in leaves.index]
ms = df.pivot_table(index="depth", columns="algorithm", values="ms", aggfunc="median")
print("leaves evaluated (mean of 5 trees)")
print(leaves.round(1).to_string())
print("\nms per search (median of 5 trees)")
print(ms.round(3).to_string())

fig, ax = plt.subplots(figsize=(6, 4))
for column in ALGORITHMS + ["minimal tree"]:
    ax.plot(leaves.index, leaves[column], marker="o", label=column)
ax.set_yscale("log")
ax.set_xlabel("depth (branching 4)")
ax.set_ylabel("leaves evaluated (mean of 5 trees)")
ax.legend()
fig.tight_layout()
fig.savefig(sys.argv[1] if len(sys.argv) > 1 else "random_trees.png", dpi=80)
