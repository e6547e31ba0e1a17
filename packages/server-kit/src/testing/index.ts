export { isToolInstalled, requireTools, type ToolGate } from './tools.js';
