/**
 * What `verifyctl` asks a person at a terminal: a secret typed without echo (`login`) and a yes or
 * no (`project delete`). Prompts go to standard error, so standard output stays the command's answer.
 */
import { createInterface } from 'node:readline';

const CTRL_C = '\u0003';
const CTRL_D = '\u0004';
const BACKSPACE = ['\u007f', '\b'];

/**
 * One line read from the terminal with echo off: raw mode, so the characters reach us and not the
 * screen. Enter ends it; Ctrl-C or Ctrl-D abandons it (undefined).
 */
export function readSecret(
  prompt: string,
  input: NodeJS.ReadStream = process.stdin,
): Promise<string | undefined> {
  // Echo goes off before the prompt shows: what is typed after it is never on the screen.
  input.setRawMode(true);
  process.stderr.write(prompt);
  return new Promise((resolve) => {
    let typed = '';
    const finish = (value: string | undefined) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      resolve(value);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return finish(typed);
        if (char === CTRL_C || char === CTRL_D) return finish(undefined);
        if (BACKSPACE.includes(char)) typed = typed.slice(0, -1);
        else typed += char;
      }
      return undefined;
    };
    input.resume();
    input.on('data', onData);
  });
}

/** The first line of `input` (a pipe: `echo $TOKEN | verifyctl login`), without its line end. */
export async function readFirstLine(
  input: NodeJS.ReadableStream = process.stdin,
): Promise<string | undefined> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return undefined;
}

/** Asks `question` on the terminal; true only for an answer starting with y or Y. */
export async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await new Promise<string>((resolve) => rl.question(`${question} [y/N] `, resolve));
    return /^y/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
