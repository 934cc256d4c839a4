import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { emptySegmentRule, type Segment, type SegmentRule, segmentRuleSchema } from '@/contract/segments';
import { useTablePage } from '../../components/data-table/use-table-page';
import { Dialog } from '../../components/dialog';
import { describeError } from '../../components/error-message';
import { LeaveGuard } from '../../components/leave-guard';
import { MirrorFreshness } from '../../components/mirror-freshness';
import { EmptyState, ErrorState } from '../../components/page-states';
import { isApiError } from '../../lib/api-error';
import { appMessages } from '../../lib/app-messages';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useRefetchAfterSync } from '../../lib/queries/use-refetch-after-sync';
import { useCan } from '../../lib/use-can';
import { AutoTagPanel, TagSegmentPanel } from '../customer-jobs/public';
import { RuleBuilder } from './rule-builder';
import { SegmentPreviewTable } from './segment-preview-table';
import { segmentsMessages } from './segments-messages';
import { segmentExportUrl, segmentKeys, segmentQueries, useDeleteSegment, useSaveSegment } from './segments-queries';

/** What a rule reads: the mirror's customers, their orders and the waiting list. */
const SEGMENT_MIRROR = ['customers', 'orders', 'waitinglist'] as const;
/** What a sync of them changes: the counts and the previews. */
const SEGMENT_ANSWERS = [segmentKeys.counts(), segmentKeys.previews()];

/** Typing pauses this long before the rule is counted again; the last count stays on screen meanwhile. */
const COUNT_DEBOUNCE_MS = 400;

/** `/customers/segments/new` and `/customers/segments/:id`: the rule builder of a new or a saved segment. */
export function SegmentPage() {
  const t = useMessages(segmentsMessages);
  const { segmentId } = useParams();
  const id = segmentId === undefined ? null : Number(segmentId);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const detail = useQuery({ ...segmentQueries.detail(id ?? 0), enabled: id !== null && valid });
  if (id === null) return <SegmentEditor key="new" segment={null} />;
  if (!valid || (detail.isError && isApiError(detail.error) && detail.error.status === 404)) {
    return (
      <EmptyState heading={1} title={t('notFound', { id: segmentId ?? '' })}>
        <Link to="/customers/segments">{t('backToList')}</Link>
      </EmptyState>
    );
  }
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!detail.data) return <Text role="status">{t('counting')}</Text>;
  return <SegmentEditor key={detail.data.id} segment={detail.data} />;
}

/** A segment's editable parts as one value, to tell whether what is on screen is what is saved. */
const draftOf = (name: string, description: string, rule: SegmentRule) =>
  JSON.stringify({ name: name.trim(), description: description.trim(), rule });

