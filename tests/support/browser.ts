import { chromium, type Browser } from 'playwright';

/** Debian's Chromium (installed by .ci/run); Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches headless Chromium with the flags this closed-network machine needs. */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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
