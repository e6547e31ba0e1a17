/**
 * The admin forms' error handling: a refused request whose envelope names one of the form's
 * fields (`details.field`) is shown at that field, marked invalid and described by the message;
 * any other failure is the form's, in an ErrorBanner above the buttons.
 */
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { isApiError } from '../../api/client.js';
import { fieldOfError } from './limits.js';

export interface FormErrors<F extends string> {
  /** Sets the last failure (undefined clears it). */
  fail: (error: unknown) => void;
  /** The failure when no field of the form is named, for an ErrorBanner. */
  formError: unknown;
  /** Attributes for the field's control: aria-invalid, and aria-describedby its hint and message. */
  control: (field: F, hintId?: string) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** The message element under the field, or null. */
  message: (field: F) => JSX.Element | null;
}

export function useFormErrors<F extends string>(formId: string, fields: readonly F[]): FormErrors<F> {
  const [error, setError] = useState<unknown>(undefined);
  const field = isApiError(error) ? fieldOfError(error.details, fields) : undefined;
  const messageId = (name: F) => `${formId}-${name}-error`;
  return {
    fail: setError,
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
