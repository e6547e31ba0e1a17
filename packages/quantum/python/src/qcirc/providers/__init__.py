"""Backends of qcirc for other libraries' run APIs, each an optional extra:
``qcirc.providers.qiskit`` (``QcircBackend``, a Qiskit ``BackendV2``; ``pip install qcirc[qiskit]``).
Importing this package imports none of them."""
