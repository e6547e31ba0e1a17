"""Symbolic angles: the parameters of custom gate bodies and of parametric circuits, bound when
a circuit runs. The same closed set of nodes as ``src/circuit/expr.ts`` (and the JSON circuit
form), built with Python's operators::

    theta = Parameter("theta")
    c.rx(theta / 2, 0).rz(cos(theta) + 1, 1)

``to_json`` writes the JSON form's expression tree (``{"kind": "binary", "op": "/", ...}``);
``evaluate`` computes a value as JavaScript does (``1/0`` is ``inf``, ``sqrt(-1)`` is ``nan``),
so a bound circuit sees the angles the engine computes.
"""

from __future__ import annotations

import json
import math
import numbers
import re
from dataclasses import dataclass
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Literal, Union

from .errors import InvalidCircuit

__all__ = [
    "Expr",
    "Constant",
    "Parameter",
    "Unary",
    "Binary",
    "Call",
    "ParamValue",
    "BinaryOp",
    "MathFunction",
    "MATH_FUNCTIONS",
    "sin",
    "cos",
    "tan",
    "arcsin",
    "arccos",
    "arctan",
    "exp",
    "log",
    "sqrt",
    "evaluate",
    "free_parameters",
    "substitute",
    "format_expr",
    "json_depth",
    "walk",
    "MAX_JSON_DEPTH",
    "param_to_json",
    "param_from_json",
]

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

BinaryOp = Literal["+", "-", "*", "/", "**"]
MathFunction = Literal["sin", "cos", "tan", "arcsin", "arccos", "arctan", "exp", "log", "sqrt"]


class Expr:
    """A node of an expression tree; the arithmetic operators build bigger trees."""

    __slots__ = ()

    def __add__(self, other: ParamValue) -> Expr:
        return Binary("+", self, _lift(other))

    def __radd__(self, other: ParamValue) -> Expr:
        return Binary("+", _lift(other), self)

    def __sub__(self, other: ParamValue) -> Expr:
        return Binary("-", self, _lift(other))

    def __rsub__(self, other: ParamValue) -> Expr:
        return Binary("-", _lift(other), self)

    def __mul__(self, other: ParamValue) -> Expr:
        return Binary("*", self, _lift(other))

    def __rmul__(self, other: ParamValue) -> Expr:
        return Binary("*", _lift(other), self)

    def __truediv__(self, other: ParamValue) -> Expr:
        return Binary("/", self, _lift(other))

    def __rtruediv__(self, other: ParamValue) -> Expr:
        return Binary("/", _lift(other), self)

    def __pow__(self, other: ParamValue) -> Expr:
        return Binary("**", self, _lift(other))

    def __rpow__(self, other: ParamValue) -> Expr:
        return Binary("**", _lift(other), self)

    def __neg__(self) -> Expr:
        return Unary(self)

    def __pos__(self) -> Expr:
        return self

    @property
    def parameters(self) -> list[str]:
        """Names of the free parameters, in first-seen order."""
        return free_parameters(self)

    def evaluate(self, bindings: Mapping[str, float] | None = None) -> float:
        return evaluate(self, bindings or {})

    def bind(self, values: Mapping[str, ParamValue]) -> ParamValue:
        """The expression with ``values`` put in; a number once no free parameter is left."""
        bound = substitute(self, values)
        return evaluate(bound, {}) if isinstance(bound, Expr) and not free_parameters(bound) else bound

    def to_json(self) -> dict[str, Any]:
        return _expr_to_json(self)

    def __str__(self) -> str:
        return format_expr(self)


@dataclass(frozen=True, slots=True)
class Constant(Expr):
    """A number inside an expression (JSON ``{"kind": "number", "value": 0.5}``)."""

    value: float


@dataclass(frozen=True, slots=True)
class Parameter(Expr):
    """A named parameter: a free circuit parameter, or a custom gate's parameter in its body."""

    name: str

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or IDENTIFIER.fullmatch(self.name) is None or len(self.name) > 64:
            raise InvalidCircuit(
                "INVALID_CIRCUIT",
                f"parameter name {self.name!r} must be an identifier of at most 64 characters",
                {"parameter": self.name},
            )


