"""Builds or runs one cocotb test module through cocotb's own runner (cocotb.runner, cocotb 1.8).

The verification platform's simulation stage calls it twice, with argument arrays:

    python driver.py build --simulator icarus --toplevel acc --build-dir B --source a.sv ...
    python driver.py test  --simulator icarus --toplevel acc --build-dir B --test-dir T \
                           --module test_acc --module-dir D --results results.xml

so that a build failure and a run's end are told apart by the step that failed. Values that
start with a dash are given as --build-arg=--coverage.
"""

import argparse
import sys
import warnings

# cocotb 1.8 calls its runner experimental and says so at import on every run.
warnings.filterwarnings("ignore", message="Python runners", category=UserWarning)
from cocotb.runner import get_runner  # noqa: E402


def parse_arguments(argv):
    parser = argparse.ArgumentParser(prog="driver.py")
    parser.add_argument("phase", choices=["build", "test"])
    parser.add_argument("--simulator", choices=["icarus", "verilator"], required=True)
    parser.add_argument("--toplevel", required=True)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--source", action="append", default=[])
    parser.add_argument("--include", action="append", default=[])
    parser.add_argument("--define", action="append", default=[], help="NAME=VALUE")
    parser.add_argument("--build-arg", action="append", default=[])
    parser.add_argument("--test-dir")
    parser.add_argument("--module")
    parser.add_argument("--module-dir")
    parser.add_argument("--results", default="results.xml")
    parser.add_argument("--plusarg", action="append", default=[])
    arguments = parser.parse_args(argv)
    if arguments.phase == "test" and None in (arguments.test_dir, arguments.module, arguments.module_dir):
        parser.error("test needs --test-dir, --module and --module-dir")
    return arguments


def main(argv):
    arguments = parse_arguments(argv)
    runner = get_runner(arguments.simulator)
    if arguments.phase == "build":
        runner.build(
            verilog_sources=arguments.source,
            includes=arguments.include,
            defines=dict(define.split("=", 1) for define in arguments.define),
            build_args=arguments.build_arg,
            hdl_toplevel=arguments.toplevel,
            build_dir=arguments.build_dir,
            always=True,
        )
        return 0
    # The runner hands its own sys.path to the simulator's Python as PYTHONPATH.
    sys.path.insert(0, arguments.module_dir)
    results = runner.test(
        test_module=arguments.module,
        hdl_toplevel=arguments.toplevel,
        hdl_toplevel_lang="verilog",
        build_dir=arguments.build_dir,
        test_dir=arguments.test_dir,
        results_xml=arguments.results,
        plusargs=arguments.plusarg,
    )
    print(f"cocotb results: {results}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
