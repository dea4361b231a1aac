import { createHash, randomBytes } from 'node:crypto';
import type { BrowserContextOptions } from 'playwright';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { CONSENT_PAGE_CSP } from '../../src/oauth/consent-page.ts';
import { checkAccessibility, useTestBrowser } from '../support/browser.ts';

const baseUrl = inject('baseUrl');
const redirectUri = 'https://app.example/callback';
const { browser } = useTestBrowser();
let authorizationUrl: string;

beforeAll(async () => {
  const registration = await fetch(`${baseUrl}/oauth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ client_name: 'Web agent', redirect_uris: [redirectUri] }),
  });
  const { client_id: clientId } = (await registration.json()) as { client_id: string };
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    state: 'browser-state',
  });
  authorizationUrl = `${baseUrl}/oauth/authorize?${query.toString()}`;
});

/** Opens the authorization URL, the client's site answered locally; collects console errors. */
async function openConsentPage(options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  await context.route('https://app.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'client callback' }),
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(authorizationUrl, { waitUntil: 'load' });
  return { context, page, errors, response };
}

describe('the authorization page for a redirect URI on the web', () => {
  it('should name the destination host under its strict CSP, pass axe, and run no inline script or style attribute', async () => {
    const { context, page, errors, response } = await openConsentPage();
    expect(response?.status()).toBe(200);
    expect(page.url()).toBe(authorizationUrl);
    expect(response?.headers()['content-security-policy']).toBe(CONSENT_PAGE_CSP);
    expect(await page.locator('h1').innerText()).toBe('Continue to app.example?');
    const inline = await page.evaluate(() => ({
      scripts: document.querySelectorAll('script').length,
      styles: document.querySelectorAll('style, [style]').length,
      handlers: [...document.querySelectorAll('*')].filter((element) =>
        [...element.attributes].some((attribute) => attribute.name.startsWith('on')),
      ).length,
    }));
    // Its one <style>, allowed by its hash: a style the policy blocked would be a console error.
    expect(inline).toEqual({ scripts: 0, styles: 1, handlers: 0 });
    // Styled: a readable column, the action drawn as a button.
    const look = await page.evaluate(() => ({
      column: document.querySelector('main')?.getBoundingClientRect().width ?? 0,
      button: getComputedStyle(document.querySelector('a.continue') ?? document.body)
        .backgroundColor,
    }));
    expect(look.column).toBeLessThanOrEqual(600);
    expect(look.button).not.toBe('rgba(0, 0, 0, 0)');
    const results = await checkAccessibility(page);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should send the browser to the client with a code after one click, without JavaScript', async () => {
    const { context, page, errors } = await openConsentPage({ javaScriptEnabled: false });
    // The request the browser makes for the redirect's target: Playwright routes only the first
    // URL of a redirect chain, so the headless shell never reaches the routed callback (the full
    // browser did, by retrying the failed navigation).
    const callbackRequest = page.waitForRequest(/^https:\/\/app\.example\/callback\?/);
    await page.getByRole('link', { name: 'Continue to app.example' }).click();
    const callback = new URL((await callbackRequest).url());
    expect(callback.searchParams.get('code')).toBeTruthy();
    expect(callback.searchParams.get('state')).toBe('browser-state');
    expect(callback.searchParams.get('iss')).toBe(baseUrl);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('should not redirect a link to the confirmation opened from another site', async () => {
    const { context, page } = await openConsentPage();
    const confirm = await page
      .getByRole('link', { name: 'Continue to app.example' })
      .getAttribute('href');
    await context.route('https://elsewhere.example/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><title>x</title><a href="${baseUrl}${confirm ?? ''}">go</a>`,
      }),
    );
    await page.goto('https://elsewhere.example/');
    await page.getByRole('link', { name: 'go' }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).origin).toBe(baseUrl);
    expect(await page.locator('h1').innerText()).toBe('Continue to app.example?');
    await context.close();
  });
});
