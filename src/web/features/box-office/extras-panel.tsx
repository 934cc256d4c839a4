import { Button, Group, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eventQueries } from '../../lib/queries/event-queries';
import type { CartAddItem } from '../../lib/schemas/partner-cart';
import { boxOfficeMessages } from './box-office-messages';
import { donationItem, goodsItem, parseAmount } from './cart-model';
import { goodsKindOf } from './performances';
import { rankPricesOf } from './quantity-tickets';
import { MAX_QUANTITY } from './sale-keys';

/**
 * Donations by amount, and gift vouchers and products (events of those types) as items. Each form adds
 * on its own; an error of the service appears beside the form that caused it.
 */
export function ExtrasPanel({
  onAdd,
  pending,
  errorFor,
}: {
  onAdd: (items: CartAddItem[], source: 'donation' | 'goods') => void;
  pending: boolean;
  errorFor: (source: 'donation' | 'goods') => string | null;
}) {
  const t = useMessages(boxOfficeMessages);
  const { locale } = useLocale();
  const [donation, setDonation] = useState('');
  const [donationInvalid, setDonationInvalid] = useState(false);
  const events = useQuery(eventQueries.everyDate());
  const goods = useMemo(
    () =>
      (events.data ?? []).flatMap((event) => {
        const kind = goodsKindOf(event);
        if (!kind) return [];
        return rankPricesOf(event).map((price) => ({ event, kind, price, value: `${event.eventId}:${price.priceId}` }));
      }),
    [events.data],
  );
  const [goodsValue, setGoodsValue] = useState('');
  const [goodsQuantity, setGoodsQuantity] = useState(1);
  const chosenGoods = goods.find((entry) => entry.value === goodsValue) ?? goods[0];

  const addDonation = (submit: FormEvent) => {
    submit.preventDefault();
    const amount = parseAmount(donation);
    setDonationInvalid(amount === null);
    if (amount === null) return;
    onAdd([donationItem(amount)], 'donation');
    setDonation('');
  };

  const addGoods = (submit: FormEvent) => {
    submit.preventDefault();
    if (!chosenGoods) return;
    onAdd([goodsItem(chosenGoods.event.eventId, chosenGoods.price, goodsQuantity, chosenGoods.kind)], 'goods');
  };

  return (
    <Stack gap="md">
      <form onSubmit={addDonation} noValidate>
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label={t('donationAmount')}
            value={donation}
            onChange={(change) => {
              setDonation(change.currentTarget.value);
              setDonationInvalid(false);
            }}
            inputMode="decimal"
            leftSection="€"
            error={donationInvalid ? t('donationInvalid') : errorFor('donation')}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" mt={25} disabled={pending}>
            {t('addDonation')}
          </Button>
        </Group>
      </form>
      <form onSubmit={addGoods} noValidate>
        {events.isSuccess && goods.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noGoods')}
          </Text>
        ) : (
          // Wraps on a phone: the list of goods needs its width to be readable.
          <Group align="flex-start" gap="sm">
            <NativeSelect
              label={t('goods')}
              value={chosenGoods?.value ?? ''}
              onChange={(change) => setGoodsValue(change.currentTarget.value)}
              data={goods.map((entry) => ({
                value: entry.value,
                label: `${entry.event.eventName} · ${entry.price.name} · ${formatMoney(entry.price.amount, locale)}`,
              }))}
              disabled={!events.isSuccess}
              error={errorFor('goods')}
              style={{ flex: '1 1 16rem' }}
            />
            <NumberInput
              label={t('goodsQuantity')}
              value={goodsQuantity}
              onChange={(value) => setGoodsQuantity(typeof value === 'number' ? value : Number(value) || 1)}
              min={1}
              max={MAX_QUANTITY}
              clampBehavior="strict"
              allowDecimal={false}
              allowNegative={false}
              w={90}
            />
            <Button type="submit" variant="default" mt={25} disabled={pending || !chosenGoods}>
              {t('addGoods')}
            </Button>
          </Group>
        )}
      </form>
    </Stack>
  );
}
