// A Python virtual environment made from a pinned requirements file, kept under .cache/ and reused
// while the file and the interpreter stay the same. For tests and tools that need Python packages.
//
//   node scripts/python-env.mjs REQUIREMENTS [--name NAME]
//
// prints one JSON line on standard output: {"dir", "python", "wheelhouse"}. The environment is
// `.cache/python-env/NAME-HASH` (NAME defaults to the requirements file's folder name), HASH covering
// the requirements' text and the interpreter `python3` stands for, so a change of either makes a
// new one and the older ones of that NAME are removed. The packages are downloaded once into the
// environment's `wheelhouse/` and installed from there, so that other environments (a test's fresh
// one) can install the same pins with `pip install --no-index --find-links WHEELHOUSE`. A `.ready`
// file marks a complete environment; one without it (a creation cut short) is made again.
// PYTHON_ENV_CACHE puts the environments elsewhere than .cache/python-env. Progress goes to stderr.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY = '.ready';

function run(command, args) {
  console.error(`$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    // pip asks nothing and draws no progress bars.
    env: { ...process.env, PIP_NO_INPUT: '1', PIP_PROGRESS_BAR: 'off', PIP_DISABLE_PIP_VERSION_CHECK: '1' },
  });
  if (result.error !== undefined) throw new Error(`${command} could not start: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

/** The environment for `requirements` (a path), made first when there is none; answers its paths. */
export function pythonEnv(requirements, name = basename(dirname(resolve(requirements)))) {
  const cache = process.env.PYTHON_ENV_CACHE ?? join(ROOT, '.cache', 'python-env');
  const wanted = readFileSync(requirements, 'utf8');
  // A version manager's shim keeps its path while the Python behind it changes.
  const interpreter = run('python3', ['-c', 'import sys; print(sys.executable, sys.version)']).trim();
  const hash = createHash('sha256').update(wanted).update(interpreter).digest('hex').slice(0, 12);
  const dir = join(cache, `${name}-${hash}`);
  const env = { dir, python: join(dir, 'bin', 'python'), wheelhouse: join(dir, 'wheelhouse') };
  if (existsSync(join(dir, READY))) return env;

  mkdirSync(cache, { recursive: true });
  for (const entry of readdirSync(cache)) {
    if (entry.startsWith(`${name}-`) && /^[0-9a-f]{12}$/.test(entry.slice(name.length + 1))) {
      rmSync(join(cache, entry), { recursive: true, force: true });
    }
  }
  run('python3', ['-m', 'venv', dir]);
  mkdirSync(env.wheelhouse);
  if (wanted.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('#'))) {
    run(env.python, ['-m', 'pip', 'download', '--quiet', '--dest', env.wheelhouse, '-r', requirements]);
    run(env.python, [
      '-m',
      'pip',
      'install',
      '--quiet',
      '--no-index',
      '--find-links',
      env.wheelhouse,
      '-r',
      requirements,
    ]);
  }
  writeFileSync(join(dir, READY), wanted);
  return env;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [requirements, flag, name] = process.argv.slice(2);
  if (requirements === undefined || (flag !== undefined && (flag !== '--name' || name === undefined))) {
    console.error('usage: node scripts/python-env.mjs REQUIREMENTS [--name NAME]');
    process.exit(2);
  }
  try {
    console.log(JSON.stringify(pythonEnv(requirements, name)));
  } catch (error) {
    console.error(`python-env: ${error.message}`);
    process.exit(1);
  }
}
