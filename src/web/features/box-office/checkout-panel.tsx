import { Alert, Button, Group, Radio, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Radio.css';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { describeError } from '../../components/error-message';
import { ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { toCents } from '../../lib/money';
import type { PaymentMethod } from '../../lib/schemas/payment-method';
import { boxOfficeMessages } from './box-office-messages';
import { totalWithFee } from './cart-model';
import { cartQueries } from './cart-queries';
import { takesCash } from './cash-change';
import { CashTendered } from './cash-tendered';

/**
 * Checkout: who buys (the customer picker), how they pay (each method with its fee and the total
 * including it; 1–9 choose), and the one button that makes the order. While the request runs the
 * button is disabled; the service's checkout is idempotent per cart besides (DESIGN.md decision 7).
 */
export function CheckoutPanel({
  cartAmount,
  customerSlot,
  customerChosen,
  held = false,
  methodId,
  onMethodChange,
  tenderedCents,
  short,
  onTenderedChange,
  onPay,
  onBack,
  pending,
  error,
  notice,
  unanswered = false,
}: {
  cartAmount: number;
  customerSlot: ReactNode;
  customerChosen: boolean;
  /** The buyer's flags hold the sale until the seller confirms (their alert says so). */
  held?: boolean;
  methodId: number | null;
  onMethodChange: (methodId: number) => void;
  /** Cash handed over, in cents (null: exact); asked only when the method is cash. */
  tenderedCents: number | null;
  /** Less cash handed over than the total: pay is off (the cash field says why). */
  short: boolean;
  onTenderedChange: (cents: number | null) => void;
  onPay: () => void;
  onBack: () => void;
  pending: boolean;
  error: unknown;
  /** Said just above the pay button (no shift open). */
  notice?: ReactNode;
  /**
   * The last checkout got no answer: the method is the one it was sent with, and paying sends it again (the page's
   * alert says why).
   */
  unanswered?: boolean;
}) {
  const t = useMessages(boxOfficeMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const methods = useQuery(cartQueries.paymentMethods());
  const method = methods.data?.find((entry) => entry.paymentMethodId === methodId);
  const toPay = totalWithFee(cartAmount, method?.fee ?? 0);
  const cash = takesCash(method);
  const fieldErrors = isApiError(error) ? error.fieldErrors : {};
  const customerError = fieldErrors.customerId?.join(' ');
  const methodError = fieldErrors.paymentMethodId?.join(' ');
  const generalError = error && !customerError && !methodError ? describeError(error, tApp) : null;
  // What the seller must read before paying (the cash field's "€ 9,00 short", the change, a refusal) ends at the
  // pay button: kept in view as it changes. At 1366 × 768 the message lay under the window's edge, unscrolled.
  const payRef = useRef<HTMLButtonElement>(null);
  const refused = Boolean(generalError);
  useEffect(() => {
    if (tenderedCents !== null || refused) payRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [tenderedCents, refused]);

  return (
    <Stack gap="md" component="section" aria-labelledby="checkout-title" data-testid="checkout-panel">
      <Group justify="space-between">
        <Title order={2} size="h4" id="checkout-title">
          {t('checkout')}
        </Title>
        <Button variant="subtle" size="xs" onClick={onBack} disabled={pending || unanswered}>
          {t('backToSale')}
        </Button>
      </Group>
      <div>
        {customerSlot}
        {customerError ? (
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {customerError}
          </Text>
        ) : null}
      </div>
      {methods.isError ? (
        <ErrorState error={methods.error} onRetry={() => void methods.refetch()} />
      ) : methods.data && methods.data.length === 0 ? (
        <Text c="dimmed">{t('noPaymentMethods')}</Text>
      ) : (
        <Radio.Group
          label={t('paymentMethod')}
          value={methodId === null ? null : String(methodId)}
          onChange={(value) => onMethodChange(Number(value))}
          error={methodError}
        >
          <Stack gap={6} mt={6}>
            {(methods.data ?? []).map((entry: PaymentMethod, index) => (
              <Radio
                key={entry.paymentMethodId}
                value={String(entry.paymentMethodId)}
                disabled={pending || unanswered}
                aria-keyshortcuts={index < 9 ? String(index + 1) : undefined}
                label={
                  <Group gap="xs" wrap="nowrap">
                    {index < 9 ? <kbd aria-hidden>{index + 1}</kbd> : null}
                    <span>{entry.name}</span>
                    <Text span size="sm" c="dimmed">
                      {entry.fee > 0 ? t('fee', { amount: formatMoney(entry.fee, locale) }) : t('noFee')}
                    </Text>
                  </Group>
                }
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Group justify="space-between" align="baseline">
        <Text fw={600}>{t('totalWithFee')}</Text>
        <Text fw={700} size="xl" data-testid="checkout-total">
          {formatMoney(toPay, locale)}
        </Text>
      </Group>
      {cash ? (
        <CashTendered
          totalCents={toCents(toPay)}
          tenderedCents={tenderedCents}
          onChange={onTenderedChange}
          onPay={onPay}
          disabled={pending}
        />
      ) : null}
      {notice}
      {generalError ? (
        <Alert color="red" variant="light" role="alert">
          {generalError}
        </Alert>
      ) : null}
      <Button
        ref={payRef}
        size="md"
        onClick={onPay}
        loading={pending}
        disabled={pending || (!unanswered && (!customerChosen || held || !method || short))}
        data-testid="pay-button"
      >
        {pending ? t('paying') : unanswered ? t('retryCheckout') : t('pay', { amount: formatMoney(toPay, locale) })}
      </Button>
      {!customerChosen ? (
        <Text size="sm" c="dimmed">
          {t('customerMissing')}
        </Text>
      ) : !method ? (
        <Text size="sm" c="dimmed">
          {t('paymentMethodMissing')}
        </Text>
      ) : null}
    </Stack>
  );
}
