import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNNAMED_CUSTOM_FIELDS } from '@/contract/custom-fields';
import type { StoryPage } from '@/contract/customer-story';
import { sessionKey } from '@/web/lib/session';
import { renderWithApp } from '@/web/testing/render';
import { CustomerStorySection } from './customer-story-section';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const marketing = { name: 'Mila Marketing', email: 'marketing@demo.test' };

/** A story of two tag changes: one by hand, one by a segment's automatic tag that Mila set up. */
const story: StoryPage = {
  customerId: 7,
  next: null,
  totals: null,
  items: [
    {
      kind: 'edit',
      at: '2026-11-30T11:00:00+01:00',
      key: 'audit-3',
      person: marketing,
      changes: [{ field: 'customerCredit', old: '12.50', new: '-5.00' }],
      erased: false,
    },
    {
      kind: 'tags',
      at: '2026-11-30T10:00:00+01:00',
      key: 'audit-2',
      person: marketing,
      added: ['Docent'],
      removed: [],
      automatic: { segmentId: 4, segmentName: 'Docenten' },
      erased: false,
    },
    {
      kind: 'order',
      at: '2026-11-29T13:00:00+01:00',
      key: 'order-12',
      orderId: 12,
      orderKey: 'key-12',
      channel: 'www',
      orderStatus: 'ord',
      paymentStatus: 'pending',
      paymentMethod: 'iDEAL',
      amountCents: 8600,
      seats: [],
    },
    {
      kind: 'waiting-list',
      at: '2026-11-29T12:00:00+01:00',
      key: 'waiting-9',
      waitingId: 9,
      event: { eventId: 3, name: 'Hamlet', start: null },
      numberOfTickets: 2,
      type: 'cancelled',
      notifiedAt: null,
    },
    {
      kind: 'tags',
      at: '2026-11-29T10:00:00+01:00',
      key: 'audit-1',
      person: marketing,
      added: ['Student'],
      removed: [],
      automatic: null,
      erased: false,
    },
  ],
};

function renderStory() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/api/customers/7/story')) return json(story);
      if (url.endsWith('/api/customer-flags')) return json({ data: [] });
      if (url.endsWith('/api/custom-fields')) return json(UNNAMED_CUSTOM_FIELDS);
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, { clientName: 'demo', permissions: ['customers:read'] });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <CustomerStorySection customerId={7} />
    </QueryClientProvider>,
  );
}

describe('CustomerStorySection', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // Found in a walkthrough: a tag the segment kept read "Labels gewijzigd door Mila Marketing", who never set it.
  it('tells a segment’s automatic tag as the segment’s, with who set it up beneath; a tag by hand as the person’s', async () => {
    renderStory();
    expect(await screen.findByText('Labels gewijzigd door segment ‘Docenten’', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('story-auto-tag').textContent).toContain(
      'Automatisch label, ingesteld door Mila Marketing',
    );
    expect(screen.getByRole('link', { name: 'Segment openen' }).getAttribute('href')).toBe('/customers/segments/4');
    expect(screen.getByText('Labels gewijzigd door Mila Marketing')).toBeTruthy();
    expect(screen.getAllByTestId('story-auto-tag')).toHaveLength(1);
  });

  // Found in a walkthrough: the story's figures left out an order in "In behandeling", which the story did not say.
  it('says an order whose payment is not made yet, which the figures leave out', async () => {
    renderStory();
    const order = await screen.findByTestId('story-order', {}, { timeout: 5000 });
    expect(order.textContent?.replace(/\s+/g, ' ')).toContain('Webshop · Besteld · € 86,00 · In behandeling');
  });

  // Found in a walkthrough: "2 tickets · cancelled" on a Dutch screen.
  it('names a waiting-list entry’s state in words, as the waiting list does', async () => {
    renderStory();
    const entry = await screen.findByText(/· Afgemeld$/, {}, { timeout: 5000 });
    expect(entry.textContent).toBe('2 kaarten · Afgemeld');
  });

  // Found in a walkthrough: "tegoed: 12.50 → -5.00", where the page shows "€ 12,50".
  it('shows a change of the credit as money', async () => {
    renderStory();
    const change = await screen.findByText(/^tegoed:/, {}, { timeout: 5000 });
    expect(change.textContent?.replace(/\s+/g, ' ')).toBe('tegoed: € 12,50 → € -5,00');
  });
});
