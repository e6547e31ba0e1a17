// The library: circuits, backends and the engine underneath.
export { Circuit, GateBody, ctrl, negctrl, inv, pow } from './circuit/circuit.js';
export type {
  Condition,
  GateDefinition,
  GateOperation,
  GateOptions,
  Modifier,
  Operation,
  Register,
} from './circuit/circuit.js';
export { param, neg, add, sub, mul, div, call, evaluate, formatExpr } from './circuit/expr.js';
export type { Expr, ParamValue, MathFunction } from './circuit/expr.js';
export { STANDARD_GATES, type StandardGate } from './circuit/gates.js';
export { lowerCircuit, type Instruction } from './circuit/lower.js';
export { getBackend, listBackends } from './backends/registry.js';
export {
  LocalSimulator,
  DEFAULT_SHOTS,
  MAX_SHOTS,
  type LocalSimulatorOptions,
} from './backends/local-simulator.js';
export { NeutralAtomQpu } from './backends/neutral-atom.js';
export { JOB_STATUSES } from './backends/backend.js';
export type { Backend, BackendStatus, Job, JobStatus, RunOptions, Target } from './backends/backend.js';
export {
  Result,
  registerOutcome,
  type CountsOptions,
  type ErasureSummary,
  type ResultData,
  type Timing,
} from './backends/result.js';
export type { ResourceEstimates } from './engine/estimates.js';
export type { NoiseOptions, NoiseModel } from './engine/noise.js';
export type { FusionOptions } from './engine/fusion.js';
export { simulateStatevector } from './engine/statevector-run.js';
export { importQasm, type ImportOptions, type ImportResult, type IncludeResolver } from './qasm/importer.js';
export { toQasm3, toQasm2 } from './qasm/export.js';
export { parse, type ParseOptions } from './qasm/parser.js';
export type * as QasmAst from './qasm/ast.js';
export { showSourceLine, type QasmWarning } from './qasm/diagnostics.js';
export {
  CircuitJsonSchema,
  validateCircuitJson,
  CIRCUIT_JSON_LIMITS,
  type CircuitJson,
} from './circuit/json-schema.js';
export { circuitToJson, circuitFromJson } from './circuit/json.js';
export { drawCircuit, type DrawOptions } from './circuit/draw.js';
export { EXAMPLES, exampleSource, type Example } from './examples.js';
export { QuantumErrors } from './errors.js';
// The REST service.
export { buildServer } from './api/server.js';
export { ServeConfigSchema, type ServeConfig, API_PREFIX, DEFAULT_PORT } from './config.js';
export { openStore } from './store/database.js';
export { VERSION } from './version.js';
