/**
 * The files tab: the project's files as a tree (folders fold; arrow keys move between rows,
 * Left and Right fold and unfold) with links to each file's page, and for writers the upload
 * area: a file chooser, a folder chooser, and a drop zone for files and whole folders. The
 * selection is checked against the session's limits before anything is sent.
 */
import type { JSX } from 'preact';
import { useMemo, useRef, useState } from 'preact/hooks';
import { errorFromAnswer } from '../../../../src/client/errors.js';
import { api, apiUrl, call, csrfHeaders, type Schemas } from '../../api/client.js';
import { EmptyState } from '../../components/EmptyState.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { Spinner } from '../../components/Spinner.js';
import { useAsync } from '../../components/useAsync.js';
import { formatBytes, formatTime } from '../../lib/format.js';
import { canWrite, useSession, type Session } from '../../session.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { buildTree, fileApiPath, fileHref, type TreeNode } from './file-tree.js';
import {
  checkSelection,
  chosenFiles,
  uploadItems,
  walkEntries,
  withoutCommonFolder,
  type EntryLike,
  type UploadItem,
} from './upload-files.js';

type StoredFile = { path: string; size: number; modified_at: string };

export function FilesTab({ project }: { project: Schemas['Project'] }) {
  const session = useSession();
  const files = useAsync(
    (signal) =>
      call(api.GET('/api/v1/projects/{id}/files', { params: { path: { id: project.id } }, signal })),
    [project.id],
  );
  const [deleting, setDeleting] = useState<string | undefined>(undefined);
  const writer = canWrite(session) && project.status !== 'archived';
  return (
    <div class="files-tab">
      {writer ? (
        <UploadArea projectId={project.id} limits={session.limits} onUploaded={files.reload} />
      ) : null}
      {canWrite(session) && project.status === 'archived' ? (
        <p class="banner banner-info">The project is archived: restore it to upload or delete files.</p>
      ) : null}
      <h2>Files</h2>
      <ErrorBanner error={files.error} />
      {files.data === undefined ? (
        files.loading ? (
          <Spinner />
        ) : null
      ) : files.data.files.length === 0 ? (
        <EmptyState>
          No file yet{writer ? ': upload the design, its testbenches and verify.json.' : '.'}
        </EmptyState>
      ) : (
        <FileTree
          projectId={project.id}
          files={files.data.files}
          onDelete={writer ? setDeleting : undefined}
        />
      )}
      {deleting === undefined ? null : (
        <ConfirmDialog
          title="Delete file"
          confirm="Delete file"
          onClose={() => setDeleting(undefined)}
          onConfirm={async () => {
            await deleteFile(project.id, deleting);
            setDeleting(undefined);
            files.reload();
          }}
        >
          <p>
            Delete <code>{deleting}</code> from the project? Jobs already submitted keep their copy.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

async function deleteFile(projectId: string, path: string): Promise<void> {
  const response = await fetch(apiUrl(fileApiPath(projectId, path)), {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: csrfHeaders(),
  });
  if (!response.ok) throw errorFromAnswer(response.status, await response.json().catch(() => undefined));
}

/** Moves focus among the tree's rows with the arrow keys, Home and End. */
function onTreeKey(
  event: JSX.TargetedKeyboardEvent<HTMLElement>,
  toggle: (path: string, open: boolean) => void,
) {
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-tree-row]')];
  const current = document.activeElement as HTMLElement | null;
  const index = current ? rows.indexOf(current) : -1;
  if (index < 0) return;
  const folder = current!.dataset.folder;
  let next: HTMLElement | undefined;
  switch (event.key) {
    case 'ArrowDown':
      next = rows[index + 1];
      break;
    case 'ArrowUp':
      next = rows[index - 1];
      break;
    case 'Home':
      next = rows[0];
      break;
    case 'End':
      next = rows[rows.length - 1];
      break;
    case 'ArrowRight':
      if (folder !== undefined) toggle(folder, true);
      break;
    case 'ArrowLeft':
      if (folder !== undefined && current!.getAttribute('aria-expanded') === 'true') toggle(folder, false);
      else
        next =
          current!.closest('ul')?.closest('li')?.querySelector<HTMLElement>('[data-tree-row]') ?? undefined;
      break;
    default:
      return;
  }
  event.preventDefault();
  next?.focus();
}

function FileTree(props: {
  projectId: string;
  files: StoredFile[];
  onDelete: ((path: string) => void) | undefined;
}) {
  const tree = useMemo(() => buildTree(props.files), [props.files]);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (path: string, open: boolean) => {
    const next = new Set(closed);
    if (open) next.delete(path);
    else next.add(path);
    setClosed(next);
  };
  const rows = (nodes: TreeNode<StoredFile>[]): JSX.Element[] =>
    nodes.map((node) =>
      node.kind === 'folder' ? (
        <li key={node.path}>
          <button
            type="button"
            class="tree-folder"
            data-tree-row
            data-folder={node.path}
            aria-expanded={!closed.has(node.path)}
            onClick={() => toggle(node.path, closed.has(node.path))}
          >
            <span class="tree-marker" aria-hidden="true">
              {closed.has(node.path) ? '▸' : '▾'}
            </span>
            {node.name}/
          </button>
          {closed.has(node.path) ? null : <ul>{rows(node.children)}</ul>}
        </li>
      ) : (
        <li key={node.path} class="tree-file">
          <a href={fileHref(props.projectId, node.path)} data-tree-row>
            {node.name}
          </a>
          <span class="muted tree-meta">
            {formatBytes(node.file.size)}
            <span class="hide-narrow"> · {formatTime(node.file.modified_at)}</span>
          </span>
          {props.onDelete ? (
            <button
              type="button"
              class="button button-ghost button-small"
              aria-label={`Delete ${node.path}`}
              onClick={() => props.onDelete!(node.path)}
            >
              Delete
            </button>
          ) : null}
        </li>
      ),
    );
  return (
    <nav aria-label="File tree">
      <p class="field-hint" id="file-tree-help">
        {props.files.length} files. Arrow keys move between rows; Right and Left open and close a folder.
      </p>
      <ul class="file-tree" aria-describedby="file-tree-help" onKeyDown={(event) => onTreeKey(event, toggle)}>
        {rows(tree)}
      </ul>
    </nav>
  );
}

type UploadState =
  | { phase: 'idle' }
  | { phase: 'refused'; message: string }
  | { phase: 'sending'; count: number; sent: number; total: number }
  | { phase: 'done'; count: number }
  | { phase: 'failed'; error: unknown };

function UploadArea(props: { projectId: string; limits: Session['limits']; onUploaded: () => void }) {
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [toRoot, setToRoot] = useState(true);
  const filesInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const { uploadMaxBytes, uploadMaxFiles } = props.limits;

  async function send(selected: UploadItem[]) {
    const items = toRoot ? withoutCommonFolder(selected) : selected;
    const check = checkSelection(items, props.limits);
    if (!check.ok) {
      setState({ phase: 'refused', message: check.message });
      return;
    }
    setState({ phase: 'sending', count: items.length, sent: 0, total: check.bytes });
    try {
      await uploadItems(props.projectId, items, (sent, total) =>
        setState({ phase: 'sending', count: items.length, sent, total }),
      );
      setState({ phase: 'done', count: items.length });
      props.onUploaded();
    } catch (error) {
      setState({ phase: 'failed', error });
    }
  }

  function chosen(input: HTMLInputElement | null) {
    if (input?.files && input.files.length > 0) void send(chosenFiles(input.files));
    if (input) input.value = '';
  }

  function dropped(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const transfer = event.dataTransfer;
    if (!transfer) return;
    // Entries must be taken while the drop event runs; the walk reads them afterwards.
    const entries = [...transfer.items]
      .map((item) => item.webkitGetAsEntry())
      .filter((entry): entry is FileSystemEntry => entry !== null);
    if (entries.length === 0) {
      void send(chosenFiles(transfer.files));
      return;
    }
    walkEntries(entries as unknown as EntryLike[]).then(
      (items) => void send(items),
      (error: unknown) => setState({ phase: 'failed', error }),
    );
  }

  const busy = state.phase === 'sending';
  return (
    <section class="upload" aria-labelledby="upload-heading">
      <h2 id="upload-heading">Upload</h2>
      <div
        class={dragging ? 'drop-zone dragging' : 'drop-zone'}
        role="group"
        aria-label="Drop files or folders here to upload"
        onDragOver={(event) => {
          event.preventDefault();
          if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={dropped}
      >
        <p class="drop-text">Drop files or whole folders here, or choose them:</p>
        <div class="button-row">
          <input
            ref={filesInput}
            id="upload-files"
            type="file"
            multiple
            class="visually-hidden"
            disabled={busy}
            onChange={() => chosen(filesInput.current)}
          />
          <label for="upload-files" class="button button-secondary">
            Upload files
          </label>
          <input
            ref={folderInput}
            id="upload-folder"
            type="file"
            class="visually-hidden"
            disabled={busy}
            {...{ webkitdirectory: true }}
            onChange={() => chosen(folderInput.current)}
          />
          <label for="upload-folder" class="button button-secondary">
            Upload folder
          </label>
        </div>
        <label class="check">
          <input
            type="checkbox"
            checked={toRoot}
            onChange={(event) => setToRoot(event.currentTarget.checked)}
          />
          Put a single folder's contents at the project root (counter/verify.json → verify.json)
        </label>
        <p class="field-hint">
          At most {formatBytes(uploadMaxBytes)} and {uploadMaxFiles.toLocaleString('en')} files per upload,
          checked before anything is sent. A file of the same path is replaced.
        </p>
      </div>
      <UploadStatus state={state} />
    </section>
  );
}

function UploadStatus({ state }: { state: UploadState }) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'refused':
      return (
        <p class="banner banner-error" role="alert">
          {state.message}
        </p>
      );
    case 'sending':
      return (
        <div class="upload-progress">
          <progress aria-label="Upload progress" max={state.total || 1} value={state.sent} />
          <span>
            Uploading {state.count} files: {formatBytes(state.sent)} of {formatBytes(state.total)}
          </span>
        </div>
      );
    case 'done':
      return (
        <p class="banner banner-success" role="status">
          Uploaded {state.count} {state.count === 1 ? 'file' : 'files'}.
        </p>
      );
    case 'failed':
      return <ErrorBanner error={state.error} />;
  }
}
