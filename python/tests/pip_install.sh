#!/usr/bin/env bash
# `pip install ./python` into a new virtual environment, offline, with only Debian's packages
# (--system-site-packages: its setuptools; --no-build-isolation: nothing downloaded), reusing the
# module BUILD_DIR built; then the installed package imports, outside the source tree, with the
# version `harness --version` prints.
# Usage: pip_install.sh PYTHON SOURCE_DIR BUILD_DIR HARNESS
set -euo pipefail
python=${1:?usage: $0 PYTHON SOURCE_DIR BUILD_DIR HARNESS}
src=$2
build=$3
harness=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$python" -m venv --system-site-packages "$tmp/venv"
(cd "$tmp" && GAMETREE_BUILD_DIR=$build PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
  "$tmp/venv/bin/pip" install --no-build-isolation --no-deps -q "$src/python")
got=$(cd "$tmp" && env -u PYTHONPATH "$tmp/venv/bin/python" -c '
import os, sys, gametree
where = os.path.realpath(gametree.__file__)
assert where.startswith(os.path.realpath(sys.prefix)), f"imported from {where}"
assert os.path.isfile(os.path.join(os.path.dirname(where), "py.typed")), "no py.typed"
assert os.path.isfile(os.path.join(os.path.dirname(where), "__init__.pyi")), "no stubs"
r = gametree.search(gametree.Game("tictactoe"), None, "alphabeta", "max")
assert r.value == 0 and r.exact, r
print(gametree.__version__)')
want=$("$harness" --version)
if [[ $got != "$want" ]]; then
  echo "pip_install: gametree.__version__ is '$got', harness --version '$want'" >&2
  exit 1
fi
echo "pip_install: gametree $got installed and imported from a venv"
