import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

/**
 * Every spec imports `test` and `expect` from here, never from '@playwright/test' (a unit test,
 * src/client/app/guard-conventions.test.ts, keeps it so). A screen that throws, or logs an error,
 * fails the test that showed it, even when every assertion passed: a white page or a caught crash
 * behind a still-visible heading is a failure, not noise.
 */
export interface PageErrors {
  /**
   * Lets console errors matching `pattern` pass, for this test only. Narrow: only where the test
   * itself causes them, e.g. a refusal it asks for on purpose, which Chromium logs as
   * "Failed to load resource: the server responded with a status of 409 (Conflict)".
   */
  allow(pattern: RegExp): void;
}

interface GuardFixtures {
  pageErrors: PageErrors;
}

/** A 4xx the test asks for on purpose, as Chromium logs it. */
export const refusedRequest = (status: number) => new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`);
/**
 * Requests a page makes while the test has cut its network (context.setOffline, a route aborted),
 * as Chromium logs them: refused at once, or cut off when the network went away under them.
 */
export const offlineRequest = /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|ERR_FAILED|EventSource/;
/**
 * A request to a server the test has stopped on purpose, as Chromium logs it: refused once it is
 * gone, or reset when it went away under a request already sent; a read the service worker
 * fetched for the page and holds no saved copy of fails as ERR_FAILED.
 */
export const refusedConnection = /^Failed to load resource: net::ERR_(CONNECTION_(REFUSED|RESET)|FAILED)\n/;

export const test = base.extend<GuardFixtures>({
  pageErrors: [
    async ({ context, browser }, use, testInfo) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const watch = (ctx: BrowserContext) => {
        ctx.on('weberror', (e) => errors.push(`uncaught: ${e.error().message}\n${e.page()?.url() ?? ''}`));
        ctx.on('console', (msg) => {
          if (msg.type() !== 'error') return;
          errors.push(`console.error: ${msg.text()}\n${msg.page()?.url() ?? ''} ${msg.location().url}:${msg.location().lineNumber}`);
        });
      };
      watch(context);
      // Specs that play two people open their own contexts (browser.newContext / newPage, which
      // goes through newContext): those pages are watched too, for this test only.
      const original = browser.newContext;
      const patched: Browser['newContext'] = async (...args) => {
        const ctx = await original.apply(browser, args);
        watch(ctx);
        return ctx;
      };
      browser.newContext = patched;
      try {
        await use({ allow: (pattern) => void allowed.push(pattern) });
      } finally {
        browser.newContext = original;
      }
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e.replace(/^console\.error: /, ''))));
      if (unexpected.length > 0) {
        await testInfo.attach('page-errors', { body: unexpected.join('\n\n'), contentType: 'text/plain' });
      }
      expect(unexpected, 'errors in the browser (uncaught exceptions and console errors)').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
// a second API context of its own (e.g. a request that must not share the page's cookies)
export { request } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page, Route } from '@playwright/test';
