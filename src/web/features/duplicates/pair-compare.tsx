import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Table.css';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import type { Customer } from '@/contract/customer';
import { type DuplicateCompare, fieldsToCopy, MERGE_FIELDS, type MergeField } from '@/contract/duplicates';
import { Dialog } from '../../components/dialog';
import { ErrorState } from '../../components/page-states';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { personName } from '../../lib/person-name';
import { useCustomerFieldName } from '../custom-fields/public';
import { duplicatesMessages } from './duplicates-messages';
import { duplicateQueries } from './duplicates-queries';

/** The rows of the side-by-side view, in the order a customer's page shows them (the fields a merge copies amid them). */
const COMPARED = ['email', ...MERGE_FIELDS, 'customerTags', 'customerCredit', 'lastChanged'] as const;

type Compared = (typeof COMPARED)[number];

/** A row's name: a custom field by the name the organisation gave it, the others as the messages say. */
function useFieldLabel(): (field: Compared) => string {
  const fieldName = useCustomerFieldName();
  return useCallback((field) => fieldName(field) ?? field, [fieldName]);
}

/** The kept record and the other, by the id chosen to keep. */
export function sidesOf(data: DuplicateCompare, keep: number): { kept: Customer; other: Customer } {
  return keep === data.a.customerId ? { kept: data.a, other: data.b } : { kept: data.b, other: data.a };
}

/**
 * The pair's two records side by side; the fields a merge would copy onto the record kept are highlighted in the
 * other's column. `keep` is the record chosen to keep.
 */
export function PairCompare({
  a,
  b,
  keep,
  onKeepChange,
}: {
  a: number;
  b: number;
  keep: number;
  onKeepChange: (keep: number) => void;
}) {
  const t = useMessages(duplicatesMessages);
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const fieldLabel = useFieldLabel();
  const { locale } = useLocale();
  const pair = useQuery(duplicateQueries.pair(a, b));
  if (pair.isError) return <ErrorState error={pair.error} onRetry={() => void pair.refetch()} />;
  if (!pair.data) return <Skeleton height={420} radius="md" aria-label={t('compareTitle')} />;
  const data = pair.data;
  const { kept, other } = sidesOf(data, keep);
  const copied = new Set<Compared>(fieldsToCopy(kept, other));
  const show = (customer: Customer, field: Compared) => {
    const value = customer[field];
    if (field === 'lastChanged' && typeof value === 'string') return formatDateTime(value, locale);
    // Money as every other page shows it ("€ 0,00", not the service's "0.00").
    if (field === 'customerCredit' && value !== null && value !== '' && Number.isFinite(Number(value)))
      return formatMoney(Number(value), locale);
    return value === null || value === '' ? '—' : String(value);
  };
  return (
    <Paper withBorder radius="md" p="md" data-testid="pair-compare">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Title order={2} size="h3">
            {t('compareTitle')}
          </Title>
          <SegmentedControl
            // Stacked on a phone: side by side, "Record 9883 bewaren" was cut at the screen's edge.
            orientation={narrow ? 'vertical' : 'horizontal'}
            fullWidth={narrow}
            aria-label={t('keep')}
            value={String(keep)}
            onChange={(value) => onKeepChange(Number(value))}
            data={[data.a, data.b].map((customer) => ({
              value: String(customer.customerId),
              label: t('keepRecord', { id: customer.customerId }),
            }))}
          />
        </Group>
        <Text size="sm" c="dimmed">
          {t('compareHint')}
        </Text>
        <Table className="foyer-duplicate-table">
          <caption className="foyer-visually-hidden">{t('compareTitle')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('field')}</Table.Th>
              {[data.a, data.b].map((customer) => (
                <Table.Th scope="col" key={customer.customerId}>
                  <Anchor
                    component={Link}
                    to={`/customers/${customer.customerId}`}
                    aria-label={t('openCustomer', { id: customer.customerId })}
                  >
                    {t('record', { id: customer.customerId })}
                  </Anchor>
                  {customer.customerId === keep ? (
                    <Badge ml="xs" size="sm" color="dark">
                      {t('keep')}
                    </Badge>
                  ) : null}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {COMPARED.map((field) => (
              <Table.Tr key={field}>
                <Table.Th scope="row" fw={500}>
                  {fieldLabel(field)}
                </Table.Th>
                {[data.a, data.b].map((customer) => {
                  const copiedHere = customer === other && copied.has(field);
                  return (
                    <Table.Td
                      key={customer.customerId}
                      data-copied={copiedHere || undefined}
                      className={copiedHere ? 'foyer-duplicate-copied' : undefined}
                    >
                      {show(customer, field)}
                      {copiedHere ? (
                        narrow ? (
                          // A phone's column is too narrow for the badge (it broke it: "WOR/DT/OVER/GENO/MEN"): the
                          // cell's colour marks it, as the hint above says, and a screen reader still hears it.
                          <span className="foyer-visually-hidden" data-testid="will-copy">
                            {` (${t('willCopy')})`}
                          </span>
                        ) : (
                          <Badge ml="xs" size="sm" color="dark" data-testid="will-copy">
                            {t('willCopy')}
                          </Badge>
                        )
                      ) : null}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

/** Asks before a merge, saying what it will do (and what it cannot: orders stay where they are). */
export function MergeDialog({
  data,
  keep,
  opened,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  data: DuplicateCompare | undefined;
  keep: number;
  opened: boolean;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const t = useMessages(duplicatesMessages);
  const fieldLabel = useFieldLabel();
  if (!data) return null;
  const { kept, other } = sidesOf(data, keep);
  const fields: MergeField[] = fieldsToCopy(kept, other);
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={t('mergeTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      <Stack gap="sm">
        <Text fw={600}>{t('mergeKeep', { id: kept.customerId, name: personName(kept) })}</Text>
        <List size="sm" spacing="xs">
          <List.Item>
            {fields.length > 0
              ? t('mergeCopies', {
                  id: other.customerId,
                  fields: fields.map(fieldLabel).join(', '),
                })
              : t('mergeCopiesNothing', { id: other.customerId })}
          </List.Item>
          <List.Item>
            {data.duplicateTag
              ? t('mergeTag', { id: other.customerId, tag: data.duplicateTag })
              : t('mergeNoTag', { id: other.customerId })}
          </List.Item>
          <List.Item>{t('mergeNote', { id: other.customerId, kept: kept.customerId })}</List.Item>
          <List.Item>{t('mergeCredit')}</List.Item>
        </List>
        <Alert color="yellow" variant="light">
          {t('ordersStay')}
        </Alert>
        {error ? <ErrorState error={error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={onConfirm} loading={busy} data-autofocus>
            {t('mergeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
