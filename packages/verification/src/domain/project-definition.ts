/**
 * What a project is made of and what a caller may set: the fields, their formats, the known
 * process design kits and the project states. These schemas validate requests and document them.
 */
import { Type, type Static } from 'typebox';
import { VpErrors } from '../errors.js';
import { KNOWN_PDKS, PDK_MAX, PDK_PATTERN } from './pdks.js';

export { KNOWN_PDKS, PDK_MAX, PDK_PATTERN } from './pdks.js';

const KNOWN_BY_CASE = new Map(KNOWN_PDKS.map((pdk) => [pdk.toLowerCase(), pdk]));

/** The known kit's spelling when `pdk` names one in any case (`SKY130A` is `sky130A`), else `pdk`. */
export function normalisePdk(pdk: string): string {
  return KNOWN_BY_CASE.get(pdk.toLowerCase()) ?? pdk;
}

/**
 * `created` until the first job is submitted, then `active`; `archived` when a caller archives it
 * (its files and jobs are kept, read-only: no uploads and no new jobs until it is restored).
 */
export const PROJECT_STATUSES = ['created', 'active', 'archived'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_NAME_MAX = 100;
/**
 * What a name may not contain: every control, format and private-use character of the Basic
 * Multilingual Plane (C0 and C1 controls; soft hyphen, Arabic number signs, zero-width characters
 * and joiners, bidirectional marks, embeddings and isolates, word joiner and invisible operators,
 * byte-order mark, interlinear annotation; U+E000 to U+F8FF) and the noncharacters U+FFFE and
 * U+FFFF. Lone surrogates (U+D800 to U+DFFF) are refused too, by `assertWellFormed`: Rust's regex
 * engine, which schemathesis validates with, refuses a pattern that names them.
 *
 * Spelled as ranges rather than `\p{C}`: Python's `re`, and so schemathesis, Hypothesis and Python
 * clients generated from the document, cannot read property escapes. The ranges mean the same in
 * JavaScript (Ajv's `u` flag), Python and Rust; unlike `\p{C}` they let through unassigned code
 * points, whose category changes with each Unicode version, and the few format characters above
 * the BMP.
 */
const NAME_FORBIDDEN =
  '\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2\\u180e' +
  '\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ue000-\\uf8ff\\ufeff\\ufff9-\\ufffb\\ufffe\\uffff';
/** White space, spelled out: `\\s` differs between JavaScript and Python (and Python's ASCII mode). */
const NAME_SPACE = '\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
/** Printable characters (none of NAME_FORBIDDEN), no white space at either end. */
export const PROJECT_NAME_PATTERN = `^[^${NAME_FORBIDDEN}${NAME_SPACE}](?:[^${NAME_FORBIDDEN}]*[^${NAME_FORBIDDEN}${NAME_SPACE}])?$`;
/** Refuses a name with a lone surrogate, the one character PROJECT_NAME_PATTERN cannot name. */
export function assertWellFormedName(name: string): void {
  if (/\p{Cs}/u.test(name)) {
    throw VpErrors.ruleViolation(
      { message: 'name: contains a lone surrogate (U+D800 to U+DFFF), which is no character' },
      { details: { field: 'name', suggestion: 'send the name as well-formed Unicode' } },
    );
  }
}
/** A simple Verilog identifier (escaped identifiers, `\name `, are not accepted). */
export const VERILOG_IDENTIFIER_PATTERN = '^[A-Za-z_][A-Za-z0-9_$]*$';
export const DESCRIPTION_MAX = 4096;

const Name = Type.String({
  minLength: 1,
  maxLength: PROJECT_NAME_MAX,
  pattern: PROJECT_NAME_PATTERN,
  description: `unique among projects (case-sensitive); 1 to ${PROJECT_NAME_MAX} printable characters, no space at either end`,
});
const TopModule = Type.String({
  minLength: 1,
  maxLength: 256,
  pattern: VERILOG_IDENTIFIER_PATTERN,
  description:
    'name of the top design module: a Verilog identifier (letters, digits, `_`, `$`; not a digit first)',
});
export const TargetPdkSchema = Type.String({
  minLength: 1,
  maxLength: PDK_MAX,
  pattern: PDK_PATTERN,
  description:
    `target process design kit: any identifier of 1 to ${PDK_MAX} characters, a letter or digit first, ` +
    'then letters, digits, `_`, `.`, `+` or `-` (`sky130`, `tsmc28hpc`, `gf22fdx`). Known kits, stored in ' +
    'this spelling when given in another case (`SKY130A` becomes `sky130A`): SkyWater 130 nm (`sky130A`, ' +
    '`sky130B`), GlobalFoundries 180 nm (`gf180mcuC`, `gf180mcuD`), IHP 130 nm SiGe (`ihp-sg13g2`), the ' +
    'ASAP7 7 nm and FreePDK45 predictive kits (`asap7`, `freepdk45`), and `generic` for none. Others are ' +
    'kept as given.',
});
const Description = (description: string) => Type.String({ maxLength: DESCRIPTION_MAX, description });

export const ProjectCreateSchema = Type.Object(
  {
    name: Name,
    top_module: TopModule,
    target_pdk: TargetPdkSchema,
    description: Type.Optional(Description('free text (default: empty)')),
  },
  { additionalProperties: false },
);
export type ProjectCreate = Static<typeof ProjectCreateSchema>;

export const ProjectUpdateSchema = Type.Object(
  {
    name: Name,
    top_module: TopModule,
    target_pdk: TargetPdkSchema,
    description: Type.Optional(Description('free text; left out, it becomes empty')),
    status: Type.Optional(
      Type.Enum([...PROJECT_STATUSES], {
        description:
          '`archived` archives the project; `created` or `active` restores an archived one, which becomes ' +
          '`active` if it has had jobs and `created` otherwise (the service sets which). Left out: unchanged.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Replaces the editable fields: `name`, `top_module` and `target_pdk` are required, a left-out ' +
      '`description` becomes empty, a left-out `status` stays as it is.',
  },
);
export type ProjectUpdate = Static<typeof ProjectUpdateSchema>;

/** A project as stored and as the core answers it. */
export interface Project {
  id: string;
  name: string;
  top_module: string;
  target_pdk: string;
  description: string;
  status: ProjectStatus;
  created_at: string;
  updated_at: string;
}

/** Fields a project list may be sorted by, each ascending or, with a `-` in front, descending. */
export const PROJECT_SORT_FIELDS = ['name', 'created_at', 'updated_at', 'status', 'top_module'] as const;
export type ProjectSortField = (typeof PROJECT_SORT_FIELDS)[number];
/** The values of a list's `sort`: each field, ascending, then each with a `-` in front, descending. */
export const PROJECT_SORTS = [
  ...PROJECT_SORT_FIELDS,
  ...PROJECT_SORT_FIELDS.map((field) => `-${field}` as const),
];
