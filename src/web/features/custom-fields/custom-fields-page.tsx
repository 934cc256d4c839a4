import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CUSTOM_FIELD_NAME_MAX_LENGTH,
  CUSTOM_FIELD_NAME_TAKEN,
  CUSTOM_FIELD_NAME_TOO_LONG,
  CUSTOM_FIELDS,
  type CustomFieldNames,
  customFieldNamesSchema,
} from '@/contract/custom-fields';
import { describeError } from '../../components/error-message';
import { ErrorState } from '../../components/page-states';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { withLocalMessages } from '../../lib/local-server-error';
import { localizedResolver } from '../../lib/localized-resolver';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { customFieldQueries, useRenameCustomFields } from './custom-field-queries';
import { customFieldsMessages } from './custom-fields-messages';

/**
 * `/customers/fields` (customers:write): the names of the customers' seven custom fields, saved together. A name
 * too long or given twice is said on its field, and what was typed stays.
 */
export function CustomFieldsPage() {
  const t = useMessages(customFieldsMessages);
  const names = useQuery(customFieldQueries.names());
  return (
    <Stack gap="lg" maw={900}>
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text c="dimmed" size="sm" maw={680}>
          {t('intro')}
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="md">
        {names.isError ? (
          <ErrorState error={names.error} onRetry={() => void names.refetch()} />
        ) : !names.data ? (
          <Skeleton h={260} aria-busy="true" />
        ) : (
          <NamesForm saved={names.data} />
        )}
      </Paper>
    </Stack>
  );
}

function NamesForm({ saved }: { saved: CustomFieldNames }) {
  const t = useMessages(customFieldsMessages);
  const tApp = useMessages(appMessages);
  const rename = useRenameCustomFields();
  const [outcome, setOutcome] = useState<'saved' | 'unchanged' | null>(null);
  const local = (message: string) =>
    message === CUSTOM_FIELD_NAME_TOO_LONG
      ? t('nameTooLong', { max: CUSTOM_FIELD_NAME_MAX_LENGTH })
      : message === CUSTOM_FIELD_NAME_TAKEN
        ? t('nameTaken')
        : message;
  const form = useForm<CustomFieldNames>({
    resolver: localizedResolver(customFieldNamesSchema, local),
    defaultValues: saved,
  });
  const { isDirty } = form.formState;
  useEffect(() => {
    if (isDirty) setOutcome(null);
  }, [isDirty]);

  const submit = form.handleSubmit((names) => {
    if (!isDirty) {
      setOutcome('unchanged');
      return;
    }
    rename.mutate(names, {
      onSuccess: (answer) => {
        form.reset(answer);
        setOutcome('saved');
      },
      // The gateway's words on their fields, in the reader's language.
      onError: (error) => applyServerFieldErrors(withLocalMessages(error, local), CUSTOM_FIELDS, form.setError),
    });
  });
  const fieldErrorsPlaced = CUSTOM_FIELDS.some((field) => form.formState.errors[field]);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="custom-fields-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {CUSTOM_FIELDS.map((field, index) => (
            <TextInput
              key={field}
              label={t('fieldLabel', { n: index + 1 })}
              placeholder={t('placeholder')}
              error={form.formState.errors[field]?.message}
              {...form.register(field)}
              data-testid={`custom-field-name-${index + 1}`}
            />
          ))}
        </SimpleGrid>
        {rename.isError && !fieldErrorsPlaced ? (
          <Alert color="red" variant="light" role="alert">
            {describeError(rename.error, tApp)}
          </Alert>
        ) : null}
        <Group gap="md">
          <Button type="submit" loading={rename.isPending} data-testid="custom-fields-save">
            {t('save')}
          </Button>
          <Text size="sm" role="status" c={outcome === 'saved' ? 'teal.9' : 'dimmed'}>
            {outcome === 'saved' ? t('saved') : outcome === 'unchanged' ? t('nothingChanged') : ''}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
