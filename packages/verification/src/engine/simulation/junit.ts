/**
 * Reading the JUnit XML file a testbench may write instead of TEST lines. No XML library is
 * at hand, so this is a small tokenizer for the part of XML such files use: elements and
 * attributes, text, CDATA, comments, processing instructions and the DOCTYPE (skipped), and the
 * five named entities plus numeric character references. It expands no entity the document
 * declares and fetches nothing (no DTD), and its work grows linearly with the input.
 *
 * Every `<testcase>` is one test: failed when it has a `<failure>` or `<error>` child, skipped
 * (and not counted) when it has `<skipped>`, passed otherwise. Its name is `classname.name`
 * when it has a class name.
 */
import { readFile, stat } from 'node:fs/promises';
import type { TestCaseResult } from './test-protocol.js';

export class JUnitFormatError extends Error {
  override name = 'JUnitFormatError';
}

export type JUnitCase = Omit<TestCaseResult, 'status'> & { status: 'passed' | 'failed' | 'skipped' };

type Token =
  | { kind: 'open'; name: string; attributes: Map<string, string>; selfClosing: boolean }
  | { kind: 'close'; name: string }
  | { kind: 'text'; text: string };

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body] ?? entity;
  });
}

const TAG_NAME = /^[A-Za-z_][\w.:-]*/;
const ATTRIBUTE = String.raw`\s*([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')`;

function parseTag(body: string, at: number): Token {
  if (body.startsWith('/')) {
    const name = TAG_NAME.exec(body.slice(1))?.[0];
    if (name === undefined) throw new JUnitFormatError(`malformed end tag at offset ${at}`);
    return { kind: 'close', name };
  }
  const selfClosing = body.endsWith('/');
  const inner = selfClosing ? body.slice(0, -1) : body;
  const name = TAG_NAME.exec(inner)?.[0];
  if (name === undefined) throw new JUnitFormatError(`malformed tag at offset ${at}`);
  const attributes = new Map<string, string>();
  // Sticky: each attribute must start where the previous one ended.
  const attribute = new RegExp(ATTRIBUTE, 'y');
  let parsedUpTo = name.length;
  attribute.lastIndex = parsedUpTo;
  for (let match = attribute.exec(inner); match !== null; match = attribute.exec(inner)) {
    attributes.set(match[1]!, decodeEntities(match[2] ?? match[3] ?? ''));
    parsedUpTo = attribute.lastIndex;
  }
  if (inner.slice(parsedUpTo).trim() !== '') {
    throw new JUnitFormatError(`malformed attributes in <${name}> at offset ${at}`);
  }
  return { kind: 'open', name, attributes, selfClosing };
}

/** The markup that is skipped: opening text, closing text. */
const SKIPPED_MARKUP: [string, string][] = [
  ['<!--', '-->'],
  ['<?', '?>'],
  ['<!DOCTYPE', '>'],
];

/** Where the tag starting at `at` ends: the first `>` outside a quoted attribute value, or -1. */
function tagEnd(xml: string, at: number): number {
  let quote: string | null = null;
  for (let index = at + 1; index < xml.length; index += 1) {
    const char = xml[index];
    if (quote !== null) {
      if (char === quote) quote = null;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '>') return index;
  }
  return -1;
}

function tokenize(xml: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < xml.length) {
    const lt = xml.indexOf('<', at);
    if (lt === -1 || lt > at) {
      const end = lt === -1 ? xml.length : lt;
      tokens.push({ kind: 'text', text: decodeEntities(xml.slice(at, end)) });
      at = end;
      continue;
    }
    const skipped = SKIPPED_MARKUP.find(([open]) => xml.startsWith(open, at));
    if (skipped !== undefined) {
      const end = xml.indexOf(skipped[1], at + skipped[0].length);
      if (end === -1) throw new JUnitFormatError(`unterminated ${skipped[0]} at offset ${at}`);
      at = end + skipped[1].length;
      continue;
    }
    if (xml.startsWith('<![CDATA[', at)) {
      const end = xml.indexOf(']]>', at);
      if (end === -1) throw new JUnitFormatError(`unterminated CDATA at offset ${at}`);
      tokens.push({ kind: 'text', text: xml.slice(at + 9, end) });
      at = end + 3;
      continue;
    }
    const gt = tagEnd(xml, at);
    if (gt === -1) throw new JUnitFormatError(`unterminated tag at offset ${at}`);
    tokens.push(parseTag(xml.slice(at + 1, gt).trim(), at));
    at = gt + 1;
  }
  return tokens;
}

