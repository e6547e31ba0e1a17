/**
 * Circuit to OpenQASM 3 and OpenQASM 2.0 text. Importing the text gives a circuit with the same
 * statevector (for 2.0, up to a global phase, which 2.0 cannot observe).
 *
 * Both writers walk the circuit in order: registers, gate definitions (the circuit keeps them
 * in dependency order, as a body can only use gates defined before it), then statements. A
 * statement is one operation, or a run of measurements that is exactly one whole register into
 * another (`c = measure q;`). Numbers read back as the same double; names the target reserves
 * (a register called `gate`, a 2.0 name with a capital) are renamed with a suffix, consistently.
 *
 * OpenQASM 2.0 has no modifiers, no global phase, no inputs and only whole-register conditions:
 * modifiers are rewritten where qelib1.inc has an exact equivalent (`export-qelib.ts`), and
 * anything else throws CANNOT_EXPORT naming the operation and the reason.
 */
import type {
  Circuit,
  Condition,
  GateDefinition,
  Modifier,
  Operation,
  Register,
} from '../circuit/circuit.js';
import { describeGate, gateParameters, sameCondition } from '../circuit/circuit.js';
import type { ParamValue } from '../circuit/expr.js';
import { QuantumErrors } from '../errors.js';
import { formatParam, NameTable, type Dialect } from './export-format.js';
import { rewriteForQelib, type QelibCall } from './export-qelib.js';

type Fail = (reason: string) => never;

/** A run of operations written as one line: one operation, or a whole-register measurement. */
interface Statement {
  readonly ops: readonly Operation[];
  /** Index of the first operation, for error messages. */
  readonly index: number;
  readonly condition?: Condition;
}

export function toQasm3(circuit: Circuit): string {
  const writer = new Writer(circuit, '3.0');
  const lines = ['OPENQASM 3.0;', 'include "stdgates.inc";'];
  for (const name of circuit.parameters) lines.push(`input float[64] ${writer.names.claim(name)};`);
  lines.push(
    ...writer.declarations(
      (r) => `qubit[${r.size}] ${r.name};`,
      (r) => `bit[${r.size}] ${r.name};`,
    ),
  );
  for (const definition of circuit.gateDefinitions.values()) lines.push(...writer.definition3(definition));

  const statements = groupStatements(circuit);
  for (let i = 0; i < statements.length;) {
    const condition = statements[i]!.condition;
    if (condition === undefined) {
      lines.push(writer.statement3(statements[i]!));
      i += 1;
      continue;
    }
    // One block for consecutive statements with this condition, until one writes a bit it reads.
    lines.push(`if (${writer.condition3(condition)}) {`);
    do {
      lines.push(`  ${writer.statement3(statements[i]!)}`);
      i += 1;
    } while (
      i < statements.length &&
      sameCondition(statements[i]!.condition, condition) &&
      !writesConditionBit(statements[i - 1]!, condition)
    );
    lines.push('}');
  }
  return `${lines.join('\n')}\n`;
}

/** Throws CANNOT_EXPORT naming the first operation OpenQASM 2.0 cannot express. */
export function toQasm2(circuit: Circuit): string {
  const writer = new Writer(circuit, '2.0');
  const free = circuit.operations.findIndex((op) => op.kind === 'gate' && gateParameters(op).size > 0);
  if (free >= 0) {
    writer.failAt(free)(
      `it uses the free parameter(s) ${circuit.parameters.join(', ')}, and OpenQASM 2.0 has no inputs: bind them first`,
    );
  }
  const lines = ['OPENQASM 2.0;', 'include "qelib1.inc";'];
  lines.push(
    ...writer.declarations(
      (r) => `qreg ${r.name}[${r.size}];`,
      (r) => `creg ${r.name}[${r.size}];`,
    ),
  );
  for (const definition of circuit.gateDefinitions.values()) lines.push(...writer.definition2(definition));
  for (const statement of groupStatements(circuit)) lines.push(...writer.statement2(statement));
  return `${lines.join('\n')}\n`;
}

