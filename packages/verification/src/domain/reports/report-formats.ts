/**
 * The report formats: what each is called, the file name and content type its artifact gets, and
 * how the model becomes text. HTML goes through a Liquid template (the default, the built-in
 * summary, or one of the project's); the other formats have one fixed shape each.
 */
import { readFile } from 'node:fs/promises';
import { renderJunit } from './junit-report.js';
import { renderLiquid } from './liquid-sandbox.js';
import { renderMarkdown } from './markdown-report.js';
import type { ReportModel } from './report-model.js';

export const REPORT_FORMATS = ['html', 'json', 'junit', 'markdown'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_CONTENT_TYPES: Record<ReportFormat, string> = {
  html: 'text/html; charset=utf-8',
  json: 'application/json',
  junit: 'application/xml',
  markdown: 'text/markdown; charset=utf-8',
};

const EXTENSIONS: Record<ReportFormat, string> = {
  html: 'html',
  json: 'json',
  junit: 'junit.xml',
  markdown: 'md',
};

/** The HTML templates shipped with the package, by the name a request uses (`null`: the default). */
const BUILT_IN_TEMPLATES = { report: 'report.liquid', summary: 'summary.liquid' } as const;
export const SUMMARY_TEMPLATE = 'summary';
// From src/domain/reports/ and dist/domain/reports/ alike, the package's templates/ directory.
const TEMPLATES_DIR = new URL('../../../templates/', import.meta.url);

/** An HTML template: its name in messages and artifact names, and its Liquid source. */
export interface HtmlTemplate {
  name: string;
  source: string;
}

export async function builtInTemplate(name: keyof typeof BUILT_IN_TEMPLATES): Promise<HtmlTemplate> {
  return { name, source: await readFile(new URL(BUILT_IN_TEMPLATES[name], TEMPLATES_DIR), 'utf8') };
}

/**
 * The artifact's file name: `report.<ext>`, or `report-<template>.html` for a template other than
 * the default, its name reduced to characters that are safe in any file system and URL.
 */
export function reportFileName(format: ReportFormat, template: HtmlTemplate | null): string {
  if (template === null) return `report.${EXTENSIONS[format]}`;
  const stem = template.name
    .replace(/^.*\//, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9_-]/g, '_');
  return `report-${stem.slice(0, 64)}.${EXTENSIONS[format]}`;
}

export async function renderReport(
  format: ReportFormat,
  model: ReportModel,
  template: HtmlTemplate | null,
): Promise<string> {
  switch (format) {
    case 'html': {
      const html = template ?? (await builtInTemplate('report'));
      return renderLiquid(html.name, html.source, model);
    }
    case 'json':
      return `${JSON.stringify(model, null, 2)}\n`;
    case 'junit':
      return renderJunit(model);
    case 'markdown':
      return renderMarkdown(model);
  }
}
