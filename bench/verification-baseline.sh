#!/usr/bin/env bash
# The baseline of bench/verification-overhead.bench.ts: the tool commands that a job with the
# stages lint, simulation and formal runs for examples/counter, run by hand in the layout of a
# job's directory (src/, work/<stage>/, artifacts/), each tool's output written to the log the
# stage writes. The commands, flags and generated scripts are those of the stages' code under
# packages/verification/src/engine/ (stages/lint.ts; simulation/verilator-build.ts and
# run-directory.ts; fsm/extract.ts; formal/task.ts, check.ts and yosys-script.ts) for the counter's
# verify.json: sources rtl/*.sv, testbench tb/tb_counter.sv, trace and coverage on (the defaults),
# formal depth 20 with induction. Two outcomes of the counter's fix what runs: the FSM coverage's
# Yosys run finds no state machine, so the trace is never read, and induction closes on all the
# assertions together, so it runs once. What the stages do in-process (reading the tools' output,
# coverage.dat into Cobertura XML, the job's records) is part of what the benchmark measures as
# the platform's overhead.
#
# Usage: verification-baseline.sh MAIN_CPP DIR CACHE_DIR
#   MAIN_CPP   the simulation's C++ main as the stage generates it: the benchmark writes it with
#              the stage's own verilatorMain; by hand, take a job's
#              {data-dir}/jobs/{id}/work/simulation/simulation_main.cpp
#   DIR        an empty directory to work in; the logs end up in DIR/artifacts
#   CACHE_DIR  kept across runs, as the service's {data-dir}/cache: ccache's objects
set -euo pipefail

main_cpp=$(realpath "$1")
dir=$(realpath "$2")
cache=$(realpath "$3")
example=$(realpath "$(dirname "$0")/../packages/verification/examples/counter")
src=$dir/src
work=$dir/work
artifacts=$dir/artifacts

# Runs a tool with its output appended to the log $1; on a failure the log's end goes to stderr.
logged() {
  local log=$1
  shift
  "$@" >>"$log" 2>&1 || {
    tail -n 20 "$log" >&2
    return 1
  }
}

# The same, after the command line, as lint.log and formal.log have it.
logged_with_command() {
  echo "\$ ${*:2}" >>"$1"
  logged "$@"
}

mkdir -p "$src" "$work/lint" "$work/simulation" "$work/formal" "$artifacts"
# The job's copy of the project's files.
cp -R "$example/." "$src"

# Lint: in the project's copy, the sources named as the project names them.
cd "$src"
logged_with_command "$artifacts/lint.log" \
  verilator --lint-only -Wall --top-module counter rtl/counter.sv

# Simulation: the generated main in the stage's directory, the build from the project's copy.
sim=$work/simulation
cp "$main_cpp" "$sim/simulation_main.cpp"
# As the stage: at most two compiler jobs, the machine being shared with other jobs' stages, and
# every compile through ccache when there is one, with paths hashed relative to the job's directory.
build_jobs=$(($(nproc) < 2 ? $(nproc) : 2))
build_env=()
if command -v ccache >/dev/null; then
  build_env=(OBJCACHE=ccache "CCACHE_DIR=$cache/ccache" "CCACHE_BASEDIR=$dir" CCACHE_NOHASHDIR=1 CCACHE_MAXSIZE=2G)
fi
cd "$src"
logged "$artifacts/build.log" env "${build_env[@]}" \
  verilator --cc --exe --build --timing -Wno-fatal -Wno-lint -Wno-style --coverage --trace-fst \
  -j "$build_jobs" --top-module tb_counter --prefix Vtestbench \
  --Mdir "$sim/model" -o simulation rtl/counter.sv tb/tb_counter.sv "$sim/simulation_main.cpp"
# The run directory links every top-level entry of the project's copy (dot files too, as readdir
# lists them; none is named like an output, trace.fst or coverage.dat).
mkdir "$sim/run"
shopt -s dotglob
ln -s "$src"/* "$sim/run/"
cd "$sim/run"
logged "$artifacts/simulation.log" "$sim/model/simulation"
# The stage keeps both as artifacts.
cp trace.fst coverage.dat "$artifacts/"
# FSM coverage: Yosys looks for state machines, from the project's copy.
cat >"$sim/fsm-detect.ys" <<EOF
read_verilog -sv rtl/counter.sv
hierarchy -top counter
proc
opt -nodffe -nosdff
delete -output o:*
fsm_detect
fsm_extract
fsm_info
EOF
cd "$src"
# The stage reads its output without keeping it.
logged "$sim/fsm-detect.log" yosys -s "$sim/fsm-detect.ys"

# Formal: one task, `default`, in its own directory. Yosys reads the design from the project's
# copy and lists its properties, prepares the model as SymbiYosys does and writes it as SMT2; then
# yosys-smtbmc's bounded check and induction run in the task's directory.
formal=$work/formal/default
mkdir -p "$formal"
cat >"$formal/model.ys" <<EOF
read_verilog -formal -sv rtl/counter.sv
prep -top counter
hierarchy -smtcheck
write_rtlil $formal/design.il
delete t:\$* t:\$assert t:\$cover %u t:\$live %u %d
opt_clean -purge
write_json $formal/properties.json
EOF
cat >"$formal/prep.ys" <<EOF
read_rtlil $formal/design.il
scc -select; simplemap; select -clear
memory_nordff
async2sync
chformal -assume -early
opt_clean
formalff -setundef -clk2ff -ff2anyinit
chformal -live -fair -cover -remove
opt_clean
check
setundef -undriven -anyseq
opt -fast
rename -witness
opt_clean
write_rtlil $formal/design_prep.il
EOF
cat >"$formal/smt2.ys" <<EOF
read_rtlil $formal/design_prep.il
hierarchy -smtcheck
dffunmap
design -save model
write_smt2 -wires $formal/design.smt2
EOF
cd "$src"
logged_with_command "$artifacts/formal.log" yosys -q -s "$formal/model.ys"
cd "$formal"
logged_with_command "$artifacts/formal.log" yosys -q -s "$formal/prep.ys"
logged_with_command "$artifacts/formal.log" yosys -q -s "$formal/smt2.ys"
logged_with_command "$artifacts/formal.log" \
  yosys-smtbmc -s z3 --presat --keep-going -t 20 --dump-vcd 'bmc_trace_%.vcd' design.smt2
logged_with_command "$artifacts/formal.log" yosys-smtbmc -s z3 -i -t 20 design.smt2
