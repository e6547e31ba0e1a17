/**
 * A job's configuration: the project's `verify.json` (when it has one) with the schema's defaults,
 * the job's `config_overrides` on top, and every file list resolved against the job's copy of the
 * files. Each refusal is a VALIDATION_ERROR whose `details.field` names the key (`formal.depth`,
 * `sources.0`) and whose `details.suggestion` says what would do.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { VpErrors } from '../errors.js';
import { resolveCocotb } from './cocotb-config.js';
import { resolveFormalConfig } from './formal-config.js';
import { isGlob, matchGlob } from './glob.js';
import { jsonSyntaxError } from './json-syntax.js';
import { checkOutputPatterns } from './output-conventions.js';
import type { Project } from './project-definition.js';
import { pathSegments, treeFiles } from './project-paths.js';
import { checkRegressionTests } from './regression-tests.js';
import { closestMatch, suggestAmong } from './suggest.js';
import {
  CONFIG_FILE,
  VerifyConfigSchema,
  withConfigDefaults,
  type ResolvedConfig,
  type VerifyConfig,
} from './verify-config.js';

export type OverrideValue = boolean | number | string;
export type ConfigOverrides = Record<string, OverrideValue>;

interface SchemaNode {
  type?: string;
  enum?: readonly unknown[];
  properties?: Record<string, SchemaNode>;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
}

const isScalar = (node: SchemaNode): boolean =>
  node.enum !== undefined || ['boolean', 'integer', 'number', 'string'].includes(node.type ?? '');

/** The leaves of the schema that hold one boolean, number or string, by dotted path. */
function scalarLeaves(node: SchemaNode, prefix = ''): [string, SchemaNode][] {
  return Object.entries(node.properties ?? {}).flatMap(([name, child]) => {
    const path = prefix + name;
    if (child.type === 'object') return child.properties === undefined ? [] : scalarLeaves(child, `${path}.`);
    return isScalar(child) ? [[path, child] as [string, SchemaNode]] : [];
  });
}

const LEAVES = new Map(scalarLeaves(VerifyConfigSchema));

/** The keys `config_overrides` may name: every scalar setting of verify.json (lists are not). */
export const OVERRIDABLE_KEYS: readonly string[] = [...LEAVES.keys()];

/** A leaf's schema as an override takes it: without its default, which would fill in an override. */
function overrideSchema(leaf: SchemaNode): TSchema {
  const schema: Record<string, unknown> = { ...leaf };
  delete schema.default;
  return Type.Optional(schema);
}

/**
 * `config_overrides` as the API documents and validates it: each key of OVERRIDABLE_KEYS with the
 * type and range of its setting, and no other key. `validateOverrides` checks the same for callers
 * that do not come through the schema.
 */
export const ConfigOverridesSchema = Type.Object(
  Object.fromEntries([...LEAVES].map(([key, leaf]) => [key, overrideSchema(leaf)])),
  {
    additionalProperties: false,
    description:
      'settings of verify.json that hold one value, by dotted key, with the value to use for this job, e.g. ' +
      '{"simulation.coverage": true, "formal.depth": 30}. A key under crypto.ntt, crypto.kat or crypto.entropy ' +
      'needs that section in verify.json (400 otherwise).',
  },
);

