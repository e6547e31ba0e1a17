import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeEntities,
  junitTests,
  JUnitFormatError,
  parseJUnit,
  readJUnitFile,
} from '../../src/engine/simulation/junit.js';

const REPORT = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE testsuites>
<!-- written by a testbench: <testcase name="commented out"/> -->
<testsuites name="all">
  <testsuite name="counter" tests="5" failures="1" errors="1" skipped="1">
    <properties><property name="seed" value="1"/></properties>
    <testcase classname="counter" name="reset" time="0.25"/>
    <testcase classname='counter' name='count &lt;3&gt; &amp; &quot;more&quot; &#39;x&#x27;' time="1.5">
      <failure message="expected 3 &gt; 2" type="assert">count was 2</failure>
    </testcase>
    <testcase name="no_message"><failure>  first line of the text
second line</failure></testcase>
    <testcase name="crashed" classname=""><error type="segfault"/></testcase>
    <testcase name="later"><skipped message="not yet"/></testcase>
    <testcase name="data"><system-out><![CDATA[<failure> in output is only text]]></system-out></testcase>
  </testsuite>
</testsuites>
`;

describe('parseJUnit', () => {
  it('reads test cases with their outcome, reason and time', () => {
    expect(parseJUnit(REPORT)).toEqual([
      { name: 'counter.reset', status: 'passed', time_seconds: 0.25 },
      {
        name: `counter.count <3> & "more" 'x'`,
        status: 'failed',
        reason: 'expected 3 > 2',
        time_seconds: 1.5,
      },
      { name: 'no_message', status: 'failed', reason: 'first line of the text' },
      { name: 'crashed', status: 'failed', reason: 'segfault' },
      { name: 'later', status: 'skipped' },
      { name: 'data', status: 'passed' },
    ]);
  });

  it('leaves skipped cases out of the counted tests', () => {
    expect(junitTests(parseJUnit(REPORT)).map((test) => test.name)).not.toContain('later');
    expect(junitTests(parseJUnit(REPORT))).toHaveLength(5);
  });

  it('reads a single testsuite root and a > inside an attribute value', () => {
    expect(
      parseJUnit('<testsuite><testcase name="a > b"><failure message="x>y"/></testcase></testsuite>'),
    ).toEqual([{ name: 'a > b', status: 'failed', reason: 'x>y' }]);
  });

  it('takes a failure without message or text as its element name', () => {
    expect(parseJUnit('<testsuite><testcase name="a"><failure/></testcase></testsuite>')[0]?.reason).toBe(
      'failure',
    );
  });

  it.each([
    ['an unclosed element', '<testsuite><testcase name="a">'],
    ['mismatched elements', '<testsuite><testcase name="a"></testsuite></testcase>'],
    ['an unterminated tag', '<testsuite><testcase name="a"'],
    ['an unterminated comment', '<testsuite><!-- </testsuite>'],
    ['a malformed attribute', '<testsuite><testcase name=a/></testsuite>'],
    ['nested test cases', '<testsuite><testcase name="a"><testcase name="b"/></testcase></testsuite>'],
    ['a document that is not JUnit', '<html><body/></html>'],
  ])('refuses %s', (_, xml) => {
    expect(() => parseJUnit(xml)).toThrow(JUnitFormatError);
  });

  it('decodes the named entities and numeric references, leaving unknown ones', () => {
    expect(decodeEntities('&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&nbsp;&#x110000;')).toBe(
      `<>&"'AB&nbsp;&#x110000;`,
    );
  });
});

describe('readJUnitFile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'junit-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the counted tests of a file', async () => {
    await writeFile(join(dir, 'ok.xml'), REPORT);
    const report = await readJUnitFile(join(dir, 'ok.xml'), 'ok.xml');
    expect('tests' in report && report.tests).toHaveLength(5);
  });

  it('says when the file is missing or is not JUnit', async () => {
    expect(await readJUnitFile(join(dir, 'missing.xml'), 'results/missing.xml')).toEqual({
      error: 'the testbench wrote no results/missing.xml',
    });
    await writeFile(join(dir, 'bad.xml'), '<testsuite>');
    expect(await readJUnitFile(join(dir, 'bad.xml'), 'bad.xml')).toEqual({
      error: 'bad.xml is not JUnit XML: <testsuite> is never closed',
    });
  });
});
