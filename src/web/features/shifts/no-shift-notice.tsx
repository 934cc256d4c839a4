import { Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useMessages } from '../../lib/i18n';
import { shiftQueries } from './shift-queries';
import { shiftsMessages } from './shifts-messages';
import './shifts.css';

const OpenShiftDialog = lazy(async () => ({ default: (await import('./open-shift-dialog')).OpenShiftDialog }));

/**
 * Beside the pay button when the seller has no shift open: the sale counts in no cash-up, which the bar at the
 * top of the desk said only while it was in view (a walkthrough paid cash with none open, unwarned). Nothing
 * while the shift is being read or could not be (the bar says so).
 */
export function NoShiftNotice() {
  const t = useMessages(shiftsMessages);
  const current = useQuery(shiftQueries.current());
  const [opening, setOpening] = useState(false);
  if (!current.data || current.data.shift) return null;
  return (
    <div className="foyer-no-shift-notice" role="note" data-testid="no-shift-notice">
      <Group justify="space-between" gap="xs" wrap="nowrap" align="center">
        <Text size="sm">{t('checkoutNoShift')}</Text>
        {/* Never narrowed by the sentence beside it: it read "Dienst" at 390 and 768 px. */}
        <Button size="compact-sm" variant="default" style={{ flexShrink: 0 }} onClick={() => setOpening(true)}>
          {t('openShift')}
        </Button>
      </Group>
      {opening ? (
        <Suspense fallback={null}>
          <OpenShiftDialog onClose={() => setOpening(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
