/**
 * What the CLI's SOURCE argument names, loaded into a circuit: an OpenQASM file, a JSON circuit
 * (`.json`, or text starting with `{`), `-` for standard input, or `example:NAME`. The texts
 * read are kept, so an error can show its line (`explainQasmError`).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { AppError } from '@lab/server-kit/errors';
import type { Circuit } from '../circuit/circuit.js';
import { circuitFromJson } from '../circuit/json.js';
import { validateCircuitJson } from '../circuit/json-schema.js';
import { exampleFile, exampleSource } from '../examples.js';
import { QuantumErrors } from '../errors.js';
import { showSourceLine, type QasmWarning } from '../qasm/diagnostics.js';
import { importQasm, type IncludeResolver } from '../qasm/importer.js';

const STDIN_NAME = '<stdin>';

export interface LoadedSource {
  readonly circuit: Circuit;
  /** The file name errors use (`<stdin>` for standard input). */
  readonly name: string;
  /** How reports name the source: as the user wrote it (`example:bell`, a path, `<stdin>`). */
  readonly label: string;
  readonly format: 'qasm' | 'json';
  readonly warnings: readonly QasmWarning[];
}

/** Loads sources and remembers their texts for error display. */
export class SourceLoader {
  private readonly texts = new Map<string, string>();

  /** Loads `argument`; `inputs` are the values of its `input` declarations (`--input name=value`). */
  load(argument: string, inputs?: Readonly<Record<string, number | boolean>>): LoadedSource {
    const { name, text } = this.read(argument);
    const label = argument === '-' ? STDIN_NAME : argument;
    this.texts.set(name, text);
    if (name.endsWith('.json') || text.trimStart().startsWith('{')) {
      const circuit = circuitFromJson(validateCircuitJson(parseJson(name, text)));
      return { circuit, name, label, format: 'json', warnings: [] };
    }
    const imported = importQasm(text, {
      file: name,
      resolveInclude: this.includeResolver(),
      ...(inputs === undefined ? {} : { inputs }),
    });
    return { circuit: imported.circuit, name, label, format: 'qasm', warnings: imported.warnings };
  }

  /** The offending line with a caret under an OpenQASM error's column, when its text is known. */
  explain(error: AppError): string | undefined {
    const { line, column, file } = error.details as { line?: unknown; column?: unknown; file?: unknown };
    if (typeof line !== 'number' || typeof column !== 'number') return undefined;
    const text = typeof file === 'string' ? this.texts.get(file) : undefined;
    if (text === undefined) return undefined;
    const shown = showSourceLine(text, line, column);
    return shown === '' ? undefined : shown;
  }

  private read(argument: string): { name: string; text: string } {
    if (argument === '-') return { name: STDIN_NAME, text: readFileSync(0, 'utf8') };
    if (argument.startsWith('example:')) {
      const example = argument.slice('example:'.length);
      return { name: exampleFile(example), text: exampleSource(example) };
    }
    return { name: argument, text: readText(argument) };
  }

  /** Includes resolve against the including file's directory (standard input: the working directory). */
  private includeResolver(): IncludeResolver {
    return (path, from) => {
      const base = from === undefined || from === STDIN_NAME ? process.cwd() : dirname(from);
      const file = resolve(base, path);
      const source = readText(file);
      this.texts.set(file, source);
      return { file, source };
    };
  }
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw QuantumErrors.sourceUnreadable({ path, reason }, { details: { path }, cause: error });
  }
}

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw QuantumErrors.invalidCircuit(
      { reason: `${name} is not valid JSON: ${(error as Error).message}` },
      { details: { field: '' }, cause: error },
    );
  }
}
