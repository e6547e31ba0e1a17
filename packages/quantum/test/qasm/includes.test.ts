/** Splicing included files into one statement list, with their spans, limits and failures. */
import { AppError } from '@lab/server-kit/errors';
import { describe, expect, it } from 'vitest';
import { qasmError } from '../../src/qasm/diagnostics.js';
import { isBuiltinInclude, loadProgram, MAX_INCLUDE_DEPTH } from '../../src/qasm/includes.js';
import { expectAppError } from '@lab/server-kit/testing';

describe('loadProgram', () => {
  it('replaces an include by the included statements, whose spans name their file', () => {
    const program = loadProgram('qubit q;\ninclude "lib.inc";\nbit c;', 'main.qasm', () => ({
      file: 'lib.inc',
      source: '\n  int x;',
    }));
    expect(program.statements.map((s) => s.kind)).toEqual([
      'QubitDeclaration',
      'ClassicalDeclaration',
      'ClassicalDeclaration',
    ]);
    expect(program.statements[1]!.span).toMatchObject({ line: 2, column: 3, file: 'lib.inc' });
    expect(program.statements[0]!.span).toMatchObject({ line: 1, column: 1, file: 'main.qasm' });
  });

  it('keeps the built-in includes as statements for the importer', () => {
    const program = loadProgram('include "stdgates.inc";\ninclude "qelib1.inc";', undefined, undefined);
    expect(program.statements.map((s) => s.kind === 'Include' && s.path)).toEqual([
      'stdgates.inc',
      'qelib1.inc',
    ]);
    expect(
      isBuiltinInclude('stdgates.inc') && isBuiltinInclude('qelib1.inc') && !isBuiltinInclude('other.inc'),
    ).toBe(true);
  });

  it('leaves an include inside a block alone (the importer refuses it)', () => {
    const program = loadProgram('{ include "lib.inc"; }', undefined, () => ({ file: 'lib.inc', source: '' }));
    expect(program.statements[0]).toMatchObject({
      kind: 'CompoundStatement',
      body: [{ kind: 'Include', path: 'lib.inc' }],
    });
  });

  it(`allows ${MAX_INCLUDE_DEPTH} levels of nesting`, () => {
    const resolve = (path: string) => {
      const level = Number(path.replace(/\D/g, ''));
      return {
        file: path,
        source: level < MAX_INCLUDE_DEPTH ? `include "f${level + 1}.inc";` : 'int deepest;',
      };
    };
    const program = loadProgram('include "f1.inc";', undefined, resolve);
    expect(program.statements).toMatchObject([
      { kind: 'ClassicalDeclaration', span: { file: `f${MAX_INCLUDE_DEPTH}.inc` } },
    ]);
  });

  it('passes a resolver’s own QASM error through unchanged', () => {
    const own = qasmError({ line: 9, column: 9, file: 'elsewhere' }, 'resolver says no');
    const thrown = expectAppError(
      () =>
        loadProgram('include "x.inc";', undefined, () => {
          throw own;
        }),
      'INVALID_QASM',
    );
    expect(thrown).toBe(own);
  });

  it('wraps any other resolver failure, keeping it as the cause', () => {
    const failure = new AppError('SOMETHING', 'internal', 'disk on fire');
    const thrown = expectAppError(
      () =>
        loadProgram('include "x.inc";', 'm.qasm', () => {
          throw failure;
        }),
      'INVALID_QASM',
      "m.qasm:1:1: cannot include 'x.inc': disk on fire",
    );
    expect(thrown.cause).toBe(failure);
  });
});
