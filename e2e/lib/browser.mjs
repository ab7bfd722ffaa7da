// Debian's Chromium driven by playwright-core (no browser download: the executable is the system one).

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from './server.mjs';

/** Env CHROMIUM_PATH, else Debian's package. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for a headless run as root, with nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where tests write screenshots and other artifacts (git-ignored). */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', 'artifacts');

/**
 * @param {import('playwright-core').LaunchOptions} [options]
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchBrowser(options = {}) {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ...options });
}

/**
 * @typedef {object} PageErrors
 * @property {string[]} console  text (and location) of every `console.error` message
 * @property {string[]} page     uncaught exceptions and unhandled rejections in the page
 * @property {string[]} failed   requests that failed at the network level
 * @property {() => string[]} all  the three lists together
 */

/**
 * Starts collecting a page's console errors, page errors and failed requests; read the lists at the end.
 *
 * @param {import('playwright-core').Page} page
 * @returns {PageErrors}
 */
export function collectErrors(page) {
  /** @type {PageErrors} */
  const errors = {
    console: [],
    page: [],
    failed: [],
    all: () => [
      ...errors.console.map((e) => `console.error: ${e}`),
      ...errors.page.map((e) => `pageerror: ${e}`),
      ...errors.failed.map((e) => `requestfailed: ${e}`),
    ],
  };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    errors.console.push(url ? `${message.text()} (${url}:${lineNumber})` : message.text());
  });
  page.on('pageerror', (error) => errors.page.push(error.stack ?? error.message));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText;
    // Cancelled, not failed: the page navigated away (a test's next goto) while it was loading.
    if (reason === 'net::ERR_ABORTED') return;
    errors.failed.push(`${request.method()} ${request.url()}: ${reason}`);
  });
  return errors;
}

/**
 * Saves a PNG under e2e/artifacts/ and returns its path: the full page, or only the viewport
 * (what a user sees: the shell's fixed sidebar and header are drawn where they really are).
 *
 * @param {import('playwright-core').Page} page
 * @param {string} name  file name without extension
 * @param {{ fullPage?: boolean }} [options]
 */
export async function screenshot(page, name, { fullPage = true } = {}) {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
