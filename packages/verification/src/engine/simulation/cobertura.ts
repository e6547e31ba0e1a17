/**
 * Line coverage as Cobertura XML (coverage.xml), the format CI systems and editors read. One
 * package per source directory, one class per file, one `<line>` per source line that has points
 * with its hits (how often it ran) and, on lines with branch arms, Cobertura's
 * `condition-coverage`. Rates are fractions of lines run and of branch arms taken; the stage's
 * line percentage counts Verilator's points instead (coverage-data.ts), so it can be lower.
 */
import { dirname } from 'node:path';
import type { FileCoverage, LineHits } from './coverage-data.js';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

interface Rates {
  linesCovered: number;
  linesValid: number;
  branchesCovered: number;
  branchesValid: number;
}

function ratesOf(lines: readonly LineHits[]): Rates {
  return {
    linesCovered: lines.filter((line) => line.hits > 0).length,
    linesValid: lines.length,
    branchesCovered: lines.reduce((sum, line) => sum + (line.branches?.covered ?? 0), 0),
    branchesValid: lines.reduce((sum, line) => sum + (line.branches?.total ?? 0), 0),
  };
}

const rate = (covered: number, valid: number) => (valid === 0 ? '1' : (covered / valid).toFixed(4));

function rateAttributes(rates: Rates): string {
  return `line-rate="${rate(rates.linesCovered, rates.linesValid)}" branch-rate="${rate(rates.branchesCovered, rates.branchesValid)}"`;
}

function lineElement({ line, hits, branches }: LineHits): string {
  if (branches === undefined) return `<line number="${line}" hits="${hits}" branch="false"/>`;
  const percent = Math.round((branches.covered / branches.total) * 100);
  return `<line number="${line}" hits="${hits}" branch="true" condition-coverage="${percent}% (${branches.covered}/${branches.total})"/>`;
}

function classElement(file: FileCoverage): string[] {
  return [
    `        <class name="${escapeXml(file.file)}" filename="${escapeXml(file.file)}" ${rateAttributes(ratesOf(file.lines))} complexity="0">`,
    '          <methods/>',
    '          <lines>',
    ...file.lines.map((line) => `            ${lineElement(line)}`),
    '          </lines>',
    '        </class>',
  ];
}

/** The Cobertura document of the design files' line coverage, stamped with `generatedAt`. */
export function coberturaXml(files: readonly FileCoverage[], generatedAt: Date): string {
  const packages = new Map<string, FileCoverage[]>();
  for (const file of files) {
    const directory = dirname(file.file);
    packages.set(directory, [...(packages.get(directory) ?? []), file]);
  }
  const total = ratesOf(files.flatMap((file) => file.lines));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE coverage SYSTEM "http://cobertura.sourceforge.net/xml/coverage-04.dtd">',
    `<coverage ${rateAttributes(total)} lines-covered="${total.linesCovered}" lines-valid="${total.linesValid}"` +
      ` branches-covered="${total.branchesCovered}" branches-valid="${total.branchesValid}" complexity="0"` +
      ` version="verilator" timestamp="${generatedAt.getTime()}">`,
    '  <sources>',
    '    <source>.</source>',
    '  </sources>',
    '  <packages>',
    ...[...packages].flatMap(([directory, packageFiles]) => [
      `    <package name="${escapeXml(directory)}" ${rateAttributes(ratesOf(packageFiles.flatMap((file) => file.lines)))} complexity="0">`,
      '      <classes>',
      ...packageFiles.flatMap(classElement),
      '      </classes>',
      '    </package>',
    ]),
    '  </packages>',
    '</coverage>',
    '',
  ].join('\n');
}
