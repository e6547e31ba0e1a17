"""The Python model against the TypeScript one (the package's built ``dist/``, driven by
``support/ts_model.mjs`` in one Node process): the same gate table, the same JSON for the
starter examples and every OpenQASM fixture the TypeScript importer reads, for the README's
example and for circuits built in Python (40 of them random), the same refusals (code, field and message) for
invalid documents, the same values for expressions, and a circuit built in Python run by the
``qcirc`` CLI."""

from __future__ import annotations

import json
import math
import random
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from qcirc import Circuit, Parameter, QcircError, arccos, arcsin, arctan, cos, ctrl, exp, inv, log, negctrl, pow
from qcirc import sin, sqrt, tan
from qcirc.circuit import Ctrl, Modifier, NegCtrl
from qcirc.expr import Expr, ParamValue, json_depth
from qcirc.gates import STANDARD_GATES

PACKAGE = Path(__file__).resolve().parents[2]
#: The starter examples and every valid OpenQASM fixture, relative to the package.
QASM_FILES = sorted(
    str(p.relative_to(PACKAGE))
    for d in ("examples", "test/fixtures/qasm/valid", "test/fixtures/qasm/valid-2.0")
    for p in (PACKAGE / d).glob("*.qasm")
)


def readme_example() -> dict[str, Any]:
    readme = (PACKAGE / "README.md").read_text()
    section = readme[readme.index("## JSON circuit form") :]
    match = re.search(r"```json\n(.*?)```", section, re.S)
    assert match is not None
    document: dict[str, Any] = json.loads(match.group(1))
    return document


def python_circuits() -> list[Circuit]:
    """Circuits using every part of the model: each gate method, modifiers, custom gates,
    expressions with every operator and function, registers, conditions, measure/reset/barrier."""
    theta, phi = Parameter("theta"), Parameter("phi")
    every_gate = Circuit(3, name="every_gate")
    every_gate.u(0.1, 0.2, 0.3, 0).gphase(0.5).p(0.25, 1).x(0).y(1).z(2).h(0).s(1).sdg(2).t(0).tdg(1).sx(2)
    every_gate.rx(0.5, 0).ry(-0.5, 1).rz(1.5, 2).cx(0, 1).cy(1, 2).cz(2, 0).cp(0.1, 0, 1).crx(0.2, 1, 2)
    every_gate.cry(0.3, 2, 0).crz(0.4, 0, 2).ch(1, 0).swap(0, 2).ccx(0, 1, 2).cswap(2, 1, 0)
    every_gate.cu(0.1, 0.2, 0.3, 0.4, 0, 1).CX(1, 0).phase(0.6, 0).cphase(0.7, 1, 2).id(0).u1(0.8, 1)
    every_gate.u2(0.9, 1.0, 2).u3(1, 2, 3, 0)

    symbolic = Circuit(qregs=[("a", 2), ("b", 2)], cregs=[("m", 2), ("n", 1)], name="symbolic")
    symbolic.define_gate("rzz", ["t"], 2, lambda g, t: g.cx(0, 1).rz(t, 1).cx(0, 1))
    symbolic.define_gate("twice", ["t", "u"], 2, lambda g, t, u: g.gate("rzz", [1, 0], [2 * t - u]).h(0))
    symbolic.gate("rzz", [0, 1], [theta / 2 + phi ** 2]).gate("twice", [2, 3], [-theta, 1 - phi * 3])
    symbolic.rx(sin(theta) + cos(phi) - tan(theta) * arcsin(0.1) / arccos(0.2), 0)
    symbolic.ry(arctan(phi) + exp(theta) + log(2 + theta) + sqrt(phi ** 2) + 2 ** theta, 1)
    symbolic.gate("x", [0, 1, 2, 3], modifiers=[ctrl(2), negctrl()]).gate("h", [1], modifiers=[inv(), pow(0.5)])
    symbolic.gate("sx", [3, 2], modifiers=[ctrl(), pow(theta)])
    symbolic.barrier(0, 2).measure([0, 1], symbolic.cregs[0]).reset(0).reset(1)
    symbolic.if_bits(symbolic.cregs[0], 2, lambda c: c.x(3).measure(3, 2).reset(2))
    with symbolic.if_bits([2], 1):
        symbolic.gate("rzz", [0, 3], [0.5])
    symbolic.barrier().measure_all()
    # Expressions as deep as the JSON form's 64 levels allow where they stand.
    deep = Circuit(2, name="deep")
    deep.define_gate("g", ["a"], 1, lambda g, a: g.gate("x", [0], modifiers=[pow(nested(a, 57))]))
    deep.rx(nested(theta, 60), 0).gate("g", [1], [nested(phi, 60)])
    return [every_gate, symbolic, deep, Circuit(2).h(0).cx(0, 1).measure_all(), Circuit(1, 1, name="lonely")]


