/**
 * SymbiYosys `.sby` files, read as sby 0.23 (the release matching Yosys 0.23) reads them, in
 * its two passes:
 *
 * 1. `read_sbyconfig` (sby.py): the `[tasks]` section lists the tasks (`name... [: tag...]`, a
 *    `default` tag marks the tasks run when none is named); elsewhere a line prefixed with a task
 *    or tag (`prove: mode prove`, `~cover: ...`) is kept only for the tasks it names (negated with
 *    `~`), and a prefix alone on its line applies to every line up to `--`.
 * 2. `parse_config` (sby_core.py): the sections of what is left, `[options]` (`name value`),
 *    `[engines]` (words), `[script]` (Yosys lines, verbatim), `[files]` (`path` or `dest path`)
 *    and `[file name]` (a file's text inline).
 *
 * Python blocks (`--pycode-begin--`), regular expressions as task names, and the `[setup]`,
 * `[stage]` and `[autotune]` sections are refused: the platform does not run Python from a project.
 */

export class SbyFileError extends Error {
  override name = 'SbyFileError';
}

export interface SbyTaskList {
  /** Every task, in the order of `[tasks]`; empty when the file has no `[tasks]` section. */
  tasks: string[];
  /** The tasks run when none is named (the `default` tag, else every task). */
  defaults: string[];
}

export interface SbyFileEntry {
  /** The name in the task's source directory. */
  dest: string;
  /** The path given, relative to the .sby file's directory. */
  source: string;
}

export interface SbyTaskSettings {
  options: Map<string, string>;
  /** Each engine line's words (`['smtbmc', 'yices']`), with the mode of a `[engines MODE]` section. */
  engines: { mode: string | null; words: string[] }[];
  script: string[];
  files: SbyFileEntry[];
  /** `[file name]` sections: name → text. */
  inlineFiles: Map<string, string>;
}

const PATTERN_CHARS = /[(?*.[\]|)]/;

interface Filtered {
  lines: string[];
  tasks: string[];
  defaults: string[];
}

/** Pass 1: the lines that apply to `task` (null: the file as a whole), and the task list. */
function filterForTask(text: string, task: string | null): Filtered {
  // As Python iterates a file's lines: no empty line after the last newline.
  const lines = text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.replace(/\r$/, ''));
  const out: string[] = [];
  const tasks: string[] = [];
  let defaults: string[] | null = null;
  const allTags = new Set<string>();
  const activeTags = new Set<string>();
  let inTasks = false;
  let skipBlock = false;
  let inBlock = false;
  let matched = false;

  lines.forEach((raw, index) => {
    let line = raw;
    const where = `line ${index + 1}`;
    if (line === '--pycode-begin--') {
      throw new SbyFileError(`${where}: Python blocks (--pycode-begin--) are not run by the platform`);
    }
    if (inTasks && line.startsWith('[')) inTasks = false;
    if (inBlock && line === '--') {
      inBlock = false;
      skipBlock = false;
      return;
    }
    if (!inTasks) {
      let found = false;
      let skipLine = false;
      for (const tag of allTags) {
        let match: boolean;
        if (line.startsWith(`${tag}:`)) {
          line = line.slice(tag.length + 1).trimStart();
          match = activeTags.has(tag);
        } else if (line.startsWith(`~${tag}:`)) {
          line = line.slice(tag.length + 2).trimStart();
          match = !activeTags.has(tag);
        } else continue;
        if (line === '') {
          inBlock = true;
          skipBlock = !match;
          skipLine = true;
        } else skipLine = !match;
        found = true;
        break;
      }
      if (allTags.size > 0 && !found) {
        const first = line.split(/\s+/)[0] ?? '';
        if (first !== '' && line.startsWith(first) && first.endsWith(':')) {
          throw new SbyFileError(`${where}: invalid task specifier "${first}"`);
        }
      }
      if (skipLine || skipBlock) return;
    }
    if (inTasks) {
      if (line.startsWith('#')) return;
      const parts = line.split(':');
      let names: string[];
      let tags: string[];
      if (parts.length === 1) {
        const words = line.split(/\s+/).filter((word) => word !== '');
        if (words.length === 0) return;
        names = words.slice(0, 1);
        tags = words.slice(1);
      } else if (parts.length === 2) {
        names = (parts[0] ?? '').split(/\s+/).filter((word) => word !== '');
        tags = (parts[1] ?? '').split(/\s+/).filter((word) => word !== '');
      } else {
        throw new SbyFileError(`${where}: syntax error in the [tasks] section`);
      }
      for (const name of [...names, ...tags]) {
        if (PATTERN_CHARS.test(name)) {
          throw new SbyFileError(`${where}: task patterns ('${name}') are not supported`);
        }
      }
      for (const tag of tags) if (tag !== 'default') allTags.add(tag);
      for (const name of names) {
        if (!tasks.includes(name)) tasks.push(name);
        if (tags.includes('default')) {
          defaults ??= [];
          if (!defaults.includes(name)) defaults.push(name);
        }
        allTags.add(name);
        if (task === name) {
          matched = true;
          activeTags.add(name);
          for (const tag of tags) if (tag !== 'default') activeTags.add(tag);
        }
      }
      return;
    }
    if (line === '[tasks]') {
      inTasks = true;
      return;
    }
    out.push(line);
  });
  if (task !== null && !matched) {
    throw new SbyFileError(`task '${task}' is not listed in [tasks]`);
  }
  return { lines: out, tasks, defaults: defaults ?? tasks };
}

