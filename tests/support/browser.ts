import { AxeBuilder } from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright';
import { inject } from 'vitest';
import { ROOT } from './processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket endpoint of the test run's one Chromium (tests/support/browser-setup.ts). */
    chromiumEndpoint: string;
  }
}

/** Debian's Chromium (installed by .ci/run); Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags this closed-network machine needs. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts one headless Chromium for a whole test run (tests/support/browser-setup.ts), which every
 * test file connects to instead of launching its own.
 */
export async function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/**
 * Connects to the test run's Chromium when one was started, else launches headless Chromium.
 * Closing what it returns closes the contexts this file opened (and a browser it launched).
 */
export async function launchChromium(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  if (endpoint) return chromium.connect(endpoint);
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** How a page is opened: with or without JavaScript, in the light or dark theme. */
export interface OpenPageOptions {
  readonly javaScriptEnabled?: boolean;
  readonly colorScheme?: 'light' | 'dark';
}

/**
 * Opens a URL as served (with the site's own Content-Security-Policy) in a new context, recording
 * the console errors, page errors and request paths it produces.
 */
export async function openRecordedPage(
  browser: Browser,
  url: string,
  options: OpenPageOptions = {},
) {
  const context = await browser.newContext({ colorScheme: 'light', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(url, { waitUntil: 'load' });
  return { context, page, errors, requests };
}

/** Where the browser tests put screenshots for people to look at (git-ignored). */
export const SCREENSHOT_DIR = `${ROOT}test-results/screenshots`;

/**
 * Saves a screenshot of the page as `test-results/screenshots/<name>` when the run asks for
 * screenshots (`npm run screenshots`, which sets SCREENSHOTS=1), and does nothing otherwise: a
 * full-page capture of a long page costs seconds of a 2-core machine's CPU, and `npm test` checks
 * the layout (overflow, axe-core) without pictures: they are for a person to look at.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}`, ...options });
}

/**
 * axe-core (all default rules) over the page, or over the parts `include` names, collecting only
 * violations: the passes and incomplete results of a long page (every code token's contrast) are
 * what takes axe longest to gather, and no test reads them.
 */
export function checkAccessibility(page: Page, include: readonly string[] = []) {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  for (const selector of include) builder.include(selector);
  return builder.analyze();
}
