// The verification web application in Debian's Chromium against the compiled `verifyctl serve`
// (authentication off, the app built into dist/web):
// - Lighthouse 13 (desktop preset, its simulated throttling) on the job page of a finished job:
//   the performance and accessibility scores. Targets: at least 90 and 95.
// - Log latency: an Icarus testbench prints LINES marker lines (`LINE <n>`), GAP clock cycles
//   apart, while the job page is open on it. Each line's latency is the time its row appeared in
//   the page (a MutationObserver over the log's `data-line-index` rows, `Date.now()` in the page)
//   less the `timestamp` the platform gave the line when it read it from the tool (from
//   `GET /jobs/{id}/logs` afterwards): both the same machine's wall clock. Lines logged before the
//   page showed its first row are left out (they came with the page's first load, not live).
//   p50 and p95; target p95 under 250 ms.
// - Frame rate: the same testbench printing 100,000 lines as fast as Icarus runs, with the job
//   page open and following: requestAnimationFrame counted in the page from its first row to the
//   100,000th; frames per second, and the longest gap between two frames.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Page } from 'playwright-core';
import { requireTools } from '../packages/server-kit/src/testing/index.js';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  launchChromium,
  type PageWindow,
} from '../packages/verification/test/support/browser.js';
import {
  api,
  createProjectFrom,
  serveVerification,
  submitJob,
  waitForJob,
  type ServiceProcess,
} from '../packages/verification/test/support/serve.js';
import { loadAverage, machineDescription, median, percentile } from './support.js';

const LATENCY_LINES = Number(process.env.BENCH_LINES ?? 200);
/** Clock cycles between two marker lines: about 20 ms of Icarus on this machine. */
const LATENCY_GAP = Number(process.env.BENCH_GAP ?? 6_000);
const STREAM_LINES = 100_000;
const TARGETS = { performance: 90, accessibility: 95, p95Ms: 250 };
const WEB_DIST = fileURLToPath(new URL('../packages/verification/dist/web/index.html', import.meta.url));

const gate = requireTools(['chromium', 'iverilog', 'vvp']);
if (gate.skip) {
  console.log(`skipped: ${gate.reason}`);
  process.exit(0);
}
if (!existsSync(WEB_DIST))
  throw new Error(`${WEB_DIST} is missing: build the web application first (npm run build)`);

/** A design and a testbench that prints `LINE <n>` LINES times, GAP clock cycles apart (both plusargs). */
function writeLinesProject(dir: string): void {
  mkdirSync(join(dir, 'tb'), { recursive: true });
  mkdirSync(join(dir, 'rtl'), { recursive: true });
  writeFileSync(
    join(dir, 'rtl', 'ticker.v'),
    'module ticker(input clk, output reg [31:0] n);\n  initial n = 0;\n  always @(posedge clk) n <= n + 1;\nendmodule\n',
  );
  writeFileSync(
    join(dir, 'tb', 'tb_lines.v'),
    `\`timescale 1ns / 1ps
module tb_lines;
  reg clk = 1'b0;
  always #5 clk = ~clk;
  wire [31:0] n;
  integer lines, gap, i;
  ticker dut (.clk(clk), .n(n));
  initial begin
    if (!$value$plusargs("LINES=%d", lines)) lines = 200;
    if (!$value$plusargs("GAP=%d", gap)) gap = 0;
    $display("TESTS 1");
    for (i = 0; i < lines; i = i + 1) begin
      if (gap > 0) repeat (gap) @(posedge clk);
      $display("LINE %0d", i);
    end
    $display("TEST lines PASS");
    $finish;
  end
endmodule
`,
  );
}

/** The verify.json that runs the testbench with `lines` and `gap`. */
function linesConfig(lines: number, gap: number): Record<string, string> {
  return {
    'verify.json': JSON.stringify({
      top_module: 'ticker',
      sources: ['rtl/ticker.v'],
      simulation: {
        simulator: 'icarus',
        testbench: ['tb/tb_lines.v'],
        testbench_top: 'tb_lines',
        trace: false,
        coverage: false,
        plusargs: [`+LINES=${lines}`, `+GAP=${gap}`],
      },
    }),
  };
}

interface LogEntry {
  timestamp: string;
  message: string;
}

/** Every log line of an ended job. */
async function jobLogs(base: string, jobId: string): Promise<LogEntry[]> {
  const { status, body } = await api<{ logs: LogEntry[] }>(
    base,
    'GET',
    `/jobs/${jobId}/logs?stage=simulation`,
  );
  if (status !== 200) throw new Error(`GET logs answered ${status}`);
  return body.logs;
}