@dataclass(frozen=True, slots=True)
class Unary(Expr):
    """Negation: ``-operand``."""

    operand: Expr


@dataclass(frozen=True, slots=True)
class Binary(Expr):
    """``left op right``; ``**`` is power."""

    op: BinaryOp
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Call(Expr):
    """``fn(arg)``; ``log`` is the natural logarithm."""

    fn: MathFunction
    arg: Expr


#: A gate parameter: a number (radians), or an expression over named parameters.
ParamValue = Union[float, Expr]


def _js(fn: Callable[[float], float]) -> Callable[[float], float]:
    """``fn`` as JavaScript's Math computes it: NaN out of the domain instead of an exception."""

    def safe(x: float) -> float:
        try:
            return fn(x)
        except (ValueError, OverflowError):
            return math.inf if fn is math.exp and x > 0 else math.nan

    return safe


def _js_log(x: float) -> float:
    if x == 0:
        return -math.inf
    return math.log(x) if x > 0 else math.nan


#: What each function computes, as ``MATH_FUNCTIONS`` in expr.ts.
MATH_FUNCTIONS: Mapping[MathFunction, Callable[[float], float]] = {
    "sin": _js(math.sin),
    "cos": _js(math.cos),
    "tan": _js(math.tan),
    "arcsin": _js(math.asin),
    "arccos": _js(math.acos),
    "arctan": math.atan,
    "exp": _js(math.exp),
    "log": _js_log,
    "sqrt": _js(math.sqrt),
}


def _divide(left: float, right: float) -> float:
    if right != 0:
        return left / right
    if left == 0 or math.isnan(left):
        return math.nan
    return math.copysign(math.inf, left) * math.copysign(1.0, right)


def _power(left: float, right: float) -> float:
    # JavaScript's ** differs from C's pow: 1 ** NaN and (-1) ** Infinity are NaN there.
    if math.isnan(right) or (abs(left) == 1 and math.isinf(right)):
        return math.nan
    try:
        return math.pow(left, right)
    except OverflowError:
        return math.inf
    except ValueError:  # a negative base to a fractional power, or 0 to a negative power
        if left != 0:
            return math.nan
        odd = float(right).is_integer() and int(right) % 2 == 1
        return math.copysign(math.inf, left) if odd else math.inf


_BINARY: Mapping[str, Callable[[float, float], float]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": _divide,
    "**": _power,
}


def _call(fn: MathFunction, x: ParamValue) -> Expr:
    return Call(fn, _lift(x))


def sin(x: ParamValue) -> Expr:
    return _call("sin", x)


def cos(x: ParamValue) -> Expr:
    return _call("cos", x)


def tan(x: ParamValue) -> Expr:
    return _call("tan", x)


def arcsin(x: ParamValue) -> Expr:
    return _call("arcsin", x)


def arccos(x: ParamValue) -> Expr:
    return _call("arccos", x)


def arctan(x: ParamValue) -> Expr:
    return _call("arctan", x)


def exp(x: ParamValue) -> Expr:
    return _call("exp", x)


def log(x: ParamValue) -> Expr:
    return _call("log", x)


def sqrt(x: ParamValue) -> Expr:
    return _call("sqrt", x)


def is_number(value: object) -> bool:
    """A real number that is not a bool (``True`` is an int to Python, not an angle)."""
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def _lift(value: ParamValue) -> Expr:
    if isinstance(value, Expr):
        return value
    if is_number(value):
        return Constant(value)
    raise TypeError(f"an expression operand must be a number or an expression, got {value!r}")


