"""Converters between :class:`qcirc.Circuit` and other circuit libraries, each an optional extra:
``qcirc.adapters.qiskit`` (``pip install qcirc[qiskit]``) and ``qcirc.adapters.cirq``
(``pip install qcirc[cirq]``). Importing this package imports neither library."""
