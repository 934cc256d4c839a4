import { existsSync } from 'node:fs';

/**
 * The browser: CHROMIUM_PATH, else the system Chromium or Chrome at its usual paths; undefined means
 * Playwright's own browser (where `npx playwright install` could fetch one).
 */
export function systemChromium(): string | undefined {
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    if (!existsSync(given)) throw new Error(`CHROMIUM_PATH=${given} does not exist`);
    return given;
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/snap/bin/chromium',
  ].find((path) => existsSync(path));
}

/** Flags for a headless Chromium in a container: as root it needs --no-sandbox; nothing phones home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
