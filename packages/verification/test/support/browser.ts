/**
 * The web application as a person sees it: Debian's Chromium (headless, through playwright-core)
 * against a real platform. Each page the tests open is watched: errors in its console and
 * uncaught exceptions, Content-Security-Policy violations, and any request for another origin
 * (aborted, so nothing leaves the machine, and recorded, so the test fails on it).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
/**
 * As root in CI Chromium's sandbox cannot start; the rest keep a headless run from reaching
 * Google's services (component updates, sync, field trials) or waiting on a GPU.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The little of the DOM that the functions these tests run in the page use, typed here since the
 * Node-side type check has no DOM library: inside `page.evaluate`, `globalThis as unknown as PageWindow`.
 */
export interface PageElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
}
export interface PageWindow {
  document: {
    addEventListener(type: string, listener: (event: Record<string, string | number>) => void): void;
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): Iterable<PageElement>;
    scrollingElement: { scrollWidth: number };
    body: unknown;
  };
  innerWidth: number;
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, boolean>): void;
  };
  requestAnimationFrame(callback: (time: number) => void): number;
  [property: string]: unknown;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** What went wrong on a watched page so far. */
export interface PageProblems {
  /** Console errors and uncaught exceptions, without the network statuses Chromium logs as errors. */
  errors: string[];
  /** Content-Security-Policy violations (the directive and what it blocked). */
  csp: string[];
  /** Requests for another origin, each aborted. */
  outside: string[];
}

export interface WatchedPage {
  page: Page;
  problems: PageProblems;
}

/**
 * A new page in `context` (a new context of `browser` when a browser is given) watched as above.
 * `origin` is the platform's (`http://127.0.0.1:PORT`). Width 1280 unless `width` says otherwise.
 */
export async function watchedPage(
  from: Browser | BrowserContext,
  origin: string,
  width = 1280,
): Promise<WatchedPage> {
  const context =
    'newContext' in from
      ? await from.newContext({ viewport: { width, height: 900 }, acceptDownloads: true })
      : from;
  const page = await context.newPage();
  const problems: PageProblems = { errors: [], csp: [], outside: [] };
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:') || url.startsWith('blob:')) {
      await route.continue();
      return;
    }
    problems.outside.push(url);
    await route.abort('blockedbyclient');
  });
  // Init scripts run through the DevTools protocol, before the page's own, and the page's policy does not apply to them.
  await page.addInitScript(() => {
    const { document } = globalThis as unknown as PageWindow;
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (/Content Security Policy|CSP violation/.test(text)) problems.csp.push(text);
    // The statuses of refused requests, which the tests provoke and the pages show, are the API's answers, not faults.
    else if (!text.startsWith('Failed to load resource: the server responded with a status of'))
      problems.errors.push(text);
  });
  page.on('pageerror', (error) => problems.errors.push(`uncaught: ${error.message}`));
  return { page, problems };
}

/** Signs in through the sign-in page with `token`, as a person does, and waits for the projects page. */
export async function signIn(page: Page, origin: string, token: string): Promise<void> {
  await page.goto(`${origin}/sign-in`);
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * axe-core's serious and critical violations on the page as it is now, one readable line each
 * (rule, help, the elements and why). axe runs through the DevTools protocol, so the page's
 * Content-Security-Policy, which forbids inline scripts, does not have to be relaxed for it.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const { axe } = globalThis as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } };
    return (await axe.run()).violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n` +
        v.nodes
          .map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\n\s*/g, ' ')}`)
          .join('\n'),
    );
}

/** On a formal job's results tab: opens the first counterexample's waveform and answers its canvas once shown. */
export async function showFirstWaveform(page: Page): Promise<Locator> {
  await page
    .getByRole('button', { name: /^Show waveform/ })
    .first()
    .click();
  const canvas = page.locator('canvas[role="img"]').first();
  await canvas.waitFor();
  return canvas;
}

/**
 * What makes the page scroll sideways at its current width: the outermost elements, and the text
 * that runs out of its element, whose right edge passes the window's, outside any element that
 * scrolls sideways itself (a table's wrapper may), each as `tag.class "its text"`. Empty when the
 * page fits.
 */
export function widerThanWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    interface Rect {
      right: number;
    }
    interface Box {
      tagName: string;
      className: unknown;
      textContent: string | null;
      parentElement: Box | null;
      getBoundingClientRect(): Rect;
    }
    interface TextRange {
      selectNodeContents(node: unknown): void;
      getBoundingClientRect(): Rect;
    }
    const window = globalThis as unknown as PageWindow & {
      getComputedStyle(element: Box): { overflowX: string };
      NodeFilter: { SHOW_TEXT: number };
      document: {
        body: Box & { querySelectorAll(selector: string): Iterable<Box> };
        createRange(): TextRange;
        createTreeWalker(root: unknown, show: number): { nextNode(): { parentElement: Box | null } | null };
      };
    };
    const { document } = window;
    if (document.scrollingElement.scrollWidth <= window.innerWidth) return [];
    const past = (rect: Rect) => rect.right > window.innerWidth + 0.5;
    const sticksOut = (element: Box) => past(element.getBoundingClientRect());
    /** Whether `from` or an element above it scrolls sideways (or clips), keeping what is inside off the page. */
    const insideScroller = (from: Box | null) => {
      for (let up = from; up !== null; up = up.parentElement)
        if (['auto', 'scroll', 'hidden'].includes(window.getComputedStyle(up).overflowX)) return true;
      return false;
    };
    const describe = (element: Box, right: number) => {
      const classes =
        typeof element.className === 'string' && element.className !== ''
          ? `.${element.className.split(' ').join('.')}`
          : '';
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
      return `${element.tagName.toLowerCase()}${classes} "${text}" (right edge ${Math.round(right)} px)`;
    };
    const culprits = new Set<string>();
    for (const element of document.body.querySelectorAll('*')) {
      if (!sticksOut(element) || insideScroller(element.parentElement)) continue;
      // Only the outermost: an element whose parent sticks out too is said by its parent.
      if (element.parentElement !== null && sticksOut(element.parentElement)) continue;
      culprits.add(describe(element, element.getBoundingClientRect().right));
    }
    // Text wider than its element (a long word that cannot wrap) overflows without the element doing so.
    const range = document.createRange();
    const walker = document.createTreeWalker(document.body, window.NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent === null || sticksOut(parent) || insideScroller(parent)) continue;
      range.selectNodeContents(node);
      const rect = range.getBoundingClientRect();
      if (past(rect)) culprits.add(`text in ${describe(parent, rect.right)}`);
    }
    return culprits.size === 0 ? ['the page, with no single element or text past the window'] : [...culprits];
  });
}
