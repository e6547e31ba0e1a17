import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children?: ComponentChildren;
}

/**
 * A modal on the native `<dialog>`: showModal() makes the rest of the page inert, so focus stays
 * inside, and Escape closes it (the browser's `cancel` event); focus returns to where it was.
 */
export function Dialog({ open, title, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      const previous = document.activeElement;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        if (previous instanceof HTMLElement) previous.focus();
      };
    }
    return undefined;
  }, [open]);
  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
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
