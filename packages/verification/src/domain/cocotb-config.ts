/**
 * `simulation.cocotb` of verify.json: a cocotb test module (Python) of the project run against a
 * top-level module of the design, instead of an HDL testbench. The module is named as Python
 * imports it (`test_acc` for `test_acc.py`); its file must be in the project, once.
 */
import { Type, type Static } from 'typebox';
import { VpErrors } from '../errors.js';
import { closestMatch } from './suggest.js';

const CONFIG_FILE = 'verify.json';

export const CocotbConfigSchema = Type.Object(
  {
    module: Type.String({
      pattern: '^[A-Za-z_][A-Za-z0-9_]{0,127}$',
      description:
        'the cocotb test module, a Python identifier: `test_acc` runs the project file test_acc.py',
    }),
    toplevel: Type.String({
      pattern: '^[A-Za-z_][A-Za-z0-9_$]{0,255}$',
      description: 'the top-level module of the design the tests drive (a module of `sources`)',
    }),
  },
  {
    additionalProperties: false,
    description: 'run a cocotb test module on simulation.simulator instead of an HDL testbench',
  },
);

export type CocotbConfig = Static<typeof CocotbConfigSchema>;

export interface ResolvedCocotbConfig extends CocotbConfig {
  /** The module's file, relative to the job's source directory. */
  module_file: string;
}

/** The project file of the module: `<module>.py` anywhere in the tree, but only one. */
export function resolveCocotb(
  cocotb: CocotbConfig | undefined,
  files: readonly string[],
): ResolvedCocotbConfig | null {
  if (cocotb === undefined) return null;
  const name = `${cocotb.module}.py`;
  const found = files.filter((file) => file === name || file.endsWith(`/${name}`));
  if (found.length === 1) return { ...cocotb, module_file: found[0]! };
  const field = 'simulation.cocotb.module';
  if (found.length === 0) {
    const pythonFiles = files.filter((file) => file.endsWith('.py'));
    const closest = closestMatch(
      name,
      pythonFiles.map((file) => file.split('/').at(-1)!),
    );
    throw VpErrors.ruleViolation(
      { message: `${CONFIG_FILE}: ${field} '${cocotb.module}' names no file ${name} of the project` },
      {
        details: {
          field,
          file: CONFIG_FILE,
          suggestion:
            closest === undefined
              ? `upload ${name}`
              : `use '${closest.replace(/\.py$/, '')}', or upload ${name}`,
        },
      },
    );
  }
  throw VpErrors.ruleViolation(
    { message: `${CONFIG_FILE}: ${field} '${cocotb.module}' is ambiguous: ${found.join(', ')}` },
    { details: { field, file: CONFIG_FILE, suggestion: `keep one ${name} in the project` } },
  );
}