def evaluate(value: ParamValue, bindings: Mapping[str, float]) -> float:
    """The value of ``value`` with its parameters taken from ``bindings``."""
    if not isinstance(value, Expr):
        return value
    if isinstance(value, Constant):
        return value.value
    if isinstance(value, Parameter):
        if value.name not in bindings:
            raise InvalidCircuit(
                "UNBOUND_PARAMETER",
                f"parameter '{value.name}' has no value: pass it in the run's parameters",
                {"parameter": value.name},
            )
        return bindings[value.name]
    if isinstance(value, Unary):
        return -evaluate(value.operand, bindings)
    if isinstance(value, Binary):
        return _BINARY[value.op](evaluate(value.left, bindings), evaluate(value.right, bindings))
    if isinstance(value, Call):
        return MATH_FUNCTIONS[value.fn](evaluate(value.arg, bindings))
    raise TypeError(f"not an expression: {value!r}")


#: Nesting levels of a whole JSON circuit document (CIRCUIT_JSON_LIMITS.depth in json-schema.ts).
MAX_JSON_DEPTH = 64


def walk(value: ParamValue) -> Iterator[tuple[Expr, int]]:
    """Every node of an expression, parents first and left before right, without recursion,
    with the level its JSON form starts at (the root 0; a call's argument two levels down)."""
    stack: list[tuple[ParamValue, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, Expr):
            continue
        yield node, depth
        if isinstance(node, Unary):
            stack.append((node.operand, depth + 1))
        elif isinstance(node, Binary):
            stack.extend(((node.right, depth + 1), (node.left, depth + 1)))
        elif isinstance(node, Call):
            stack.append((node.arg, depth + 2))  # {"args": [ ... ]}


def json_depth(value: ParamValue) -> int:
    """How many levels ``param_to_json(value)`` nests (a number 0, ``{"kind": "parameter", ...}``
    1), so a tree too deep for the JSON form can be refused."""
    return max((depth + 1 for _, depth in walk(value)), default=0)


def free_parameters(value: ParamValue, into: dict[str, None] | None = None) -> list[str]:
    """Names of the free parameters in ``value``, in first-seen order."""
    seen: dict[str, None] = {} if into is None else into
    for node, _ in walk(value):
        if isinstance(node, Parameter):
            seen.setdefault(node.name)
    return list(seen)


def substitute(value: ParamValue, args: Mapping[str, ParamValue]) -> ParamValue:
    """``value`` with parameters replaced by ``args`` (numbers or expressions); others stay."""
    if not isinstance(value, Expr) or isinstance(value, Constant):
        return value
    if isinstance(value, Parameter):
        return args.get(value.name, value)
    if isinstance(value, Unary):
        return Unary(_lift(substitute(value.operand, args)))
    if isinstance(value, Binary):
        return Binary(value.op, _lift(substitute(value.left, args)), _lift(substitute(value.right, args)))
    if isinstance(value, Call):
        return Call(value.fn, _lift(substitute(value.arg, args)))
    raise TypeError(f"not an expression: {value!r}")


def format_number(value: float) -> str:
    """A number as JavaScript's ``String(x)`` prints it, so messages match the TypeScript library."""
    if isinstance(value, int) or (math.isfinite(value) and value == int(value) and abs(value) < 1e21):
        return str(int(value))
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    text = repr(float(value))
    return text.replace("e-0", "e-").replace("e+0", "e+") if "e" in text else text


def format_expr(value: ParamValue) -> str:
    """An expression in OpenQASM 3 syntax, as ``formatExpr`` in expr.ts prints it."""
    if not isinstance(value, Expr):
        return format_number(value)
    if isinstance(value, Constant):
        return format_number(value.value)
    if isinstance(value, Parameter):
        return value.name
    if isinstance(value, Unary):
        return f"-({format_expr(value.operand)})"
    if isinstance(value, Binary):
        return f"({format_expr(value.left)} {value.op} {format_expr(value.right)})"
    if isinstance(value, Call):
        return f"{value.fn}({format_expr(value.arg)})"
    raise TypeError(f"not an expression: {value!r}")


def _expr_to_json(e: Expr) -> dict[str, Any]:
    if isinstance(e, Constant):
        return {"kind": "number", "value": e.value}
    if isinstance(e, Parameter):
        return {"kind": "parameter", "name": e.name}
    if isinstance(e, Unary):
        return {"kind": "unary", "op": "-", "operand": _expr_to_json(e.operand)}
    if isinstance(e, Binary):
        return {"kind": "binary", "op": e.op, "left": _expr_to_json(e.left), "right": _expr_to_json(e.right)}
    if isinstance(e, Call):
        return {"kind": "call", "fn": e.fn, "args": [_expr_to_json(e.arg)]}
    raise TypeError(f"not an expression: {e!r}")


def param_to_json(value: ParamValue) -> Any:
    """A gate parameter in the JSON form: the number itself, or the expression tree."""
    return _expr_to_json(value) if isinstance(value, Expr) else value


def param_from_json(value: Any, field: str) -> ParamValue:
    """Reads a parameter of the JSON form; a malformed one is INVALID_CIRCUIT naming ``field``."""
    if is_number(value):
        return value  # type: ignore[no-any-return]
    return _expr_from_json(value, field)


def one_of(values: Iterable[str]) -> str:
    """What an enumerated field must be, worded as the TypeScript validator words it."""
    return f"must be one of {', '.join(json.dumps(v) for v in values)}"


def invalid_field(field: str, expected: str) -> InvalidCircuit:
    """INVALID_CIRCUIT naming ``field`` (a JSON pointer) and what it should be."""
    return InvalidCircuit(
        "INVALID_CIRCUIT",
        f"{'the circuit' if field == '' else field} {expected}",
        {"field": field, "expected": expected},
    )


_KEYS: Mapping[str, frozenset[str]] = {
    "number": frozenset({"kind", "value"}),
    "parameter": frozenset({"kind", "name"}),
    "unary": frozenset({"kind", "op", "operand"}),
    "binary": frozenset({"kind", "op", "left", "right"}),
    "call": frozenset({"kind", "fn", "args"}),
}


def _expr_from_json(node: Any, field: str) -> Expr:
    depth = field.count("/")
    if depth > MAX_JSON_DEPTH or (depth == MAX_JSON_DEPTH and isinstance(node, dict) and node):
        # The pointer the TypeScript check names: its walk meets a node's last field first.
        at = field if depth > MAX_JSON_DEPTH else f"{field}/{list(node)[-1]}"
        raise invalid_field(at, f"nests more than {MAX_JSON_DEPTH} levels deep")
    if not isinstance(node, dict):
        raise invalid_field(field, "must be a number or an expression object")
    kind = node.get("kind")
    if not isinstance(kind, str) or kind not in _KEYS:
        raise invalid_field(f"{field}/kind", one_of(_KEYS))
    for key in node:
        if key not in _KEYS[kind]:
            raise invalid_field(f"{field}/{key}", "is not a known field")
    for key in sorted(_KEYS[kind]):
        if key not in node:
            raise invalid_field(f"{field}/{key}", "is required")
    if kind == "number":
        if not is_number(node["value"]):
            raise invalid_field(f"{field}/value", "must be number")
        return Constant(node["value"])
    if kind == "parameter":
        name = node["name"]
        if not isinstance(name, str) or IDENTIFIER.fullmatch(name) is None:
            raise invalid_field(f"{field}/name", "must be an identifier")
        return Parameter(name)
    if kind == "unary":
        if node["op"] != "-":
            raise invalid_field(f"{field}/op", one_of(["-"]))
        return Unary(_expr_from_json(node["operand"], f"{field}/operand"))
    if kind == "binary":
        if node["op"] not in _BINARY:
            raise invalid_field(f"{field}/op", one_of(_BINARY))
        return Binary(
            node["op"],
            _expr_from_json(node["left"], f"{field}/left"),
            _expr_from_json(node["right"], f"{field}/right"),
        )
    if node["fn"] not in MATH_FUNCTIONS:
        raise invalid_field(f"{field}/fn", one_of(MATH_FUNCTIONS))
    args = node["args"]
    if not isinstance(args, list) or len(args) != 1:
        raise invalid_field(f"{field}/args", "must hold exactly one argument")
    return Call(node["fn"], _expr_from_json(args[0], f"{field}/args/0"))