def random_circuit(seed: int) -> Circuit:
    """A random circuit over the whole model: standard and custom gates with numbers and
    expressions, modifiers, registers, conditions, measurements, resets and barriers."""
    rng = random.Random(seed)
    c = Circuit(qregs=[("q", 2), ("r", rng.randint(1, 3))], cregs=[("c", 2), ("d", rng.randint(1, 2))])
    c.define_gate("g", ["a"], 2, lambda g, a: g.crx(a * 2, 0, 1).gate("h", [1], modifiers=[inv()]))
    names = [*STANDARD_GATES, "g"]

    def angle() -> ParamValue:
        leaves: list[ParamValue] = [Parameter("theta"), Parameter("phi"), rng.uniform(-4, 4)]
        leaf = rng.choice(leaves)
        angles: list[ParamValue] = [leaf, sin(leaf) * 2, cos(leaf) - rng.randint(1, 3), rng.uniform(-4, 4)]
        return rng.choice(angles)

    for _ in range(rng.randint(5, 25)):
        kind = rng.random()
        if kind < 0.7:
            name = rng.choice(names)
            own, params = (2, 1) if name == "g" else (STANDARD_GATES[name].num_qubits, len(STANDARD_GATES[name].params))
            modifiers: list[Modifier] = []
            if own < c.num_qubits and rng.random() < 0.3:
                modifiers.append(ctrl() if rng.random() < 0.5 else negctrl())
            if rng.random() < 0.2:
                modifiers.append(inv() if rng.random() < 0.5 else pow(angle()))
            controls = sum(m.count for m in modifiers if isinstance(m, (Ctrl, NegCtrl)))
            qubits = rng.sample(range(c.num_qubits), own + controls)
            c.gate(name, qubits, [angle() for _ in range(params)], modifiers)
        elif kind < 0.8:
            c.measure(rng.randrange(c.num_qubits), rng.randrange(c.num_clbits))
        elif kind < 0.85:
            c.reset(rng.randrange(c.num_qubits))
        elif kind < 0.9:
            c.barrier(*rng.sample(range(c.num_qubits), rng.randint(0, 2)))
        else:
            bits = rng.sample(range(c.num_clbits), rng.randint(1, 2))
            c.if_bits(bits, rng.randrange(2 ** len(bits)), lambda c: c.x(0).measure(1, bits[0]))
    return c


RANDOM_SEEDS = range(40)


def nested(leaf: Expr, levels: int) -> Expr:
    """An expression whose JSON form nests ``levels`` levels: negations around ``leaf``."""
    e = leaf
    for _ in range(levels - 1):
        e = -e
    assert json_depth(e) == levels
    return e


def document(*operations: dict[str, Any], qubits: int = 2, clbits: int = 1, **fields: Any) -> dict[str, Any]:
    return {"qubits": qubits, "clbits": clbits, **fields, "operations": list(operations)}


def gate(name: str, *qubits: int, **fields: Any) -> dict[str, Any]:
    return {"op": "gate", "name": name, "qubits": list(qubits), **fields}


def definition(name: str, *body: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"name": name, "qubits": 1, **fields, "body": list(body)}


def deep_document(levels: int) -> dict[str, Any]:
    return document(gate("rx", 0, params=[nested(Parameter("t"), levels).to_json()]))


