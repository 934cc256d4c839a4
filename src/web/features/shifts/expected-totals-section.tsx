import { SimpleGrid, Text } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import type { ShiftDetail } from '@/contract/shift';
import { SectionCard } from '../../components/section-card';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf } from '../../lib/money';
import { MethodTotalsTable } from './shift-tables';
import { shiftsMessages } from './shifts-messages';
import { EXPECTED_HEADING_ID } from './use-close-shift-form';

/** What the drawer and the terminal should hold at the close, and the other methods' totals beside them. */
export function ExpectedTotalsSection({ detail }: { detail: ShiftDetail }) {
  const t = useMessages(shiftsMessages);
  const { locale } = useLocale();
  const { shift, totals } = detail;
  const money = (cents: number) => formatMoney(eurosOf(cents), locale);
  const cashSales = totals.expected.cashCents - shift.openingFloatCents;
  return (
    <SectionCard id={EXPECTED_HEADING_ID} title={t('expectedTitle')} focusable>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" mb="md">
        <div data-testid="expected-cash">
          <Text size="xs" c="dimmed" fw={500}>
            {t('expectedCash')}
          </Text>
          <Text size="xl" fw={700} className="foyer-tabular">
            {money(totals.expected.cashCents)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('expectedCashDetail', { float: money(shift.openingFloatCents), sales: money(cashSales) })}
          </Text>
        </div>
        <div data-testid="expected-card">
          <Text size="xs" c="dimmed" fw={500}>
            {t('expectedCard')}
          </Text>
          <Text size="xl" fw={700} className="foyer-tabular">
            {money(totals.expected.cardCents)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={500}>
            {t('expectedOther')}
          </Text>
          <Text size="xl" fw={700} className="foyer-tabular">
            {money(totals.expected.onlineCents + totals.expected.otherCents)}
          </Text>
        </div>
      </SimpleGrid>
      <MethodTotalsTable totals={totals} caption={t('totalsTitle')} />
    </SectionCard>
  );
}
