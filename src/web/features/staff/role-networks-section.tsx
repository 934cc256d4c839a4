import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { describeError } from '../../components/error-message';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { type Translate, useMessages } from '../../lib/i18n';
import { accessMessages } from './access-messages';
import { accessQueries, useSaveNetworks } from './access-queries';

/**
 * What the gateway refused of the networks it was sent, on the field: the entries it names by position
 * (`networks.<n>`), or their number. Null when the refusal is not the field's.
 */
function networksFieldError(
  error: unknown,
  sent: readonly string[],
  t: Translate<keyof typeof accessMessages.nl>,
): string | null {
  if (!isApiError(error) || error.kind !== 'validation') return null;
  const refused = Object.keys(error.fieldErrors)
    .map((field) => /^networks\.(\d+)$/.exec(field)?.[1])
    .filter((index) => index !== undefined)
    .map((index) => sent[Number(index)] ?? '?');
  if (refused.length > 0) return t('networksInvalid', { count: refused.length, list: refused.join(', ') });
  return error.fieldErrors.networks ? t('networksTooMany') : null;
}

/**
 * A role's address rules, beside its settings in the role dialog: the networks (CIDR) it may be used from, one
 * per line. Saved on its own: the gateway checks each request of the role's people against them.
 */
export function RoleNetworksSection({ roleId }: { roleId: number }) {
  const t = useMessages(accessMessages);
  const app = useMessages(appMessages);
  const titleId = useId();
  const stored = useQuery(accessQueries.networks(roleId));
  const save = useSaveNetworks(roleId);
  const [text, setText] = useState('');
  useEffect(() => {
    if (stored.data) setText(stored.data.networks.join('\n'));
  }, [stored.data]);
  const networks = text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const fieldError = save.isError ? networksFieldError(save.error, save.variables ?? [], t) : null;
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId} mt="lg" data-testid="role-networks">
      <Text fw={600} component="h3" size="md" id={titleId}>
        {t('networksTitle')}
      </Text>
      <Text size="sm" c="dimmed">
        {t('networksIntro')}
      </Text>
      <Textarea
        label={t('networks')}
        autosize
        minRows={2}
        spellCheck={false}
        autoComplete="off"
        placeholder={'192.0.2.0/24\n2001:db8::/32'}
        value={text}
        disabled={stored.isPending}
        onChange={(event) => {
          setText(event.currentTarget.value);
          // What was refused or saved is about the text before this edit.
          if (!save.isPending) save.reset();
        }}
        error={fieldError}
      />
      {save.isError && !fieldError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(save.error, app)}
        </Alert>
      ) : null}
      {save.isSuccess ? (
        <Text size="sm" role="status">
          {t('networksSaved')}
        </Text>
      ) : null}
      <Group>
        <Button variant="default" loading={save.isPending} onClick={() => save.mutate(networks)}>
          {t('networksSave')}
        </Button>
      </Group>
    </Stack>
  );
}
