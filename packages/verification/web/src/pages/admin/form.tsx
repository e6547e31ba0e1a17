/**
 * The admin pages' shared pieces. A form's request runs through `useFormAction`: while it runs
 * the buttons are disabled; a refusal whose envelope names one of the form's fields
 * (`details.field`) is shown at that field, marked invalid and described by the message; any other
 * failure is the form's, in an ErrorBanner above the buttons. `Confirm` is the question before a
 * destructive request, `AdminTable` a list's table in its scrolling region.
 */
import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import { isApiError } from '../../api/client.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { fieldOfError } from './limits.js';

export interface FormAction<F extends string> {
  busy: boolean;
  /** Runs the request; a failure is kept for the fields and the banner. */
  run: (request: () => Promise<void>) => Promise<void>;
  /** The failure when no field of the form is named, for an ErrorBanner. */
  formError: unknown;
  /** Attributes for the field's control: aria-invalid, and aria-describedby its hint and message. */
  control: (field: F, hintId?: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** The message element under the field, or null. */
  message: (field: F) => JSX.Element | null;
}

export function useFormAction<F extends string>(formId: string, fields: readonly F[]): FormAction<F> {
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const field = isApiError(error) ? fieldOfError(error.details, fields) : undefined;
  const messageId = (name: F) => `${formId}-${name}-error`;
  return {
    busy,
    run: async (request) => {
      setBusy(true);
      setError(undefined);
      try {
        await request();
      } catch (failure) {
        setError(failure);
      } finally {
        setBusy(false);
      }
    },
    formError: field === undefined ? error : undefined,
    control: (name, hintId) => {
      const described = [hintId, name === field ? messageId(name) : undefined].filter(Boolean).join(' ');
      return {
        ...(name === field ? { 'aria-invalid': true as const } : {}),
        ...(described === '' ? {} : { 'aria-describedby': described }),
      };
    },
    message: (name) =>
      name === field && isApiError(error) ? (
        <p id={messageId(name)} class="field-error" role="alert">
          <strong>{error.code}</strong> {error.message}
        </p>
      ) : null,
  };
}

export interface ConfirmProps {
  /** The question, saying what is lost. */
  children: ComponentChildren;
  /** The destructive button's name, e.g. "Revoke token". */
  confirmLabel: string;
  /** The request; on success `onDone` follows. */
  action: () => Promise<void>;
  onDone: () => void;
  onCancel: () => void;
}

/** A destructive request asked first: the question, Cancel, and the danger button. */
export function Confirm({ children, confirmLabel, action, onDone, onCancel }: ConfirmProps) {
  const form = useFormAction('confirm', []);
  return (
    <>
      {children}
      <ErrorBanner error={form.formError} />
      <div class="button-row">
        <button type="button" class="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          class="button button-danger"
          disabled={form.busy}
          onClick={() =>
            void form.run(async () => {
              await action();
              onDone();
            })
          }
        >
          {confirmLabel}
        </button>
      </div>
    </>
  );
}

/**
 * A list's table: its columns' headers, in a region that scrolls sideways on a narrow screen
 * (named, and focusable so the keyboard can scroll it).
 */
export function AdminTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: string[];
  children: ComponentChildren;
}) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table class="table">
        <caption class="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
