/**
 * The two Ajv validators requests are checked with: bodies strictly, and the parts that arrive
 * as text (query strings, path parameters, headers) with type coercion. Made here once, for the
 * app's routes and for transports that validate outside Fastify (`schema-validator.ts`).
 */
import { Ajv, type Options as AjvOptions } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export; under NodeNext its namespace is what we get.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(options: AjvOptions): Ajv {
  const ajv = new Ajv({ useDefaults: true, removeAdditional: false, allErrors: false, ...options });
  addFormats(ajv);
  return ajv;
}

/** Verbose errors carry the failed keyword's schema, which names the alternatives of a oneOf. */
export const makeBodyAjv = (): Ajv => makeAjv({ coerceTypes: false, verbose: true });
export const makeTextAjv = (): Ajv => makeAjv({ coerceTypes: 'array' });
