/**
 * `hvctl remote add|list|remove|switch`: the services `hvctl` may manage besides the local one, as
 * `incus remote` keeps them. `add` connects to the URL, shows the certificate it presents and pins
 * its SHA-256 fingerprint once trusted (asked on a terminal, `--fingerprint` given beforehand, or
 * `--accept-certificate` for scripts); a certificate the system's authorities vouch for needs no
 * pin. It then checks the token with `GET /system/info` through the pinned connection, and only then
 * saves the remote (`remote-config.ts`).
 */
import { isIP } from 'node:net';
import { resolve as resolvePath } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { AppError, normalizeFingerprint, formatFields, formatTable } from '@lab/server-kit/cli';
import type { Command } from 'commander';
import { createClient, presentedCertificate, type PresentedCertificate } from './client.js';
import { CliErrors } from './errors.js';
import { readTokenFile } from './migration.js';
import { defaultSocketPath, print } from './options.js';
import {
  configPath,
  DEFAULT_REMOTE_PORT,
  LOCAL_REMOTE,
  readConfig,
  REMOTE_NAME_PATTERN,
  writeConfig,
  type HvctlConfig,
  type Remote,
} from './remote-config.js';

/** How much of a fingerprint `remote list` shows: enough to tell remotes apart at a glance. */
const SHORT_FINGERPRINT = 12;

/** Loopback, where plain HTTP carries a token no further than this host. */
function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '[::1]') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/**
 * `https://host[:port][/api/v1]` as `https://host:port`: a missing scheme is https, a missing port
 * the service's 9400, and the path (the client adds `/api/v1`) may only be that prefix.
 */
export function remoteUrl(text: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw CliErrors.badRemote(
      { field: 'url', reason: `'${text}' is not a URL` },
      { details: { field: 'url' } },
    );
  }
  const bad = (reason: string): AppError =>
    CliErrors.badRemote({ field: 'url', reason: `${text}: ${reason}` }, { details: { field: 'url' } });
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw bad('the scheme must be https (or http to loopback)');
  if (url.username !== '' || url.password !== '')
    throw bad('a token goes in --token or --token-file, not in the URL');
  if (url.search !== '' || url.hash !== '') throw bad('a query or fragment means nothing here');
  if (!['', '/', '/api/v1', '/api/v1/'].includes(url.pathname))
    throw bad("the only path allowed is the API's /api/v1");
  // URL drops a port equal to the scheme's default, so whether one was written is read from the text.
  const portWritten = /^[a-z]+:\/\/(\[[^\]]*\]|[^/:?#]*):\d+/i.test(withScheme);
  const port = portWritten ? Number(url.port || (url.protocol === 'https:' ? 443 : 80)) : DEFAULT_REMOTE_PORT;
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw CliErrors.insecureUrl({ url: `http://${url.hostname}:${port}` });
  }
  return `${url.protocol}//${url.hostname}:${port}`;
}

/** `--fingerprint`: `AB:CD:...` or `abcd...` as 64 lowercase hex digits, or INVALID_REMOTE. */
export function fingerprintOption(text: string): string {
  const hex = normalizeFingerprint(text);
  if (hex === undefined) {
    throw CliErrors.badRemote(
      {
        field: 'fingerprint',
        reason: `--fingerprint '${text}' is not a SHA-256 fingerprint (64 hex digits)`,
      },
      { details: { field: 'fingerprint' } },
    );
  }
  return hex;
}

function certificateText(url: string, certificate: PresentedCertificate): string {
  return formatFields([
    ['server', url],
    ['fingerprint', `${certificate.fingerprint} (SHA-256)`],
    ['subject', certificate.subject || '-'],
    ['issuer', certificate.issuer || '-'],
    ['valid', `${certificate.validFrom} to ${certificate.validTo}`],
  ]);
}

/** Asks on the terminal; anything but y or yes is no. */
async function confirm(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await terminal.question(question);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    terminal.close();
  }
}

