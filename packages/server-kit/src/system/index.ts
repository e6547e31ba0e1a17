/** The kit's process helpers (executables on the PATH, worker threads, the package's version), loadable without the server. */
export * from './executables.js';
export * from './spawn-worker.js';
export * from './package-version.js';
