/**
 * The kit's command-line half: what a command-line tool needs to parse flags, print, keep its
 * configuration and talk to a service, and nothing that loads the server (Fastify, SQLite, pino).
 * A tool imports this entry point so that each invocation starts in a fraction of the time; `serve`
 * loads the server only when it runs.
 */
export * from '../errors.js';
export * from '../credentials/tokens.js';
export * from './run-cli.js';
export * from './serve-options.js';
export * from './private-config.js';
export * from './table.js';
export * from './progress.js';
export * from '../http/pinned-fetch.js';
export * from '../http/error-response.js';
