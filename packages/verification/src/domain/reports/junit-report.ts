/**
 * The report as JUnit XML for CI systems: a `testsuites` document with one `testsuite` per stage
 * the report includes. Lint has one case per error (or one passing case when it has none; its
 * warnings go to `system-out`; one case per warning when they failed it), simulation one per
 * test, formal one per property (a failed one names its step and counterexample, an inconclusive
 * or not checked one is skipped with the reason), crypto one per check (a skipped check is
 * skipped with its reason).
 */
import type { CryptoSection } from './crypto-section.js';
import type { FormalSection, LintSection, ReportModel, SimulationSection } from './report-model.js';
import { xmlText } from './xml-text.js';

interface TestCase {
  name: string;
  classname: string;
  failure?: { message: string; body: string };
  skipped?: string;
}

interface TestSuite {
  name: string;
  timeSeconds: number | null;
  cases: TestCase[];
  systemOut?: string;
}

const location = (message: LintSection['messages'][number]) =>
  message.file === null ? '' : `${message.file}${message.line === null ? '' : `:${message.line}`}: `;

const messageLine = (message: LintSection['messages'][number]) =>
  `${location(message)}${message.code === null ? '' : `[${message.code}] `}${message.message}`;

function lintSuite(lint: LintSection): Omit<TestSuite, 'timeSeconds'> {
  const errors = lint.messages.filter((message) => message.severity === 'error');
  const warnings = lint.messages.filter((message) => message.severity === 'warning');
  // A lint that failed without an error failed on its warnings (lint.warnings_as_errors): they are
  // its failures then, so that CI shows the failure the job's exit code reports.
  const failing = errors.length === 0 && lint.status === 'failed' ? warnings : errors;
  const cases: TestCase[] =
    failing.length === 0
      ? [
          {
            name: 'lint',
            classname: 'lint',
            ...(lint.status === 'failed'
              ? { failure: { message: 'the lint stage failed', body: 'the lint stage failed' } }
              : {}),
          },
        ]
      : failing.map((message, index) => ({
          name: `${message.code ?? message.severity} #${index + 1}`,
          classname: `lint.${message.file ?? 'design'}`,
          failure: { message: message.message, body: messageLine(message) },
        }));
  return {
    name: 'lint',
    cases,
    ...(warnings.length === 0 || failing === warnings
      ? {}
      : { systemOut: warnings.map((w) => `warning: ${messageLine(w)}`).join('\n') }),
  };
}

function simulationSuite(simulation: SimulationSection): Omit<TestSuite, 'timeSeconds'> {
  return {
    name: 'simulation',
    cases: simulation.tests.map((test) => ({
      name: test.name,
      classname: 'simulation',
      ...(test.status === 'failed'
        ? { failure: { message: test.reason ?? 'failed', body: test.reason ?? 'the test failed' } }
        : {}),
    })),
  };
}

function formalSuite(formal: FormalSection): Omit<TestSuite, 'timeSeconds'> {
  return {
    name: 'formal',
    cases: formal.properties.map((property) => {
      const testCase: TestCase = { name: property.name, classname: `formal.${property.source}` };
      if (property.status === 'failed') {
        const at = property.step === null ? '' : ` at step ${property.step}`;
        const trace = property.counterexample === null ? '' : `; counterexample: ${property.counterexample}`;
        testCase.failure = { message: `assertion fails${at}`, body: `${property.name} fails${at}${trace}` };
      } else if (property.status === 'inconclusive') {
        const steps = formal.depth === null ? '' : ` for ${formal.depth} steps`;
        testCase.skipped = `inconclusive: holds${steps}, but induction did not prove it`;
      } else if (property.status === 'not_checked') {
        testCase.skipped = "not checked: its task's mode does not check it (the formal results say why)";
      }
      return testCase;
    }),
  };
}

function cryptoSuite(crypto: CryptoSection): Omit<TestSuite, 'timeSeconds'> {
  return {
    name: 'crypto',
    cases: crypto.checks.map((check) => {
      const testCase: TestCase = { name: check.name, classname: 'crypto' };
      const measures = check.measures.map((m) => `${m.label}: ${m.value}`).join('; ');
      if (check.status === 'failed') {
        testCase.failure = { message: check.reason ?? 'failed', body: measures };
      } else if (check.status === 'skipped') {
        testCase.skipped = check.reason ?? 'skipped';
      }
      return testCase;
    }),
  };
}

function caseXml(testCase: TestCase): string {
  const open = `    <testcase name="${xmlText(testCase.name)}" classname="${xmlText(testCase.classname)}"`;
  if (testCase.failure !== undefined) {
    return (
      `${open}>\n      <failure message="${xmlText(testCase.failure.message)}">` +
      `${xmlText(testCase.failure.body)}</failure>\n    </testcase>`
    );
  }
  if (testCase.skipped !== undefined) {
    return `${open}>\n      <skipped message="${xmlText(testCase.skipped)}"/>\n    </testcase>`;
  }
  return `${open}/>`;
}

function suiteXml(suite: TestSuite): string {
  const failures = suite.cases.filter((c) => c.failure !== undefined).length;
  const skipped = suite.cases.filter((c) => c.skipped !== undefined).length;
  const time = suite.timeSeconds === null ? '' : ` time="${suite.timeSeconds}"`;
  const out =
    suite.systemOut === undefined ? '' : `\n    <system-out>${xmlText(suite.systemOut)}</system-out>`;
  return (
    `  <testsuite name="${xmlText(suite.name)}" tests="${suite.cases.length}" failures="${failures}" ` +
    `errors="0" skipped="${skipped}"${time}>\n${suite.cases.map(caseXml).join('\n')}${out}\n  </testsuite>`
  );
}

export function renderJunit(model: ReportModel): string {
  const timeOf = (name: string) => {
    const ms = model.stages.find((stage) => stage.name === name)?.duration_ms ?? null;
    return ms === null ? null : ms / 1000;
  };
  const suites: TestSuite[] = [
    ...(model.lint === null ? [] : [{ ...lintSuite(model.lint), timeSeconds: timeOf('lint') }]),
    ...(model.simulation === null
      ? []
      : [{ ...simulationSuite(model.simulation), timeSeconds: timeOf('simulation') }]),
    ...(model.formal === null ? [] : [{ ...formalSuite(model.formal), timeSeconds: timeOf('formal') }]),
    ...(model.crypto === null ? [] : [{ ...cryptoSuite(model.crypto), timeSeconds: timeOf('crypto') }]),
  ];
  const count = (test: (c: TestCase) => boolean) =>
    suites.reduce((sum, suite) => sum + suite.cases.filter(test).length, 0);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="${xmlText(`verification job ${model.job.id}`)}" tests="${count(() => true)}" ` +
    `failures="${count((c) => c.failure !== undefined)}" errors="0" skipped="${count((c) => c.skipped !== undefined)}">\n` +
    `${suites.map(suiteXml).join('\n')}${suites.length === 0 ? '' : '\n'}</testsuites>\n`
  );
}
