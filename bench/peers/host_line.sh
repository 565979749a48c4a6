#!/bin/sh
# Prints the host line that speed figures carry: the CPU model and the random-access latency by
# buffer size (bench/mem_latency, built with `cmake --build build --target mem_latency`; or
# MEM_LATENCY=path). Without the program, the CPU model alone. Run by cmancala.sh and pons.sh.
#
#   bench/peers/host_line.sh [MIB...]
root=$(cd "$(dirname "$0")/../.." && pwd)
prog=${MEM_LATENCY:-$root/build/bench/mem_latency}
if [ -x "$prog" ]; then
  "$prog" "$@"
else
  model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
  echo "host: ${model:-unknown CPU} ($(nproc) cpus); random access: not measured (build $prog)"
fi
