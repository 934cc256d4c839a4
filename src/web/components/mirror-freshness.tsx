import { Anchor, Group, Loader, Progress, Text } from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { MirrorResource, MirrorStatus } from '../../contract/mirror';
import { formatPercent, formatTime } from '../lib/format';
import { defineMessages, useLocale, useMessages } from '../lib/i18n';
import { mirrorQueries, useRefreshMirror } from '../lib/queries/mirror-queries';
import { serverNow } from '../lib/server-clock';
import { useCan } from '../lib/use-can';
import { IconAlert, IconRefresh } from './icons/status-icons';

const messages = defineMessages(
  {
    label: 'Actualiteit van de gegevens',
    updatedAgo: 'Bijgewerkt {ago}',
    justNow: 'zojuist',
    secondsAgo: '{n} s geleden',
    minutesAgo: '{n} min geleden',
    atTime: 'om {time}',
    never: 'Nog niet gesynchroniseerd',
    firstSync: 'Eerste synchronisatie: {percent}',
    firstSyncStarting: 'Eerste synchronisatie begint…',
    syncing: 'Bezig met bijwerken…',
    refresh: 'Nu verversen',
    refreshFailed: 'Verversen lukte niet. Probeer het zo nog eens.',
    lastAttemptFailed: 'Laatste poging mislukt; de gegevens kunnen verouderd zijn.',
    unknown: 'Actualiteit onbekend',
    progressLabel: 'Voortgang eerste synchronisatie',
  },
  {
    label: 'How current the data is',
    updatedAgo: 'Updated {ago}',
    justNow: 'just now',
    secondsAgo: '{n} s ago',
    minutesAgo: '{n} min ago',
    atTime: 'at {time}',
    never: 'Not synchronised yet',
    firstSync: 'First synchronisation: {percent}',
    firstSyncStarting: 'First synchronisation is starting…',
    syncing: 'Updating…',
    refresh: 'Refresh now',
    refreshFailed: 'Refreshing did not work. Try again shortly.',
    lastAttemptFailed: 'Last attempt failed; the data may be out of date.',
    unknown: 'Currency unknown',
    progressLabel: 'Progress of the first synchronisation',
  },
);

/** The parts of the status that concern `resources`: the oldest success, progress, errors, whether it runs. */
function freshnessOf(status: MirrorStatus, resources: readonly MirrorResource[]) {
  const parts = status.resources.filter((part) => resources.includes(part.resource));
  const successes = parts.map((part) => (part.lastSuccessAt ? Date.parse(part.lastSuccessAt) : null));
  const firstSyncing = parts.some((part) => part.fullSync.finishedAt === null);
  const total = parts.reduce((sum, part) => sum + (part.fullSync.total ?? 0), 0);
  const done = parts.reduce((sum, part) => sum + Math.min(part.fullSync.done, part.fullSync.total ?? 0), 0);
  return {
    // The copy is as fresh as its stalest part.
    updatedAt: successes.some((at) => at === null) ? null : Math.min(...(successes as number[])),
    firstSync: firstSyncing ? { fraction: total > 0 ? done / total : null } : null,
    failed: parts.some((part) => part.lastError !== null),
    running: status.running,
  };
}

/** Whether a first synchronisation of one of `resources` is running: until it ends, the copy is partial. */
export function useFirstSyncRunning(resources: readonly MirrorResource[]): boolean {
  const status = useQuery(mirrorQueries.status());
  return status.data ? freshnessOf(status.data, resources).firstSync !== null : false;
}

/** Re-renders every second while shown, for the "… s geleden". */
function useTicker(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * How fresh the gateway's copy of the service is — "Bijgewerkt 12 s geleden · Nu verversen" — with the
 * first synchronisation's progress while it runs. For pages that read the mirror (customers, orders);
 * `resources` says which parts they show. "Nu verversen" only for those who may ask for it.
 */
export function MirrorFreshness({ resources }: { resources: readonly MirrorResource[] }) {
  const t = useMessages(messages);
  const { locale } = useLocale();
  const status = useQuery(mirrorQueries.status());
  const refresh = useRefreshMirror();
  const mayRefresh = useCan('customers:read', 'orders:read', 'reports:read');
  const now = useTicker();

  if (status.isPending) return null;
  if (status.isError) {
    return (
      <Text size="sm" c="dimmed" data-testid="mirror-freshness">
        {t('unknown')}
      </Text>
    );
  }
  const fresh = freshnessOf(status.data, resources);
  const busy = fresh.running || refresh.isPending;

  const ago = (at: number) => {
    const seconds = Math.max(0, Math.round((now - at) / 1000));
    if (seconds < 5) return t('justNow');
    if (seconds < 60) return t('secondsAgo', { n: seconds });
    if (seconds < 3600) return t('minutesAgo', { n: Math.floor(seconds / 60) });
    return t('atTime', { time: formatTime(new Date(at), locale) });
  };

  const firstSyncLine = (fraction: number | null) =>
    fraction === null ? t('firstSyncStarting') : t('firstSync', { percent: formatPercent(fraction, locale) });
  let line: string;
  // What a screen reader is told: the same, but only when it changes in substance — a sync starts or ends, the
  // first sync moves on by a tenth. The line itself changes every second ("12 s geleden"), and was read out as
  // often.
  let announced: string;
  if (fresh.firstSync) {
    const { fraction } = fresh.firstSync;
    line = firstSyncLine(fraction);
    announced = firstSyncLine(fraction === null ? null : Math.floor(fraction * 10) / 10);
  } else if (fresh.updatedAt === null) {
    line = announced = t('never');
  } else {
    line = t('updatedAgo', { ago: ago(fresh.updatedAt) });
    announced = t('updatedAgo', { ago: t('atTime', { time: formatTime(new Date(fresh.updatedAt), locale) }) });
  }

  return (
    <Group gap="xs" wrap="nowrap" aria-label={t('label')} role="group" data-testid="mirror-freshness">
      {busy ? <Loader size={14} aria-hidden /> : null}
      <Text size="sm" c="dimmed" aria-hidden>
        {busy && !fresh.firstSync ? t('syncing') : line}
      </Text>
      <span className="foyer-visually-hidden" aria-live="polite">
        {busy && !fresh.firstSync ? t('syncing') : announced}
      </span>
      {fresh.firstSync?.fraction != null ? (
        <Progress value={fresh.firstSync.fraction * 100} w={80} size="sm" aria-label={t('progressLabel')} />
      ) : null}
      {fresh.failed && !busy ? (
        <Text size="sm" className="foyer-warning-text" title={t('lastAttemptFailed')}>
          <IconAlert size={16} aria-label={t('lastAttemptFailed')} aria-hidden={false} role="img" />
        </Text>
      ) : null}
      {refresh.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {t('refreshFailed')}
        </Text>
      ) : null}
      {mayRefresh ? (
        <>
          <Text size="sm" c="dimmed" aria-hidden>
            ·
          </Text>
          {/* A link-like button: a subtle Button's hover colours fall short of 4.5:1 while the pointer rests on it. */}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => refresh.mutate()}
            disabled={busy}
            c={busy ? 'dimmed' : undefined}
          >
            <IconRefresh size={14} style={{ verticalAlign: '-2px', marginInlineEnd: 4 }} />
            {t('refresh')}
          </Anchor>
        </>
      ) : null}
    </Group>
  );
}
