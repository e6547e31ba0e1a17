"""CPython 3.11 before 3.11.8 can raise a spurious SystemError from ast.parse when threads parse
at once (https://github.com/python/cpython/issues/106905). Hypothesis parses its own source to
describe lambdas, and schemathesis runs workers in threads, so a fuzzing run on such a Python
ended with "AST constructor recursion depth mismatch" as an internal error. Reported as a
SyntaxError instead, the description falls back to "<unknown>" and the run goes on."""

import ast
import sys

if sys.version_info[:3] < (3, 11, 8):
    _parse = ast.parse

    def _parse_without_spurious_system_error(*args, **kwargs):
        try:
            return _parse(*args, **kwargs)
        except SystemError as error:
            if "recursion depth mismatch" not in str(error):
                raise
            raise SyntaxError(str(error)) from error

    ast.parse = _parse_without_spurious_system_error
