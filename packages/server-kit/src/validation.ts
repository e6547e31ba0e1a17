/**
 * Turning JSON Schema validation issues (Ajv's, and TypeBox's, which share the shape) into the
 * `field` and `expected` that error details carry.
 */

export interface SchemaIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** The schema holding the failed keyword (Ajv's `verbose` errors carry it). */
  parentSchema?: unknown;
}

export interface IssueDescription {
  /** Dotted path of the offending field, e.g. `cpu.count`; '' for the whole value. */
  field: string;
  /** What the value should have been, as a predicate: `must be >= 1`, `is required`. */
  expected: string;
  /** What to do about it, as an instruction: `add 'name'`, `send one of "a", "b"`. */
  suggestion: string;
}

/**
 * For a `oneOf` of alternatives told apart by a required field (`{required: ['qasm']}` or
 * `{required: ['circuit']}`) that several matched: the field of each alternative that matched.
 */
function exclusiveFields(issue: SchemaIssue): string[] | undefined {
  const passing = issue.params.passingSchemas;
  const branches = (issue.parentSchema as { oneOf?: { required?: string[] }[] } | undefined)?.oneOf;
  if (issue.keyword !== 'oneOf' || !Array.isArray(passing) || branches === undefined) return undefined;
  const fields = (passing as number[]).map((index) => branches[index]?.required?.[0]);
  return fields.every((field): field is string => typeof field === 'string') ? fields : undefined;
}

/** `/cpu/count` plus a missing or extra property name, as the dotted path `cpu.count`. */
function fieldOf(issue: SchemaIssue): string {
  const segments = issue.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const property =
    issue.params.missingProperty ?? issue.params.additionalProperty ?? exclusiveFields(issue)?.at(-1);
  if (typeof property === 'string') segments.push(property);
  return segments.join('.');
}

function expectationOf(issue: SchemaIssue): string {
  const exclusive = exclusiveFields(issue);
  if (exclusive !== undefined) return `must be absent when '${exclusive[0]}' is given`;
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'enum': {
      const allowed = issue.params.allowedValues;
      return Array.isArray(allowed)
        ? `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`
        : (issue.message ?? 'must be an allowed value');
    }
    default:
      return issue.message ?? issue.keyword;
  }
}

function suggestionOf(issue: SchemaIssue, field: string, expected: string): string {
  const name = field === '' ? 'the value' : `'${field}'`;
  switch (issue.keyword) {
    case 'required':
      return `add ${name}`;
    case 'additionalProperties':
      return `remove ${name}, or check its spelling against the documented fields`;
    case 'type': {
      const type = issue.params.type;
      return `send ${name} as ${Array.isArray(type) ? type.join(' or ') : String(type)}`;
    }
    default:
      return `change ${name}: it ${expected}`;
  }
}

export function describeIssue(issue: SchemaIssue): IssueDescription {
  const field = fieldOf(issue);
  const expected = expectationOf(issue);
  return { field, expected, suggestion: suggestionOf(issue, field, expected) };
}