/** What a leaf takes, in words: `an integer from 1 to 1000`, `one of "verilator", "icarus"`. */
function expectedValue(leaf: SchemaNode): string {
  if (leaf.enum !== undefined) return `one of ${leaf.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const range = (low: number | undefined, high: number | undefined) =>
    low !== undefined && high !== undefined ? ` from ${low} to ${high}` : '';
  switch (leaf.type) {
    case 'boolean':
      return 'a boolean (true or false)';
    case 'integer':
      return `an integer${range(leaf.minimum, leaf.maximum)}`;
    case 'number':
      return `a number${range(leaf.minimum, leaf.maximum)}`;
    default:
      return `a string of ${leaf.minLength ?? 0} to ${leaf.maxLength ?? 'any number of'} characters`;
  }
}

/**
 * Checks `config_overrides` as a job submission gives them: known keys, values of their type and
 * range. Usable before anything is queued; answers the overrides, typed.
 */
export function validateOverrides(overrides: Record<string, unknown>): ConfigOverrides {
  for (const [key, value] of Object.entries(overrides)) {
    const leaf = LEAVES.get(key);
    if (leaf === undefined) {
      throw VpErrors.validation(
        { message: `config_overrides: unknown key '${key}'` },
        { details: { field: key, suggestion: suggestAmong(key, OVERRIDABLE_KEYS) } },
      );
    }
    if (!Value.Check(leaf as TSchema, value)) {
      const expected = expectedValue(leaf);
      const closest =
        typeof value === 'string' && leaf.enum !== undefined
          ? closestMatch(value, leaf.enum.map(String))
          : undefined;
      throw VpErrors.validation(
        { message: `config_overrides: '${key}' must be ${expected}, got ${JSON.stringify(value)}` },
        { details: { field: key, expected, suggestion: closest ?? `use ${expected}` } },
      );
    }
  }
  return overrides as ConfigOverrides;
}

interface ConfigIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

/** The schema of the value at `path`; an empty schema where there is none. */
function schemaAt(path: readonly string[]): SchemaNode {
  return path.reduce<SchemaNode>((node, segment) => node.properties?.[segment] ?? {}, VerifyConfigSchema);
}

/** The property names an object of the schema may have at `path`. */
const knownKeys = (path: readonly string[]): string[] => Object.keys(schemaAt(path).properties ?? {});

const withArticle = (noun: string) => `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;

/** One schema issue of verify.json as the field it names, what was expected and a hint. */
function describeConfigIssue(
  issue: ConfigIssue,
  value: unknown,
): { field: string; expected: string; suggestion: string } {
  const path = issue.instancePath
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const keyOf = (names: unknown) => (Array.isArray(names) ? String(names[0]) : '');
  const unknownKey = (parent: string[], name: string) => {
    const closest = closestMatch(name, knownKeys(parent));
    return {
      field: [...parent, name].join('.'),
      expected: 'is not a known setting',
      suggestion:
        closest === undefined
          ? `remove it; known here: ${knownKeys(parent).join(', ')}`
          : [...parent, closest].join('.'),
    };
  };
  const field = path.join('.') || CONFIG_FILE;
  switch (issue.keyword) {
    case 'required': {
      const name = keyOf(issue.params.requiredProperties);
      return { field: [...path, name].join('.'), expected: 'is required', suggestion: `add '${name}'` };
    }
    case 'additionalProperties':
      return unknownKey(path, keyOf(issue.params.additionalProperties));
    case 'boolean':
      // `additionalProperties: false` reports the extra property itself as failing a false schema.
      return unknownKey(path.slice(0, -1), path.at(-1) ?? '');
    case 'enum': {
      const allowed = (issue.params.allowedValues as unknown[]).map(String);
      const expected = `must be one of ${allowed.join(', ')}`;
      return {
        field,
        expected,
        suggestion: typeof value === 'string' ? suggestAmong(value, allowed) : expected,
      };
    }
    default: {
      const node = schemaAt(path);
      const suggestion = isScalar(node)
        ? `use ${expectedValue(node)}`
        : issue.keyword === 'type'
          ? `use ${withArticle(String(issue.params.type))}`
          : `change it: it ${issue.message}`;
      return { field, expected: issue.message, suggestion };
    }
  }
}

/** The value at a JSON pointer's path, for the hint of an enum issue. */
function valueAt(root: unknown, instancePath: string): unknown {
  return instancePath
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      root,
    );
}

function parseConfigFile(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const position = jsonSyntaxError(text);
    const where = position === undefined ? '' : ` at line ${position.line}, column ${position.column}`;
    throw VpErrors.ruleViolation(
      { message: `${CONFIG_FILE} is not valid JSON${where}: ${(error as Error).message}` },
      {
        cause: error,
        details: {
          field: CONFIG_FILE,
          file: CONFIG_FILE,
          ...(position ?? {}),
          suggestion: `fix the JSON syntax${where}`,
        },
      },
    );
  }
}

/** verify.json of `sourceDir` with its defaults, or the defaults alone when there is none. */
function readConfig(sourceDir: string, present: boolean): VerifyConfig {
  // Editors on Windows may start the file with a byte-order mark, which JSON does not allow.
  const read = () =>
    parseConfigFile(readFileSync(join(sourceDir, CONFIG_FILE), 'utf8').replace(/^\uFEFF/, ''));
  const config = withConfigDefaults(present ? read() : {});
  const [issue] = Value.Errors(VerifyConfigSchema, config) as Iterable<ConfigIssue>;
  if (issue === undefined) return config as VerifyConfig;
  const described = describeConfigIssue(issue, valueAt(config, issue.instancePath));
  throw VpErrors.ruleViolation(
    { message: `${CONFIG_FILE}: ${described.field} ${described.expected}` },
    { details: { ...described, file: CONFIG_FILE } },
  );
}

function setLeaf(config: VerifyConfig, key: string, value: OverrideValue): void {
  const path = key.split('.');
  const parent = path.slice(0, -1).reduce<Record<string, unknown> | undefined>((node, segment) => {
    const child = node?.[segment];
    return child !== null && typeof child === 'object' ? (child as Record<string, unknown>) : undefined;
  }, config);
  if (parent === undefined) {
    // An optional section (`crypto.ntt`) that verify.json does not declare: there is nothing to adjust.
    const section = path.slice(0, -1).join('.');
    throw VpErrors.ruleViolation(
      { message: `config_overrides: '${key}' adjusts ${section}, which ${CONFIG_FILE} does not declare` },
      { details: { field: key, suggestion: `declare ${section} in ${CONFIG_FILE}` } },
    );
  }
  parent[path.at(-1)!] = value;
}

