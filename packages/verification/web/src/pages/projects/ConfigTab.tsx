/**
 * The config tab: the project's `verify.json` edited in place. A form generated from the
 * VerifyConfig schema (read from the platform's own OpenAPI document, so it is the schema the
 * platform checks against, and no copy of it sits in the bundle) edits the common keys: the
 * top-level ones and those of lint, simulation, formal and crypto whose values are booleans,
 * numbers, strings, choices or lists of strings; the JSON view edits everything. Both edit one
 * text, checked against the schema as it changes, each message at its field. Saving uploads
 * the file; a refusal naming a field (`details.field`) is shown there too. Viewers read only.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { apiUrl, isApiError, type Schemas } from '../../api/client.js';
import { errorFromAnswer } from '../../../../src/client/errors.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Spinner } from '../../components/Spinner.js';
import { useAsync } from '../../components/useAsync.js';
import { canWrite, useSession } from '../../session.js';
import { fieldKind, getAt, setAt, validate, type JsonSchema, type SchemaError } from './config-schema.js';
import { fileApiPath } from './file-tree.js';
import { uploadItems } from './upload-files.js';

const CONFIG_FILE = 'verify.json';
const SECTIONS = ['lint', 'simulation', 'formal', 'crypto'];

let schemaRequest: Promise<JsonSchema> | undefined;

/** VerifyConfig from the served OpenAPI document, asked once per page load. */
function loadSchema(): Promise<JsonSchema> {
  schemaRequest ??= fetch(apiUrl('/api/v1/openapi.json'), { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw errorFromAnswer(response.status, await response.json().catch(() => undefined));
      const document = (await response.json()) as { components: { schemas: { VerifyConfig: JsonSchema } } };
      return document.components.schemas.VerifyConfig;
    })
    .catch((error: unknown) => {
      schemaRequest = undefined;
      throw error;
    });
  return schemaRequest;
}

/** The project's verify.json, or null when it has none. */
async function loadConfigText(projectId: string, signal: AbortSignal): Promise<string | null> {
  const response = await fetch(apiUrl(fileApiPath(projectId, CONFIG_FILE)), {
    credentials: 'same-origin',
    signal,
  });
  if (response.status === 404) return null;
  if (!response.ok) throw errorFromAnswer(response.status, await response.json().catch(() => undefined));
  return response.text();
}

export function ConfigTab({ project }: { project: Schemas['Project'] }) {
  const session = useSession();
  const loaded = useAsync(
    async (signal) => {
      const [schema, text] = await Promise.all([loadSchema(), loadConfigText(project.id, signal)]);
      return { schema, text };
    },
    [project.id],
  );
  if (loaded.data === undefined) return loaded.loading ? <Spinner /> : <ErrorBanner error={loaded.error} />;
  return (
    <ConfigEditor
      projectId={project.id}
      schema={loaded.data.schema}
      saved={loaded.data.text}
      readOnly={!canWrite(session) || project.status === 'archived'}
    />
  );
}

type Parsed = { ok: true; config: Record<string, unknown> } | { ok: false; message: string };

function parse(text: string): Parsed {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { ok: false, message: 'verify.json must hold one JSON object ({ … })' };
    }
    return { ok: true, config: value as Record<string, unknown> };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

const format = (config: Record<string, unknown>) => `${JSON.stringify(config, null, 2)}\n`;

