import { describe, expect, it } from 'vitest';
import { buildTree, fileApiPath, fileHref, type TreeNode } from './file-tree.js';

/** A tree as nested names, folders with a trailing `/`. */
const names = (nodes: TreeNode<unknown>[]): unknown[] =>
  nodes.map((node) => (node.kind === 'file' ? node.name : { [`${node.name}/`]: names(node.children) }));

describe('buildTree', () => {
  it('nests files under their folders, folders first, by name', () => {
    const tree = buildTree(
      ['verify.json', 'rtl/b.sv', 'tb/tb.sv', 'rtl/core/alu.sv', 'Makefile', 'rtl/a.sv'].map((path) => ({
        path,
      })),
    );
    expect(names(tree)).toEqual([
      { 'rtl/': [{ 'core/': ['alu.sv'] }, 'a.sv', 'b.sv'] },
      { 'tb/': ['tb.sv'] },
      'Makefile',
      'verify.json',
    ]);
    const rtl = tree[0]!;
    expect(rtl.kind === 'folder' && rtl.children[0]!.path).toBe('rtl/core');
  });

  it('links to a file with each segment encoded', () => {
    expect(fileHref('prj_1', 'rtl/my file#1.sv')).toBe('/projects/prj_1/files/rtl/my%20file%231.sv');
    expect(fileApiPath('prj_1', 'a?/b.sv')).toBe('/api/v1/projects/prj_1/files/a%3F/b.sv');
  });
});