INVALID_DOCUMENTS: list[dict[str, Any]] = [
    document(gate("cx", 0, 0)),
    document(gate("cx", 0, 2)),
    document(gate("nope", 0)),
    document(gate("rx", 0)),
    document(gate("x", 0, modifiers=[{"kind": "ctrl"}])),
    document({"op": "measure", "qubits": [0, 1], "clbits": [0]}),
    document({"op": "measure", "qubits": [0], "clbits": [1]}),
    document({"op": "reset", "qubits": [2]}),
    document({"op": "barrier", "qubits": [1, 1]}),
    document(gate("x", 0, condition={"clbits": [0], "value": 2})),
    document(gate("x", 0, condition={"clbits": [3], "value": 1})),
    document(registers={"quantum": [{"name": "q", "size": 1}]}),
    document(registers={"quantum": [{"name": "a", "size": 2}], "classical": [{"name": "a", "size": 1}]}),
    document(gates=[definition("h")]),
    document(gates=[definition("g", params=["a", "a"])]),
    document(gates=[definition("g", gate("rx", 0, params=[{"kind": "parameter", "name": "b"}]))]),
    document(gates=[definition("g", gate("cx", 0, 1))]),
    document(gate("x", 0, extra=True)),
    document(qubits=0),
    {"qubits": 2, "clbits": 0},
    document(gate("rx", 0, params=["half"])),
    document(gate("rx", 0, params=[0.5] * 17)),
    document(gate("x", 0, modifiers=[{"kind": "inv"}] * 17)),
    document(gate("x", 0, condition={"clbits": [0] * 54, "value": 1})),
    deep_document(61),
    deep_document(70),
    document(gate("rx", 0, params=[{"kind": "call", "fn": "sinh", "args": [{"kind": "number", "value": 1}]}])),
]


_t, _p = Parameter("theta"), Parameter("phi")
EXPRESSIONS: list[tuple[Any, dict[str, float]]] = [
    (sin(_t) + cos(_p) * tan(_t) - arcsin(_p / 2) / arccos(0.25) + arctan(_t) ** 2, {"theta": 0.7, "phi": -1.3}),
    (exp(_t) - log(_p) + sqrt(_t * _p) - -_t, {"theta": 2.5, "phi": 3.25}),
    (_t / 0, {"theta": 1.0}),
    (_t / 0, {"theta": -1.0}),
    (_t / 0, {"theta": 0.0}),
    (sqrt(_t), {"theta": -1.0}),
    (log(_t), {"theta": 0.0}),
    (log(_t), {"theta": -2.0}),
    (arcsin(_t) + arccos(_t), {"theta": 2.0}),
    (exp(_t), {"theta": 1000.0}),
    (_t ** (1 / 3), {"theta": -8.0}),
    (_t ** -1, {"theta": 0.0}),
    (_t ** -1, {"theta": -0.0}),
    (_t ** _p, {"theta": 1.0, "phi": math.inf}),
    (_t ** _p, {"theta": -1.0, "phi": math.inf}),
    (_t ** (_p * 0), {"theta": math.nan, "phi": 1.0}),
    (sin(_t) + cos(_t), {"theta": math.inf}),
    (_t * 1e308 * 10 - _t * 1e308 * 10, {"theta": 1.0}),
]


def _js_value(value: float) -> float | str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return value


