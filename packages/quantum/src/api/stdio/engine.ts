/**
 * The engine: the JSON-lines protocol's methods over the same core functions as REST. One line
 * in is one request; `handleLine` parses and validates it and answers through `send`, at once
 * (`estimate`, `import_qasm`, `export_qasm`, `backends`, `cancel`) or when the run ends (`run`,
 * on the warm run pool, several in flight). Every failure is an error reply with the service's
 * code; a line that is not a request gets one with id null, and the engine goes on.
 */
import { createSchemaValidator } from '@lab/server-kit';
import { AppError, KitErrors } from '@lab/server-kit/errors';
import type { BackendRegistry } from '../../backends/registry.js';
import { estimatesToJSON } from '../../backends/result.js';
import { circuitFromJson, circuitToJson } from '../../circuit/json.js';
import { QuantumErrors } from '../../errors.js';
import { jobErrorOf } from '../../jobs/job-error.js';
import { checkRequest, importWithinLimits } from '../../jobs/program.js';
import type { RunHandle } from '../../jobs/runner.js';
import { toQasm2, toQasm3 } from '../../qasm/export.js';
import { describeBackend } from '../backends-routes.js';
import { toJobRequest } from '../job-request.js';
import { SHARED_SCHEMAS } from '../schemas.js';
import {
  CancelParamsSchema,
  ExportQasmParamsSchema,
  fusionOptions,
  ImportQasmParamsSchema,
  RequestSchema,
  RunParamsSchema,
  type Method,
  type RunParams,
} from './protocol.js';
import type { EngineRun, RunPool } from './run-pool.js';

type Id = number | string | null;
export type EngineMessage =
  | { id: Id; result: unknown }
  | { id: Id; error: { code: string; message: string; details: Record<string, unknown> } }
  | { id: Id; progress: number };

export interface EngineOptions {
  readonly send: (message: EngineMessage) => void;
  readonly pool: RunPool;
  /** The main thread's backends: estimates and the list (runs use the pool's). */
  readonly backends: BackendRegistry;
  /** Threads of a run that does not ask for a number. */
  readonly threads: number;
  /** Where a bug's stack goes (standard error), never standard output. */
  readonly log: (text: string) => void;
}

export interface Engine {
  handleLine(line: string): void;
  /** Waits for the runs in flight to be answered. */
  drain(): Promise<void>;
}

/**
 * `params` as the REST job request and the engine's own run options. `parameters` bind free
 * circuit parameters as a REST request's numeric `inputs` do, so they are merged into them.
 */
function engineRun(params: RunParams): EngineRun {
  const { parameters, fusion, threads, progress, ...body } = params;
  void progress; // a transport option, not a run option
  const fusionSettings = fusionOptions(fusion);
  const inputs = parameters === undefined ? body.inputs : { ...body.inputs, ...parameters };
  return {
    request: toJobRequest({ ...body, ...(inputs === undefined ? {} : { inputs }) }),
    options: {
      ...(fusionSettings === undefined ? {} : { fusion: fusionSettings }),
      ...(threads === undefined ? {} : { threads }),
    },
  };
}

export function createEngine({ send, pool, backends, threads, log }: EngineOptions): Engine {
  const validator = createSchemaValidator(SHARED_SCHEMAS);
  const running = new Map<number | string, RunHandle>();

  const fail = (id: Id, error: unknown): void => {
    if (!(error instanceof AppError) || error.kind === 'internal') {
      log(error instanceof Error ? (error.stack ?? error.message) : String(error));
      send({ id, error: jobErrorOf(KitErrors.internal()) });
      return;
    }
    send({ id, error: jobErrorOf(error) });
  };

  function run(id: number | string, raw: unknown): void {
    const params = validator.body(RunParamsSchema, raw, 'params');
    if (running.has(id)) {
      throw KitErrors.badRequest(
        { reason: `a request with id ${JSON.stringify(id)} is still running: use another id` },
        { details: { id } },
      );
    }
    const handle = pool.submit(engineRun(params), (fraction) => {
      if (params.progress === true) send({ id, progress: fraction });
    });
    running.set(id, handle);
    void handle.outcome.then((outcome) => {
      running.delete(id);
      if (outcome.status === 'completed') send({ id, result: outcome.result });
      else if (outcome.status === 'failed') {
        if (outcome.stack !== undefined) log(outcome.stack);
        send({ id, error: outcome.error });
      } else
        send({ id, error: jobErrorOf(QuantumErrors.jobCancelled({ id: String(id) }, { details: { id } })) });
    });
  }

  const methods: Record<Exclude<Method, 'run'>, (params: unknown) => unknown> = {
    estimate(raw) {
      // As `POST /estimates` answers, with the limits a run is checked against.
      const { request, options } = engineRun(validator.body(RunParamsSchema, raw, 'params'));
      const { estimate } = checkRequest(request, backends.get(request.backend), options.threads ?? threads);
      return { backend: request.backend, shots: request.shots, estimates: estimatesToJSON(estimate) };
    },
    cancel(raw) {
      const { id } = validator.body(CancelParamsSchema, raw, 'params');
      const handle = running.get(id);
      if (handle === undefined) throw QuantumErrors.jobNotFound({ id: String(id) }, { details: { id } });
      handle.cancel();
      return { id, cancelled: true };
    },
    import_qasm(raw) {
      const { qasm, inputs } = validator.body(ImportQasmParamsSchema, raw, 'params');
      const imported = importWithinLimits(qasm, inputs);
      return {
        circuit: circuitToJson(imported.circuit),
        version: imported.version,
        warnings: imported.warnings,
      };
    },
    export_qasm(raw) {
      const { circuit, version } = validator.body(ExportQasmParamsSchema, raw, 'params');
      const built = circuitFromJson(circuit);
      return { qasm: version === '2.0' ? toQasm2(built) : toQasm3(built) };
    },
    backends() {
      return { backends: backends.list().map((backend) => describeBackend(backend, 0)) };
    },
  };

  return {
    handleLine(line) {
      let id: Id = null;
      try {
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch (error) {
          throw KitErrors.invalidJson({ reason: (error as Error).message });
        }
        // The id is echoed even when the rest of the request is wrong, so the client can match it.
        const maybeId = (parsed as { id?: unknown } | null)?.id;
        if (typeof maybeId === 'number' || typeof maybeId === 'string') id = maybeId;
        const request = validator.body(RequestSchema, parsed, 'request');
        if (request.method === 'run') run(request.id, request.params ?? {});
        else send({ id: request.id, result: methods[request.method](request.params ?? {}) });
      } catch (error) {
        fail(id, error);
      }
    },
    async drain() {
      await Promise.all([...running.values()].map((handle) => handle.outcome));
      // Replies are sent in the outcomes' handlers, which run after the awaited promises settle.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
