#!/usr/bin/env bash
# Installs the Debian packages the project needs (only those missing), then configures and builds.
# Usage: bash scripts/setup.sh [BUILD_DIR] [extra cmake arguments...]
#   BUILD_DIR defaults to build (Release). Example ASan+UBSan build:
#   bash scripts/setup.sh build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGTS_SANITIZE=address
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make libtbb-dev libyaml-cpp-dev libcli11-dev nlohmann-json3-dev
          libbenchmark-dev libgtest-dev libgmock-dev gnuplot-nox graphviz gnugo libopenmpi-dev
          openmpi-bin chromium pybind11-dev python3-dev python3-pytest python3-pandas
          python3-matplotlib python3-venv python3-setuptools python3-nbclient python3-nbformat
          python3-ipykernel libcpp-httplib-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  if [ "$(id -u)" -ne 0 ]; then
    echo "setup: missing packages and not root; run as root or: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

build_dir=${1:-build}
shift || true
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build_dir" -j "$(nproc)"