function writesConditionBit(statement: Statement, condition: Condition): boolean {
  return statement.ops.some((op) => op.kind === 'measure' && condition.clbits.includes(op.clbit));
}

/**
 * Splits the operations into statements, merging `measure r[i] -> s[i]` for every i of two
 * registers of equal size into one. A conditioned run is merged only when it writes none of
 * the bits its condition reads, since the model checks the condition before each measurement.
 */
function groupStatements(circuit: Circuit): Statement[] {
  const ops = circuit.operations;
  const statements: Statement[] = [];
  for (let i = 0; i < ops.length;) {
    const op = ops[i]!;
    const condition = op.kind === 'barrier' ? undefined : op.condition;
    const length = op.kind === 'measure' ? wholeRegisterMeasurement(circuit, i) : 1;
    statements.push({
      ops: ops.slice(i, i + length),
      index: i,
      ...(condition === undefined ? {} : { condition }),
    });
    i += length;
  }
  return statements;
}

/** How many measurements from `start` on measure a whole register into a whole register (1 if none). */
function wholeRegisterMeasurement(circuit: Circuit, start: number): number {
  const first = circuit.operations[start]!;
  if (first.kind !== 'measure') return 1;
  const qreg = circuit.qregs.find((r) => r.start === first.qubit && r.size > 1);
  const creg = circuit.cregs.find((r) => r.start === first.clbit && r.size === qreg?.size);
  if (qreg === undefined || creg === undefined) return 1;
  for (let k = 0; k < qreg.size; k += 1) {
    const op = circuit.operations[start + k];
    if (
      op?.kind !== 'measure' ||
      op.qubit !== qreg.start + k ||
      op.clbit !== creg.start + k ||
      !sameCondition(op.condition, first.condition) ||
      (first.condition !== undefined && first.condition.clbits.includes(op.clbit))
    )
      return 1;
  }
  return qreg.size;
}

class Writer {
  readonly names: NameTable;
  private readonly qubitNames: string[] = [];
  private readonly clbitNames: string[] = [];
  private readonly qregs: readonly Register[];
  private readonly cregs: readonly Register[];
  private readonly gateNames: readonly string[];

  constructor(
    private readonly circuit: Circuit,
    private readonly dialect: Dialect,
  ) {
    this.names = new NameTable(dialect);
    const rename = (r: Register): Register => ({ ...r, name: this.names.claim(r.name) });
    this.qregs = circuit.qregs.map(rename);
    this.cregs = circuit.cregs.map(rename);
    for (const r of this.qregs) for (let i = 0; i < r.size; i += 1) this.qubitNames.push(`${r.name}[${i}]`);
    for (const r of this.cregs) for (let i = 0; i < r.size; i += 1) this.clbitNames.push(`${r.name}[${i}]`);
    this.gateNames = [...circuit.gateDefinitions.keys()].map((name) => this.names.claim(name));
  }

  failAt(index: number): Fail {
    return (reason) => {
      throw cannotExport(
        this.dialect,
        `operation #${index} ${describeOperation(this.circuit.operations[index]!)}`,
        reason,
      );
    };
  }

  declarations(quantum: (r: Register) => string, classical: (r: Register) => string): string[] {
    return [...this.qregs.map(quantum), ...this.cregs.map(classical)];
  }

  // ------------------------------------------------------------------ OpenQASM 3

  definition3(definition: GateDefinition): string[] {
    const { local, header } = this.definitionHeader(definition, ', ');
    const fail: Fail = (reason) => {
      throw cannotExport(this.dialect, `gate definition '${definition.name}'`, reason);
    };
    const body = definition.body.map(
      (op) =>
        `  ${this.gateCall3(
          op.name,
          op.params,
          op.modifiers,
          op.qubits.map((q) => local.qubits[q]!),
          local.names,
          fail,
        )}`,
    );
    return [`${header} {`, ...body, '}'];
  }

