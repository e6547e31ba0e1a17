/** A dialog asking before something that cannot be undone; the refusal, if any, shown inside it. */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Dialog } from '../../components/Dialog.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';

export function ConfirmDialog(props: {
  title: string;
  confirm: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  children: ComponentChildren;
}) {
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  async function run() {
    setError(undefined);
    setBusy(true);
    try {
      await props.onConfirm();
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  }
  return (
    <Dialog open title={props.title} onClose={props.onClose}>
      {props.children}
      <ErrorBanner error={error} />
      <div class="button-row">
        <button type="button" class="button button-danger" disabled={busy} onClick={() => void run()}>
          {props.confirm}
        </button>
        <button type="button" class="button button-secondary" onClick={props.onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
