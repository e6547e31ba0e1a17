import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectAppErrorAsync } from '@lab/server-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLiquid, TEMPLATE_MAX_CHARS } from '../../src/domain/reports/liquid-sandbox.js';
import { readProjectTemplate } from '../../src/domain/reports/template-path.js';
import { HOSTILE, sampleReportModel } from '../support/report-model.js';

const render = (source: string) => renderLiquid('custom.liquid', source, sampleReportModel());

describe('custom templates in the Liquid sandbox', () => {
  it('render the report model, HTML-escaped', async () => {
    expect(await render('{{ report.job.id }}: {{ report.lint.messages[0].message }}')).toBe(
      'job_0123456789abcdef: &lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; co',
    );
    expect(await render('{{ report.lint.messages[0].message | raw }}')).toBe(HOSTILE);
  });

  it('reach no prototype: constructor, __proto__ and inherited methods are empty', async () => {
    const probes = [
      '{{ report.constructor }}',
      '{{ report.job.constructor.name }}',
      '{{ report.__proto__ }}',
      '{{ report.job.id.constructor }}',
      '{{ report.stages.constructor }}',
      '{{ report.hasOwnProperty }}',
      "{{ report['constructor']['constructor'] }}",
    ];
    expect(await render(probes.join('|'))).toBe('||||||');
  });

  it('know only the built-in filters and read no file', async () => {
    const unknownFilter = render('line one\n{{ report | nonesuch }}');
    expect((await expectAppErrorAsync(unknownFilter, 'VALIDATION_ERROR', 'nonesuch')).details).toMatchObject({
      field: 'template',
      line: 2,
    });
    for (const tag of ['include', 'render', 'layout']) {
      await expectAppErrorAsync(render(`{% ${tag} "/etc/passwd" %}`), 'VALIDATION_ERROR', 'Failed to lookup');
    }
  });

  it('name the line of a template that does not parse', async () => {
    const error = await expectAppErrorAsync(
      render('<p>\n{% if %}\n</p>'),
      'VALIDATION_ERROR',
      'custom.liquid',
    );
    expect(error.details).toMatchObject({ field: 'template', line: 2 });
  });

  it('are stopped by the time and memory limits', async () => {
    const slow = '{% for i in (1..100000) %}{% for j in (1..100000) %}{% endfor %}{% endfor %}';
    await expectAppErrorAsync(render(slow), 'VALIDATION_ERROR', 'render limit exceeded');
    const doubling =
      '{% assign s = "xx" %}{% for i in (1..64) %}{% assign s = s | append: s %}{% endfor %}{{ s }}';
    await expectAppErrorAsync(render(doubling), 'VALIDATION_ERROR', 'memory alloc limit exceeded');
    await expectAppErrorAsync(
      render('x'.repeat(TEMPLATE_MAX_CHARS + 1)),
      'VALIDATION_ERROR',
      'parse length limit',
    );
  });
});

describe("a custom template's path in the job's copy of the project", () => {
  let root: string;
  let source: string;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'vp-report-template-'));
    source = join(root, 'src');
    mkdirSync(join(source, 'reports'), { recursive: true });
    writeFileSync(join(source, 'reports', 'custom.liquid'), '{{ report.job.id }}');
    writeFileSync(join(root, 'outside.liquid'), 'secret');
    symlinkSync(join(root, 'outside.liquid'), join(source, 'reports', 'link.liquid'));
    symlinkSync(root, join(source, 'up'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reads a template file of the project', async () => {
    expect(await readProjectTemplate(source, 'reports/custom.liquid')).toBe('{{ report.job.id }}');
  });

  it.each([
    ['../outside.liquid', "'..' segment"],
    ['reports/../../outside.liquid', "'..' segment"],
    ['/etc/passwd', 'is absolute'],
    ['reports/link.liquid', "symbolic link 'reports/link.liquid'"],
    ['up/outside.liquid', "symbolic link 'up'"],
    ['reports', 'not a regular file'],
    ['reports/missing.liquid', "not in the job's copy"],
    ['reports/custom.liquid/x', "through the file 'reports/custom.liquid'"],
  ])('refuses %s', async (path, problem) => {
    const error = await expectAppErrorAsync(readProjectTemplate(source, path), 'VALIDATION_ERROR', problem);
    expect(error.details).toMatchObject({ field: 'template' });
  });
});
