"""Reading the JSON circuit form (``Circuit.from_json``), as ``circuitFromJson`` in
``src/circuit/json.ts`` does: the document's shape is checked first (INVALID_CIRCUIT naming the
field and what it should be), then the circuit is built through the model's own methods, so
every model check applies, and a refusal is given the JSON pointer of the field it concerns.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .errors import InvalidCircuit, QcircError
from .expr import IDENTIFIER, free_parameters, invalid_field, one_of, param_from_json
from .gates import STANDARD_GATES

if TYPE_CHECKING:
    from .circuit import Circuit, GateBuilder, Modifier

# The bounds of CIRCUIT_JSON_LIMITS (src/circuit/json-schema.ts) a document's shape is held to.
MAX_QUBITS = 1024
MAX_CLBITS = 1024
MAX_GATE_QUBITS = 64
MAX_NAME_LENGTH = 64
MAX_CIRCUIT_NAME_LENGTH = 128
MAX_CONDITION_BITS = 53
MAX_OPERATIONS = 100_000
MAX_REGISTERS = 256
MAX_GATES = 256
MAX_GATE_BODY = 10_000
MAX_PARAMS = 16
MAX_MODIFIERS = 16
MAX_SAFE_INTEGER = 2**53 - 1


# ---------------------------------------------------------------- the document's shape


def _is_int(value: object) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _object(value: object, field: str, allowed: Sequence[str], required: Sequence[str]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise invalid_field(field, "must be object")
    for key in required:
        if key not in value:
            raise invalid_field(f"{field}/{key}", "is required")
    for key in value:
        if key not in allowed:
            raise invalid_field(f"{field}/{key}", "is not a known field")
    return value


def _integer(value: object, field: str, minimum: int, maximum: int) -> None:
    if not _is_int(value):
        raise invalid_field(field, "must be integer")
    if value < minimum:  # type: ignore[operator]
        raise invalid_field(field, f"must be >= {minimum}")
    if value > maximum:  # type: ignore[operator]
        raise invalid_field(field, f"must be <= {maximum}")


def _identifier(value: object, field: str) -> None:
    if not isinstance(value, str) or IDENTIFIER.fullmatch(value) is None:
        raise invalid_field(field, f'must match pattern "{IDENTIFIER.pattern}"')
    if len(value) > MAX_NAME_LENGTH:
        raise invalid_field(field, f"must NOT have more than {MAX_NAME_LENGTH} characters")


def _array(value: object, field: str, max_items: int, min_items: int = 0) -> Sequence[Any]:
    if not isinstance(value, list):
        raise invalid_field(field, "must be array")
    if len(value) < min_items:
        raise invalid_field(field, f"must NOT have fewer than {min_items} items")
    if len(value) > max_items:
        raise invalid_field(field, f"must NOT have more than {max_items} items")
    return value


def _indices(value: object, field: str, maximum: int, min_items: int = 0, max_items: int = MAX_QUBITS) -> None:
    for i, index in enumerate(_array(value, field, max_items, min_items)):
        _integer(index, f"{field}/{i}", 0, maximum - 1)


def _discriminator(value: object, field: str, key: str, kinds: Sequence[str]) -> str:
    """Which member of a union (told apart by ``op`` or ``kind``) an object is."""
    kind = value.get(key) if isinstance(value, Mapping) else None
    if not isinstance(kind, str) or kind not in kinds:
        _object(value, field, (key,), (key,))
        raise invalid_field(f"{field}/{key}", one_of(kinds))
    return kind


def _modifier(value: object, field: str) -> None:
    kind = _discriminator(value, field, "kind", ("ctrl", "negctrl", "inv", "pow"))
    if kind in ("ctrl", "negctrl"):
        m = _object(value, field, ("kind", "count"), ("kind",))
        if "count" in m:
            _integer(m["count"], f"{field}/count", 1, MAX_QUBITS - 1)
    elif kind == "inv":
        _object(value, field, ("kind",), ("kind",))
    else:
        m = _object(value, field, ("kind", "exponent"), ("kind", "exponent"))
        param_from_json(m["exponent"], f"{field}/exponent")


def _condition(value: object, field: str) -> None:
    c = _object(value, field, ("clbits", "value"), ("clbits", "value"))
    _indices(c["clbits"], f"{field}/clbits", MAX_CLBITS, 1, MAX_CONDITION_BITS)
    _integer(c["value"], f"{field}/value", 0, MAX_SAFE_INTEGER)


def _gate_shape(value: object, field: str, in_body: bool) -> None:
    allowed = ("op", "name", "qubits", "params", "modifiers") + (() if in_body else ("condition",))
    op = _object(value, field, allowed, ("op", "name", "qubits"))
    if op["op"] != "gate":
        raise invalid_field(f"{field}/op", one_of(["gate"]))
    _identifier(op["name"], f"{field}/name")
    _indices(op["qubits"], f"{field}/qubits", MAX_QUBITS)
    for i, p in enumerate(_array(op.get("params", []), f"{field}/params", MAX_PARAMS)):
        param_from_json(p, f"{field}/params/{i}")
    for i, m in enumerate(_array(op.get("modifiers", []), f"{field}/modifiers", MAX_MODIFIERS)):
        _modifier(m, f"{field}/modifiers/{i}")
    if "condition" in op:
        _condition(op["condition"], f"{field}/condition")


def _operation_shape(op: object, field: str) -> None:
    kind = _discriminator(op, field, "op", ("gate", "measure", "reset", "barrier"))
    assert isinstance(op, Mapping)
    if kind == "gate":
        _gate_shape(op, field, in_body=False)
        return
    if kind == "measure":
        _object(op, field, ("op", "qubits", "clbits", "condition"), ("op", "qubits", "clbits"))
        _indices(op["qubits"], f"{field}/qubits", MAX_QUBITS, 1)
        _indices(op["clbits"], f"{field}/clbits", MAX_CLBITS, 1)
    elif kind == "reset":
        _object(op, field, ("op", "qubits", "condition"), ("op", "qubits"))
        _indices(op["qubits"], f"{field}/qubits", MAX_QUBITS, 1)
    else:
        _object(op, field, ("op", "qubits"), ("op",))
        if "qubits" in op:
            _indices(op["qubits"], f"{field}/qubits", MAX_QUBITS)
    if "condition" in op:
        _condition(op["condition"], f"{field}/condition")


def _register_list(value: object, field: str, min_items: int) -> None:
    for i, r in enumerate(_array(value, field, MAX_REGISTERS, min_items)):
        register = _object(r, f"{field}/{i}", ("name", "size"), ("name", "size"))
        _identifier(register["name"], f"{field}/{i}/name")
        _integer(register["size"], f"{field}/{i}/size", 1, MAX_QUBITS)


def check_document(document: object) -> Mapping[str, Any]:
    """The document's shape against the schema's rules; the model checks the rest."""
    d = _object(
        document,
        "",
        ("name", "qubits", "clbits", "registers", "gates", "operations"),
        ("qubits", "clbits", "operations"),
    )
    if "name" in d:
        name = d["name"]
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_CIRCUIT_NAME_LENGTH:
            raise invalid_field("/name", f"must be a string of 1 to {MAX_CIRCUIT_NAME_LENGTH} characters")
    _integer(d["qubits"], "/qubits", 1, MAX_QUBITS)
    _integer(d["clbits"], "/clbits", 0, MAX_CLBITS)
    if "registers" in d:
        registers = _object(d["registers"], "/registers", ("quantum", "classical"), ())
        if "quantum" in registers:
            _register_list(registers["quantum"], "/registers/quantum", 1)
        if "classical" in registers:
            _register_list(registers["classical"], "/registers/classical", 0)
    for j, gate in enumerate(_array(d.get("gates", []), "/gates", MAX_GATES)):
        g = _object(gate, f"/gates/{j}", ("name", "params", "qubits", "body"), ("name", "qubits", "body"))
        _identifier(g["name"], f"/gates/{j}/name")
        for k, p in enumerate(_array(g.get("params", []), f"/gates/{j}/params", MAX_PARAMS)):
            _identifier(p, f"/gates/{j}/params/{k}")
        _integer(g["qubits"], f"/gates/{j}/qubits", 1, MAX_GATE_QUBITS)
        for k, op in enumerate(_array(g["body"], f"/gates/{j}/body", MAX_GATE_BODY)):
            _gate_shape(op, f"/gates/{j}/body/{k}", in_body=True)
    for i, op in enumerate(_array(d["operations"], "/operations", MAX_OPERATIONS)):
        _operation_shape(op, f"/operations/{i}")
    return d


# ---------------------------------------------------------------- building the circuit


def circuit_from_json(cls: type[Circuit], document: Mapping[str, Any]) -> Circuit:
    d = check_document(document)
    circuit = cls(name=d.get("name"))
    registers = d.get("registers", {})
    qubits, clbits = int(d["qubits"]), int(d["clbits"])
    quantum = registers.get("quantum", [{"name": "q", "size": qubits}])
    classical = registers.get("classical", [{"name": "c", "size": clbits}] if clbits > 0 else [])
    _add_registers(quantum, qubits, "/registers/quantum", "qubits", circuit.add_quantum_register)
    _add_registers(classical, clbits, "/registers/classical", "clbits", circuit.add_classical_register)

    for j, gate in enumerate(d.get("gates", [])):
        base = f"/gates/{j}"
        body: Sequence[Mapping[str, Any]] = gate["body"]
        current = -1

        def build(g: GateBuilder, *_: object, body: Sequence[Mapping[str, Any]] = body) -> None:
            nonlocal current
            for k, op in enumerate(body):
                current = k
                _append_gate(g, op)

        try:
            circuit.define_gate(gate["name"], gate.get("params", []), gate["qubits"], build)
        except QcircError as error:
            if current < 0 or error.code != "INVALID_OPERATION":
                raise _relocate(error, _definition_field(gate, base, circuit), base) from error
            at = f"{base}/body/{current}"
            lookup = circuit._lookup_gate
            raise _relocate(error, _locate_gate(body[current], at, gate["qubits"], lookup), at) from error

    for i, op in enumerate(d["operations"]):
        base = f"/operations/{i}"
        try:
            _append_operation(circuit, op)
        except QcircError as error:
            raise _relocate(error, _locate_operation(circuit, op, base), base) from error
    return circuit


def _add_registers(
    registers: Sequence[Mapping[str, Any]], total: int, base: str, total_field: str, add: Callable[[str, int], object]
) -> None:
    size = sum(int(r["size"]) for r in registers)
    if size != total:
        raise invalid_field(base, f"sizes add up to {size}, but {total_field} is {total}")
    for i, r in enumerate(registers):
        try:
            add(r["name"], r["size"])
        except QcircError as error:
            raise _relocate(error, f"{base}/{i}/name", f"{base}/{i}") from error


def _append_operation(circuit: Circuit, op: Mapping[str, Any]) -> None:
    def append(target: Circuit) -> None:
        kind = op["op"]
        if kind == "gate":
            _append_gate(target, op)
        elif kind == "measure":
            target.measure(op["qubits"], op["clbits"])
        elif kind == "reset":
            target.reset(op["qubits"])
        else:
            target.barrier(*op.get("qubits", []))

    condition = op.get("condition")
    # if_bits checks that the value fits the bits, which a gate's own condition option does not.
    if condition is None:
        append(circuit)
    else:
        circuit.if_bits(condition["clbits"], condition["value"], append)


def _append_gate(target: GateBuilder, op: Mapping[str, Any]) -> None:
    params = [param_from_json(p, "") for p in op.get("params", [])]
    target.gate(op["name"], op["qubits"], params, [_modifier_from_json(m) for m in op.get("modifiers", [])])


def _modifier_from_json(m: Mapping[str, Any]) -> Modifier:
    from .circuit import Ctrl, Inv, NegCtrl, Pow

    kind = m["kind"]
    if kind == "ctrl":
        return Ctrl(int(m.get("count", 1)))
    if kind == "negctrl":
        return NegCtrl(int(m.get("count", 1)))
    if kind == "inv":
        return Inv()
    return Pow(param_from_json(m["exponent"], ""))


def _relocate(error: QcircError, field: str, where: str) -> QcircError:
    """The error again, with ``details["field"]`` and the JSON location in its message."""
    reason = error.details.get("reason")
    reason = reason if isinstance(reason, str) else error.message
    details = {**error.details, "field": field}
    if error.code == "INVALID_OPERATION":
        described = error.details.get("operation")
        what = _strip_ordinal(described) if isinstance(described, str) else ""
        operation = where if what == "" else f"{where} {what}"
        return InvalidCircuit("INVALID_OPERATION", f"{operation}: {reason}", {**details, "operation": operation})
    return InvalidCircuit("INVALID_CIRCUIT", f"{where}: {reason}", details)


def _strip_ordinal(operation: str) -> str:
    """``operation #4 cx [0, 5]`` -> ``cx [0, 5]``: the model's numbering is not the document's."""
    stripped = re.sub(r"^(gate \w+, )?operation #\d+ ?", "", operation)
    return "" if stripped == "if" else stripped


