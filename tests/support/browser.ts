import { AxeBuilder } from '@axe-core/playwright';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Response,
} from 'playwright';
import { afterAll, beforeAll } from 'vitest';
import { ROOT } from './processes.ts';

/** Debian's build of Chromium's headless shell (package chromium-headless-shell, from .ci/run). */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the browser tests drive; Playwright never downloads a browser here. CHROMIUM_PATH
 * when set, else Debian's headless shell when installed, else Debian's `chromium`. The headless
 * shell is Chromium's own headless build, the one Playwright itself runs for headless tests: the
 * same Blink and V8 without the full browser around them. On a 2-core machine, shell.test.ts,
 * try-it-consoles.test.ts and pages.test.ts cost Chromium 69 s of CPU in the shell against 151 s
 * in `chromium --headless` (docs/architecture.md, "Tests").
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : '/usr/bin/chromium');

/** The flags this closed-network machine needs. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** What a browser test file drives: contexts and pages of its worker's one Chromium. */
export interface TestBrowser {
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a context of its own, as Playwright's `browser.newPage`. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** Closes the contexts this file opened; the worker's Chromium stays for the next file. */
  close(): Promise<void>;
}

/** The Chromium of this test worker, launched by its first browser test file. */
let workerChromium: Promise<Browser> | undefined;

/** The worker's Chromium, launched again when it failed to start or went away. */
async function getWorkerChromium(): Promise<Browser> {
  const current = workerChromium;
  if (current) {
    const browser = await current.catch(() => undefined);
    if (browser?.isConnected()) return browser;
    // Another file of the worker launched it again meanwhile.
    if (workerChromium !== current) return getWorkerChromium();
  }
  workerChromium = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return workerChromium;
}

/**
 * Headless Chromium for a test file: each test worker launches one, on first use, and the files it
 * runs afterwards share it (test files share their worker's module graph, `isolate: false`); it
 * ends with the worker's process. Closing what this returns closes the contexts the file opened.
 * One Chromium per run, shared over Playwright's WebSocket server, cost more: the run's main
 * process relayed every protocol message between the workers and the browser (docs/architecture.md,
 * "Tests").
 */
export async function launchChromium(): Promise<TestBrowser> {
  const browser = await getWorkerChromium();
  const contexts = new Set<BrowserContext>();
  const newContext = async (options?: BrowserContextOptions) => {
    const context = await browser.newContext(options);
    contexts.add(context);
    context.on('close', () => contexts.delete(context));
    return context;
  };
  return {
    newContext,
    async newPage(options) {
      return (await newContext(options)).newPage();
    },
    async close() {
      await Promise.all([...contexts].map((context) => context.close()));
    },
  };
}

/** A test file's browser, and visits of pages it shares (createPageVisits). */
export interface FileBrowser {
  readonly browser: TestBrowser;
  readonly visits: PageVisits;
}

/**
 * The browser of the calling test file: takes the worker's Chromium before the file's first test
 * (its `beforeAll`) and closes every context the file opened, the shared visits' included, after
 * its last (its `afterAll`). Call it at the top level of a test file; what it returns may be used
 * in the file's hooks and tests.
 */
export function useTestBrowser(): FileBrowser {
  let launched: TestBrowser | undefined;
  beforeAll(async () => {
    launched = await launchChromium();
  });
  afterAll(async () => {
    await launched?.close();
  });
  const opened = (): TestBrowser => {
    if (!launched)
      throw new Error("The file's browser opens in beforeAll: use it in a test or hook");
    return launched;
  };
  const browser: TestBrowser = {
    newContext: (options) => opened().newContext(options),
    newPage: (options) => opened().newPage(options),
    close: async () => launched?.close(),
  };
  return { browser, visits: createPageVisits(browser) };
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
  browser: TestBrowser,
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

/** What one visit of a page saw. */
export interface PageVisit {
  readonly page: Page;
  /** Console errors and uncaught exceptions since the visit began. */
  readonly errors: string[];
  /** The paths the page requested since the visit began. */
  readonly requests: string[];
  /** The answer to the page's own request. */
  readonly response: Response | null;
}

/** A visit's options: those of its context, and the viewport it is laid out in. */
export interface VisitOptions extends OpenPageOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
}

/** Playwright's default viewport, which a fresh context has. */
const DEFAULT_VIEWPORT = { width: 1280, height: 720 };

/** An open page that visits share, and where it records what the current visit sees. */
interface SharedPage {
  readonly page: Page;
  current: { errors: string[]; requests: string[] };
}

/**
 * Visits for the tests of one file that read what a page shows: one open page per set of context
 * options (theme, JavaScript), navigated from URL to URL. A new context and page cost a 2-core
 * machine about 0.6 s of CPU (a renderer process and its start), navigating an open page about
 * 0.2 s. A navigation resets what a test did to the document; a test that changes what outlives it
 * (storage, permissions, routes, init scripts, emulated media) opens a context of its own. The
 * pages' contexts close with the browser's (useTestBrowser's `afterAll`).
 */
function createPageVisits(browser: TestBrowser) {
  const shared = new Map<string, Promise<SharedPage>>();
  const openShared = async (options: OpenPageOptions): Promise<SharedPage> => {
    const context = await browser.newContext({ colorScheme: 'light', ...options });
    const page = await context.newPage();
    const entry: SharedPage = { page, current: { errors: [], requests: [] } };
    page.on('console', (message) => {
      if (message.type() === 'error') entry.current.errors.push(message.text());
    });
    page.on('pageerror', (error) => entry.current.errors.push(error.message));
    page.on('request', (request) => entry.current.requests.push(new URL(request.url()).pathname));
    return entry;
  };
  return {
    /** Navigates the shared page of these options to the URL and waits for its `load`. */
    async visit(url: string, options: VisitOptions = {}): Promise<PageVisit> {
      const {
        viewport = DEFAULT_VIEWPORT,
        colorScheme = 'light',
        javaScriptEnabled = true,
      } = options;
      const key = `${colorScheme} ${javaScriptEnabled}`;
      let opening = shared.get(key);
      if (!opening) {
        opening = openShared({ colorScheme, javaScriptEnabled });
        shared.set(key, opening);
      }
      const entry = await opening;
      const size = entry.page.viewportSize();
      if (size?.width !== viewport.width || size.height !== viewport.height) {
        await entry.page.setViewportSize(viewport);
      }
      entry.current = { errors: [], requests: [] };
      const response = await entry.page.goto(url, { waitUntil: 'load' });
      return { page: entry.page, ...entry.current, response };
    },
  };
}

/** Visits of the pages a test file shares: see createPageVisits. */
export type PageVisits = ReturnType<typeof createPageVisits>;

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
 * what takes axe longest to gather, and no test reads them. `axe.run` in the page (the builder's
 * legacy mode, which still injects axe into same-origin frames): the default opens a second, blank
 * page per call to merge every frame's results, injecting axe-core's 600 KB again, which cost more
 * than the rules themselves on a 2-core machine, for cross-origin frames the site never embeds.
 */
export function checkAccessibility(page: Page, include: readonly string[] = []) {
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });
  for (const selector of include) builder.include(selector);
  return builder.analyze();
}
