import { Alert, Button, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Skeleton.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { useMessages } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import type { Customer } from '../../lib/schemas/customer';
import { customerKeys, customerQueries, getCustomerTags, setCustomerTags } from './customer-queries';
import { customersMessages } from './customers-messages';
import { useAutoTagKeeper } from './use-auto-tags';

/**
 * The customer's tags, chosen from the client's valid tags (`GET /partner/export/clienttypes`, cached).
 * The endpoint replaces the whole list (set semantics), so saving sends the tags the service holds now with this
 * editor's changes made to them: a tag set meanwhile elsewhere (another tab, a colleague, a segment) stays. It sent
 * the list as shown, and a second tab's save took off the "Abonnee" the first had just set. A tag the customer
 * holds that the client no longer lists is shown, marked, and can be taken off.
 */
export function TagEditor({ customer }: { customer: Customer }) {
  const t = useMessages(customersMessages);
  const tApp = useMessages(appMessages);
  const queryClient = useQueryClient();
  const clientTypes = useQuery(customerQueries.clientTypes());
  // The tags as they were when editing began, with the tags chosen since: the changes are made against that
  // base, not against the customer as read again meanwhile (on focus), which a colleague's change moves.
  const [draft, setDraft] = useState<{ base: string[]; chosen: string[] } | null>(null);
  const chosen = draft?.chosen ?? null;
  const base = draft?.base ?? customer.customerTags;
  const current = chosen ?? customer.customerTags;
  const changed = chosen !== null && (chosen.length !== base.length || chosen.some((tag) => !base.includes(tag)));
  const setChosen = (tags: string[] | null) =>
    setDraft(tags === null ? null : { base: draft?.base ?? customer.customerTags, chosen: tags });
  const keeperOf = useAutoTagKeeper();
  // A tag a segment keeps, set or taken off by hand: the segment's next round changes it back.
  const changedTags =
    chosen === null
      ? []
      : [...chosen.filter((tag) => !base.includes(tag)), ...base.filter((tag) => !chosen.includes(tag))];
  const kept = changedTags.flatMap((tag) => {
    const segment = keeperOf(tag);
    return segment ? [{ tag, segment }] : [];
  });

  const mutation = useMutation({
    mutationFn: async (tags: string[]) => {
      const shown = base;
      const added = tags.filter((tag) => !shown.includes(tag));
      const removed = shown.filter((tag) => !tags.includes(tag));
      const now = await getCustomerTags(customer.customerId);
      const next = [...now.filter((tag) => !removed.includes(tag)), ...added.filter((tag) => !now.includes(tag))];
      return setCustomerTags(customer.customerId, next);
    },
    onSuccess: (tags) => {
      const updated = { ...customer, customerTags: tags };
      queryClient.setQueryData(customerKeys.detail(customer.customerId), updated);
      // lastChanged moved on the service: fetch the customer again. The gateway has put the new tags into its
      // copy of the customers already, so searches and counts are asked again.
      void queryClient.invalidateQueries({ queryKey: customerKeys.detail(customer.customerId) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.searches() });
      setChosen(null);
      void notify({ color: 'teal', message: t('tagsSaved') });
    },
  });

  if (clientTypes.isPending) return <Skeleton h={80} />;
  const valid = clientTypes.data ?? [];
  const unknown = current.filter((tag) => !valid.includes(tag));
  const options = [...valid, ...unknown];

  return (
    <Stack gap="sm">
      {clientTypes.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('tagsLoadFailed', { message: describeError(clientTypes.error, tApp) })}
        </Alert>
      ) : null}
      <Checkbox.Group
        label={t('tags')}
        description={t('tagEditorHint')}
        value={current}
        onChange={(value) => setChosen(options.filter((tag) => value.includes(tag)))}
        data-testid="tag-editor"
      >
        <Group gap="md" mt="xs">
          {options.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noTags')}
            </Text>
          ) : (
            options.map((tag) => (
              <Checkbox
                key={tag}
                value={tag}
                label={valid.includes(tag) ? tag : t('unknownTag', { tag })}
                description={keeperOf(tag) ? t('autoTagKept', { segment: keeperOf(tag) ?? '' }) : undefined}
              />
            ))
          )}
        </Group>
      </Checkbox.Group>
      {kept.map(({ tag, segment }) => (
        <Alert key={tag} color="yellow" variant="light" data-testid="auto-tag-warning">
          {t('autoTagWarning', { tag, segment })}
        </Alert>
      ))}
      {mutation.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('saveFailed', { message: describeError(mutation.error, tApp) })}
        </Alert>
      ) : null}
      <Group>
        <Button
          onClick={() => {
            if (!mutation.isPending && chosen) mutation.mutate(chosen);
          }}
          disabled={!changed || mutation.isPending}
          loading={mutation.isPending}
        >
          {t('saveTags')}
        </Button>
      </Group>
    </Stack>
  );
}
