import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { privacyMessages } from './privacy-messages';
import { useAnonymise } from './privacy-queries';

/** What anonymising erases and keeps, said before anyone confirms. */
export function ErasedAndKept() {
  const t = useMessages(privacyMessages);
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('erasedTitle')}
      </Title>
      <Text size="sm">{t('erased')}</Text>
      <Title order={3} size="h5">
        {t('keptTitle')}
      </Title>
      <Text size="sm">{t('kept')}</Text>
    </Stack>
  );
}

/**
 * Anonymises the customer once the person typed their email address: the customer on the screen is the one
 * erased (the gateway checks the same).
 */
export function AnonymiseDialog({
  customerId,
  email,
  onClose,
  onAnonymised,
}: {
  customerId: number;
  email: string;
  onClose: () => void;
  onAnonymised: () => void;
}) {
  const t = useMessages(privacyMessages);
  const tApp = useMessages(appMessages);
  const [typed, setTyped] = useState('');
  const anonymise = useAnonymise(customerId, onAnonymised);
  const matches = typed.trim().toLowerCase() === email.trim().toLowerCase();

  const submit = () => {
    if (!matches) return;
    anonymise.mutate(typed, {
      onSuccess: (outcome) => {
        void notify({
          color: 'teal',
          message: t('anonymiseDone', {
            fields: outcome.fieldsCleared.length,
            tags: outcome.tagsRemoved,
            notes: outcome.notesDeleted,
            flags: outcome.flagsRemoved ?? 0,
            orders: outcome.ordersKept,
          }),
        });
        onClose();
      },
    });
  };

  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('dialogTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <ErasedAndKept />
          <Alert color="red" variant="light">
            {t('irreversible')}
          </Alert>
          <TextInput
            label={t('confirmLabel')}
            description={t('confirmHint', { email })}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
            data-testid="anonymise-confirmation"
          />
          {anonymise.isError ? (
            <Alert color="red" role="alert">
              {describeError(anonymise.error, tApp)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red.9" disabled={!matches} loading={anonymise.isPending}>
              {t('confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