@pytest.fixture(scope="module")
def typescript() -> dict[str, Any]:
    """The TypeScript model's answers to everything the tests below ask."""
    request = {
        "gates": True,
        "qasm": QASM_FILES,
        "circuits": [
            readme_example(),
            *(c.to_json() for c in python_circuits()),
            *(random_circuit(seed).to_json() for seed in RANDOM_SEEDS),
            *INVALID_DOCUMENTS,
        ],
        "evaluate": [[e.to_json(), {k: _js_value(v) for k, v in b.items()}] for e, b in EXPRESSIONS],
    }
    done = subprocess.run(
        ["node", str(Path(__file__).parent / "support" / "ts_model.mjs")],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_the_gate_table_is_the_typescript_one(typescript: dict[str, Any]) -> None:
    ours = [[g.name, g.num_qubits, list(g.params)] for g in STANDARD_GATES.values()]
    assert ours == typescript["gates"]
    for gate in STANDARD_GATES.values():
        method = getattr(Circuit, "u" if gate.name == "U" else gate.name)
        assert callable(method), f"no method for {gate.name}"


def test_every_example_and_qasm_fixture_round_trips_as_the_typescript_json(typescript: dict[str, Any]) -> None:
    assert len(typescript["qasm"]) == len(QASM_FILES) > 80
    for entry in typescript["qasm"]:
        assert "json" in entry, entry
        assert Circuit.from_json(entry["json"]).to_json() == entry["json"], entry["file"]


def test_the_readme_example_reads_as_the_typescript_library_reads_it(typescript: dict[str, Any]) -> None:
    example = readme_example()
    canonical = typescript["circuits"][0]["json"]
    assert Circuit.from_json(example).to_json() == canonical
    # The example spells out the default registers, which the compact form leaves out.
    assert {k: v for k, v in example.items() if k != "registers"} == canonical


def test_circuits_built_in_python_are_read_back_identically_by_typescript(typescript: dict[str, Any]) -> None:
    circuits = python_circuits()
    answers = typescript["circuits"][1 : 1 + len(circuits)]
    for circuit, answer in zip(circuits, answers):
        assert answer == {"json": circuit.to_json()}
        assert Circuit.from_json(circuit.to_json()) == circuit


def test_random_circuits_built_in_python_are_read_back_identically_by_typescript(typescript: dict[str, Any]) -> None:
    start = 1 + len(python_circuits())
    answers = typescript["circuits"][start : start + len(RANDOM_SEEDS)]
    for seed, answer in zip(RANDOM_SEEDS, answers):
        circuit = random_circuit(seed)
        assert answer == {"json": circuit.to_json()}, seed
        assert Circuit.from_json(circuit.to_json()) == circuit


def test_invalid_documents_are_refused_with_the_same_code_and_field(typescript: dict[str, Any]) -> None:
    answers = typescript["circuits"][-len(INVALID_DOCUMENTS) :]
    for invalid, answer in zip(INVALID_DOCUMENTS, answers):
        with pytest.raises(QcircError) as caught:
            Circuit.from_json(invalid)
        expected = answer["error"]
        ours = (caught.value.code, caught.value.details.get("field"))
        assert ours == (expected["code"], expected["details"]["field"]), invalid
        if expected["code"] != "INVALID_CIRCUIT" or "reason" in expected["details"]:
            # Refused by the model rather than by the schema: the very message.
            assert caught.value.message == expected["message"]


def test_expressions_evaluate_as_the_typescript_library_evaluates_them(typescript: dict[str, Any]) -> None:
    for (expression, bindings), theirs in zip(EXPRESSIONS, typescript["evaluate"]):
        ours = _js_value(expression.evaluate(bindings))
        if isinstance(ours, str) or isinstance(theirs, str):
            assert ours == theirs, str(expression)
        else:  # the two math libraries may round sin, exp, ... differently in the last place
            assert math.isclose(ours, theirs, rel_tol=1e-15, abs_tol=0), str(expression)


def test_a_circuit_built_in_python_runs_on_the_typescript_engine(tmp_path: Path) -> None:
    c = Circuit(3)
    c.define_gate("rzz", ["theta"], 2, lambda g, theta: g.cx(0, 1).rz(theta, 1).cx(0, 1))
    c.x(0).gate("rzz", [0, 1], [Parameter("t")]).measure_all()
    with c.if_bits(c.cregs[0][0], 1):
        c.x(2)
    c.measure(2, c.cregs[0][2])
    path = tmp_path / "circuit.json"
    path.write_text(json.dumps(c.to_json()))
    done = subprocess.run(
        ["node", str(PACKAGE / "bin" / "qcirc.js"), "run", str(path), "--json"]
        + ["--shots", "20", "--seed", "1", "--loss", "0", "--input", "t=0.3"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["counts"] == {"101": 20}