interface AddFlags {
  token?: string;
  tokenFile?: string;
  fingerprint?: string;
  acceptCertificate?: boolean;
}

/** The fingerprint to pin, or undefined for a certificate the authorities vouch for. */
async function pinFor(url: string, flags: AddFlags): Promise<string | undefined> {
  const certificate = await presentedCertificate(url);
  if (flags.fingerprint !== undefined) {
    const expected = fingerprintOption(flags.fingerprint);
    if (certificate.fingerprint !== expected) {
      throw CliErrors.certificateMismatch({ url, expected, actual: certificate.fingerprint });
    }
    return expected;
  }
  if (certificate.trusted) {
    process.stderr.write(
      `the certificate of ${url} (${certificate.subject}) is signed by an authority this system ` +
        'trusts: no fingerprint is pinned\n',
    );
    return undefined;
  }
  process.stderr.write(`${certificateText(url, certificate)}\n`);
  if (flags.acceptCertificate === true) return certificate.fingerprint;
  const reason = `no certificate authority vouches for it (${certificate.untrustedReason ?? 'not verified'})`;
  if (process.stdin.isTTY !== true) {
    throw CliErrors.certificateNotTrusted({ url, fingerprint: certificate.fingerprint, reason });
  }
  if (!(await confirm(`${reason}; trust it? (y/N) `))) {
    throw CliErrors.certificateNotTrusted({
      url,
      fingerprint: certificate.fingerprint,
      reason: 'refused at the prompt',
    });
  }
  return certificate.fingerprint;
}

async function tokenOf(flags: AddFlags): Promise<string> {
  if ((flags.token === undefined) === (flags.tokenFile === undefined)) {
    throw CliErrors.badRemote(
      { field: 'token', reason: "give the remote's token with one of --token or --token-file" },
      { details: { field: 'token' } },
    );
  }
  return flags.token ?? (await readTokenFile(flags.tokenFile ?? '-'));
}

function checkName(name: string): void {
  if (name === LOCAL_REMOTE) {
    throw CliErrors.badRemote(
      {
        field: 'name',
        reason: `'${LOCAL_REMOTE}' is the local Unix socket: always there, never added or removed`,
      },
      { details: { field: 'name' } },
    );
  }
  if (!REMOTE_NAME_PATTERN.test(name)) {
    throw CliErrors.badRemote(
      {
        field: 'name',
        reason: `'${name}' is not a remote name: letters, digits, '.', '_' and '-', up to 63, not starting with a symbol`,
      },
      { details: { field: 'name' } },
    );
  }
}

/** The remote as `list --json` and `add` show it: never its token. */
function publicView(name: string, remote: Remote, current: string) {
  return { name, url: remote.url, fingerprint: remote.fingerprint ?? null, current: name === current };
}

