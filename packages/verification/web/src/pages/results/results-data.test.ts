/**
 * The results pages name the fields they read of each stage's `details` (typed unknown in the
 * OpenAPI document) in results-data.ts, after the engine's own types, which import Node modules
 * the browser build cannot take. These checks keep the two in step: each engine type must fit
 * what the pages read, so a renamed or retyped field fails the type check (`npm run typecheck`
 * checks this file through web/tsconfig.test.json) rather than a page at run time.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { FileCoverage as EngineFileCoverage } from '../../../../src/engine/simulation/coverage-data.js';
import type { CoverResult, PropertyResult, TaskResult } from '../../../../src/engine/formal/outcome.js';
import type { LintMessage as EngineLintMessage } from '../../../../src/engine/lint/verilator-messages.js';
import type { TestCaseResult } from '../../../../src/engine/simulation/test-protocol.js';
import type {
  FileCoverage,
  FormalCover,
  FormalProperty,
  FormalTask,
  LintMessage,
  TestCase,
} from './results-data.js';

describe("the results pages' view of the engine's details", () => {
  it('reads lint messages and test cases as the engine writes them', () => {
    expectTypeOf<EngineLintMessage>().toEqualTypeOf<LintMessage>();
    expectTypeOf<TestCaseResult>().toEqualTypeOf<TestCase>();
  });

  it("reads a file's coverage and the formal verdicts as the engine writes them", () => {
    expectTypeOf<EngineFileCoverage>().toExtend<FileCoverage>();
    expectTypeOf<PropertyResult>().toExtend<FormalProperty>();
    expectTypeOf<CoverResult>().toExtend<FormalCover>();
    expectTypeOf<TaskResult>().toExtend<FormalTask>();
  });
});
