import { describe, expect, it } from 'vitest';
import { parseJUnit } from '../../src/engine/simulation/junit.js';
import { renderJunit } from '../../src/domain/reports/junit-report.js';
import { renderMarkdown } from '../../src/domain/reports/markdown-report.js';
import { builtInTemplate, renderReport, reportFileName } from '../../src/domain/reports/report-formats.js';
import { sampleReportModel } from '../support/report-model.js';

describe('the HTML report (default template)', () => {
  it('escapes what the design and tools wrote, and fetches nothing', async () => {
    const html = await renderReport('html', sampleReportModel(), null);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; co');
    expect(html).not.toMatch(/<(script|link|img|iframe)\b|\bsrc=|url\(/i);
  });

  it('has the summary, lint, tests, coverage bars, properties with counterexample links, and timings', async () => {
    const html = await renderReport('html', sampleReportModel(), null);
    for (const id of [
      'summary',
      'lint-messages',
      'tests',
      'coverage-files',
      'fsm-coverage',
      'properties',
      'crypto-checks',
      'stages',
    ]) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('<rect width="87.5" height="10"');
    expect(html).toContain('href="/api/v1/jobs/job_0123456789abcdef/artifacts/cex_no_overflow.vcd"');
    expect(html).toContain('10.0s');
  });

  it('plots the TVLA t statistic of both runs as inline SVG, with the ±threshold lines', async () => {
    const html = await renderReport('html', sampleReportModel(), null);
    const plot = sampleReportModel().crypto!.tvla_plots[0]!;
    // 220 px high, 10 px margins, limit max(4.5 × 1.5, min(100, 90)) × 1.05 = 94.5: t = 4.5 is 100 × 4.5 / 94.5 px above the axis.
    expect(plot.t_limit).toBe(94.5);
    expect(plot.zero_y).toBe(110);
    expect(plot.upper_y).toBe(Math.round((110 - (4.5 / 94.5) * 100) * 10) / 10);
    expect(plot.lower_y).toBe(Math.round((110 + (4.5 / 94.5) * 100) * 10) / 10);
    // Five points over 700 px; run 2's t = 100 is beyond the limit and drawn at the top edge.
    expect(plot.runs[1]!.points.split(' ')).toEqual([
      '10,109.5',
      '185,111.1',
      '360,100.5',
      '535,110',
      '710,10',
    ]);
    expect(html.match(/class="t-trace"/g)).toHaveLength(2);
    expect(html.match(/class="threshold-line"/g)).toHaveLength(2);
    expect(html).toContain(`y1="${plot.upper_y}"`);
    expect(html).toContain('max t value: 12.5');
    expect(html).not.toContain('<script>');
  });

  it('leaves out the sections of stages the report does not include', async () => {
    const html = await renderReport('html', { ...sampleReportModel(), lint: null, formal: null }, null);
    expect(html).not.toContain('id="lint-messages"');
    expect(html).not.toContain('id="properties"');
    expect(html).toContain('id="tests"');
  });

  it('summary: the job and the counts per stage only', async () => {
    const html = await renderReport('html', sampleReportModel(), await builtInTemplate('summary'));
    expect(html).toContain('properties failed: 1');
    expect(html).not.toContain('id="tests"');
    expect(reportFileName('html', await builtInTemplate('summary'))).toBe('report-summary.html');
  });
});

describe('the JUnit report', () => {
  const xml = renderJunit(sampleReportModel());

  it('is one testsuite per stage with consistent counts', () => {
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites [^>]*tests="11" failures="4" errors="0" skipped="3">/,
    );
    expect(
      [
        ...xml.matchAll(/<testsuite name="(\w+)" tests="(\d+)" failures="(\d+)" errors="0" skipped="(\d+)"/g),
      ].map((m) => m.slice(1)),
    ).toEqual([
      ['lint', '1', '1', '0'],
      ['simulation', '2', '1', '0'],
      ['formal', '3', '1', '1'],
      ['crypto', '5', '1', '2'],
    ]);
    expect(xml).toContain('<system-out>warning: rtl/top.sv:9: [WIDTH] width | mismatch</system-out>');
    expect(xml).toContain('time="1.5"');
  });

  it('is well-formed, escaped, and reads back as the tests it reports', () => {
    expect(xml).not.toContain('<script>');
    expect(parseJUnit(xml).map((c) => [c.name, c.status])).toEqual([
      ['lint.rtl/top.sv.PINMISSING #1', 'failed'],
      ['simulation.reset', 'passed'],
      ['simulation.overflow', 'failed'],
      ['formal.rtl/top.sv:30.no_overflow', 'failed'],
      ['formal.rtl/top.sv:31.count_bounded', 'passed'],
      ['formal.rtl/top.sv:32.eventually_empty', 'skipped'],
      ['crypto.constant_time', 'passed'],
      ['crypto.side_channel', 'failed'],
      ['crypto.ntt_validation', 'passed'],
      ['crypto.fips_compliance', 'skipped'],
      ['crypto.entropy_analysis', 'skipped'],
    ]);
    expect(xml).toContain('no_overflow fails at step 4; counterexample: cex_no_overflow.vcd');
  });

  it('skips a formal property its task did not check', () => {
    const model = sampleReportModel();
    model.formal!.properties[1]!.status = 'not_checked';
    const cases = parseJUnit(renderJunit(model)).filter((c) => c.name.startsWith('formal.'));
    expect(cases.map((c) => c.status)).toEqual(['failed', 'skipped', 'skipped']);
    expect(renderJunit(model)).toContain('not checked: its task&apos;s mode does not check it');
  });

  it('fails a lint case per warning when the warnings failed the stage (lint.warnings_as_errors)', () => {
    const model = sampleReportModel();
    model.lint!.messages = model.lint!.messages.filter((message) => message.severity === 'warning');
    const lint = parseJUnit(renderJunit(model)).filter((c) => c.name.startsWith('lint.'));
    expect(lint.map((c) => [c.name, c.status])).toEqual([['lint.rtl/top.sv.WIDTH #1', 'failed']]);
    expect(renderJunit(model)).not.toContain('<system-out>');
    model.lint = { status: 'failed', warnings: 0, errors: 0, messages: [] };
    expect(parseJUnit(renderJunit(model)).find((c) => c.name === 'lint.lint')?.status).toBe('failed');
  });

  it('has one passing lint case when lint found no error, and drops control characters', () => {
    const model = sampleReportModel();
    model.lint = { status: 'passed', warnings: 0, errors: 0, messages: [] };
    model.simulation!.tests[1]!.reason = 'bad\u0001byte';
    const clean = renderJunit(model);
    expect(clean).toContain('<testcase name="lint" classname="lint"/>');
    expect(clean).toContain('bad\ufffdbyte');
  });
});

