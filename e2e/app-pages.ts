import type { Page } from '@playwright/test';
import { DEMO, type DemoAccount, expect } from './support/fixtures';

/** Signs in through the app's own form, as a person would. */
export async function signInThroughForm(
  page: Page,
  account: Pick<DemoAccount, 'email' | 'password'> = DEMO,
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Aanmelden bij Foyer' })).toBeVisible();
  await page.getByLabel('E-mailadres').fill(account.email);
  await page.getByLabel(/^Wachtwoord/).fill(account.password);
  await page.getByRole('button', { name: 'Aanmelden', exact: true }).click();
}

/** The dashboard with at least one performance and its availability figures. */
export async function expectDashboard(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Overzicht' })).toBeVisible();
  await expect(page.getByTestId('performance-card').first()).toBeVisible();
  await expect(page.getByTestId('sold-of-capacity').first()).toContainText(/\d+ van [\d.]+ bezet/);
}

/** How far the header and the page scroll sideways: 0 when everything fits the width. */
export function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const header = document.querySelector('.foyer-shell-header');
    const root = document.documentElement;
    return {
      header: header ? header.scrollWidth - header.clientWidth : null,
      page: root.scrollWidth - root.clientWidth,
    };
  });
}
