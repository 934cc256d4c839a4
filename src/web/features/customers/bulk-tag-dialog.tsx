import { Alert, Button, Group, List, NativeSelect, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/FloatingIndicator.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CustomerMatch } from '@/contract/customer-search';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { LeaveGuard } from '../../components/leave-guard';
import { appMessages } from '../../lib/app-messages';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { customerName } from '../../lib/schemas/customer';
import { type BulkTagAction, runBulkTagChange } from './bulk-tags';
import { customerKeys, customerQueries, getCustomerTags, setCustomerTags } from './customer-queries';
import { customersMessages } from './customers-messages';
import { useAutoTagKeeper } from './use-auto-tags';

/** Customers changed at once: a handful keeps the desk responsive and the service unhurried. */
const BULK_CONCURRENCY = 6;

/** The list's answers are asked again at most this often while a run goes on (the gateway mirrors each change). */
const REFRESH_EVERY_MS = 1_000;

interface Failure {
  customer: CustomerMatch;
  error: unknown;
}

type Phase = 'choose' | 'running' | 'done' | 'cancelled';

/**
 * Adds or removes one tag for the selected customers: in parallel with a limit, a progress bar, failures
 * listed per customer with a retry, a stop button; the list updates customer by customer as results come in.
 * Closing says which customers were changed (`onClose`), for the selection to keep only the others.
 */
