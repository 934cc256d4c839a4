import { horizontalOverflow } from './app-pages';
import { seriousFindings } from './support/axe';
import { createPair, pairKey as row, scanUntilQueued, signInAsMarketingOnceSynced } from './support/duplicates';
import { BOX_OFFICE, expect, MARKETING, signInByApi, test } from './support/fixtures';

/**
 * The duplicate review queue (issue 30, item 6) against the real server: two pairs created through the API,
 * found by the gateway's scan, one marked not the same and one merged from the page; the box office has no queue.
 */
const API = `/api/v1/${MARKETING.clientName}`;

test('marketing marks one pair not the same and merges another; the queue has no serious axe findings', async ({
  page,
  baseURL,
  origin,
}) => {
  test.setTimeout(660_000);
  await signInAsMarketingOnceSynced(page.request, baseURL);
  const run = Date.now().toString(36);
  const digits = String(Date.now()).slice(-8);
  const kept = await createPair(page.request, origin, `keep${run}`, digits);
  const apart = await createPair(page.request, origin, `apart${run}`, String(Number(digits) + 1).padStart(8, '0'));
  await scanUntilQueued(page.request, origin, [kept, apart]);

  await page.goto('/customers/duplicates?reason=phone');
  await expect(page.getByRole('heading', { level: 1, name: 'Dubbele klanten' })).toBeVisible();
  await expect(page.getByText('Bestellingen kunnen via de interface niet')).toBeVisible();
  const apartRow = page.locator(`[data-pair="${row(apart)}"]`);
  const keptRow = page.locator(`[data-pair="${row(kept)}"]`);
  await expect(apartRow).toBeVisible();
  await expect(keptRow).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);

  // Not the same: select the row, press n.
  await apartRow.click();
  await expect(apartRow).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('n');
  await expect(apartRow).toHaveCount(0);

  // Same: select the other, keep the record made first, see what is copied, press m and confirm.
  await keptRow.click();
  const compare = page.getByTestId('pair-compare');
  await compare.getByText(`Record ${kept.first} bewaren`).click();
  await expect(compare.locator('[data-copied]')).toHaveCount(2);
  await page.keyboard.press('m');
  const dialog = page.getByRole('dialog', { name: 'Klanten samenvoegen' });
  await expect(dialog.getByText('Bestellingen kunnen via de interface niet')).toBeVisible();
  expect(await seriousFindings(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Samenvoegen' }).click();
  await expect(dialog).toBeHidden();
  await expect(keptRow).toHaveCount(0);

  const customer = await page.request.get(`${API}/partner/customer/${kept.first}`);
  expect(await customer.json()).toMatchObject({ customerCity: 'Utrecht', customerAddress: 'Oudegracht 1' });
});

test('the box office cannot see the duplicate queue', async ({ page, baseURL }) => {
  expect((await signInByApi(page.request, baseURL ?? '', BOX_OFFICE)).status()).toBe(200);
  expect((await page.request.get('/api/duplicates')).status()).toBe(403);
  await page.goto('/customers/duplicates');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('duplicate-queue')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Dubbele klanten' })).toHaveCount(0);
});

test('on a 390-px phone the queue and the selected pair side by side fit the screen', async ({
  page,
  baseURL,
  origin,
}) => {
  // CI found the page 139 px wider than a phone once earlier tests had left pairs in the queue: long addresses in
  // the queue's rows and the comparison's two columns. This test makes its own pair, with long addresses.
  test.setTimeout(660_000);
  await signInAsMarketingOnceSynced(page.request, baseURL);
  const digits = `9${String(Date.now()).slice(-7)}`;
  const pair = await createPair(page.request, origin, `phonelayout${Date.now().toString(36)}`, digits);
  await scanUntilQueued(page.request, origin, [pair]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/customers/duplicates?reason=phone');
  const pairRow = page.locator(`[data-pair="${row(pair)}"]`);
  await pairRow.click();
  await expect(pairRow).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('pair-compare').getByText(`Record ${pair.first} bewaren`)).toBeVisible();
  // The tap opens the comparison where it is, below the queue (the tap seemed to do nothing), and its choice of
  // the record to keep is whole ("Record 9883 be…").
  await expect(page.getByRole('button', { name: /^Samenvoegen/ })).toBeInViewport();
  for (const label of await page.getByTestId('pair-compare').locator('.mantine-SegmentedControl-label').all()) {
    expect(await label.evaluate((node) => node.scrollWidth - node.clientWidth)).toBeLessThanOrEqual(0);
    const box = await label.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  // A field to be copied is marked by its cell's colour: no badge in a phone's narrow column (it broke it inside its
  // words, "WOR/DT/OVER/GENO/MEN"); a screen reader still hears it.
  await expect(page.locator('[data-testid=will-copy].mantine-Badge-root')).toHaveCount(0);
  await expect
    .poll(() => horizontalOverflow(page), { message: 'sideways overflow on /customers/duplicates' })
    .toEqual({ header: 0, page: 0 });
  // Words stay whole: a column header is not broken ("Reden/en"), a reason badge is not cut ("ZELF…"), and no
  // keyboard keys are offered on a phone (a walkthrough saw all three).
  const queue = page.getByTestId('duplicate-queue');
  for (const header of await queue.locator('th').all()) {
    const broken = await header.evaluate((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const words = (cell.textContent ?? '').trim().split(/\s+/).length;
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > words;
    });
    expect(broken, `header "${await header.textContent()}" broken inside a word`).toBe(false);
  }
  const badgeLabel = pairRow.locator('.mantine-Badge-label').first();
  expect(await badgeLabel.evaluate((label) => label.scrollWidth - label.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByText(/^Toetsen:|j\/k/)).toBeHidden();
});