interface BenchState {
  /** Marker number → when its row was first seen (Date.now(), the machine's wall clock). */
  seen: Map<number, number>;
  /** requestAnimationFrame times (performance.now()). */
  frames: number[];
  /** When the first marker row showed (performance.now()), 0 until then. */
  firstMarker: number;
  /** When the first row of all showed (Date.now()), 0 until then. */
  firstRow: number;
}
type BenchWindow = PageWindow & { __bench: BenchState; performance: { now(): number } };

/**
 * Installs, in the open job page, a MutationObserver that notes when each `LINE <n>` row is
 * first seen and a requestAnimationFrame counter; `pageFigures` reads them.
 */
async function watchRows(page: Page): Promise<void> {
  // tsx compiles with esbuild's keepNames, which wraps the named functions below in a `__name`
  // helper that the page does not have: give it an identity one.
  await page.evaluate('globalThis.__name ??= (target) => target');
  await page.evaluate(() => {
    const window = globalThis as unknown as BenchWindow;
    const bench: BenchState = { seen: new Map(), frames: [], firstMarker: 0, firstRow: 0 };
    window.__bench = bench;
    const scan = () => {
      const now = Date.now();
      for (const row of window.document.querySelectorAll('[data-line-index]')) {
        if (bench.firstRow === 0) bench.firstRow = now;
        // The row's text ends with the message (after its number, time, stage and level).
        const match = /LINE (\d+)$/.exec(row.textContent ?? '');
        if (match === null || bench.seen.has(Number(match[1]))) continue;
        if (bench.firstMarker === 0) bench.firstMarker = window.performance.now();
        bench.seen.set(Number(match[1]), now);
      }
    };
    new window.MutationObserver(scan).observe(window.document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    scan();
    const tick = (time: number) => {
      bench.frames.push(time);
      window.requestAnimationFrame(tick);
    };
    window.requestAnimationFrame(tick);
  });
}

function pageFigures(page: Page) {
  return page.evaluate(() => {
    const { __bench: bench, performance } = globalThis as unknown as BenchWindow;
    return { ...bench, seen: [...bench.seen.entries()], now: performance.now() };
  });
}

/** The log's line count as the page shows it (`data-total-lines` on the log). */
function totalLines(page: Page): Promise<number> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as PageWindow;
    return Number(document.querySelector('[data-total-lines]')?.getAttribute('data-total-lines') ?? 0);
  });
}

/** Submits the project's simulation, opens its job page at once and watches its rows; answers the job's id. */
async function openNewJob(page: Page, origin: string, base: string, projectId: string): Promise<string> {
  const jobId = await submitJob(base, projectId, { stages: ['simulation'] });
  await page.goto(`${origin}/jobs/${jobId}`);
  await page.locator('[data-total-lines]').waitFor();
  await watchRows(page);
  return jobId;
}

async function measureLatency(page: Page, origin: string, base: string, projectId: string) {
  const jobId = await openNewJob(page, origin, base, projectId);
  const job = await waitForJob(base, jobId);
  if (job.status !== 'passed') throw new Error(`latency job ${jobId} ended ${job.status}`);
  // The last line shown: every line the page will show is in.
  await page.waitForFunction(
    (last) => (globalThis as unknown as BenchWindow).__bench.seen.has(last),
    LATENCY_LINES - 1,
    { timeout: 30_000 },
  );
  const { seen, firstRow } = await pageFigures(page);
  const logged = new Map<number, number>();
  for (const entry of await jobLogs(base, jobId)) {
    const match = /^LINE (\d+)$/.exec(entry.message);
    if (match) logged.set(Number(match[1]), Date.parse(entry.timestamp));
  }
  const latencies = seen
    .filter(([n]) => (logged.get(n) ?? 0) >= firstRow)
    .map(([n, at]) => at - logged.get(n)!);
  const times = [...logged.values()].sort((a, b) => a - b);
  const spacing = median(times.slice(1).map((t, i) => t - times[i]!));
  return { jobId, latencies, seen: seen.length, spacing };
}

/** Milliseconds between the first and the last marker line as the platform logged them. */
async function markerSpan(base: string, jobId: string): Promise<number> {
  await waitForJob(base, jobId);
  const times = (await jobLogs(base, jobId))
    .filter((entry) => entry.message.startsWith('LINE '))
    .map((entry) => Date.parse(entry.timestamp));
  return Math.max(...times) - Math.min(...times);
}