export function BulkTagDialog({
  customers,
  onClose: close,
}: {
  customers: CustomerMatch[];
  onClose: (changed: ReadonlySet<number>) => void;
}) {
  const t = useMessages(customersMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const clientTypes = useQuery(customerQueries.clientTypes());
  const [action, setAction] = useState<BulkTagAction>('add');
  const [tag, setTag] = useState('');
  const [phase, setPhase] = useState<Phase>('choose');
  const [targets, setTargets] = useState<CustomerMatch[]>(customers);
  const [done, setDone] = useState(0);
  const [succeeded, setSucceeded] = useState(0);
  // Of those, the customers who already had (or lacked) the tag: "12 gelukt" read as twelve changes that were none.
  const [alreadySo, setAlreadySo] = useState(0);
  const [failures, setFailures] = useState<Failure[]>([]);
  // Every customer changed by a run of this dialog (a retry adds to it).
  const changed = useRef(new Set<number>());
  const onClose = () => close(changed.current);
  const controllerRef = useRef<AbortController | null>(null);

  // Leaving the dialog (or the page) stops a run in progress.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const tags = clientTypes.data ?? [];
  // None until the person picks one: a first tag chosen for them was applied to a whole selection by one click.
  const chosenTag = tags.includes(tag) ? tag : '';
  const keeperOf = useAutoTagKeeper();

  const run = async (runTargets: CustomerMatch[]) => {
    if (phase === 'running' || !chosenTag) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    setTargets(runTargets);
    setDone(0);
    setSucceeded(0);
    setAlreadySo(0);
    setFailures([]);
    setPhase('running');
    // The gateway writes each change into its copy of the customers before it answers: the list behind the
    // dialog follows when asked again, a few times a second at most.
    let refreshedAt = 0;
    const refreshList = () => {
      refreshedAt = Date.now();
      void queryClient.invalidateQueries({ queryKey: customerKeys.searches() });
    };
    await runBulkTagChange({
      targets: runTargets,
      tag: chosenTag,
      action,
      concurrency: BULK_CONCURRENCY,
      signal: controller.signal,
      readTags: getCustomerTags,
      writeTags: (customerId, list, signal) => setCustomerTags(customerId, list, signal),
      onOutcome: (outcome) => {
        setDone((count) => count + 1);
        if (outcome.ok) {
          changed.current.add(outcome.target.customerId);
          setSucceeded((count) => count + 1);
          if (!outcome.changed) setAlreadySo((count) => count + 1);
          if (Date.now() - refreshedAt > REFRESH_EVERY_MS) refreshList();
        } else {
          setFailures((list) => [...list, { customer: outcome.target, error: outcome.error }]);
        }
      },
    });
    controllerRef.current = null;
    setPhase(controller.signal.aborted ? 'cancelled' : 'done');
    refreshList();
  };

  const total = targets.length;
  const failed = failures.length;
  const progressLabel = t('bulkProgress', { done: formatNumber(done, locale), total: formatNumber(total, locale) });

  return (
    <>
      {/* Leaving the page stops a run half done: asked first. */}
      <LeaveGuard
        active={phase === 'running'}
        texts={{ title: t('bulkLeaveTitle'), text: t('bulkLeaveText'), leave: t('bulkLeave'), stay: t('bulkStay') }}
      />
      <Dialog
        opened
        onClose={() => (phase === 'running' ? undefined : onClose())}
        closeOnEscape={phase !== 'running'}
        closeOnClickOutside={phase !== 'running'}
        withCloseButton={phase !== 'running'}
        title={t('bulkTitle', { count: formatNumber(customers.length, locale) })}
        size="lg"
      >
        <Stack gap="md" data-testid="bulk-tag-dialog">
          {phase === 'choose' ? (
            <>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="bulk-action-label">
                  {t('bulkAction')}
                </Text>
                <SegmentedControl
                  aria-labelledby="bulk-action-label"
                  value={action}
                  onChange={(value) => setAction(value as BulkTagAction)}
                  data={[
                    { value: 'add', label: t('bulkAdd') },
                    { value: 'remove', label: t('bulkRemove') },
                  ]}
                />
              </Stack>
              {clientTypes.isError ? (
                <Alert color="red" variant="light" role="alert">
                  {t('tagsLoadFailed', { message: describeError(clientTypes.error, tApp) })}
                </Alert>
              ) : null}
              <NativeSelect
                label={t('bulkTag')}
                value={chosenTag}
                onChange={(event) => setTag(event.currentTarget.value)}
                data={[{ value: '', label: t('bulkChooseTag'), disabled: true }, ...tags]}
                disabled={tags.length === 0}
                data-testid="bulk-tag-choice"
              />
              {chosenTag && keeperOf(chosenTag) ? (
                <Alert color="yellow" variant="light" data-testid="auto-tag-warning">
                  {t('autoTagWarning', { tag: chosenTag, segment: keeperOf(chosenTag) ?? '' })}
                </Alert>
              ) : null}
              <Group gap="sm">
                <Button onClick={() => void run(customers)} disabled={!chosenTag}>
                  {t('bulkStart')}
                </Button>
                <Button variant="default" onClick={onClose}>
                  {t('cancel')}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Stack gap={4}>
                <Text size="sm" role="status" data-testid="bulk-progress-text">
                  {phase === 'running'
                    ? progressLabel
                    : phase === 'done'
                      ? t('bulkDone', {
                          changed: formatNumber(succeeded - alreadySo, locale),
                          same: formatNumber(alreadySo, locale),
                          failed: formatNumber(failed, locale),
                        })
                      : t('bulkCancelled', {
                          changed: formatNumber(succeeded - alreadySo, locale),
                          same: formatNumber(alreadySo, locale),
                          failed: formatNumber(failed, locale),
                          left: formatNumber(total - done, locale),
                        })}
                </Text>
                <Progress
                  value={total === 0 ? 100 : (done / total) * 100}
                  aria-label={progressLabel}
                  data-testid="bulk-progress"
                  color={failed > 0 ? 'orange' : undefined}
                />
              </Stack>
              {failures.length > 0 ? (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    {t('bulkFailures')}
                  </Text>
                  <List size="sm" data-testid="bulk-failures">
                    {failures.map((failure) => (
                      <List.Item key={failure.customer.customerId}>
                        {customerName(failure.customer) || failure.customer.email}: {describeError(failure.error, tApp)}
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              ) : null}
              <Group gap="sm">
                {phase === 'running' ? (
                  <Button variant="default" onClick={() => controllerRef.current?.abort()}>
                    {t('bulkCancel')}
                  </Button>
                ) : (
                  <>
                    {failures.length > 0 ? (
                      <Button onClick={() => void run(failures.map((failure) => failure.customer))}>
                        {t('bulkRetry')}
                      </Button>
                    ) : null}
                    <Button variant="default" onClick={onClose}>
                      {t('bulkClose')}
                    </Button>
                  </>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Dialog>
    </>
  );
}
