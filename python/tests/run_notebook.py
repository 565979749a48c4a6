"""Runs a Jupyter notebook top to bottom, headless (nbclient, Debian's python3-nbclient), from the
folder DIR (default: the current one), and writes the executed notebook to OUT (default: back in
place). Any cell that raises fails it (exit 1).

Usage: run_notebook.py NOTEBOOK [OUT] [--cwd DIR]
"""

import argparse
import os
import sys

import nbclient
import nbformat

parser = argparse.ArgumentParser()
parser.add_argument("notebook")
parser.add_argument("out", nargs="?")
parser.add_argument("--cwd", default=".")
args = parser.parse_args()
os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")  # ipykernel's debugger: no notes
nb = nbformat.read(args.notebook, as_version=4)
try:
    nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": args.cwd}}).execute()
except nbclient.exceptions.CellExecutionError as e:
    print(f"{args.notebook}: {e}", file=sys.stderr)
    sys.exit(1)
nbformat.write(nb, args.out or args.notebook)
