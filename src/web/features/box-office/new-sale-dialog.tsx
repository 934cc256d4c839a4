import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { boxOfficeMessages } from './box-office-messages';
import { UnansweredCheckoutError } from './sale-errors';
import type { SaleState } from './sale-state';
import type { SaleCart } from './use-sale-cart';

/** Asks before a new sale abandons an unpaid cart, or leaves an online payment still under way. */
export function NewSaleDialog({
  confirm,
  abandon,
  onKeep,
  onStartOver,
  onAbandon,
}: {
  confirm: SaleState['confirmNewSale'];
  abandon: SaleCart['abandon'];
  onKeep: () => void;
  onStartOver: () => void;
  onAbandon: () => void;
}) {
  const t = useMessages(boxOfficeMessages);
  const tApp = useMessages(appMessages);
  return (
    <Dialog opened={confirm !== null} onClose={onKeep} title={t('newSale')} centered>
      {confirm === 'leavePayment' ? (
        <Stack gap="md">
          <Text>{t('leavePaymentConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onKeep} data-autofocus>
              {t('keepWaiting')}
            </Button>
            <Button onClick={onStartOver}>{t('startNewSale')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text>{t('newSaleConfirm')}</Text>
          {abandon.isError ? (
            <Alert color="red" variant="light" role="alert">
              {abandon.error instanceof UnansweredCheckoutError
                ? t('checkoutUnansweredFirst')
                : describeError(abandon.error, tApp)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onKeep}>
              {t('keep')}
            </Button>
            <Button color="red" onClick={onAbandon} loading={abandon.isPending} data-autofocus>
              {t('abandon')}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