/** The tasks of a .sby file. */
export function sbyTaskList(text: string): SbyTaskList {
  const { tasks, defaults } = filterForTask(text, null);
  return { tasks, defaults };
}

type Section = 'options' | 'engines' | 'script' | 'files' | 'file' | null;

/** Pass 2: the settings of one task (null for a file without tasks). */
export function sbyTaskSettings(text: string, task: string | null): SbyTaskSettings {
  const settings: SbyTaskSettings = {
    options: new Map(),
    engines: [],
    script: [],
    files: [],
    inlineFiles: new Map(),
  };
  const seen = new Set<string>();
  let section: Section = null;
  let engineMode: string | null = null;
  let inlineFile = '';
  for (const raw of filterForTask(text, task).lines) {
    let line: string;
    if (section === 'options' || section === 'engines' || section === 'files') {
      // sby strips a trailing comment (` # ...`) and skips empty and comment lines in these.
      line = raw.replace(/\s*(\s#.*)?$/, '');
      if (line === '' || line.startsWith('#')) continue;
    } else {
      line = raw.trimEnd();
    }
    if (section === null && (line === '' || line.startsWith('#'))) continue;
    const header = /^\s*\[(.*)\]\s*$/.exec(line);
    if (header !== null) {
      const [name = '', args] = (header[1] ?? '').trim().split(/\s+(.*)/s, 2);
      if (name === '') throw new SbyFileError(`expected a section header, got '${line}'`);
      const key = name === 'file' ? `file ${args ?? ''}` : `${name} ${args ?? ''}`;
      if (seen.has(key)) throw new SbyFileError(`section [${(header[1] ?? '').trim()}] is defined twice`);
      seen.add(key);
      if (name === 'options' || name === 'script' || name === 'files') {
        if (args !== undefined) throw new SbyFileError(`section [${name}] takes no argument, got '${args}'`);
        section = name;
      } else if (name === 'engines') {
        if (args !== undefined && !['bmc', 'prove', 'cover', 'live'].includes(args.trim())) {
          throw new SbyFileError(`[engines] takes one of bmc, prove, cover, live, got '${args}'`);
        }
        section = 'engines';
        engineMode = args?.trim() ?? null;
      } else if (name === 'file') {
        const fileName = args?.trim() ?? '';
        if (fileName === '' || /\s/.test(fileName)) {
          throw new SbyFileError(`section [file] takes exactly one file name, got '${fileName}'`);
        }
        section = 'file';
        inlineFile = fileName;
        settings.inlineFiles.set(fileName, '');
      } else {
        throw new SbyFileError(
          `section [${name}] is not supported (the platform reads options, engines, script, files, file)`,
        );
      }
      continue;
    }
    switch (section) {
      case 'options': {
        const [name = '', value] = line.trim().split(/\s+(.*)/s, 2);
        if (value === undefined) throw new SbyFileError(`[options] entry '${line.trim()}' has no value`);
        settings.options.set(name, value);
        break;
      }
      case 'engines':
        settings.engines.push({ mode: engineMode, words: line.trim().split(/\s+/) });
        break;
      case 'script':
        // sby passes empty lines on to Yosys, which ignores them.
        if (line.trim() !== '') settings.script.push(line);
        break;
      case 'files': {
        const words = line.trim().split(/\s+/);
        if (words.length > 2)
          throw new SbyFileError(`[files] entry '${line.trim()}' has more than two names`);
        const source = words.at(-1) ?? '';
        const dest = words.length === 2 ? (words[0] ?? '') : (source.split('/').at(-1) ?? source);
        settings.files.push({ dest, source });
        break;
      }
      case 'file':
        settings.inlineFiles.set(inlineFile, `${settings.inlineFiles.get(inlineFile) ?? ''}${raw}\n`);
        break;
      case null:
        throw new SbyFileError(`'${line}' stands before any section`);
    }
  }
  return settings;
}