export function addRemoteCommands(program: Command): void {
  const remote = program
    .command('remote')
    .description('Manage the hypervisor services hvctl talks to (the local socket is "local")')
    .addHelpText(
      'after',
      `
A remote is a service's https URL, a token of it, and the SHA-256 fingerprint of its certificate,
pinned at 'remote add' unless an authority the system trusts signed it. Commands take --remote NAME
(or $HVCTL_REMOTE); without it they use the remote 'remote switch' chose, else the local socket.
The remotes are kept in $XDG_CONFIG_HOME/hvctl/config.json (~/.config/hvctl/config.json), mode 0600;
hvctl refuses to read it when the group or others have any access to it.

  hvctl remote add b https://10.0.0.2 --token-file b.token --fingerprint <sha256>
  hvctl vm list --remote b`,
    );

  remote
    .command('add')
    .description("Add a remote service: pin its certificate's fingerprint and check the token")
    .argument('<name>', 'the name --remote will take')
    .argument('<url>', 'https://host[:port] (port 9400 when none); http:// only to loopback')
    .option('--token <token>', 'a token of that service (others can read arguments: prefer --token-file)')
    .option('--token-file <file>', 'a file holding the token (- for stdin)')
    .option(
      '--fingerprint <sha256>',
      "the certificate's SHA-256, as the service logs it: pinned without asking",
    )
    .option('--accept-certificate', 'pin whatever certificate the server presents, without asking (scripts)')
    .action(async (name: string, urlText: string, flags: AddFlags) => {
      checkName(name);
      const token = await tokenOf(flags);
      const path = configPath();
      // The file is read first: a broken or unsafe one fails before anything crosses the network.
      const config = readConfig(path);
      if (config.remotes[name] !== undefined) throw CliErrors.remoteExists({ name });
      const url = remoteUrl(urlText);
      let fingerprint: string | undefined;
      if (url.startsWith('https:')) fingerprint = await pinFor(url, flags);
      else process.stderr.write(`${url} is loopback: plain HTTP, no TLS, the token stays on this host\n`);
      try {
        await createClient({ remote: { name, url, token, fingerprint } }).request('GET', '/system/info');
      } catch (error) {
        // A token the service knows but without system:read still works for what its scopes allow.
        if (!(error instanceof AppError && error.code === 'FORBIDDEN')) throw error;
        process.stderr.write('the token works, but lacks the scope system:read\n');
      }
      const saved: Remote = {
        url,
        token,
        ...(fingerprint === undefined ? {} : { fingerprint }),
        added_at: new Date().toISOString(),
      };
      // Read again right before writing: another hvctl may have changed the file meanwhile.
      const latest = readConfig(path);
      if (latest.remotes[name] !== undefined) throw CliErrors.remoteExists({ name });
      writeConfig(path, { ...latest, remotes: { ...latest.remotes, [name]: saved } });
      process.stdout.write(
        `remote '${name}' added: ${url}${fingerprint === undefined ? '' : `, certificate ${fingerprint} pinned`}\n`,
      );
    });

  remote
    .command('list')
    .description('List the remotes; the current one is marked')
    .option('--json', 'print JSON, for scripts')
    .action((flags: { json?: boolean }) => {
      const config = readConfig(configPath());
      const rows = [
        {
          name: LOCAL_REMOTE,
          url: `unix://${resolvePath(process.env.HV_SOCKET || defaultSocketPath())}`,
          fingerprint: null,
          current: config.current === LOCAL_REMOTE,
        },
        ...Object.entries(config.remotes)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([name, entry]) => publicView(name, entry, config.current)),
      ];
      print(flags, { current: config.current, remotes: rows }, ({ remotes }) =>
        formatTable(
          [
            { header: 'NAME', value: (r) => r.name },
            { header: 'URL', value: (r) => r.url },
            { header: 'FINGERPRINT', value: (r) => r.fingerprint?.slice(0, SHORT_FINGERPRINT) ?? '-' },
            { header: 'CURRENT', value: (r) => (r.current ? '*' : '') },
          ],
          remotes,
        ),
      );
    });

  remote
    .command('remove')
    .description('Forget a remote and its token')
    .argument('<name>', 'the remote')
    .action((name: string) => {
      checkName(name);
      const path = configPath();
      const config = readConfig(path);
      if (config.remotes[name] === undefined) throw CliErrors.remoteNotFound({ name, path });
      if (config.current === name) {
        throw CliErrors.badRemote(
          { field: 'name', reason: `'${name}' is the current remote; 'hvctl remote switch local' first` },
          { details: { field: 'name' } },
        );
      }
      const remotes = { ...config.remotes };
      delete remotes[name];
      writeConfig(path, { ...config, remotes });
      process.stdout.write(`remote '${name}' removed\n`);
    });

  remote
    .command('switch')
    .description('Make a remote the one commands use when given no --remote (local: the socket)')
    .argument('<name>', 'the remote, or local')
    .action((name: string) => {
      const path = configPath();
      const config: HvctlConfig = readConfig(path);
      if (name !== LOCAL_REMOTE && config.remotes[name] === undefined) {
        throw CliErrors.remoteNotFound({ name, path });
      }
      writeConfig(path, { ...config, current: name });
      process.stdout.write(`current remote: ${name}\n`);
    });
}
