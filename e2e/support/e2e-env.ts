import { existsSync } from 'node:fs';

/**
 * The browser of the browser tests: CHROMIUM_PATH, else Chromium's headless shell, else the system Chromium.
 *
 * The headless shell (Debian's chromium-headless-shell, the browser Playwright itself runs headless by default) is
 * Chromium without the browser around the page: no window and toolbar per browser context, no profile services.
 * A context, a sign-in and two pages of the app, four times, took 6.0-6.1 s of Chromium's CPU in it and 9.3-9.5 s
 * in the full Chromium's headless mode (two rounds each, side by side); the browser tests' summed time went from
 * 1,341 s to 1,054 s. What the tests use (the virtual authenticator of the passkey tests, downloads, colour schemes,
 * a stand-in serial port) works the same in both.
 */
export function testChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return systemChromium();
  const shell = ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'].find((path) =>
    existsSync(path),
  );
  return shell ?? systemChromium();
}

/**
 * The full browser, as people run it (the web bench's page timings): CHROMIUM_PATH, else the system Chromium or
 * Chrome at its usual paths; undefined means Playwright's own browser (where `npx playwright install` could fetch one).
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

/**
 * The features Playwright turns off (playwright-core 1.65's chromiumSwitches, each with its reason there, but Edge's two), and the
 * omnibox popup's web pages. Chromium reads only the last --disable-features it is given, so ours repeats
 * Playwright's list: a Playwright upgrade may add to it (the launch line in a failed test's browser log shows both).
 *
 * The full Chromium's headless mode (where the headless shell is missing, and in the web bench) opens a window with
 * the browser's own toolbar for each browser context, a test's, and since Chromium 13x that toolbar preloads its
 * omnibox popup as two pages of WebUI in a renderer of their own: 1.8-2.1 s of CPU for each test, on pages no test
 * looks at. A context, a sign-in and two pages of the app took 5.7-6.4 s of Chromium's CPU with them and 3.3-3.6 s
 * without (three runs each, side by side).
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** Flags for a headless Chromium in a container: as root it needs --no-sandbox; nothing phones home. */
export const CHROMIUM_ARGS = [
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
