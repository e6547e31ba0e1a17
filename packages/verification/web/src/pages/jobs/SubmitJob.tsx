/**
 * "Submit job": the stages to run and the job's `config_overrides` as JSON. The JSON is checked
 * as it is typed (a parse error is shown at the field); the platform checks each key and value
 * against the configuration's schema, and a refusal naming `config_overrides.<key>` or
 * `stages.<n>` in `details.field` is shown at that field too. Submitted, the page goes to the job.
 */
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, call, isApiError, type Schemas } from '../../api/client.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import type { paths } from '../../../../src/client/gen/openapi.js';

type SubmitBody = NonNullable<
  NonNullable<paths['/api/v1/projects/{id}/jobs']['post']['requestBody']>['content']['application/json']
>;
type Stage = NonNullable<SubmitBody['stages']>[number];
type Overrides = NonNullable<SubmitBody['config_overrides']>;

/** Every stage the API accepts, in the order they run: a Record, so a new one is a type error here. */
const STAGE_KEYS: Record<Stage, true> = { lint: true, simulation: true, formal: true, crypto: true };
const STAGES = Object.keys(STAGE_KEYS) as Stage[];

/** The overrides text as the body's object, or why it is not one. */
export function parseOverrides(text: string): { value: Overrides } | { error: string } {
  if (text.trim() === '') return { value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `Not JSON: ${(error as SyntaxError).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: 'Must be a JSON object of dotted keys, e.g. {"formal.depth": 30}' };
  }
  return { value };
}

/** Which field of the form a refusal names: its `details.field`'s first part. */
function refusedField(error: unknown): 'stages' | 'config_overrides' | undefined {
  if (!isApiError(error) || typeof error.details.field !== 'string') return undefined;
  const root = error.details.field.split('.')[0];
  return root === 'stages' || root === 'config_overrides' ? root : undefined;
}

export function SubmitJob({ projectId }: { projectId: string }) {
  const { route } = useLocation();
  const [open, setOpen] = useState(false);
  const [stages, setStages] = useState<ReadonlySet<Stage>>(() => new Set(STAGES));
  const [overrides, setOverrides] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(undefined);
  const parsed = parseOverrides(overrides);
  const parseError = 'error' in parsed ? parsed.error : undefined;
  const field = refusedField(refusal);
  const overridesError =
    parseError ?? (field === 'config_overrides' && isApiError(refusal) ? refusal : undefined);
  const stagesError =
    stages.size === 0
      ? 'Choose at least one stage.'
      : field === 'stages' && isApiError(refusal)
        ? refusal
        : undefined;

  async function submit(event: Event) {
    event.preventDefault();
    if (!('value' in parsed) || stages.size === 0) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const job: Schemas['JobSubmitted'] = await call(
        api.POST('/api/v1/projects/{id}/jobs', {
          params: { path: { id: projectId } },
          body: { stages: STAGES.filter((stage) => stages.has(stage)), config_overrides: parsed.value },
        }),
      );
      route(`/jobs/${encodeURIComponent(job.job_id)}`);
    } catch (error) {
      setRefusal(error);
      setBusy(false);
    }
  }

  const message = (error: unknown, id: string) =>
    error === undefined ? null : (
      <p id={id} class="field-error" role="alert">
        {typeof error === 'string' ? (
          error
        ) : isApiError(error) ? (
          <>
            <strong>{error.code}</strong> {error.message}
          </>
        ) : null}
      </p>
    );

  return (
    <>
      <button type="button" class="button button-primary" onClick={() => setOpen(true)}>
        Submit job
      </button>
      <Dialog open={open} title="Submit a job" onClose={() => setOpen(false)}>
        <form class="form" onSubmit={(event) => void submit(event)} noValidate>
          <fieldset
            class="submit-stages"
            aria-describedby={stagesError === undefined ? undefined : 'submit-stages-error'}
          >
            <legend>Stages</legend>
            {STAGES.map((stage) => (
              <label key={stage} class="check">
                <input
                  type="checkbox"
                  name="stages"
                  value={stage}
                  checked={stages.has(stage)}
                  onChange={(event) => {
                    const next = new Set(stages);
                    if (event.currentTarget.checked) next.add(stage);
                    else next.delete(stage);
                    setStages(next);
                  }}
                />
                {stage}
              </label>
            ))}
            {message(stagesError, 'submit-stages-error')}
          </fieldset>
          <div class="field">
            <label for="submit-overrides">Configuration overrides (JSON)</label>
            <p id="submit-overrides-hint" class="field-hint">
              Settings of verify.json for this job only, by dotted key, e.g.{' '}
              <code>{'{"formal.depth": 30, "lint.warnings_as_errors": true}'}</code>. Empty: none.
            </p>
            <textarea
              id="submit-overrides"
              class="overrides-input"
              spellcheck={false}
              value={overrides}
              aria-invalid={overridesError === undefined ? undefined : true}
              aria-describedby={`submit-overrides-hint${overridesError === undefined ? '' : ' submit-overrides-error'}`}
              onInput={(event) => {
                setOverrides(event.currentTarget.value);
                if (field === 'config_overrides') setRefusal(undefined);
              }}
            />
            {message(overridesError, 'submit-overrides-error')}
          </div>
          {field === undefined ? <ErrorBanner error={refusal} /> : null}
          <div class="button-row">
            <button
              type="submit"
              class="button button-primary"
              disabled={busy || parseError !== undefined || stages.size === 0}
            >
              Submit
            </button>
            <button type="button" class="button button-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
