import type { RefObject } from 'preact';
import { useId, useRef, useState } from 'preact/hooks';

/**
 * A button that copies the text of `target` (an input). Where the clipboard API is refused (an
 * insecure origin, a denied permission) the text is selected instead, so Ctrl+C copies it; either
 * way a status line says what happened.
 */
export function CopyButton({ target, label }: { target: RefObject<HTMLInputElement>; label: string }) {
  const [status, setStatus] = useState('');

  async function copy() {
    const input = target.current;
    if (input === null) return;
    try {
      await navigator.clipboard.writeText(input.value);
      setStatus('Copied to the clipboard.');
    } catch {
      input.focus();
      input.select();
      setStatus('The browser refused the clipboard: the text is selected, press Ctrl+C (⌘C) to copy it.');
    }
  }

  return (
    <>
      <button type="button" class="button button-secondary" onClick={() => void copy()}>
        {label}
      </button>
      <span class="copy-status" role="status">
        {status}
      </span>
    </>
  );
}

/** A secret shown for copying: the text in a read-only field, labelled, and its copy button. */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <div class="copy-field">
        <input
          ref={input}
          id={id}
          class="input mono"
          type="text"
          readOnly
          value={value}
          spellcheck={false}
          autoComplete="off"
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton target={input} label={copyLabel} />
      </div>
    </div>
  );
}
