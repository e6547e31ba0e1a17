import { isApiError } from '../api/client.js';

/**
 * A failed request, said plainly: the platform's message with its code, and the field a
 * validation error names. `null`/`undefined` renders nothing, so pages pass their error as is.
 */
export function ErrorBanner({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  if (error instanceof DOMException && error.name === 'AbortError') return null;
  const field =
    isApiError(error) && typeof error.details.field === 'string' ? error.details.field : undefined;
  return (
    <div class="banner banner-error" role="alert">
      {isApiError(error) ? <strong class="banner-code">{error.code}</strong> : null}
      <span>
        {error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong.'}
      </span>
      {field === undefined ? null : (
        <span class="banner-field">
          Field: <code>{field}</code>
        </span>
      )}
    </div>
  );
}
