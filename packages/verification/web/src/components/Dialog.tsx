import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ComponentChildren;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null,
  );
}

/**
 * A modal on the native `<dialog>`: showModal() makes the rest of the page inert, Tab cycles
 * through the dialog's controls alone (the browser would otherwise leave for its own UI), and
 * Escape closes it (the browser's `cancel` event). It opens on its body's first control (or one
 * marked `autofocus`) and gives focus back to where it was when it closes.
 */
export function Dialog({ open, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null || !open || dialog.open) return undefined;
    const previous = document.activeElement;
    dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>('[autofocus]') ??
      focusables(dialog).find((element) => element.closest('.dialog-body') !== null);
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous instanceof HTMLElement) previous.focus();
    };
  }, [open]);
  function keepFocusInside(event: KeyboardEvent) {
    const dialog = ref.current;
    if (event.key !== 'Tab' || dialog === null) return;
    const controls = focusables(dialog);
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (first === undefined || last === undefined) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }
  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-labelledby={titleId}
      onKeyDown={keepFocusInside}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Chromium closes a dialog on a second Escape even when cancel is prevented: keep the state in step.
      onClose={() => {
        if (open) onClose();
      }}
    >
      {open ? (
        <>
          <div class="dialog-header">
            <h2 id={titleId}>{title}</h2>
            <button type="button" class="button button-ghost" aria-label="Close" onClick={onClose}>
              ×
            </button>
          </div>
          <div class="dialog-body">{children}</div>
        </>
      ) : null}
    </dialog>
  );
}
