/**
 * The engine bundle's entry (scripts/bundle-engine.mjs): `qcirc engine` without the rest of the
 * CLI, so the bundle holds none of the REST server. The Python library starts it as
 * `node engine.js`; `QCIRC_ENGINE_CONCURRENCY` sets the runs at once, as for `qcirc engine`.
 */
import { concurrencyOf } from '../../cli/engine.js';
import { DEFAULT_MAX_RUNNING_JOBS } from '../../jobs/limits.js';
import { serveEngine } from './transport.js';

const setting = process.env.QCIRC_ENGINE_CONCURRENCY;
await serveEngine({ concurrency: setting === undefined ? DEFAULT_MAX_RUNNING_JOBS : concurrencyOf(setting) });
