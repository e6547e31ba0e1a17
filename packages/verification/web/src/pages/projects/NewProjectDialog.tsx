/** The "New project" dialog: POST /projects, the platform's refusal shown at the field it names. */
import { useState } from 'preact/hooks';
import { api, call, type Schemas } from '../../api/client.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { FieldError, fieldOf, invalidProps } from './field-errors.js';
import { KNOWN_PDKS } from '../../../../src/domain/pdks.js';

const FIELDS = [
  { name: 'name', label: 'Name', required: true },
  { name: 'top_module', label: 'Top module', required: true, hint: 'a Verilog identifier, like counter' },
  { name: 'target_pdk', label: 'Target PDK', required: true, hint: 'sky130A, gf180mcuD, generic, …' },
] as const;

export function NewProjectDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (project: Schemas['Project']) => void;
}) {
  const [values, setValues] = useState({ name: '', top_module: '', target_pdk: 'generic', description: '' });
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof values) => (event: Event) =>
    setValues({ ...values, [name]: (event.currentTarget as HTMLInputElement).value });

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      onCreated(await call(api.POST('/api/v1/projects', { body: values })));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const named = fieldOf(error);
  const known =
    named !== undefined && [...FIELDS.map((f) => f.name as string), 'description'].includes(named);
  return (
    <Dialog open={open} title="New project" onClose={onClose}>
      <form class="form" onSubmit={(event) => void submit(event)}>
        {FIELDS.map((field) => {
          const id = `new-project-${field.name}`;
          const hintId = `${id}-hint`;
          const invalid = invalidProps(error, field.name, `${id}-error`);
          return (
            <div class="field" key={field.name}>
              <label for={id}>{field.label}</label>
              <input
                id={id}
                name={field.name}
                required={field.required}
                value={values[field.name]}
                onInput={set(field.name)}
                list={field.name === 'target_pdk' ? 'known-pdks' : undefined}
                autocomplete="off"
                {...invalid}
                aria-describedby={
                  [invalid['aria-describedby'], 'hint' in field ? hintId : undefined]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
              />
              {'hint' in field ? (
                <span id={hintId} class="field-hint">
                  {field.hint}
                </span>
              ) : null}
              <FieldError id={`${id}-error`} error={error} name={field.name} />
            </div>
          );
        })}
        <datalist id="known-pdks">
          {KNOWN_PDKS.map((pdk) => (
            <option key={pdk} value={pdk} />
          ))}
        </datalist>
        <div class="field">
          <label for="new-project-description">Description</label>
          <textarea
            id="new-project-description"
            name="description"
            rows={3}
            value={values.description}
            onInput={set('description')}
            {...invalidProps(error, 'description', 'new-project-description-error')}
          />
          <FieldError id="new-project-description-error" error={error} name="description" />
        </div>
        {known ? null : <ErrorBanner error={error} />}
        <div class="button-row">
          <button type="submit" class="button button-primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create project'}
          </button>
          <button type="button" class="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
