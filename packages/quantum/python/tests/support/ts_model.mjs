// The TypeScript circuit model (the package's built dist/), for the Python model's agreement
// tests: one process answers one request read from standard input, so the tests start Node once.
//
//   {"gates": true, "qasm": ["examples/bell.qasm", ...], "circuits": [{...JSON circuit...}, ...],
//    "evaluate": [[expression, {"theta": 0.5}], ...]}
//   -> {"gates": [[name, qubits, [params]], ...],
//       "qasm": [{"file", "json"} | {"file", "error"}, ...],
//       "circuits": [{"json"} | {"error": {"code", "message", "details"}}, ...],
//       "evaluate": [value, ...]}  (a number JSON cannot hold, given or answered, as a string: "NaN")
//
// OpenQASM files are named relative to the package (includes relative to the including file).
// A circuit is validated (validateCircuitJson) and read (circuitFromJson) as the REST API and
// the CLI read one, then written back (circuitToJson).
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = (path) => import(join(pkg, 'dist', path));
const { STANDARD_GATES } = await dist('circuit/gates.js');
const { circuitFromJson, circuitToJson } = await dist('circuit/json.js');
const { validateCircuitJson } = await dist('circuit/json-schema.js');
const { importQasm } = await dist('qasm/importer.js');
const { evaluate } = await dist('circuit/expr.js');

const request = JSON.parse(readFileSync(0, 'utf8'));
const failure = (error) => ({ code: error.code, message: error.message, details: error.details });
const answer = {};

if (request.gates) {
  answer.gates = [...STANDARD_GATES.values()].map((g) => [g.name, g.qubits, g.params]);
}

answer.qasm = (request.qasm ?? []).map((file) => {
  const source = readFileSync(join(pkg, file), 'utf8');
  const inputs = /^\/\/ inputs: (.*)$/m.exec(source);
  try {
    const { circuit } = importQasm(source, {
      file,
      resolveInclude: (path, from) => {
        const name = join(dirname(from ?? file), path);
        return { file: name, source: readFileSync(join(pkg, name), 'utf8') };
      },
      ...(inputs === null ? {} : { inputs: JSON.parse(inputs[1]) }),
    });
    return { file, json: circuitToJson(circuit) };
  } catch (error) {
    return { file, error: failure(error) };
  }
});

answer.circuits = (request.circuits ?? []).map((document) => {
  try {
    return { json: circuitToJson(circuitFromJson(validateCircuitJson(document))) };
  } catch (error) {
    return { error: failure(error) };
  }
});

answer.evaluate = (request.evaluate ?? []).map(([expression, bindings]) => {
  const value = evaluate(expression, new Map(Object.entries(bindings).map(([k, v]) => [k, Number(v)])));
  return Number.isFinite(value) ? value : String(value);
});

process.stdout.write(JSON.stringify(answer));
