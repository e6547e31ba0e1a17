#!/usr/bin/env bash
# The baseline of bench/verification-regression.bench.ts: the simulations of a regression run by a
# plain shell loop. The same commands as the simulation stage's (simulation/verilator-build.ts or
# icarus.ts, regression.ts): one build of the ALU of packages/verification/test/fixtures/e2e/regression
# with the parameter OPS, then one run per seed, PARALLEL at a time (a bash loop), each in its own
# directory linking the design's files and with its output in its log, then a check that each
# passed and (Verilator) the runs' coverage merged with verilator_coverage.
#
# Usage: verification-regression-loop.sh SIMULATOR GENERATED DIR CACHE_DIR SEEDS OPS PARALLEL
#   SIMULATOR  verilator or icarus
#   GENERATED  the file the stage generates: Verilator's C++ main (verilatorMain) or Icarus's
#              harness module (icarusHarness); the benchmark writes it with the stage's own code
#   DIR        an empty directory to work in
#   CACHE_DIR  kept across runs, as the service's {data-dir}/cache: ccache's objects
#   SEEDS      a file of seeds, one a line
#   OPS        the testbench's OPS parameter: random operations per run
#   PARALLEL   runs at once
set -euo pipefail

simulator=$1
generated=$(realpath "$2")
dir=$(realpath "$3")
cache=$(realpath "$4")
seeds=$(realpath "$5")
ops=$6
parallel=$7
design=$(realpath "$(dirname "$0")/../packages/verification/test/fixtures/e2e/regression")
src=$dir/src
work=$dir/work

mkdir -p "$src" "$work/runs"
cp -r "$design/." "$src/"
cd "$src"
if [ "$simulator" = verilator ]; then
  ccache_env=()
  if command -v ccache >/dev/null; then
    ccache_env=(OBJCACHE="$(command -v ccache)" CCACHE_DIR="$cache/ccache" CCACHE_BASEDIR="$dir"
      CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=2G)
  fi
  env "${ccache_env[@]}" verilator -GOPS="$ops" --cc --exe --build --timing -Wno-fatal -Wno-lint -Wno-style \
    --coverage -j 2 --top-module tb_alu --prefix Vtestbench --Mdir "$work/model" -o simulation \
    rtl/alu.sv tb/tb_alu.sv "$generated" >"$work/build.log" 2>&1
  run=("$work/model/simulation")
else
  iverilog -Ptb_alu.OPS="$ops" -g2012 -o "$work/simulation.vvp" -s tb_alu -s verification_platform_harness \
    rtl/alu.sv tb/tb_alu.sv "$generated" >"$work/build.log" 2>&1
  run=(stdbuf -oL -eL vvp -n "$work/simulation.vvp")
fi

# One run: its directory links the design's top-level entries, as the stage's run directory does.
run_one() {
  local seed=$1 runs=$work/runs/$1
  mkdir -p "$runs"
  ln -s "$src"/* "$runs/"
  cd "$runs"
  if [ "$simulator" = verilator ]; then
    "${run[@]}" "+seed=$seed" "+verilator+seed+$seed" >simulation.log 2>&1
  else
    "${run[@]}" "+seed=$seed" >simulation.log 2>&1
  fi
}

# PARALLEL runs at once: a new one starts as soon as one ends (bash job control, no process per
# run but the subshell and the run's own commands).
running=0
while read -r seed; do
  run_one "$seed" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then
    wait -n
    running=$((running - 1))
  fi
done <"$seeds"
wait

# Every run passed, read from the logs at once, as the stage reads each run's TEST lines.
failed=$(grep -L '^TEST alu PASS' "$work"/runs/*/simulation.log || true)
if [ -n "$failed" ]; then
  echo "runs that did not pass: $failed" >&2
  exit 1
fi

if [ "$simulator" = verilator ]; then
  cd "$work"
  sed 's|.*|runs/&/coverage.dat|' "$seeds" | xargs verilator_coverage --write merged_coverage.dat >coverage_merge.log
fi
