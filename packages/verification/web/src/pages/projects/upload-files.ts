/**
 * What an upload sends: the files chosen or dropped with their paths in the project, the check
 * against the session's limits before anything is sent, and the request itself (an XHR, for its
 * upload progress). Dropped folders are walked through the File and Directory Entries API;
 * its entry types are described here structurally, so the walk runs in Node's tests too.
 */
import { errorFromAnswer } from '../../../../src/client/errors.js';
import { csrfHeaders } from '../../api/client.js';
import { formatBytes } from '../../lib/format.js';
import type { Session } from '../../session.js';

/** A file and the path it gets in the project (`rtl/counter.sv`). */
export interface UploadItem {
  path: string;
  file: Blob;
}

/** The parts of a FileSystemFileEntry / FileSystemDirectoryEntry the walk uses. */
export interface FileEntryLike {
  isFile: true;
  isDirectory: false;
  fullPath: string;
  file(success: (file: Blob) => void, failure?: (error: unknown) => void): void;
}
export interface DirectoryEntryLike {
  isFile: false;
  isDirectory: true;
  fullPath: string;
  createReader(): {
    readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void;
  };
}
export type EntryLike = FileEntryLike | DirectoryEntryLike;

/** An entry's path without the drop's leading `/`. */
const relative = (fullPath: string) => fullPath.replace(/^\/+/, '');

/** Every file under the dropped entries, depth first, with its path relative to the drop. */
export async function walkEntries(entries: readonly EntryLike[]): Promise<UploadItem[]> {
  const items: UploadItem[] = [];
  for (const entry of entries) {
    if (entry.isFile) {
      const file = await new Promise<Blob>((resolve, reject) => entry.file(resolve, reject));
      items.push({ path: relative(entry.fullPath), file });
    } else {
      const reader = entry.createReader();
      // readEntries answers in batches (Chromium: 100 at a time) until an empty one.
      for (;;) {
        const batch = await new Promise<EntryLike[]>((resolve, reject) =>
          reader.readEntries(resolve, reject),
        );
        if (batch.length === 0) break;
        items.push(...(await walkEntries(batch)));
      }
    }
  }
  return items;
}

/** Files from a file chooser: a folder chooser's carry their path under the chosen folder. */
export function chosenFiles(files: Iterable<File>): UploadItem[] {
  return [...files].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}

/**
 * The folder all the paths are in, when there is one (a single dropped or chosen folder), so
 * its contents can go to the project's root: `counter/verify.json` becomes `verify.json`.
 */
export function commonFolder(items: readonly UploadItem[]): string | null {
  const first = items[0]?.path.split('/')[0];
  if (first === undefined) return null;
  return items.every((item) => item.path.startsWith(`${first}/`)) ? first : null;
}

/** The items with their common folder taken off their paths (unchanged without one). */
export function withoutCommonFolder(items: readonly UploadItem[]): UploadItem[] {
  const folder = commonFolder(items);
  return folder === null
    ? [...items]
    : items.map(({ path, file }) => ({ path: path.slice(folder.length + 1), file }));
}

export type UploadCheck = { ok: true; bytes: number } | { ok: false; message: string };

/** Whether a selection fits the platform's limits; said before the upload, never after. */
export function checkSelection(items: readonly UploadItem[], limits: Session['limits']): UploadCheck {
  if (items.length === 0) return { ok: false, message: 'Nothing to upload: the selection holds no file.' };
  const bytes = items.reduce((sum, item) => sum + item.file.size, 0);
  if (items.length > limits.uploadMaxFiles) {
    return {
      ok: false,
      message: `${items.length.toLocaleString('en')} files is more than the ${limits.uploadMaxFiles.toLocaleString('en')} allowed in one upload; nothing was sent.`,
    };
  }
  if (bytes > limits.uploadMaxBytes) {
    return {
      ok: false,
      message: `${formatBytes(bytes)} is more than the ${formatBytes(limits.uploadMaxBytes)} allowed in one upload; nothing was sent.`,
    };
  }
  const seen = new Set<string>();
  for (const { path } of items) {
    if (seen.has(path)) return { ok: false, message: `${path} is in the selection twice; nothing was sent.` };
    seen.add(path);
  }
  return { ok: true, bytes };
}

/** The upload route's answer. */
export interface UploadAnswer {
  uploaded: number;
  project_id: string;
  files: string[];
}

/**
 * Posts the items as `files[]` parts, each named by its path, reporting the bytes sent as they
 * go; resolves with the platform's answer or rejects with its refusal as an ApiError.
 */
export function uploadItems(
  projectId: string,
  items: readonly UploadItem[],
  onProgress: (sent: number, total: number) => void,
  signal?: AbortSignal,
): Promise<UploadAnswer> {
  const form = new FormData();
  for (const { path, file } of items) form.append('files[]', file, path);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/v1/projects/${encodeURIComponent(projectId)}/upload`);
    xhr.responseType = 'json';
    for (const [name, value] of Object.entries(csrfHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.total);
    xhr.onload = () => {
      const body = xhr.response as unknown;
      if (xhr.status === 200) resolve(body as UploadAnswer);
      else reject(errorFromAnswer(xhr.status, body));
    };
    xhr.onerror = () => reject(new Error('The upload failed: the platform could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
