import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import type { ComponentPropsWithoutRef } from 'react';
import '@mantine/core/styles/Progress.css';
import { appMessages } from '../../app/messages';
import { describeError } from '../../components/error-message';
import { IconRefresh } from '../../components/icons';
import { formatNumber } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import type { CustomerPrefs } from '../../lib/read';
import type { CustomerDirectory, DirectoryState } from './customer-directory';
import { optinState } from './customer-prefs';
import { customersMessages } from './customers-messages';
import { useDirectoryState } from './use-customer-directory';

/*
 * TagChips, OptinBadge and RowCheckbox are drawn in each of the customer table's 100 rows and redrawn at
 * every search keystroke: plain elements styled like Mantine's badge and checkbox (app.css), not the
 * components themselves, whose style props and nested boxes made a keystroke cost ~300 ms of the page's CPU.
 */
export function TagChips({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="foyer-chips">
      {tags.map((tag) => (
        <span key={tag} className="foyer-chip" data-testid="tag-chip">
          {tag}
        </span>
      ))}
    </span>
  );
}

export function OptinBadge({ prefs }: { prefs: CustomerPrefs | null }) {
  const t = useMessages(customersMessages);
  const state = optinState(prefs);
  if (state === 'unknown') return <span className="foyer-dimmed">{t('optinUnknown')}</span>;
  // Filled for yes: a light teal badge misses the 4.5:1 contrast at this size.
  return (
    <span className="foyer-chip" data-tone={state === 'yes' ? 'yes' : 'no'}>
      {state === 'yes' ? t('optinYes') : t('optinNo')}
    </span>
  );
}

/** A native checkbox in the look of Mantine's; `indeterminate` is a property only, set on the element. */
export function RowCheckbox({
  indeterminate = false,
  ...props
}: Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'className'> & { indeterminate?: boolean }) {
  return (
    <input
      {...props}
      type="checkbox"
      className="foyer-checkbox"
      ref={(element) => {
        if (element) element.indeterminate = indeterminate;
      }}
    />
  );
}

/**
 * Where the background load of the customers stands: progress with a stop button, a stopped or failed load
 * with a way to start again, or how many are loaded (and whether a refresh runs).
 */
export function DirectoryStatusBar({ directory }: { directory: CustomerDirectory }) {
  // Watched here, not by the screen around it: the progress of a load redraws this bar alone.
  const state = useDirectoryState(directory) as DirectoryState;
  const t = useMessages(customersMessages);
  const tApp = useMessages(appMessages);
  const { locale } = useLocale();
  const done = formatNumber(state.progress?.rowsDone ?? state.size, locale);
  const total = formatNumber(state.progress?.total ?? state.size, locale);

  if (state.status === 'loading') {
    const fraction = state.progress && state.progress.total > 0 ? state.progress.rowsDone / state.progress.total : 0;
    const label = state.progress ? t('loadingProgress', { done, total }) : t('loadingStart');
    return (
      <Group gap="sm" wrap="nowrap" data-testid="customers-load-status" data-status="loading">
        <Stack gap={4} style={{ flex: 1 }}>
          <Text size="sm" role="status">
            {label}
          </Text>
          {/* Not animated: moving stripes repaint the page every frame, and on a two-core machine that took a
              core from the load itself (a 100,000-customer load runs for many seconds). Nor is the bar's growth:
              its width transition (100 ms) laid out and painted the page ~6 frames per progress update, ~600
              frames in a 100,000-customer load. */}
          <Progress value={fraction * 100} size="sm" aria-label={label} transitionDuration={0} />
        </Stack>
        <Button size="xs" variant="default" onClick={() => directory.cancel()}>
          {t('loadCancel')}
        </Button>
      </Group>
    );
  }
  if (state.status === 'cancelled' || state.status === 'error') {
    return (
      <Alert
        color={state.status === 'error' ? 'red' : 'yellow'}
        variant="light"
        role={state.status === 'error' ? 'alert' : 'status'}
        data-testid="customers-load-status"
        data-status={state.status}
      >
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {state.status === 'error'
              ? t('loadFailed', { message: describeError(state.error, tApp) })
              : t('loadCancelled', { done, total })}
          </Text>
          <Button size="xs" variant="white" leftSection={<IconRefresh size={14} />} onClick={() => directory.reload()}>
            {t('loadAgain')}
          </Button>
        </Group>
      </Alert>
    );
  }
  return (
    <Group gap="sm" data-testid="customers-load-status" data-status={state.status}>
      <Text size="sm" c="dimmed" role="status">
        {t('loadedCount', { count: formatNumber(state.size, locale) })}
        {state.refreshing ? ` · ${t('refreshing')}` : ''}
      </Text>
      {state.refreshError ? (
        <Text size="sm" c="red">
          {t('refreshFailed', { message: describeError(state.refreshError, tApp) })}
        </Text>
      ) : null}
    </Group>
  );
}
