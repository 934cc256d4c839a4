import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  type CustomerFlag,
  FLAG_LABEL_MAX_LENGTH,
  FLAG_SEVERITIES,
  type FlagSeverity,
  newFlagBodySchema,
} from '@/contract/customer-notes';
import { describeError } from '../../components/error-message';
import { ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { useContractMessage } from '../../lib/contract-messages';
import { useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { customerNotesMessages } from './customer-notes-messages';
import { customerNotesQueries, useFlagListMutations } from './customer-notes-queries';
import { flagLabel, SEVERITY_COLOR } from './flag-label';

/**
 * `/customers/flags` (notes:write): the organisation's short list of flags — add one with a name and a kind,
 * rename, change the kind, retire and restore. Flags are never deleted: customers keep those retired.
 */
export function FlagSettingsPage() {
  const t = useMessages(customerNotesMessages);
  const flags = useQuery(customerNotesQueries.flagList());
  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>{t('settingsTitle')}</Title>
        <Text c="dimmed" size="sm" maw={680}>
          {t('settingsIntro')}
        </Text>
      </Stack>
      <NewFlagForm />
      <Paper withBorder radius="md" p="md">
        {flags.isError ? (
          <ErrorState error={flags.error} onRetry={() => void flags.refetch()} />
        ) : !flags.data ? (
          <Skeleton h={200} aria-busy="true" />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" data-testid="flag-table">
              <caption className="foyer-visually-hidden">{t('settingsTableCaption')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('columnLabel')}</Table.Th>
                  <Table.Th scope="col">{t('columnSeverity')}</Table.Th>
                  <Table.Th scope="col">{t('columnStatus')}</Table.Th>
                  <Table.Th scope="col">{t('columnActions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {flags.data.map((flag) => (
                  <FlagRow key={flag.id} flag={flag} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}

const severityOptions = (t: (key: `severity:${FlagSeverity}`) => string) =>
  FLAG_SEVERITIES.map((severity) => ({ value: severity, label: t(`severity:${severity}`) }));

function FlagRow({ flag }: { flag: CustomerFlag }) {
  const t = useMessages(customerNotesMessages);
  const tApp = useMessages(appMessages);
  const { change } = useFlagListMutations();
  const [renaming, setRenaming] = useState<string | null>(null);
  const name = flagLabel(flag, t);
  return (
    <Table.Tr data-testid="flag-row" data-retired={flag.retired}>
      <Table.Td>
        {renaming === null ? (
          <Badge color={flag.retired ? 'gray' : SEVERITY_COLOR[flag.severity]} variant="filled" tt="none" size="lg">
            {name}
          </Badge>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              change.mutate(
                { flagId: flag.id, change: { label: renaming.trim() } },
                { onSuccess: () => setRenaming(null) },
              );
            }}
          >
            <Group gap="xs" wrap="nowrap">
              <TextInput
                aria-label={t('renameLabel', { label: name })}
                value={renaming}
                maxLength={FLAG_LABEL_MAX_LENGTH}
                onChange={(event) => setRenaming(event.currentTarget.value)}
                size="xs"
                autoFocus
              />
              <Button type="submit" size="xs" disabled={renaming.trim() === ''} loading={change.isPending}>
                {t('saveNote')}
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setRenaming(null)}>
                {t('cancel')}
              </Button>
            </Group>
          </form>
        )}
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`${t('columnSeverity')}: ${name}`}
          data={severityOptions(t)}
          value={flag.severity}
          allowDeselect={false}
          onChange={(value) => {
            if (value && value !== flag.severity)
              change.mutate({ flagId: flag.id, change: { severity: value as FlagSeverity } });
          }}
          size="xs"
          w={260}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm">{flag.retired ? t('retired') : t('inUse')}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setRenaming(name)}
            aria-label={`${t('rename')}: ${name}`}
          >
            {t('rename')}
          </Button>
          {flag.preset && flag.label ? (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => change.mutate({ flagId: flag.id, change: { label: null } })}
              aria-label={`${t('resetName')}: ${name}`}
            >
              {t('resetName')}
            </Button>
          ) : null}
          <Button
            size="compact-sm"
            variant="subtle"
            color={flag.retired ? undefined : 'red'}
            onClick={() => change.mutate({ flagId: flag.id, change: { retired: !flag.retired } })}
            aria-label={`${flag.retired ? t('restore') : t('retire')}: ${name}`}
          >
            {flag.retired ? t('restore') : t('retire')}
          </Button>
        </Group>
        {change.isError ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {describeError(change.error, tApp)}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

function NewFlagForm() {
  const t = useMessages(customerNotesMessages);
  const contractMessage = useContractMessage();
  const tApp = useMessages(appMessages);
  const { add } = useFlagListMutations();
  const form = useForm<{ label: string; severity: FlagSeverity }>({
    resolver: localizedResolver(newFlagBodySchema, contractMessage),
    defaultValues: { label: '', severity: 'info' },
  });
  const submit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: () => form.reset({ label: '', severity: values.severity }),
      onError: (error) => applyServerFieldErrors(error, ['label', 'severity'], form.setError),
    }),
  );
  const unplaced = add.isError && !(isApiError(add.error) && Object.keys(add.error.fieldErrors).length > 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="new-flag-title">
      <form
        noValidate
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4" id="new-flag-title">
            {t('newFlag')}
          </Title>
          <Group align="flex-start" gap="sm">
            <TextInput
              label={t('newFlagLabel')}
              maxLength={FLAG_LABEL_MAX_LENGTH}
              required
              error={form.formState.errors.label?.message}
              {...form.register('label')}
              data-testid="new-flag-label"
            />
            <Controller
              control={form.control}
              name="severity"
              render={({ field }) => (
                <Select
                  label={t('newFlagSeverity')}
                  data={severityOptions(t)}
                  value={field.value}
                  onChange={(value) => field.onChange(value ?? 'info')}
                  allowDeselect={false}
                  w={280}
                />
              )}
            />
            <Button type="submit" mt={25} loading={add.isPending}>
              {t('addFlag')}
            </Button>
          </Group>
          {unplaced ? (
            <Alert color="red" variant="light" role="alert">
              {describeError(add.error, tApp)}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
