"""Parameter expressions: the trees Python's operators build (the JSON form's), evaluation,
substitution, printing and reading the JSON form back."""

from __future__ import annotations

import math

import pytest

from qcirc import Circuit, Parameter, QcircError, cos, sin, sqrt
from qcirc.expr import (
    Binary,
    Call,
    Constant,
    Unary,
    evaluate,
    format_expr,
    free_parameters,
    param_from_json,
    substitute,
)


def test_operators_build_the_json_expression_tree() -> None:
    theta = Parameter("theta")
    assert theta / 2 == Binary("/", theta, Constant(2))
    assert 1 - theta == Binary("-", Constant(1), theta)
    assert -theta == Unary(theta) and +theta is theta
    assert 2 ** theta == Binary("**", Constant(2), theta)
    assert sin(0.5) == Call("sin", Constant(0.5))
    assert (cos(theta) * 3).to_json() == {
        "kind": "binary",
        "op": "*",
        "left": {"kind": "call", "fn": "cos", "args": [{"kind": "parameter", "name": "theta"}]},
        "right": {"kind": "number", "value": 3},
    }
    with pytest.raises(TypeError):
        theta + "1"  # type: ignore[operator]


def test_evaluation_binding_and_free_parameters() -> None:
    theta, phi = Parameter("theta"), Parameter("phi")
    e = sqrt(theta) * phi + theta
    assert free_parameters(e) == ["theta", "phi"] and e.parameters == ["theta", "phi"]
    assert evaluate(e, {"theta": 4.0, "phi": 0.5}) == 5.0
    partly = e.bind({"phi": 2})
    assert isinstance(partly, Binary) and partly.parameters == ["theta"]
    assert e.bind({"phi": 2, "theta": 9}) == 15.0
    assert substitute(e, {"theta": phi}) == sqrt(phi) * phi + phi
    with pytest.raises(QcircError) as caught:
        evaluate(e, {"theta": 1.0})
    assert (caught.value.code, caught.value.details) == ("UNBOUND_PARAMETER", {"parameter": "phi"})


def test_evaluation_follows_javascript_where_python_would_raise() -> None:
    x = Parameter("x")
    assert evaluate(1 / x, {"x": 0.0}) == math.inf
    assert math.isnan(evaluate(sqrt(x), {"x": -1.0}))
    assert math.isnan(evaluate(x ** 0.5, {"x": -4.0}))


def test_formatting_matches_the_typescript_messages() -> None:
    theta = Parameter("theta")
    assert format_expr(-(theta / 2) + 1.0) == "(-((theta / 2)) + 1)"
    assert format_expr(1e-7) == "1e-7" and format_expr(0.25) == "0.25" and format_expr(math.nan) == "NaN"
    with pytest.raises(QcircError) as caught:
        Circuit(1).rx(theta * math.inf, 0)
    assert caught.value.message == (
        "operation #0 rx((theta * Infinity)) [0]: parameter θ must be a finite number, got (theta * Infinity)"
    )


def test_reading_the_json_form_names_the_bad_node() -> None:
    call = {"kind": "call", "fn": "exp", "args": [{"kind": "number", "value": 1}]}
    tree = {"kind": "unary", "op": "-", "operand": call}
    assert param_from_json(tree, "/p") == -Call("exp", Constant(1))
    assert param_from_json(0.5, "/p") == 0.5
    for bad, field in [
        ({"kind": "unary", "op": "+", "operand": {"kind": "number", "value": 1}}, "/p/op"),
        ({"kind": "call", "fn": "exp", "args": []}, "/p/args"),
        ({"kind": "binary", "op": "+", "left": {"kind": "number", "value": 1}}, "/p/right"),
        ({"kind": "parameter", "name": "1x"}, "/p/name"),
        ({"kind": "number", "value": True}, "/p/value"),
        (True, "/p"),
    ]:
        with pytest.raises(QcircError) as caught:
            param_from_json(bad, "/p")
        assert (caught.value.code, caught.value.details["field"]) == ("INVALID_CIRCUIT", field)


def test_a_parameter_name_is_an_identifier() -> None:
    with pytest.raises(QcircError) as caught:
        Parameter("two words")
    assert caught.value.code == "INVALID_CIRCUIT"
