import type { Page } from '@playwright/test';
import { DEMO, expect } from './support/fixtures';

/** Signs in through the app's own form, as a person would. */
export async function signInThroughForm(
  page: Page,
  credentials: { clientName: string; apiKey: string } = DEMO,
): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Aanmelden bij Foyer' })).toBeVisible();
  await page.getByLabel(/klantnaam/i).fill(credentials.clientName);
  await page.getByLabel(/api-sleutel/i).fill(credentials.apiKey);
  await page.getByRole('button', { name: 'Aanmelden' }).click();
}

/** The dashboard with at least one performance and its availability figures. */
export async function expectDashboard(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Overzicht' })).toBeVisible();
  await expect(page.getByTestId('performance-card').first()).toBeVisible();
  await expect(page.getByTestId('sold-of-capacity').first()).toContainText(/\d+ van [\d.]+ verkocht/);
}