function ConfigEditor(props: {
  projectId: string;
  schema: JsonSchema;
  saved: string | null;
  readOnly: boolean;
}) {
  const [text, setText] = useState(props.saved ?? '{}\n');
  const [view, setView] = useState<'form' | 'json'>('form');
  const [saveError, setSaveError] = useState<unknown>(undefined);
  const [saving, setSaving] = useState(false);
  const [savedText, setSavedText] = useState(props.saved);
  const parsed = useMemo(() => parse(text), [text]);
  const errors = useMemo(
    () => (parsed.ok ? validate(props.schema, parsed.config) : []),
    [parsed, props.schema],
  );
  // The platform's refusal at save, at the field it names, until the text changes again.
  const serverField =
    isApiError(saveError) && typeof saveError.details.field === 'string'
      ? saveError.details.field
      : undefined;
  const allErrors: SchemaError[] =
    serverField !== undefined && isApiError(saveError)
      ? [...errors, { path: serverField, message: `${saveError.code}: ${saveError.message}` }]
      : errors;
  useEffect(() => setSaveError(undefined), [text]);

  const edit = (path: string, value: unknown) => {
    if (parsed.ok) setText(format(setAt(parsed.config, path, value)));
  };

  async function save(event: Event) {
    event.preventDefault();
    if (!parsed.ok || errors.length > 0) return;
    setSaving(true);
    setSaveError(undefined);
    try {
      await uploadItems(props.projectId, [{ path: CONFIG_FILE, file: new Blob([text]) }], () => undefined);
      setSavedText(text);
    } catch (error) {
      setSaveError(error);
    } finally {
      setSaving(false);
    }
  }

  const unsaved = text !== (savedText ?? '{}\n');
  return (
    <form class="config-editor" onSubmit={(event) => void save(event)}>
      <div class="button-row config-views">
        <button
          type="button"
          class="button button-secondary"
          aria-pressed={view === 'form'}
          onClick={() => setView('form')}
        >
          Form
        </button>
        <button
          type="button"
          class="button button-secondary"
          aria-pressed={view === 'json'}
          onClick={() => setView('json')}
        >
          JSON
        </button>
        <span class="muted">
          {savedText === null ? 'The project has no verify.json yet: every default applies.' : null}
          {props.readOnly ? ' Read only.' : null}
        </span>
      </div>
      {!parsed.ok ? (
        <p class="banner banner-error" role="alert">
          verify.json is not valid JSON: {parsed.message}
        </p>
      ) : null}
      {view === 'json' ? (
        <div class="field">
          <label for="config-json">verify.json</label>
          <textarea
            id="config-json"
            class="config-json"
            rows={24}
            spellcheck={false}
            readOnly={props.readOnly}
            value={text}
            onInput={(event) => setText(event.currentTarget.value)}
            aria-describedby={allErrors.length > 0 ? 'config-json-errors' : undefined}
          />
          {allErrors.length > 0 ? (
            <ul id="config-json-errors" class="field-error">
              {allErrors.map((error) => (
                <li key={`${error.path}:${error.message}`}>
                  <code>{error.path || '(file)'}</code> {error.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : parsed.ok ? (
        <ConfigForm
          schema={props.schema}
          config={parsed.config}
          errors={allErrors}
          readOnly={props.readOnly}
          onEdit={edit}
        />
      ) : (
        <p>Fix the JSON in the JSON view to edit it with the form.</p>
      )}
      {serverField === undefined ? <ErrorBanner error={saveError} /> : null}
      {props.readOnly ? null : (
        <div class="button-row">
          <button
            type="submit"
            class="button button-primary"
            disabled={saving || !parsed.ok || errors.length > 0}
          >
            {saving ? 'Saving…' : 'Save configuration'}
          </button>
          <span class="muted" role="status">
            {errors.length > 0
              ? `${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} to fix before saving`
              : unsaved
                ? 'Unsaved changes'
                : savedText === null
                  ? ''
                  : 'Saved'}
          </span>
        </div>
      )}
    </form>
  );
}

/** The controls of one object's simple keys, in the schema's order; the rest are the JSON view's. */
function simpleKeys(schema: JsonSchema): [string, JsonSchema][] {
  return Object.entries(schema.properties ?? {}).filter(([, property]) => fieldKind(property) !== undefined);
}

function ConfigForm(props: {
  schema: JsonSchema;
  config: Record<string, unknown>;
  errors: SchemaError[];
  readOnly: boolean;
  onEdit: (path: string, value: unknown) => void;
}) {
  const properties = props.schema.properties ?? {};
  const shown = new Set<string>();
  const field = (path: string, schema: JsonSchema) => {
    shown.add(path);
    return (
      <ConfigField
        key={path}
        path={path}
        schema={schema}
        value={getAt(props.config, path)}
        errors={props.errors.filter((e) => e.path === path || e.path.startsWith(`${path}.`))}
        onEdit={props.onEdit}
      />
    );
  };
  const general = simpleKeys(props.schema).map(([key, schema]) => field(key, schema));
  const sections = SECTIONS.filter((name) => properties[name]).map((name) => (
    <fieldset key={name} class="config-section">
      <legend>{name}</legend>
      {simpleKeys(properties[name]!).map(([key, schema]) => field(`${name}.${key}`, schema))}
    </fieldset>
  ));
  // Problems at keys the form has no control for (nested objects, unknown keys) are listed here.
  const elsewhere = props.errors.filter(
    (error) => ![...shown].some((path) => error.path === path || error.path.startsWith(`${path}.`)),
  );
  return (
    <fieldset class="config-form" disabled={props.readOnly}>
      <legend class="visually-hidden">verify.json</legend>
      {elsewhere.length > 0 ? (
        <div class="banner banner-error" role="alert">
          <ul>
            {elsewhere.map((error) => (
              <li key={`${error.path}:${error.message}`}>
                <code>{error.path || '(file)'}</code> {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p class="field-hint">
        The common settings; the others (defines, regression tests, formal tasks, crypto operations) are in
        the JSON view. A field left empty takes its default.
      </p>
      <fieldset class="config-section">
        <legend>general</legend>
        {general}
      </fieldset>
      {sections}
    </fieldset>
  );
}

const describe = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function ConfigField(props: {
  path: string;
  schema: JsonSchema;
  value: unknown;
  errors: SchemaError[];
  onEdit: (path: string, value: unknown) => void;
}) {
  const { path, schema, value, errors } = props;
  const id = `config-${path.replace(/\./g, '-')}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const kind = fieldKind(schema)!;
  const invalid = errors.length > 0;
  const described = [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ');
  const aria = { 'aria-describedby': described, ...(invalid ? { 'aria-invalid': true as const } : {}) };
  const hint = [
    schema.description,
    // An empty list's default says nothing the empty field does not.
    schema.default !== undefined &&
    kind !== 'boolean' &&
    !(Array.isArray(schema.default) && schema.default.length === 0)
      ? `default ${describe(schema.default)}`
      : undefined,
    kind === 'list' && schema.items?.enum ? `one per line: ${schema.items.enum.join(', ')}` : undefined,
    kind === 'list' && !schema.items?.enum ? 'one per line' : undefined,
  ]
    .filter(Boolean)
    .join('; ');
  const label = path.split('.').pop()!;

  let control;
  switch (kind) {
    case 'boolean':
      control = (
        <label class="check">
          <input
            id={id}
            type="checkbox"
            checked={typeof value === 'boolean' ? value : schema.default === true}
            onChange={(event) => props.onEdit(path, event.currentTarget.checked)}
            {...aria}
          />
          <span class="mono">{label}</span>
        </label>
      );
      break;
    case 'select':
      control = (
        <select
          id={id}
          value={value === undefined ? '' : describe(value)}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            props.onEdit(
              path,
              chosen === '' ? undefined : schema.enum!.find((option) => describe(option) === chosen),
            );
          }}
          {...aria}
        >
          <option value="">
            (default{schema.default === undefined ? '' : `: ${describe(schema.default)}`})
          </option>
          {schema.enum!.map((option) => (
            <option key={describe(option)} value={describe(option)}>
              {describe(option)}
            </option>
          ))}
        </select>
      );
      break;
    case 'number':
      control = (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          step={schema.type === 'integer' ? 1 : 'any'}
          value={value === undefined ? '' : describe(value)}
          placeholder={schema.default === undefined ? '' : describe(schema.default)}
          onChange={(event) => {
            const raw = event.currentTarget.value.trim();
            // An entry that is no number is kept as text, so the check says so at the field.
            props.onEdit(path, raw === '' ? undefined : Number.isNaN(Number(raw)) ? raw : Number(raw));
          }}
          {...aria}
        />
      );
      break;
    case 'text':
      control = (
        <input
          id={id}
          type="text"
          value={typeof value === 'string' ? value : value === undefined ? '' : describe(value)}
          placeholder={schema.default === undefined ? '' : describe(schema.default)}
          onChange={(event) =>
            props.onEdit(path, event.currentTarget.value === '' ? undefined : event.currentTarget.value)
          }
          {...aria}
        />
      );
      break;
    case 'list':
      control = (
        <textarea
          id={id}
          rows={Array.isArray(value) ? Math.min(8, Math.max(2, value.length + 1)) : 2}
          value={Array.isArray(value) ? value.map(describe).join('\n') : ''}
          onChange={(event) => {
            const lines = event.currentTarget.value
              .split('\n')
              .map((line) => line.trim())
              .filter((line) => line !== '');
            props.onEdit(path, lines.length === 0 ? undefined : lines);
          }}
          {...aria}
        />
      );
      break;
  }
  return (
    <div class="field config-field">
      {kind === 'boolean' ? null : (
        <label for={id} class="mono">
          {label}
        </label>
      )}
      {control}
      <span id={hintId} class="field-hint">
        {hint}
      </span>
      {invalid ? (
        <p id={errorId} class="field-error">
          {errors
            .map(
              (error) =>
                `${error.path === path ? '' : `${error.path.slice(path.length + 1)}: `}${error.message}`,
            )
            .join('; ')}
        </p>
      ) : null}
    </div>
  );
}
