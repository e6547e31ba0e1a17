export { isToolInstalled, requireTools, type ToolGate } from './tools.js';
export { startServiceProcess, type ServiceProcess, type ServiceProcessOptions } from './service-process.js';
export { describeServeCommand, type ServeSuiteOptions } from './serve-suite.js';
export { expectAppError, expectAppErrorAsync } from './app-errors.js';
export {
  buildWheel,
  installWheelInNewEnvironment,
  pythonEnvironment,
  PYTHON_STEP_MS,
  setUpAtCollection,
  timedStep,
  type PythonEnvironment,
  type WheelInstall,
} from './python.js';
export {
  filesUnder,
  junitCases,
  outcome,
  readJsonIfWritten,
  type Outcome,
  type OutcomeOptions,
  type TestCase,
} from './native-suite.js';
export {
  describeApiConformance,
  documentedOperations,
  type ApiConformanceOptions,
  type DocumentedOperation,
} from './api-conformance.js';