function SegmentEditor({ segment }: { segment: Segment | null }) {
  const t = useMessages(segmentsMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const navigate = useNavigate();
  const mayExport = useCan('customers:read');
  const mayTag = useCan('tags:write');
  const [name, setName] = useState(segment?.name ?? '');
  const [description, setDescription] = useState(segment?.description ?? '');
  const [rule, setRule] = useState<SegmentRule>(segment?.rule ?? emptySegmentRule());
  const [nameError, setNameError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [page, setPage] = useTablePage();
  const save = useSaveSegment();
  const remove = useDeleteSegment();
  const choices = useQuery(segmentQueries.choices());

  // Only a complete rule is counted; while one is being finished the last count stays, marked stale.
  const complete = useMemo(() => segmentRuleSchema.safeParse(rule).success, [rule]);
  const [ruleUnfinished, setRuleUnfinished] = useState(false);
  const [settled] = useDebouncedValue(complete ? rule : null, COUNT_DEBOUNCE_MS);
  const count = useQuery({ ...segmentQueries.count(settled ?? emptySegmentRule()), enabled: settled !== null });
  useRefetchAfterSync(SEGMENT_MIRROR, SEGMENT_ANSWERS);
  const stale = !complete || settled !== rule || count.isPlaceholderData || count.isFetching;

  // What is saved: leaving with anything else asks first (a walkthrough's half-built segment went without a word).
  const [saved, setSaved] = useState(() => draftOf(segment?.name ?? '', segment?.description ?? '', rule));
  const dirty = draftOf(name, description, rule) !== saved;
  // The blocker reads a ref: after a first save or a delete the page navigates at once.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const changeRule = (next: SegmentRule) => {
    setRule(next);
    if (page !== 1) setPage(1);
  };

  const onSave = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('nameRequired'));
      return;
    }
    setNameError(null);
    // An unfinished condition would go to the gateway and come back as its English "The given data was invalid.".
    setRuleUnfinished(!complete);
    if (!complete) return;
    save.mutate(
      { id: segment?.id ?? null, input: { name: trimmed, description: description.trim(), rule } },
      {
        onSuccess: (stored) => {
          void notify({ color: 'green', message: t('saved') });
          setSaved(draftOf(trimmed, description, rule));
          dirtyRef.current = false;
          if (!segment) void navigate(`/customers/segments/${stored.id}`, { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 409) setNameError(t('nameTaken'));
        },
      },
    );
  };

  const onDelete = () => {
    if (!segment) return;
    remove.mutate(segment.id, {
      onSuccess: () => {
        void notify({ color: 'green', message: t('deleted') });
        dirtyRef.current = false;
        void navigate('/customers/segments', { replace: true });
      },
    });
  };

  return (
    <Stack gap="lg" maw={1400}>
      <LeaveGuard
        active={dirty}
        activeRef={dirtyRef}
        texts={{ title: t('unsavedTitle'), text: t('unsavedText'), leave: t('unsavedLeave'), stay: t('unsavedStay') }}
      />
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Text component={Link} to="/customers/segments" size="sm">
            ← {t('backToList')}
          </Text>
          <Title order={1}>{segment ? segment.name : t('newTitle')}</Title>
        </Stack>
        <Group gap="sm">
          {segment ? (
            <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
              {t('delete')}
            </Button>
          ) : null}
          <Button onClick={onSave} loading={save.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Group>

      {ruleUnfinished && !complete ? (
        <Alert color="red" role="alert" data-testid="rule-unfinished">
          {t('ruleUnfinished')}
        </Alert>
      ) : null}
      {save.isError && !(isApiError(save.error) && save.error.status === 409) ? (
        <Alert color="red" role="alert">
          {describeError(save.error, tApp)}
        </Alert>
      ) : null}

      <Group align="flex-start" gap="md" wrap="wrap">
        <TextInput
          label={t('name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={nameError}
          required
          maxLength={120}
          w={320}
        />
        <Textarea
          label={t('description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          rows={2}
          maxLength={1000}
          style={{ flex: 1, minWidth: 280 }}
        />
      </Group>

      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h4">
              {t('rule')}
            </Title>
            <Group gap="md" align="baseline">
              {/* A count during the first synchronisation is of the customers copied so far: its progress says so. */}
              <MirrorFreshness resources={SEGMENT_MIRROR} />
              <Text
                role="status"
                aria-live="polite"
                data-testid="segment-count"
                data-stale={stale || undefined}
                fw={600}
                c={stale ? 'dimmed' : undefined}
              >
                {!complete
                  ? t('incompleteRule')
                  : count.data
                    ? `${t('memberCount', { count: formatNumber(count.data.count, locale) })}${stale ? ` · ${t('recounting')}` : ''}`
                    : count.isError
                      ? describeError(count.error, tApp)
                      : t('counting')}
              </Text>
            </Group>
          </Group>
          <RuleBuilder group={rule} onChange={changeRule} choices={choices.data} />
          <Text size="xs" c="dimmed">
            {t('completedNote')}
          </Text>
        </Stack>
      </Paper>

      {/* Tagging a saved segment's members, and keeping a tag in step with it (the customer jobs). */}
      {segment && mayTag ? (
        <>
          <TagSegmentPanel segmentId={segment.id} />
          <AutoTagPanel segmentId={segment.id} />
        </>
      ) : null}

      <Stack gap="xs">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4">
            {t('preview')}
          </Title>
          {mayExport ? (
            segment ? (
              <Group gap="xs" aria-label={t('exportTitle')} role="group">
                <Button component="a" size="xs" variant="light" href={segmentExportUrl(segment.id, 'comma')} download>
                  {t('exportCsv')}
                </Button>
                <Button
                  component="a"
                  size="xs"
                  variant="light"
                  href={segmentExportUrl(segment.id, 'semicolon')}
                  download
                >
                  {t('exportCsvSemicolon')}
                </Button>
              </Group>
            ) : (
              <Text size="xs" c="dimmed">
                {t('exportNeedsSave')}
              </Text>
            )
          ) : null}
        </Group>
        {settled ? <SegmentPreviewTable rule={settled} total={count.data?.count} mirrored={SEGMENT_MIRROR} /> : null}
      </Stack>

      <Dialog opened={confirmDelete} onClose={() => setConfirmDelete(false)} title={t('delete')}>
        <Stack>
          <Text size="sm">{t('deleteConfirm', { name: segment?.name ?? '' })}</Text>
          {remove.isError ? (
            <Alert color="red" role="alert">
              {describeError(remove.error, tApp)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirmDelete(false)}>
              {t('deleteCancel')}
            </Button>
            <Button color="red" onClick={onDelete} loading={remove.isPending}>
              {t('delete')}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}
