import { Button, Group, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMessages } from '../../lib/i18n';
import type { OrderExport } from '../../lib/schemas/order';
import { seedOrderCache } from './order-cache';
import { orderRefPath, parseOrderRef } from './order-ref';
import { ordersMessages } from './orders-messages';

/**
 * "Open order": a number goes straight to the order page; a key is first looked up among the rows on
 * screen, and otherwise handed to the key page, which finds it.
 */
export function OrderJump({ rowsOnScreen }: { rowsOnScreen: readonly OrderExport[] }) {
  const t = useMessages(ordersMessages);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const ref = parseOrderRef(text);
    if (!ref) {
      setError(t('jumpInvalid'));
      return;
    }
    setError(null);
    const onScreen =
      ref.kind === 'key'
        ? rowsOnScreen.find((row) => row.orderKey === ref.key)
        : rowsOnScreen.find((row) => row.orderId === ref.id);
    if (onScreen) {
      seedOrderCache(queryClient, onScreen);
      void navigate(`/orders/${onScreen.orderId}`);
      return;
    }
    void navigate(orderRefPath(ref));
  };

  return (
    <form onSubmit={submit} aria-label={t('jumpLabel')}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={t('jumpLabel')}
          placeholder={t('jumpPlaceholder')}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          size="sm"
          // 300 px where there is room; on a phone it shrinks so the button stays on screen.
          miw={0}
          style={{ flex: '0 1 300px' }}
          autoComplete="off"
          spellCheck={false}
          data-testid="order-jump"
        />
        {/* Not shrunk (Mantine's button clips its label): the input gives way instead. */}
        <Button type="submit" size="sm" mt={24} style={{ flexShrink: 0 }}>
          {t('jumpButton')}
        </Button>
      </Group>
    </form>
  );
}