  statement3(statement: Statement): string {
    const fail = this.failAt(statement.index);
    const op = statement.ops[0]!;
    switch (op.kind) {
      case 'gate':
        return this.gateCall3(
          op.name,
          op.params,
          op.modifiers,
          op.qubits.map((q) => this.qubitNames[q]!),
          this.names,
          fail,
        );
      case 'measure': {
        const [qubits, clbits] = this.measureOperands(statement.ops);
        return `${clbits} = measure ${qubits};`;
      }
      case 'reset':
        return `reset ${this.qubitNames[op.qubit]!};`;
      case 'barrier':
        return `barrier ${this.barrierOperands(op.qubits).join(', ')};`;
    }
  }

  /** `c == 5` for a whole register, `c[1] == 1` for one bit, else a conjunction of bit tests. */
  condition3(condition: Condition): string {
    const register = this.wholeRegister(this.cregs, condition.clbits);
    if (register !== undefined) return `${register.name} == ${condition.value}`;
    return condition.clbits
      .map((bit, i) => `${this.clbitNames[bit]!} == ${Math.floor(condition.value / 2 ** i) % 2}`)
      .join(' && ');
  }

  private gateCall3(
    name: string,
    params: readonly ParamValue[],
    modifiers: readonly Modifier[],
    qubits: readonly string[],
    names: NameTable,
    fail: Fail,
  ): string {
    const style = { dialect: this.dialect, name: (p: string) => names.get(p), fail };
    const prefix = modifiers
      .map((m) => {
        switch (m.kind) {
          case 'inv':
            return 'inv @ ';
          case 'pow':
            return `pow(${formatParam(m.exponent, style)}) @ `;
          default:
            return `${m.kind}${m.count === 1 ? '' : `(${m.count})`} @ `;
        }
      })
      .join('');
    const args = params.length > 0 ? `(${params.map((p) => formatParam(p, style)).join(', ')})` : '';
    const operands = qubits.length > 0 ? ` ${qubits.join(', ')}` : '';
    return `${prefix}${this.gateName(name)}${args}${operands};`;
  }

  // ------------------------------------------------------------------ OpenQASM 2.0

  definition2(definition: GateDefinition): string[] {
    const { local, header } = this.definitionHeader(definition, ',');
    const fail: Fail = (reason) => {
      throw cannotExport(this.dialect, `gate definition '${definition.name}'`, reason);
    };
    const body = definition.body.flatMap((op, index) => {
      const where: Fail = (reason) =>
        fail(`operation #${index} ${describeGate(op.name, op.qubits, op.params, op.modifiers)}: ${reason}`);
      // A 2.0 gate cannot be controlled, so a global phase in its body is unobservable: dropped.
      return rewriteForQelib(op, where)
        .filter((call) => call.name !== 'gphase')
        .map(
          (call) =>
            `  ${this.gateCall2(
              call,
              call.qubits.map((q) => local.qubits[q]!),
              local.names,
              where,
            )}`,
        );
    });
    return [`${header} {`, ...body, '}'];
  }

  statement2(statement: Statement): string[] {
    const fail = this.failAt(statement.index);
    const prefix = statement.condition === undefined ? '' : this.condition2(statement.condition, fail);
    const op = statement.ops[0]!;
    switch (op.kind) {
      case 'gate':
        return rewriteForQelib(op, fail).map((call) => {
          if (call.name === 'gphase') {
            fail(
              'OpenQASM 2.0 has no global phase instruction; a global phase is unobservable there, so drop it',
            );
          }
          return `${prefix}${this.gateCall2(
            call,
            call.qubits.map((q) => this.qubitNames[q]!),
            this.names,
            fail,
          )}`;
        });
      case 'measure': {
        const [qubits, clbits] = this.measureOperands(statement.ops);
        return [`${prefix}measure ${qubits} -> ${clbits};`];
      }
      case 'reset':
        return [`${prefix}reset ${this.qubitNames[op.qubit]!};`];
      case 'barrier':
        return [`barrier ${this.barrierOperands(op.qubits).join(',')};`];
    }
  }

