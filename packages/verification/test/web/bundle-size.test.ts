/**
 * Checks the built web application (packages/verification/dist/web, made by
 * `node scripts/build-web.mjs`, which `npm test` runs first): what a browser loads on its first
 * page stays under 300 KB of JavaScript gzipped, and nothing in the build points at another
 * origin (the platform's CSP would refuse it, and the machines it runs on may be offline).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const DIST = fileURLToPath(new URL('../../dist/web/', import.meta.url));
const BUDGET_BYTES = 300 * 1024;

/** Absolute URLs the build may hold because nothing ever fetches them. */
const NOT_FETCHED = [
  // XML namespace names Preact gives to createElementNS (identifiers, never requested).
  /^http:\/\/www\.w3\.org\/(1999\/xhtml|2000\/svg|1998\/Math\/MathML|1999\/xlink|XML\/1998\/namespace)$/,
  // The documentation link in preact-iso's error for a router used outside LocationProvider.
  /^https:\/\/github\.com\/preactjs\/preact-iso#locationprovider$/,
  // Placeholders in form fields: example.com is reserved for documentation (RFC 2606).
  /^https?:\/\/([a-z0-9-]+\.)*example\.(com|org|net)(\/|$)/,
];

const built = existsSync(join(DIST, 'index.html'));
if (!built && process.env.CI) {
  throw new Error(
    `${DIST} has no build: run \`node scripts/build-web.mjs\` (npm test does) before this test`,
  );
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The file behind an absolute `/assets/...` path of index.html, or a chunk's `./x.js` import. */
function resolveAsset(from: string, specifier: string): string {
  return specifier.startsWith('/') ? join(DIST, specifier) : join(from, '..', specifier);
}

/** A chunk and every chunk it imports statically (what the browser fetches before it runs). */
function staticClosure(entry: string, into = new Set<string>()): Set<string> {
  if (into.has(entry)) return into;
  into.add(entry);
  const code = readFileSync(entry, 'utf8');
  for (const [, specifier] of code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g)) {
    staticClosure(resolveAsset(entry, specifier!), into);
  }
  return into;
}

/** The chunks a chunk imports dynamically: the lazy pages, for the entry. */
function dynamicImports(chunk: string): string[] {
  const code = readFileSync(chunk, 'utf8');
  return [...code.matchAll(/\bimport\(\s*["'`](\.{1,2}\/[^"'`]+\.js)["'`]\s*\)/g)].map(([, specifier]) =>
    resolveAsset(chunk, specifier!),
  );
}

/**
 * A page with everything it may load: its static imports and, transitively, its own lazy parts
 * (a job page's Results tab, opened by a deep link to it), counted all at once as an upper bound.
 */
function pageClosure(page: string, into: Set<string>): Set<string> {
  const before = new Set(into);
  staticClosure(page, into);
  for (const chunk of into) {
    if (before.has(chunk)) continue;
    for (const lazy of dynamicImports(chunk)) if (!into.has(lazy)) pageClosure(lazy, into);
  }
  return into;
}

function gzipped(paths: Iterable<string>): number {
  let total = 0;
  for (const path of paths) total += gzipSync(readFileSync(path), { level: 9 }).length;
  return total;
}

describe.skipIf(!built)('built web application (dist/web)', () => {
  const html = built ? readFileSync(join(DIST, 'index.html'), 'utf8') : '';

  it('loads under 300 KB of JavaScript gzipped on a first visit to any page', () => {
    const entries = [
      ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
      ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
    ].map(([, src]) => resolveAsset(DIST, src!));
    expect(entries.length).toBeGreaterThan(0);
    const shell = new Set<string>();
    for (const entry of entries) staticClosure(entry, shell);
    const pages = entries.flatMap(dynamicImports);
    // Every route is a lazy page; a deep link loads the shell and that one page.
    expect(pages.length).toBeGreaterThanOrEqual(8);
    const loads = pages.map((page) => {
      const chunks = pageClosure(page, new Set(shell));
      return { page: relative(DIST, page), bytes: gzipped(chunks) };
    });
    const heaviest = loads.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    console.log(
      `web first load, JavaScript gzipped: shell ${(gzipped(shell) / 1024).toFixed(1)} KB; ` +
        `heaviest with its page (${heaviest.page}) ${(heaviest.bytes / 1024).toFixed(1)} KB of 300 KB`,
    );
    for (const load of loads) expect(load.bytes, load.page).toBeLessThan(BUDGET_BYTES);
  });

  it('refers to no other origin anywhere', () => {
    const external: string[] = [];
    for (const path of files(DIST)) {
      const text = readFileSync(path, 'utf8');
      for (const [url] of text.matchAll(/\b(?:https?|wss?):\/\/[^\s"'`()<>\\]+/g)) {
        if (!NOT_FETCHED.some((allowed) => allowed.test(url)))
          external.push(`${relative(DIST, path)}: ${url}`);
      }
      // Protocol-relative URLs in markup and style sheets (`//cdn.example/x.js`, `url(//...)`).
      if (/\.(html|css)$/.test(path)) {
        for (const [, url] of text.matchAll(/(?:src=|href=|url\()\s*["']?(\/\/[^"')\s>]+)/g)) {
          external.push(`${relative(DIST, path)}: ${url}`);
        }
      }
    }
    expect(external).toEqual([]);
  });

  it('has no inline script or style in index.html (the CSP allows neither)', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, attributes, body] of scripts) {
      expect(attributes, tag).toMatch(/\bsrc="\/assets\//);
      expect(body!.trim(), tag).toBe('');
    }
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
