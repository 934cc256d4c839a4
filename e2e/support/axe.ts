import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Until the CSS transitions running now have ended (at most a second): axe reads colours as they stand, and
 * mid-fade they are a blend — a dialog opening on a loaded machine gave its button 4.21:1 instead of its own.
 * Only transitions: other animations may run forever or stand paused.
 */
function transitionsEnded(page: Page): Promise<unknown> {
  return page.evaluate(() => {
    const transitions = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
    const ended = Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined)));
    return Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
  });
}

/** The attribute that marks, for one check, a table row drawn exactly as an earlier one (markRepeatedRows). */
const REPEATED_ROW = 'data-axe-repeated-row';

/**
 * Marks each table row whose cells are drawn exactly as an earlier row's of the same table, on the same stripe:
 * the same elements with the same classes, inline styles, roles and variants, and text where the other has text.
 * Such a row has the findings of the one it repeats, and axe checks the contrast of every text against what lies
 * behind it (most of its time): on the orders list, 100 rows of 30 elements, a check took 4.6–6.0 s of CPU, with
 * the first 25 rows 1.9–2.7 s. Every kind of row is still read, wherever it first shows (a partly paid order, a
 * genre's badge). Resolves to the rows marked.
 */
function markRepeatedRows(page: Page): Promise<number> {
  return page.evaluate((marker) => {
    let marked = 0;
    for (const body of document.querySelectorAll('tbody')) {
      const seen = new Set<string>();
      Array.from(body.children).forEach((row, index) => {
        const parts = [String(index % 2)];
        for (const element of row.querySelectorAll('*')) {
          parts.push(
            [
              element.tagName,
              element.getAttribute('class'),
              element.getAttribute('style'),
              element.getAttribute('role'),
              element.getAttribute('data-variant'),
              element.childElementCount === 0 && (element.textContent ?? '').trim() !== '',
            ].join('|'),
          );
        }
        const shape = parts.join(';');
        if (seen.has(shape)) {
          row.setAttribute(marker, '');
          marked++;
        } else seen.add(shape);
      });
    }
    return marked;
  }, REPEATED_ROW);
}

/**
 * The page's serious and critical axe findings against WCAG 2.1 A and AA, short enough to read in a failure.
 *
 * Legacy mode runs axe.run in the page itself: the default mode runs each frame's part in the page and then
 * finishes in a new blank page of the test's context, injecting axe's half megabyte of source twice, which took
 * half of each check's time on two cores. The app has no frames (the default exists for cross-origin ones), so
 * the findings are the same. Only violations are read, so axe keeps the nodes of no other result type.
 */
export async function seriousFindings(page: Page) {
  await transitionsEnded(page);
  const repeated = await markRepeatedRows(page);
  // options() replaces what withTags() set: it comes first.
  let check = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true);
  if (repeated > 0) check = check.exclude(`[${REPEATED_ROW}]`);
  const results = await check.analyze();
  if (repeated > 0)
    await page.evaluate((marker) => {
      for (const row of document.querySelectorAll(`[${marker}]`)) row.removeAttribute(marker);
    }, REPEATED_ROW);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes
        .slice(0, 5)
        .map((node) => `${node.target.join(' ')} — ${node.html.slice(0, 140)} — ${node.failureSummary ?? ''}`),
    }));
}

type Findings = Awaited<ReturnType<typeof seriousFindings>>;

/**
 * The findings of the page as it stands in the light and then in the dark scheme: one load, two checks (a test per
 * scheme loaded every page twice, a tenth of the browser suite's time). The app follows the system's scheme, so
 * switching the emulated one re-renders it in place; colour transitions are waited for (seriousFindings), so that
 * axe reads the scheme's own colours and not a blend. The page is left in the dark scheme.
 */
export async function seriousFindingsInBothSchemes(page: Page): Promise<Record<'light' | 'dark', Findings>> {
  const found: Record<'light' | 'dark', Findings> = { light: [], dark: [] };
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
    found[colorScheme] = await seriousFindings(page);
  }
  return found;
}

/** What a page without findings in either scheme gives `seriousFindingsInBothSchemes`. */
export const NO_FINDINGS = { light: [], dark: [] };