# Where a failed append went wrong. The model has already refused the operation; these checks
# only find which field to point at, in the model's order, defaulting to the operation.

Lookup = Callable[[str], "tuple[int, tuple[str, ...]] | None"]


def _locate_operation(circuit: Circuit, op: Mapping[str, Any], base: str) -> str:
    condition = op.get("condition")
    if op["op"] != "barrier" and condition is not None:
        clbits = condition["clbits"]
        bad = _bad_index(clbits, circuit.num_clbits, f"{base}/condition/clbits", unique=False)
        if bad is not None:
            return bad
        if condition["value"] >= 2 ** len(clbits):
            return f"{base}/condition/value"
    kind = op["op"]
    if kind == "gate":
        return _locate_gate(op, base, circuit.num_qubits, circuit._lookup_gate)
    if kind == "measure":
        if len(op["qubits"]) != len(op["clbits"]):
            return f"{base}/clbits"
        return (
            _bad_index(op["qubits"], circuit.num_qubits, f"{base}/qubits", unique=False)
            or _bad_index(op["clbits"], circuit.num_clbits, f"{base}/clbits", unique=False)
            or base
        )
    if kind == "reset":
        return _bad_index(op["qubits"], circuit.num_qubits, f"{base}/qubits", unique=False) or base
    return _bad_index(op.get("qubits", []), circuit.num_qubits, f"{base}/qubits") or base


