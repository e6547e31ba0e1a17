"""from_qasm, to_qasm3 and to_qasm2 through the engine's importer and exporter."""

from __future__ import annotations

import pytest

from qcirc import Circuit, QasmError, from_qasm, to_qasm2, to_qasm3
from qcirc.engine import Engine


def test_export_and_import_give_the_same_circuit(engine: Engine) -> None:
    circuit = Circuit(2).h(0).cx(0, 1).measure_all()
    text = to_qasm3(circuit)
    assert text.startswith("OPENQASM 3.0;")
    assert from_qasm(text) == circuit
    old = to_qasm2(circuit)
    assert old.startswith("OPENQASM 2.0;") and "qreg q[2];" in old
    assert from_qasm(old).to_json()["operations"] == circuit.to_json()["operations"]


def test_an_import_error_carries_line_and_column(engine: Engine) -> None:
    with pytest.raises(QasmError) as error:
        from_qasm('OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nh q[5];\n')
    assert error.value.code == "INVALID_QASM"
    assert (error.value.line, error.value.column) == (4, 5)
