export { buildServer } from './api/server.js';
export { ServeConfigSchema, type ServeConfig, API_PREFIX, DEFAULT_PORT } from './config.js';
export { openStore } from './store/database.js';
export { VERSION } from './version.js';
