/**
 * Process design kits known by name: the open-source ones as their distributions (open_pdks,
 * volare) spell them, and `generic` for designs not aimed at any process. A project may name any
 * other kit of the form `PDK_PATTERN` (a commercial one, `tsmc28hpc`); a known one given in
 * another case is stored in its own spelling (`normalisePdk`). A module of its own, importing
 * nothing, so the web application's project dialog offers the same list.
 */
export const KNOWN_PDKS = [
  'sky130A',
  'sky130B',
  'gf180mcuC',
  'gf180mcuD',
  'ihp-sg13g2',
  'asap7',
  'freepdk45',
  'generic',
] as const;

export const PDK_MAX = 64;
/** A letter or digit, then letters, digits, `_`, `.`, `+` or `-`: no space, no `/`, nothing to escape. */
export const PDK_PATTERN = `^[A-Za-z0-9][A-Za-z0-9_.+-]{0,${PDK_MAX - 1}}$`;
