/**
 * The report in Markdown: a heading per section and GitHub-flavoured tables. Text from the design
 * or the tools is kept on one line per cell and its markup characters are backslash-escaped, so a
 * message can neither break a table nor inject HTML into a rendered page.
 */
import type { ReportModel } from './report-model.js';

/** One table cell: newlines folded; the characters that make emphasis, code, links, HTML or a new column escaped. */
export function markdownCell(value: string | number | null): string {
  if (value === null) return '';
  return String(value)
    .replace(/\r?\n/g, ' ')
    .replace(/[\\`*_[\]|<>&~]/g, (character) => `\\${character}`);
}

function table(header: readonly string[], rows: readonly (string | number | null)[][]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [
    line(header),
    line(header.map(() => '---')),
    ...rows.map((row) => line(row.map(markdownCell))),
  ].join('\n');
}

const percent = (value: number | null) => (value === null ? 'n/a' : `${value}%`);

function sections(model: ReportModel): string[] {
  const { job, lint, simulation, formal, crypto } = model;
  const parts = [
    `# Verification report: ${markdownCell(job.id)}`,
    table(
      ['Job', 'Project', 'Status', 'Submitted', 'Started', 'Finished', 'Duration'],
      [[job.id, job.project_id, job.status, job.submitted_at, job.started_at, job.finished_at, job.duration]],
    ),
  ];
  if (job.error !== null) {
    parts.push(
      `**Error** (${markdownCell(job.error.stage)}, ${markdownCell(job.error.code)}): ${markdownCell(job.error.message)}`,
    );
  }
  parts.push(
    '## Stages',
    table(
      ['Stage', 'Status', 'Duration', 'Reason'],
      model.stages.map((stage) => [stage.name, stage.status, stage.duration, stage.reason]),
    ),
  );
  if (lint !== null) {
    parts.push(`## Lint\n\n${lint.errors} error(s), ${lint.warnings} warning(s).`);
    if (lint.messages.length > 0) {
      parts.push(
        table(
          ['Severity', 'Code', 'File', 'Line', 'Message'],
          lint.messages.map((m) => [m.severity, m.code, m.file, m.line, m.message]),
        ),
      );
    }
  }
  if (simulation !== null) {
    const { coverage } = simulation;
    parts.push(
      `## Simulation\n\n${simulation.tests_passed} passed, ${simulation.tests_failed} failed.`,
      table(
        ['Test', 'Status', 'Reason'],
        simulation.tests.map((test) => [test.name, test.status, test.reason]),
      ),
      `### Coverage\n\nLine ${percent(coverage.line)}, toggle ${percent(coverage.toggle)}, FSM ${percent(coverage.fsm)}.` +
        (coverage.reason === null ? '' : ` ${markdownCell(coverage.reason)}`),
    );
    if (coverage.files.length > 0) {
      parts.push(
        table(
          ['File', 'Line', 'Toggle'],
          coverage.files.map((file) => [
            file.file,
            `${percent(file.line.percent)} (${file.line.covered}/${file.line.total})`,
            `${percent(file.toggle.percent)} (${file.toggle.covered}/${file.toggle.total})`,
          ]),
        ),
      );
    }
    if (coverage.fsm_machines.length > 0) {
      parts.push(
        table(
          ['Machine', 'Register', 'States', 'Transitions'],
          coverage.fsm_machines.map((machine) => [
            machine.instance,
            machine.register,
            `${machine.state_coverage}% (${machine.states_visited}/${machine.states_total})`,
            percent(machine.transition_coverage),
          ]),
        ),
      );
    }
  }
  if (formal !== null) {
    parts.push(
      `## Formal\n\n${formal.proven} proven, ${formal.failed} failed, ${formal.inconclusive} inconclusive` +
        (formal.depth === null ? '.' : ` (depth ${formal.depth}).`),
      table(
        ['Property', 'Source', 'Status', 'Step', 'Counterexample'],
        formal.properties.map((p) => [p.name, p.source, p.status, p.step, p.counterexample]),
      ),
    );
  }
  if (crypto !== null) {
    parts.push(
      `## Crypto\n\n${crypto.checks_passed} of ${crypto.checks.length} checks passed` +
        (crypto.seed === null ? '.' : ` (seed ${crypto.seed}).`),
      table(
        ['Check', 'Status', 'Measures', 'Reason'],
        crypto.checks.map((check) => [
          check.name,
          check.status,
          check.measures.map((m) => `${m.label}: ${m.value}`).join('; '),
          check.reason,
        ]),
      ),
    );
  }
  return parts;
}

export function renderMarkdown(model: ReportModel): string {
  return `${sections(model).join('\n\n')}\n`;
}