def _locate_gate(op: Mapping[str, Any], base: str, qubit_count: int, lookup: Lookup) -> str:
    signature = lookup(op["name"])
    if signature is None:
        return f"{base}/name"
    own_qubits, params = signature
    if len(op.get("params", [])) != len(params):
        return f"{base}/params"
    controls = sum(int(m.get("count", 1)) for m in op.get("modifiers", []) if m["kind"] in ("ctrl", "negctrl"))
    if len(op["qubits"]) != own_qubits + controls:
        return f"{base}/qubits"
    return _bad_index(op["qubits"], qubit_count, f"{base}/qubits") or base


def _bad_index(indices: Sequence[Any], count: int, at: str, unique: bool = True) -> str | None:
    """The pointer of the first index out of range (or, with ``unique``, repeated)."""
    seen: set[int] = set()
    for i, q in enumerate(indices):
        if q >= count or (unique and q in seen):
            return f"{at}/{i}"
        seen.add(q)
    return None


def _definition_field(gate: Mapping[str, Any], base: str, circuit: Circuit) -> str:
    """Which field of a gate definition the model refused."""
    if gate["name"] in STANDARD_GATES or gate["name"] in circuit.gate_definitions:
        return f"{base}/name"
    params = gate.get("params", [])
    repeated = next((i for i, p in enumerate(params) if params.index(p) != i), -1)
    if repeated >= 0:
        return f"{base}/params/{repeated}"
    for k, op in enumerate(gate["body"]):
        for m, p in enumerate(op.get("params", [])):
            if any(n not in params for n in free_parameters(param_from_json(p, ""))):
                return f"{base}/body/{k}/params/{m}"
    return base
