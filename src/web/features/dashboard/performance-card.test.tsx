import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PartnerEvent } from '@/web/lib/schemas/partner-event';
import { renderWithApp } from '@/web/testing/render';
import { dashboardRange, lastDashboardDay } from './dashboard-range';
import { PerformanceCard } from './performance-card';

const event: PartnerEvent = {
  eventId: 7,
  productionId: 3,
  eventName: 'Diner & Theater: De Gebroeders Grimm op de Parade',
  eventType: 'event',
  eventTags: [],
  start: '2026-12-13T20:15:00+01:00',
  end: null,
  hallId: 1,
  prices: [],
  availability: [{ rankId: 1, rankName: 'Normaal', capacity: 400, available: 312 }],
  blockAvailability: [
    { blockType: 'press', blockName: 'Pers', count: 30 },
    { blockType: 'wheel', blockName: 'Rolstoel', count: 10 },
  ],
};

function renderCard(shown: PartnerEvent = event) {
  renderWithApp(
    <QueryClientProvider client={new QueryClient()}>
      <PerformanceCard event={shown} hallName="Grote zaal" availability={{ status: 'loaded', event: shown }} showDay />
    </QueryClientProvider>,
  );
}

describe('PerformanceCard', () => {
  it('names the blocked seats beside the free ones: sold, free and blocked add up to the capacity', () => {
    renderCard();
    // 400 places: 312 free, 40 blocked, so 48 sold (a walkthrough could not make 48 + 312 come to 400).
    expect(screen.getByTestId('sold-of-capacity')).toHaveTextContent('48 van 400 bezet');
    expect(screen.getByText('312 vrij')).toBeInTheDocument();
    expect(screen.getByTestId('blocked-seats')).toHaveTextContent('40 geblokkeerd');
    expect(screen.getByTestId('blocked-seats')).toHaveAttribute('title', 'Pers 30, Rolstoel 10');
  });

  // Found in a walkthrough: a combi's capacity is a number set to let it sell, and its card said "0 %".
  it('says of a combi only how many were sold: no share of a capacity that is not one', () => {
    renderCard({
      ...event,
      eventType: 'combi',
      availability: [{ rankId: 1, rankName: 'Combi', capacity: 99_999, available: 99_987 }],
      blockAvailability: [],
    });
    expect(screen.getByTestId('sold-count')).toHaveTextContent('Bezet: 12');
    expect(screen.queryByText(/%/)).toBeNull();
    expect(screen.queryByText(/vrij/)).toBeNull();
  });
});

describe('dashboardRange', () => {
  it('is fourteen days with today, and its labels name the last of them', () => {
    const now = new Date(2026, 11, 2, 9, 30);
    expect(dashboardRange(now)).toEqual({ startDate: '2026-12-02', endDate: '2026-12-15' });
    expect(lastDashboardDay(now).getDate()).toBe(15);
  });
});