const OUTCOME_ELEMENTS = new Set(['failure', 'error', 'skipped']);

function seconds(value: string | undefined): number | undefined {
  const parsed = value === undefined ? NaN : Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : undefined;
}

function testCase(attributes: Map<string, string>, index: number): JUnitCase {
  const name = attributes.get('name') ?? `testcase ${index + 1}`;
  const className = attributes.get('classname');
  const time = seconds(attributes.get('time'));
  return {
    name: className === undefined || className === '' ? name : `${className}.${name}`,
    status: 'passed',
    ...(time === undefined ? {} : { time_seconds: time }),
  };
}

/** A `<failure>`, `<error>` or `<skipped>` being read inside a test case. */
interface Outcome {
  element: string;
  message: string | undefined;
  text: string;
}

function applyOutcome(result: JUnitCase, outcome: Outcome): void {
  if (outcome.element === 'skipped') {
    if (result.status === 'passed') result.status = 'skipped';
    return;
  }
  result.status = 'failed';
  const firstLine = outcome.text.trim().split('\n')[0]?.trim();
  result.reason ??=
    outcome.message ?? (firstLine === undefined || firstLine === '' ? outcome.element : firstLine);
}

/** The test cases of a JUnit XML document; throws JUnitFormatError when it is not one. */
export function parseJUnit(xml: string): JUnitCase[] {
  const cases: JUnitCase[] = [];
  const stack: string[] = [];
  let sawSuite = false;
  let current: JUnitCase | null = null;
  let outcome: Outcome | null = null;

  for (const token of tokenize(xml)) {
    if (token.kind === 'text') {
      if (outcome !== null) outcome.text += token.text;
      continue;
    }
    if (token.kind === 'close') {
      if (stack.pop() !== token.name) throw new JUnitFormatError(`unexpected </${token.name}>`);
      if (current !== null && outcome?.element === token.name) {
        applyOutcome(current, outcome);
        outcome = null;
      } else if (token.name === 'testcase' && current !== null) {
        cases.push(current);
        current = null;
      }
      continue;
    }
    const { name, attributes, selfClosing } = token;
    if (!selfClosing) stack.push(name);
    if (name === 'testsuite' || name === 'testsuites') sawSuite = true;
    if (name === 'testcase') {
      if (current !== null) throw new JUnitFormatError('a <testcase> inside a <testcase>');
      current = testCase(attributes, cases.length);
      if (selfClosing) {
        cases.push(current);
        current = null;
      }
    } else if (current !== null && outcome === null && OUTCOME_ELEMENTS.has(name)) {
      const message = [attributes.get('message'), attributes.get('type')].find((value) => value?.trim());
      outcome = { element: name, message, text: '' };
      if (selfClosing) {
        applyOutcome(current, outcome);
        outcome = null;
      }
    }
  }
  if (stack.length > 0) throw new JUnitFormatError(`<${stack.at(-1)}> is never closed`);
  if (!sawSuite) throw new JUnitFormatError('there is no <testsuite> or <testsuites> element');
  return cases;
}

/** The counted tests: skipped cases are left out. */
export function junitTests(cases: readonly JUnitCase[]): TestCaseResult[] {
  return cases.flatMap(({ status, ...rest }) => (status === 'skipped' ? [] : [{ ...rest, status }]));
}

/** A JUnit file larger than this is not read. */
export const MAX_JUNIT_BYTES = 16 * 1024 * 1024;

/**
 * The counted tests of the JUnit file at `path` (`shownAs` names it in reasons), or why there
 * are none.
 */
export async function readJUnitFile(
  path: string,
  shownAs: string,
): Promise<{ tests: TestCaseResult[] } | { error: string }> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    return { error: `the testbench wrote no ${shownAs}` };
  }
  if (size > MAX_JUNIT_BYTES) return { error: `${shownAs} is larger than ${MAX_JUNIT_BYTES} bytes` };
  try {
    return { tests: junitTests(parseJUnit(await readFile(path, 'utf8'))) };
  } catch (error) {
    if (error instanceof JUnitFormatError) return { error: `${shownAs} is not JUnit XML: ${error.message}` };
    throw error;
  }
}
