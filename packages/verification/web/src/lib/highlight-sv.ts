/**
 * A small SystemVerilog/Verilog tokenizer for the source viewer: it splits a file into lines of
 * tokens, each a piece of text with its kind, and the viewer draws each token as a span. It only
 * colours text (keywords, comments, strings, numbers, system tasks, compiler directives); it is
 * no parser. Block comments carry over from one line to the next.
 */

export type TokenKind = 'keyword' | 'comment' | 'string' | 'number' | 'system' | 'directive';

/** A piece of one line; `kind` null is plain text (identifiers, operators, spaces). */
export interface Token {
  text: string;
  kind: TokenKind | null;
}

/** IEEE 1800-2017 keywords (Annex B), which include Verilog's. */
const KEYWORDS = new Set(
  (
    'accept_on alias always always_comb always_ff always_latch and assert assign assume automatic before begin ' +
    'bind bins binsof bit break buf bufif0 bufif1 byte case casex casez cell chandle checker class clocking ' +
    'cmos config const constraint context continue cover covergroup coverpoint cross deassign default defparam ' +
    'design disable dist do edge else end endcase endchecker endclass endclocking endconfig endfunction ' +
    'endgenerate endgroup endinterface endmodule endpackage endprimitive endprogram endproperty endspecify ' +
    'endsequence endtable endtask enum event eventually expect export extends extern final first_match for ' +
    'force foreach forever fork forkjoin function generate genvar global highz0 highz1 if iff ifnone ' +
    'ignore_bins illegal_bins implements implies import incdir include initial inout input inside instance int ' +
    'integer interconnect interface intersect join join_any join_none large let liblist library local ' +
    'localparam logic longint macromodule matches medium modport module nand negedge nettype new nexttime nmos ' +
    'nor noshowcancelled not notif0 notif1 null or output package packed parameter pmos posedge primitive ' +
    'priority program property protected pull0 pull1 pulldown pullup pulsestyle_ondetect pulsestyle_onevent ' +
    'pure rand randc randcase randsequence rcmos real realtime ref reg reject_on release repeat restrict return ' +
    'rnmos rpmos rtran rtranif0 rtranif1 s_always s_eventually s_nexttime s_until s_until_with scalared sequence ' +
    'shortint shortreal showcancelled signed small soft solve specify specparam static string strong strong0 ' +
    'strong1 struct super supply0 supply1 sync_accept_on sync_reject_on table tagged task this throughout time ' +
    'timeprecision timeunit tran tranif0 tranif1 tri tri0 tri1 triand trior trireg type typedef union unique ' +
    'unique0 unsigned until until_with untyped use uwire var vectored virtual void wait wait_order wand weak ' +
    'weak0 weak1 while wildcard wire with within wor xnor xor'
  ).split(' '),
);

/**
 * One alternative per token kind, tried at each position in this order; the groups are, in turn:
 * line comment, block comment start, string, directive, system task, based number, unbased
 * unsized literal, decimal or real number (with an optional time unit), identifier, escaped
 * identifier; then plain text: a run of characters that start no token, or any one character.
 */
const TOKEN =
  /(\/\/.*)|(\/\*)|("(?:[^"\\]|\\.)*"?)|(`[A-Za-z_][A-Za-z0-9_$]*)|(\$[A-Za-z0-9_$]+)|((?:\d[\d_]*\s*)?'[sS]?[bBoOdDhH]\s*[0-9a-fA-FxXzZ?][0-9a-fA-FxXzZ?_]*)|('[01xXzZ](?![A-Za-z0-9_]))|(\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d[\d_]*)?(?:fs|ps|ns|us|ms|s)?(?![A-Za-z_$]))|([A-Za-z_][A-Za-z0-9_$]*)|(\\\S+)|([^A-Za-z0-9_$`"'/\\]+|[^])/y;

const KIND_OF_GROUP: (TokenKind | 'block' | 'identifier' | null)[] = [
  null,
  'comment',
  'block',
  'string',
  'directive',
  'system',
  'number',
  'number',
  'number',
  'identifier',
  null,
  null,
];

/** Extensions whose files are Verilog or SystemVerilog (with headers and Verilator waivers). */
const VERILOG_EXTENSIONS = /\.(v|sv|vh|svh|vlt|vlog|svi|svp)$/i;

export function isVerilogPath(path: string): boolean {
  return VERILOG_EXTENSIONS.test(path);
}

/** Appends a token, merging it into the previous one when both are of the same kind. */
function push(line: Token[], text: string, kind: TokenKind | null): void {
  const last = line[line.length - 1];
  if (last && last.kind === kind) last.text += text;
  else line.push({ text, kind });
}

/** The lines of a text, without their line ends (`\n`, `\r\n` or a lone `\r`). */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  // A file ending in a line break has no empty last line to show.
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/**
 * Whether each line starts inside a block comment: a quick pass that looks only at what can
 * hide or open one (line comments, strings, escaped identifiers, block comments), so a viewer
 * can tokenize just the lines it draws.
 */
export function blockCommentStarts(lines: readonly string[]): boolean[] {
  const SCAN = /\/\/|\/\*|"(?:[^"\\]|\\.)*"?|\\\S+/g;
  const starts: boolean[] = [];
  let inside = false;
  for (const line of lines) {
    starts.push(inside);
    let at = 0;
    if (inside) {
      const end = line.indexOf('*/');
      if (end < 0) continue;
      inside = false;
      at = end + 2;
    }
    SCAN.lastIndex = at;
    for (let match = SCAN.exec(line); match; match = SCAN.exec(line)) {
      if (match[0] === '//') break;
      if (match[0] === '/*') {
        const end = line.indexOf('*/', match.index + 2);
        if (end < 0) {
          inside = true;
          break;
        }
        SCAN.lastIndex = end + 2;
      }
    }
  }
  return starts;
}

/** The tokens of one line of SystemVerilog, given whether it starts inside a block comment. */
export function tokenizeLine(source: string, inBlockComment: boolean): Token[] {
  const line: Token[] = [];
  let at = 0;
  if (inBlockComment) {
    const end = source.indexOf('*/');
    at = end < 0 ? source.length : end + 2;
    if (at > 0) push(line, source.slice(0, at), 'comment');
  }
  while (at < source.length) {
    TOKEN.lastIndex = at;
    // The last alternative matches any character, so there is always a match.
    const match = TOKEN.exec(source)!;
    let group = 1;
    while (match[group] === undefined) group += 1;
    const kind = KIND_OF_GROUP[group];
    if (kind === 'block') {
      const end = source.indexOf('*/', at + 2);
      const stop = end < 0 ? source.length : end + 2;
      push(line, source.slice(at, stop), 'comment');
      at = stop;
      continue;
    }
    const word = match[0];
    push(line, word, kind === 'identifier' ? (KEYWORDS.has(word) ? 'keyword' : null) : (kind ?? null));
    at += word.length;
  }
  return line;
}

/** Tokenizes `text` as SystemVerilog: one array of tokens per line. */
export function highlightSv(text: string): Token[][] {
  const lines = splitLines(text);
  const starts = blockCommentStarts(lines);
  return lines.map((line, index) => tokenizeLine(line, starts[index]!));
}

/** One line of plain text, for files that are not Verilog. */
export function plainLine(line: string): Token[] {
  return line === '' ? [] : [{ text: line, kind: null }];
}
