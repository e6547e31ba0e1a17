/** `client.projects`: projects, their files, and uploads with progress. */
import type { components } from './gen/openapi.js';
import {
  download,
  type CallOptions,
  type Download,
  type JsonBody,
  type Query,
  type Transport,
} from './http.js';

export type Project = components['schemas']['Project'];
export type ProjectCreate = JsonBody<'/api/v1/projects', 'post'>;
export type ProjectUpdate = JsonBody<'/api/v1/projects/{id}', 'put'>;
export type ProjectListQuery = Query<'/api/v1/projects', 'get'>;

/** One file to upload: its path in the project (`rtl/counter.v`) and its content. */
export interface UploadFile {
  path: string;
  content: Uint8Array | Blob;
}

/** Bytes of the multipart body taken by fetch so far, of `totalBytes`. */
export interface UploadProgress {
  bytesSent: number;
  totalBytes: number;
}

export interface UploadOptions extends CallOptions {
  onProgress?: (progress: UploadProgress) => void;
}

/** The part name the platform reads files from; each part's file name is the file's path. */
const UPLOAD_PART = 'files[]';

/**
 * The body as a stream that reports each chunk as fetch takes it: fetch pulls from the stream as
 * the socket drains, so the count follows the bytes sent, a chunk (64 KiB) ahead at most.
 */
function withProgress(
  body: Blob,
  onProgress: (progress: UploadProgress) => void,
): ReadableStream<Uint8Array> {
  let bytesSent = 0;
  return body.stream().pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        controller.enqueue(chunk);
        bytesSent += chunk.byteLength;
        onProgress({ bytesSent, totalBytes: body.size });
      },
    }),
  );
}

/** A file path as a path: each segment encoded, the slashes kept (the route's `*` parameter). */
const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');
/** openapi-fetch reads `{*}` as an exploded parameter with no name: a file's URL is spelled here. */
const filePath = (id: string, path: string) => (template: string) =>
  template.replace('{id}', encodeURIComponent(id)).replace('{*}', encodePath(path));

export function projectsApi({ api, call, exchange }: Transport) {
  return {
    list: (query: ProjectListQuery = {}, options?: CallOptions) =>
      call(options, (signal) => api.GET('/api/v1/projects', { params: { query }, signal })),

    get: (id: string, options?: CallOptions) =>
      call(options, (signal) => api.GET('/api/v1/projects/{id}', { params: { path: { id } }, signal })),

    create: (body: ProjectCreate, options?: CallOptions) =>
      call(options, (signal) => api.POST('/api/v1/projects', { body, signal })),

    update: (id: string, body: ProjectUpdate, options?: CallOptions) =>
      call(options, (signal) => api.PUT('/api/v1/projects/{id}', { params: { path: { id } }, body, signal })),

    /** Deletes the project; `force` cancels its queued and running jobs first. */
    delete: async (id: string, query: { force?: boolean } = {}, options?: CallOptions): Promise<void> => {
      await call(options, (signal) =>
        api.DELETE('/api/v1/projects/{id}', { params: { path: { id }, query }, signal }),
      );
    },

    files: (id: string, options?: CallOptions) =>
      call(options, (signal) => api.GET('/api/v1/projects/{id}/files', { params: { path: { id } }, signal })),

    /** A file's bytes, and `text/plain; charset=utf-8` or `application/octet-stream` as the platform tells them. */
    readFile: async (id: string, path: string, options?: CallOptions): Promise<Download> =>
      download(
        await exchange(options, (signal) =>
          api.GET('/api/v1/projects/{id}/files/{*}', {
            params: { path: { id, '*': path } },
            pathSerializer: filePath(id, path),
            parseAs: 'arrayBuffer',
            signal,
          }),
        ),
      ),

    deleteFile: async (id: string, path: string, options?: CallOptions): Promise<void> => {
      await call(options, (signal) =>
        api.DELETE('/api/v1/projects/{id}/files/{*}', {
          params: { path: { id, '*': path } },
          pathSerializer: filePath(id, path),
          signal,
        }),
      );
    },

    /**
     * Uploads `files` in one multipart request, one `files[]` part each named by its path. The
     * body is encoded in memory first (its size is the progress's total), so an upload holds its
     * files twice in memory; the platform takes at most its `uploadMaxBytes` (100 MiB by default).
     */
    upload: async (id: string, files: readonly UploadFile[], options: UploadOptions = {}) => {
      const form = new FormData();
      for (const file of files) {
        const content = file.content instanceof Blob ? file.content : new Blob([file.content]);
        form.append(UPLOAD_PART, content, file.path);
      }
      const body = await new Response(form).blob();
      const { onProgress } = options;
      return call(options, (signal) =>
        api.POST('/api/v1/projects/{id}/upload', {
          params: { path: { id } },
          // The typed body names the parts; what is sent is the encoded form, with its boundary.
          body: { [UPLOAD_PART]: files.map((file) => file.path) },
          bodySerializer: () => (onProgress === undefined ? body : withProgress(body, onProgress)),
          headers: { 'content-type': body.type },
          duplex: 'half',
          signal,
        }),
      );
    },
  };
}