  /** `if(c==5) `: 2.0 conditions compare one whole register. */
  private condition2(condition: Condition, fail: Fail): string {
    const register = this.wholeRegister(this.cregs, condition.clbits);
    if (register === undefined) {
      const bits = condition.clbits.map((b) => this.clbitNames[b]!).join(', ');
      fail(`its condition reads ${bits}, and OpenQASM 2.0 can only compare one whole register`);
    }
    return `if(${register.name}==${condition.value}) `;
  }

  private gateCall2(call: QelibCall, qubits: readonly string[], names: NameTable, fail: Fail): string {
    const style = { dialect: this.dialect, name: (p: string) => names.get(p), fail };
    const args = call.params.length > 0 ? `(${call.params.map((p) => formatParam(p, style)).join(',')})` : '';
    const name = call.custom ? this.names.get(call.name) : call.name;
    return `${name}${args} ${qubits.join(',')};`;
  }

  // ------------------------------------------------------------------ shared

  /** `gate name(a, b) q0, q1` with the parameter and qubit names of its own scope. */
  private definitionHeader(
    definition: GateDefinition,
    separator: string,
  ): { local: { names: NameTable; qubits: string[] }; header: string } {
    // Parameters and qubit arguments may shadow registers and inputs, but not gates.
    const names = new NameTable(this.dialect, this.gateNames);
    const params = definition.params.map((p) => names.claim(p));
    const qubits = Array.from({ length: definition.qubits }, (_, i) => names.claim(`q${i}`));
    const args = params.length > 0 ? `(${params.join(separator)})` : '';
    return {
      local: { names, qubits },
      header: `gate ${this.gateName(definition.name)}${args} ${qubits.join(separator)}`,
    };
  }

  private gateName(name: string): string {
    return this.circuit.gateDefinitions.has(name) ? this.names.get(name) : name;
  }

  /** Qubit and bit operands of a measurement statement: registers when it covers them whole. */
  private measureOperands(ops: readonly Operation[]): [qubits: string, clbits: string] {
    const pairs = ops.flatMap((op) => (op.kind === 'measure' ? [op] : []));
    const qreg = this.wholeRegister(
      this.qregs,
      pairs.map((m) => m.qubit),
    );
    const creg = this.wholeRegister(
      this.cregs,
      pairs.map((m) => m.clbit),
    );
    if (pairs.length > 1 && qreg !== undefined && creg !== undefined) return [qreg.name, creg.name];
    const only = pairs[0]!;
    return [this.qubitNames[only.qubit]!, this.clbitNames[only.clbit]!];
  }

  /** A barrier's operands, with runs that are a whole register in order written as its name. */
  private barrierOperands(qubits: readonly number[]): string[] {
    const out: string[] = [];
    for (let i = 0; i < qubits.length;) {
      const register = this.qregs.find(
        (r) =>
          qubits[i] === r.start &&
          r.size > 1 &&
          r.size <= qubits.length - i &&
          Array.from({ length: r.size }, (_, k) => qubits[i + k] === r.start + k).every(Boolean),
      );
      out.push(register?.name ?? this.qubitNames[qubits[i]!]!);
      i += register?.size ?? 1;
    }
    return out;
  }

  private wholeRegister(registers: readonly Register[], bits: readonly number[]): Register | undefined {
    return registers.find((r) => r.size === bits.length && bits.every((b, i) => b === r.start + i));
  }
}

function describeOperation(op: Operation): string {
  switch (op.kind) {
    case 'gate':
      return describeGate(op.name, op.qubits, op.params, op.modifiers);
    case 'measure':
      return `measure [${op.qubit}] -> [${op.clbit}]`;
    case 'reset':
      return `reset [${op.qubit}]`;
    case 'barrier':
      return `barrier [${op.qubits.join(', ')}]`;
  }
}

function cannotExport(dialect: Dialect, operation: string, reason: string) {
  const format = dialect === '3.0' ? 'OpenQASM 3' : 'OpenQASM 2.0';
  return QuantumErrors.cannotExport(
    { format, operation, reason },
    { details: { format, operation, reason } },
  );
}
