/** A project's file list (`rtl/core/alu.sv`, ...) as a tree of folders and files. */

export interface FileNode<F> {
  kind: 'file';
  name: string;
  path: string;
  file: F;
}
export interface FolderNode<F> {
  kind: 'folder';
  name: string;
  path: string;
  children: TreeNode<F>[];
}
export type TreeNode<F> = FileNode<F> | FolderNode<F>;

/** The tree of the files' paths: folders first, then files, each group by name. */
export function buildTree<F extends { path: string }>(files: readonly F[]): TreeNode<F>[] {
  const root: FolderNode<F> = { kind: 'folder', name: '', path: '', children: [] };
  for (const file of files) {
    const segments = file.path.split('/');
    let folder = root;
    segments.slice(0, -1).forEach((name, index) => {
      let next = folder.children.find(
        (child): child is FolderNode<F> => child.kind === 'folder' && child.name === name,
      );
      if (!next) {
        next = { kind: 'folder', name, path: segments.slice(0, index + 1).join('/'), children: [] };
        folder.children.push(next);
      }
      folder = next;
    });
    folder.children.push({ kind: 'file', name: segments[segments.length - 1]!, path: file.path, file });
  }
  sortTree(root.children);
  return root.children;
}

function sortTree<F>(nodes: TreeNode<F>[]): void {
  nodes.sort((a, b) =>
    a.kind === b.kind ? a.name.localeCompare(b.name, 'en') : a.kind === 'folder' ? -1 : 1,
  );
  for (const node of nodes) if (node.kind === 'folder') sortTree(node.children);
}

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The URL of a file's page: each path segment encoded, the slashes kept. */
export function fileHref(projectId: string, path: string): string {
  return `/projects/${projectId}/files/${encodePath(path)}`;
}

/**
 * The API path of a file (its content, or DELETE). By hand: openapi-fetch fills `{name}`
 * parameters only, and this route's wildcard is documented as `{*}`.
 */
export function fileApiPath(projectId: string, path: string): string {
  return `/api/v1/projects/${encodeURIComponent(projectId)}/files/${encodePath(path)}`;
}
