/**
 * A refusal shown where it belongs: when the envelope's `details.field` names a field of the
 * form, the message goes under that field (which is marked invalid and described by it); any
 * other failure is the form's own, for an ErrorBanner.
 */
import { isApiError } from '../../api/client.js';

/** The field a refusal's envelope names (`details.field`), if any. */
export function fieldOf(error: unknown): string | undefined {
  return isApiError(error) && typeof error.details.field === 'string' ? error.details.field : undefined;
}

/** The message of an error for the field `name`, or null when the error is not about it. */
export function FieldError({ id, error, name }: { id: string; error: unknown; name: string }) {
  if (fieldOf(error) !== name || !isApiError(error)) return null;
  const suggestion = typeof error.details.suggestion === 'string' ? error.details.suggestion : undefined;
  return (
    <p id={id} class="field-error" role="alert">
      <strong>{error.code}</strong> {error.message}
      {suggestion === undefined ? null : <> (suggestion: {suggestion})</>}
    </p>
  );
}

/** aria-invalid and aria-describedby for a control whose field the error may name. */
export function invalidProps(error: unknown, name: string, messageId: string) {
  return fieldOf(error) === name ? { 'aria-invalid': true as const, 'aria-describedby': messageId } : {};
}
