import { Alert, Button, Group, NativeSelect, NumberInput, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  AUTO_TAG_MOST_CHANGES,
  type AutoTagInput,
  type AutoTagRun,
  autoTagInputSchema,
} from '@/contract/customer-jobs';
import { READABLE_ALERT_TITLE } from '../../components/alert-styles';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { SectionCard } from '../../components/section-card';
import { appMessages } from '../../lib/app-messages';
import { useContractMessage } from '../../lib/contract-messages';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { localizedResolver } from '../../lib/localized-resolver';
import { customerJobsMessages } from './customer-jobs-messages';
import { customerJobQueries, useAutoTagDryRun, useRemoveAutoTag, useSaveAutoTag } from './customer-jobs-queries';
import { JobProgress } from './job-progress';
import { DiffSideView } from './tag-segment-panel';

const DEFAULT_LIMIT = 500;

/**
 * A segment's auto tag: which tag it keeps in step after each sync, the limit of changes per run, the pause
 * switch, and its last runs with their diffs (who gained, who lost) and jobs. For the segment page.
 */
export function AutoTagPanel({ segmentId }: { segmentId: number }) {
  const t = useMessages(customerJobsMessages);
  const contractMessage = useContractMessage();
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const view = useQuery(customerJobQueries.autoTag(segmentId));
  const clientTypes = useQuery(customerJobQueries.clientTypes());
  const save = useSaveAutoTag(segmentId);
  const remove = useRemoveAutoTag(segmentId);
  const setting = view.data?.setting ?? null;
  const form = useForm<AutoTagInput>({
    resolver: localizedResolver(autoTagInputSchema, contractMessage),
    defaultValues: { tag: '', changeLimit: DEFAULT_LIMIT, paused: false },
  });
  // The stored setting fills the form when it loads or changes (not on every read of the runs' progress).
  const { tag, changeLimit, paused } = setting ?? {};
  useEffect(() => {
    if (tag !== undefined && changeLimit !== undefined && paused !== undefined)
      form.reset({ tag, changeLimit, paused });
  }, [tag, changeLimit, paused, form]);
  // A new label (or another one) is saved only after its first round is shown: everyone outside the segment who
  // holds it loses it, and a walkthrough took one from 363 customers unwarned. The same label saves at once.
  const dryRun = useAutoTagDryRun(segmentId);
  const [confirming, setConfirming] = useState<AutoTagInput | null>(null);
  const submit = form.handleSubmit((values) => {
    if (setting?.tag === values.tag) {
      save.mutate(values);
      return;
    }
    setConfirming(values);
    dryRun.mutate(values.tag);
  });
  const confirm = () => {
    if (confirming) save.mutate(confirming);
    setConfirming(null);
  };
  const { errors } = form.formState;

  return (
    <SectionCard id="auto-tag" title={t('autoTitle')}>
      <Stack gap="md" data-testid="auto-tag-panel">
        <Text size="sm" c="dimmed">
          {t('autoHint')}
        </Text>
        {view.isError ? <Alert color="red">{describeError(view.error, tApp)}</Alert> : null}
        {!setting && view.isSuccess ? <Text size="sm">{t('autoNone')}</Text> : null}
        {setting?.syncedMark ? (
          <Text size="xs" c="dimmed">
            {t('autoLastChecked', { at: formatDateTime(setting.syncedMark, locale) })}
          </Text>
        ) : null}
        <form
          onSubmit={(event) => {
            void submit(event);
          }}
          noValidate
        >
          <Group gap="md" align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('tagLabel')}
              {...form.register('tag')}
              error={errors.tag?.message}
              data={[{ value: '', label: t('tagPlaceholder') }, ...(clientTypes.data ?? [])]}
            />
            <Controller
              control={form.control}
              name="changeLimit"
              render={({ field }) => (
                <NumberInput
                  label={t('autoLimit')}
                  min={1}
                  max={AUTO_TAG_MOST_CHANGES}
                  // 0 became 1 on leaving the field without a word: the form says what it takes instead.
                  clampBehavior="none"
                  allowDecimal={false}
                  value={field.value}
                  // An emptied field stays empty (it became 0 at once), for the form to ask for a number.
                  onChange={(value) => field.onChange(value === '' ? '' : Number(value))}
                  onBlur={field.onBlur}
                  error={errors.changeLimit?.message}
                  w={220}
                />
              )}
            />
            <Controller
              control={form.control}
              name="paused"
              render={({ field }) => (
                <Switch
                  label={t('autoPaused')}
                  checked={field.value}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  mb={8}
                />
              )}
            />
            <Button type="submit" loading={save.isPending}>
              {t('autoSave')}
            </Button>
            {setting ? (
              <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('autoRemove')}
              </Button>
            ) : null}
          </Group>
        </form>
        <Dialog
          opened={confirming !== null}
          onClose={() => setConfirming(null)}
          title={t('autoConfirmTitle', { tag: confirming?.tag ?? '' })}
          closeButtonProps={{ 'aria-label': t('autoConfirmCancel') }}
          size="lg"
        >
          <Stack gap="md" data-testid="auto-tag-confirm">
            {dryRun.isPending ? <Skeleton height={80} /> : null}
            {dryRun.isError ? (
              <Alert color="red" variant="light" role="alert">
                {describeError(dryRun.error, tApp)}
              </Alert>
            ) : null}
            {dryRun.data && confirming ? (
              <>
                <Text size="sm">{t('autoConfirmHint', { limit: formatNumber(confirming.changeLimit, locale) })}</Text>
                <DiffSideView
                  side={dryRun.data.gains}
                  text={t('gains', { count: formatNumber(dryRun.data.gains.count, locale), tag: dryRun.data.tag })}
                  testId="auto-diff-gains"
                />
                {dryRun.data.losses.count > 0 ? (
                  <Alert color="red" variant="light" styles={READABLE_ALERT_TITLE} title={t('autoLossTitle')}>
                    <DiffSideView
                      side={dryRun.data.losses}
                      text={t('autoLosses', {
                        count: formatNumber(dryRun.data.losses.count, locale),
                        tag: dryRun.data.tag,
                      })}
                      testId="auto-diff-losses"
                    />
                  </Alert>
                ) : null}
              </>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(null)}>
                {t('autoConfirmCancel')}
              </Button>
              <Button onClick={confirm} disabled={!dryRun.data} data-testid="auto-tag-confirm-save">
                {t('autoConfirmSave')}
              </Button>
            </Group>
          </Stack>
        </Dialog>
        {save.isError || remove.isError ? (
          <Alert color="red" variant="light" role="alert">
            {describeError(save.error ?? remove.error, tApp)}
          </Alert>
        ) : null}
        {save.isSuccess ? (
          <Text size="sm" role="status">
            {t('autoSaved')}
          </Text>
        ) : null}
        {setting ? (
          <Stack gap="sm">
            <Title order={3} size="h5">
              {t('autoRunsTitle')}
            </Title>
            {view.data?.runs.length === 0 ? <Text size="sm">{t('autoNoRuns')}</Text> : null}
            {view.data?.runs.map((run) => (
              <AutoTagRunView key={run.id} run={run} />
            ))}
          </Stack>
        ) : null}
      </Stack>
    </SectionCard>
  );
}

function AutoTagRunView({ run }: { run: AutoTagRun }) {
  const t = useMessages(customerJobsMessages);
  const { locale } = useLocale();
  return (
    <Stack gap={6} data-testid="auto-tag-run">
      <Text size="sm" fw={600}>
        {t('autoRun', {
          at: formatDateTime(run.at, locale),
          gains: formatNumber(run.gains, locale),
          losses: formatNumber(run.losses, locale),
        })}
      </Text>
      {run.heldBack > 0 ? (
        <Text size="sm" className="foyer-warning-text">
          {t('autoHeldBack', { count: formatNumber(run.heldBack, locale) })}
        </Text>
      ) : null}
      {run.job ? <JobProgress job={run.job} /> : null}
      <Group align="flex-start" gap="xl">
        <DiffSideView side={{ count: run.gains, first: run.gained }} text={t('autoGained')} testId="run-gained" />
        <DiffSideView side={{ count: run.losses, first: run.lost }} text={t('autoLost')} testId="run-lost" />
      </Group>
    </Stack>
  );
}
