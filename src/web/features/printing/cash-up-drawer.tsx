import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { printingMessages } from './printing-messages';
import { printingQueries, useOpenDrawer } from './printing-queries';

/**
 * At cash-up: opens the sales point's cash drawer to count it (the opening counts in the Z-report). Nothing
 * when the seller's shift is at no sales point with a drawer.
 */
/** Focuses `element` when the focus fell to the page, never away from where the person went meanwhile. */
function focusIfDropped(element: HTMLElement | null): void {
  const active = document.activeElement;
  if (active === null || active === document.body) element?.focus();
}

export function CashUpDrawerButton() {
  const t = useMessages(printingMessages);
  const app = useMessages(appMessages);
  const status = useQuery(printingQueries.status());
  const openDrawer = useOpenDrawer();
  // Disabled while it works, the button let the focus fall to the page: it takes it back.
  const buttonRef = useRef<HTMLButtonElement>(null);
  if (!status.data?.salesPoint?.cashDrawer) return null;
  return (
    <Group gap="sm">
      <Button
        variant="default"
        onClick={() =>
          openDrawer.mutate(
            { reason: 'cash-up' },
            // Only when nothing else took the focus meanwhile (a count field clicked into).
            { onSettled: () => window.setTimeout(() => focusIfDropped(buttonRef.current), 0) },
          )
        }
        ref={buttonRef}
        loading={openDrawer.isPending}
        data-testid="cash-up-drawer"
      >
        {t('cashUpDrawer')}
      </Button>
      {openDrawer.isSuccess ? (
        <Text size="sm" role="status">
          {t('drawerOpened')}
        </Text>
      ) : null}
      {openDrawer.isError ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {describeError(openDrawer.error, app)}
        </Text>
      ) : null}
    </Group>
  );
}