describe('the Markdown report', () => {
  const markdown = renderMarkdown(sampleReportModel());

  it('has a heading per section and a table for each list', () => {
    expect(markdown.match(/^#+ .*$/gm)).toEqual([
      '# Verification report: job\\_0123456789abcdef',
      '## Stages',
      '## Lint',
      '## Simulation',
      '### Coverage',
      '## Formal',
      '## Crypto',
    ]);
    expect(markdown).toContain(
      '| side\\_channel | failed | max t value: 12.5; threshold: 4.5; leaking points: 1 |',
    );
    expect(markdown).toContain('| Test | Status | Reason |\n| --- | --- | --- |\n| reset | passed |  |');
    expect(markdown).toContain('| rtl/top.sv | 87.5% (7/8) | 50% (2/4) |');
  });

  it('keeps cells in their column and escapes markup', () => {
    expect(markdown).toContain('width \\| mismatch');
    expect(markdown).toContain('\\<script\\>');
    const rows = markdown.split('\n').filter((line) => line.startsWith('| '));
    for (const row of rows) expect(row.endsWith(' |')).toBe(true);
  });
});

describe('the JSON report', () => {
  it('is the model itself', async () => {
    expect(JSON.parse(await renderReport('json', sampleReportModel(), null))).toEqual(sampleReportModel());
  });
});
