import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { ShiftSummary } from '@/contract/shift';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { eurosOf } from '../../lib/money';
import { notify } from '../../lib/notify';
import { useSignOffShift } from './shift-queries';
import { shiftsMessages } from './shifts-messages';

/** The reviewer confirms the cash-up of a closed shift, with an optional note; nothing changes after it. */
export function SignOffDialog({ shift, onClose }: { shift: ShiftSummary; onClose: () => void }) {
  const t = useMessages(shiftsMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const [note, setNote] = useState('');
  const signOff = useSignOffShift(shift.id);
  const difference = formatMoney(eurosOf(shift.differenceCents ?? 0), locale);
  const submit = () =>
    signOff.mutate(note, {
      onSuccess: () => {
        void notify({ color: 'green', message: t('signOffDone', { id: shift.id }) });
        onClose();
      },
    });
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('signOffTitle', { id: shift.id })}
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        data-testid="sign-off-form"
      >
        <Stack gap="md">
          <Text size="sm">{t('signOffIntro', { difference })}</Text>
          {signOff.isError ? (
            <Alert color="red" variant="light" role="alert">
              {describeError(signOff.error, app)}
            </Alert>
          ) : null}
          <Textarea
            label={t('signOffNote')}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
          />
          <Group gap="sm">
            <Button type="submit" loading={signOff.isPending} data-testid="sign-off-submit">
              {t('signOff')}
            </Button>
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
