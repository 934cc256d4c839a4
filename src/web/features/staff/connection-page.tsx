import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { apiKeyChangeSchema } from '@/contract/connection';
import { describeError } from '../../components/error-message';
import { EmptyState, ErrorState } from '../../components/page-states';
import { PasswordField } from '../../components/password-field';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { localServerError, localServerMessage } from './server-messages';
import { staffMessages } from './staff-messages';
import { useReplaceKey } from './staff-mutations';
import { staffQueries } from './staff-queries';

/**
 * `/staff/connection`: which client the organisation is, when its API key was last replaced and by whom, and
 * a way to replace the key. The key is never shown: the gateway checks a new one with the service, seals it,
 * and only the forwarder ever opens it.
 */
export function ConnectionPage() {
  const t = useMessages(staffMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const connection = useQuery(staffQueries.connection());
  const replace = useReplaceKey();
  const form = useForm<{ apiKey: string }>({
    resolver: localizedResolver(apiKeyChangeSchema, (message) => localServerMessage(message, t)),
    defaultValues: { apiKey: '' },
  });
  const submit = form.handleSubmit((values) =>
    replace.mutate(values.apiKey.trim(), {
      // The key leaves the page's memory as soon as it is saved.
      onSuccess: () => form.reset({ apiKey: '' }),
      onError: (error) => applyServerFieldErrors(localServerError(error, t), ['apiKey'], form.setError),
    }),
  );
  const unplaced = replace.isError && !(isApiError(replace.error) && Object.keys(replace.error.fieldErrors).length > 0);
  const data = connection.data;

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>{t('connectionTitle')}</Title>
        <Text c="dimmed" size="sm">
          {t('connectionIntro')}
        </Text>
      </Stack>
      {connection.isPending ? <Skeleton h={96} radius="md" /> : null}
      {connection.isError ? <ErrorState error={connection.error} onRetry={() => void connection.refetch()} /> : null}
      {connection.isSuccess && data === null ? <EmptyState title={t('noConnection')} /> : null}
      {data ? (
        <Paper withBorder radius="md" p="lg">
          <dl className="foyer-staff-facts" data-testid="connection-facts">
            <dt>{t('clientName')}</dt>
            <dd>
              <Text ff="monospace" fw={600} span>
                {data.clientName}
              </Text>
            </dd>
            <dt>{t('keyChanged')}</dt>
            <dd data-testid="key-changed">
              {data.keyChangedBy
                ? t('keyChangedBy', { date: formatDateTime(data.keyChangedAt, locale), name: data.keyChangedBy })
                : t('keyChangedAtSetup', { date: formatDateTime(data.keyChangedAt, locale) })}
            </dd>
          </dl>
        </Paper>
      ) : null}
      {data ? (
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="replace-key-title">
          <form
            onSubmit={(event) => {
              void submit(event);
            }}
            noValidate
          >
            <Stack gap="md" maw={480}>
              <Title order={2} size="h3" id="replace-key-title">
                {t('replaceTitle')}
              </Title>
              <Text size="sm">{t('replaceIntro')}</Text>
              {replace.isSuccess ? (
                <Alert color="green" variant="light" role="status">
                  {t('replaced')}
                </Alert>
              ) : null}
              {unplaced ? (
                <Alert color="red" variant="light" role="alert">
                  {describeError(localServerError(replace.error, t), app)}
                </Alert>
              ) : null}
              {/* For password managers: whose key this is, so they do not offer a staff password here. */}
              <input type="text" name="username" autoComplete="username" value={data.clientName} readOnly hidden />
              <PasswordField
                label={t('apiKey')}
                autoComplete="new-password"
                spellCheck={false}
                required
                error={form.formState.errors.apiKey?.message}
                {...form.register('apiKey')}
              />
              <Group>
                <Button type="submit" loading={replace.isPending}>
                  {t('replace')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      ) : null}
    </Stack>
  );
}
