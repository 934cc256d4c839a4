import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { normalisedPairingCode, PAIRING_CODE_LENGTH, type Paired } from '@/contract/display';
import { isApiError } from '../../lib/api-error';
import { useMessages } from '../../lib/i18n';
import { pairScreen } from './display-api';
import { displayMessages } from './display-messages';

/** The device types the code the sales point showed; the gateway pairs it (a cookie of its own). */
export function PairForm({ onPaired, notice }: { onPaired: (paired: Paired) => void; notice?: string | undefined }) {
  const t = useMessages(displayMessages);
  const [code, setCode] = useState('');
  const pair = useMutation({ mutationFn: pairScreen, onSuccess: onPaired });
  const complete = normalisedPairingCode(code).length === PAIRING_CODE_LENGTH;
  const failure = pair.error
    ? isApiError(pair.error) && pair.error.kind === 'rateLimited'
      ? t('tooMany')
      : isApiError(pair.error) && pair.error.kind === 'validation'
        ? // The code is the only thing the device sends: a refusal of it is the code's.
          t('codeUnknown')
        : t('pairFailed')
    : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete) pair.mutate(code);
  };
  return (
    <form className="foyer-display-centre foyer-display-pair" onSubmit={submit} noValidate>
      <Stack>
        <Title order={1}>{t('pairTitle')}</Title>
        {notice ? (
          <Alert color="yellow" variant="light">
            {notice}
          </Alert>
        ) : null}
        <Text className="foyer-display-detail">{t('pairIntro')}</Text>
        <TextInput
          label={t('code')}
          description={t('codeHint')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={failure}
          size="xl"
          autoFocus
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          data-testid="display-code"
        />
        <Button type="submit" size="xl" disabled={!complete} loading={pair.isPending} data-testid="display-pair">
          {t('pair')}
        </Button>
      </Stack>
    </form>
  );
}
