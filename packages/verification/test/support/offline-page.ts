/**
 * A report opened in Debian's Chromium (headless, through playwright-core) with the network
 * refused: every request the page makes is aborted and recorded, so a test can check that a
 * self-contained page asked for nothing.
 */
import { chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export async function withOfflinePage<T>(
  html: string,
  use: (page: Page, requests: readonly string[]) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    const requests: string[] = [];
    await page.route('**/*', async (route) => {
      requests.push(route.request().url());
      await route.abort();
    });
    await page.setContent(html, { waitUntil: 'load' });
    return await use(page, requests);
  } finally {
    await browser.close();
  }
}