const HDL = /\.s?v$/;
const TESTBENCH_NAME = /(?:^tb_[^/]*|_tb)\.s?v$/;

/** Files named tb_*.v, *_tb.v (or .sv), or any .v/.sv file under a `tb/` or `test/` directory. */
function looksLikeTestbench(path: string): boolean {
  const segments = path.split('/');
  const name = segments.at(-1)!;
  return (
    HDL.test(name) &&
    (TESTBENCH_NAME.test(name) || segments.slice(0, -1).some((d) => d === 'tb' || d === 'test'))
  );
}

/** The files a list of paths and globs names, in order, each once; one that names none is refused. */
function expandFileList(files: readonly string[], patterns: readonly string[], field: string): string[] {
  const chosen = new Set<string>();
  patterns.forEach((pattern, index) => {
    const entry = `${field}.${index}`;
    pathSegments(pattern, entry);
    const matches = isGlob(pattern) ? matchGlob(files, pattern) : files.filter((file) => file === pattern);
    if (matches.length === 0) {
      const closest = closestMatch(pattern, files);
      throw VpErrors.ruleViolation(
        { message: `${CONFIG_FILE}: ${entry} '${pattern}' matches no file of the project` },
        {
          details: {
            field: entry,
            file: CONFIG_FILE,
            pattern,
            suggestion:
              closest ?? 'upload the file first, or correct the path (GET /projects/{id}/files lists them)',
          },
        },
      );
    }
    for (const match of matches) chosen.add(match);
  });
  return [...chosen];
}

/** Include directories must be directories of the project that hold files. */
function checkIncludeDirs(files: readonly string[], directories: readonly string[]): string[] {
  const existing = new Set(
    files.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, dirs) => dirs.slice(0, i + 1).join('/')),
    ),
  );
  directories.forEach((directory, index) => {
    const field = `include_dirs.${index}`;
    pathSegments(directory, field);
    if (!existing.has(directory)) {
      throw VpErrors.ruleViolation(
        { message: `${CONFIG_FILE}: ${field} '${directory}' is not a directory of the project` },
        {
          details: {
            field,
            file: CONFIG_FILE,
            suggestion: closestMatch(directory, [...existing]) ?? 'remove it',
          },
        },
      );
    }
  });
  return [...directories];
}

/**
 * The configuration a job runs with. `sourceDir` is the job's copy of the project's files;
 * `overrides` are the job's `config_overrides` (checked here too). Sources default to every .v/.sv
 * file that is not a testbench, testbenches to the files that look like one; a file that is a
 * testbench is never also a source. Globs support `*`, `?` and `**`.
 */
export function resolveProjectConfig(
  project: Pick<Project, 'top_module'>,
  sourceDir: string,
  overrides: Record<string, unknown>,
): ResolvedConfig {
  const checked = validateOverrides(overrides);
  const files = treeFiles(sourceDir).map((file) => file.path);
  const config = readConfig(sourceDir, files.includes(CONFIG_FILE));
  for (const [key, value] of Object.entries(checked)) setLeaf(config, key, value);
  checkOutputPatterns(config.simulation);
  const testbench =
    config.simulation.testbench === undefined
      ? files.filter(looksLikeTestbench)
      : expandFileList(files, config.simulation.testbench, 'simulation.testbench');
  const harness =
    config.crypto.harness === undefined ? [] : expandFileList(files, config.crypto.harness, 'crypto.harness');
  const sources = (
    config.sources === undefined
      ? files.filter((file) => HDL.test(file) && !looksLikeTestbench(file))
      : expandFileList(files, config.sources, 'sources')
  ).filter((file) => !testbench.includes(file) && !harness.includes(file));
  if (sources.length === 0) {
    throw VpErrors.ruleViolation(
      { message: 'the project has no design sources' },
      {
        details: {
          field: 'sources',
          suggestion: `upload .v or .sv design files, or list them under 'sources' in ${CONFIG_FILE}`,
        },
      },
    );
  }
  const topModule = config.top_module ?? project.top_module;
  return {
    top_module: topModule,
    sources,
    include_dirs: checkIncludeDirs(files, config.include_dirs),
    defines: config.defines,
    lint: {
      ...config.lint,
      exclude: expandFileList(files, config.lint.exclude, 'lint.exclude'),
      waivers: expandFileList(files, config.lint.waivers, 'lint.waivers'),
    },
    simulation: {
      ...config.simulation,
      testbench,
      testbench_top: config.simulation.testbench_top ?? null,
      junit: config.simulation.junit ?? null,
      cocotb: resolveCocotb(config.simulation.cocotb, files),
      tests: checkRegressionTests(config.simulation.tests),
      seed: config.simulation.seed ?? null,
    },
    formal: resolveFormalConfig(config.formal, files, sourceDir, topModule),
    crypto: { ...config.crypto, harness, harness_top: config.crypto.harness_top ?? null },
  };
}
