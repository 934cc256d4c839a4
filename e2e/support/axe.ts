import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The page's serious and critical axe findings against WCAG 2.1 A and AA, short enough to read in a failure. */
export async function seriousFindings(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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