async function measureFrames(page: Page, origin: string, base: string, projectId: string) {
  const jobId = await openNewJob(page, origin, base, projectId);
  await page.waitForFunction(
    (count) => {
      const { document } = globalThis as unknown as PageWindow;
      return (
        Number(document.querySelector('[data-total-lines]')?.getAttribute('data-total-lines') ?? 0) >= count
      );
    },
    STREAM_LINES,
    { timeout: 300_000, polling: 100 },
  );
  const { frames, firstMarker, now } = await pageFigures(page);
  // From the first marker row to the last line shown: the frames drawn while lines streamed in.
  const streaming = frames.filter((time) => time >= firstMarker);
  const gaps = streaming.slice(1).map((time, i) => time - streaming[i]!);
  return {
    jobId,
    fps: ((streaming.length - 1) * 1000) / (streaming.at(-1)! - streaming[0]!),
    longestGap: Math.max(...gaps),
    streamed: now - firstMarker,
    logged: await markerSpan(base, jobId),
    shown: await totalLines(page),
  };
}

async function runLighthouse(url: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      },
      desktopConfig,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = Object.values(audits)
      .filter(
        (audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => `${audit.id} (${audit.displayValue ?? audit.score})`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcp: audits['first-contentful-paint']?.displayValue,
      lcp: audits['largest-contentful-paint']?.displayValue,
      tbt: audits['total-blocking-time']?.displayValue,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'vp-web-bench-'));
  const load = loadavg()[0]!;
  let service: ServiceProcess | undefined;
  const browser = await launchChromium();
  try {
    service = await serveVerification(join(root, 'data'), [
      '--workers',
      '1',
      '--requests-per-minute',
      '100000',
    ]);
    const base = service.url;
    const origin = base.replace(/\/api\/v1$/, '');
    const dir = join(root, 'lines');
    writeLinesProject(dir);
    const latencyProject = await createProjectFrom(
      base,
      'latency',
      dir,
      'ticker',
      {},
      linesConfig(LATENCY_LINES, LATENCY_GAP),
    );
    const streamProject = await createProjectFrom(
      base,
      'stream',
      dir,
      'ticker',
      {},
      linesConfig(STREAM_LINES, 0),
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const latency = await measureLatency(page, origin, base, latencyProject);
    const frames = await measureFrames(page, origin, base, streamProject);
    await context.close();
    const scores = await runLighthouse(`${origin}/jobs/${latency.jobId}`);

    const ms = (value: number) => value.toFixed(0);
    const met = (ok: boolean) => (ok ? 'met' : '**not met**');
    console.log(`machine: ${machineDescription()}; ${loadAverage(load)}`);
    console.log('command: npm run bench -- verification-web');
    console.log(
      `work: verifyctl serve --workers 1, authentication off; Chromium ${CHROMIUM} headless at 1280 × 900; ` +
        `latency over ${LATENCY_LINES} lines ${LATENCY_GAP} cycles apart (logged a median ${latency.spacing} ms apart; ${latency.seen} rows seen, ${latency.latencies.length} of them live and measured); ` +
        `frame rate while ${STREAM_LINES} lines stream in`,
    );
    console.log('\n| measure | figure | target |');
    console.log('|---|---:|---|');
    console.log(
      `| Lighthouse performance (desktop) | ${scores.performance} | ≥ ${TARGETS.performance}: ${met(scores.performance >= TARGETS.performance)} |`,
    );
    console.log(
      `| Lighthouse accessibility | ${scores.accessibility} | ≥ ${TARGETS.accessibility}: ${met(scores.accessibility >= TARGETS.accessibility)} |`,
    );
    console.log(
      `| first / largest contentful paint, total blocking time | ${scores.fcp} / ${scores.lcp} / ${scores.tbt} | |`,
    );
    const p95 = percentile(latency.latencies, 95);
    console.log(`| log line to row, p50 | ${ms(median(latency.latencies))} ms | |`);
    console.log(
      `| log line to row, p95 | ${ms(p95)} ms | < ${TARGETS.p95Ms} ms: ${met(p95 < TARGETS.p95Ms)} |`,
    );
    console.log(`| log line to row, max | ${ms(Math.max(...latency.latencies))} ms | |`);
    console.log(`| frames per second while ${STREAM_LINES} lines stream in | ${frames.fps.toFixed(1)} | |`);
    console.log(`| longest frame gap meanwhile | ${ms(frames.longestGap)} ms | |`);
    console.log(`| time to show all ${STREAM_LINES} lines | ${ms(frames.streamed)} ms | |`);
    console.log(`| time the platform took to log them | ${ms(frames.logged)} ms | |`);
    if (scores.failing.length > 0) console.log(`\nLighthouse audits under 0.9: ${scores.failing.join(', ')}`);
  } finally {
    await browser.close();
    await service?.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

await main();
