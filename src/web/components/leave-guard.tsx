import { Button, Group, Stack, Text } from '@mantine/core';
import { type RefObject, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { Dialog } from './dialog';

/**
 * While `active`: leaving for another page asks first, in the app's own dialog, and closing or reloading the tab
 * asks the browser's question. `texts` says what would be lost. `activeRef`, when given, is what the app's own
 * navigation is checked against: a page that navigates right after finishing sets it before a re-render could
 * tell `active` (the customer form after a save).
 */
export function LeaveGuard({
  active,
  activeRef,
  texts,
}: {
  active: boolean;
  activeRef?: RefObject<boolean>;
  texts: { title: string; text: string; leave: string; stay: string };
}) {
  const rendered = useRef(active);
  rendered.current = active;
  const current = activeRef ?? rendered;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => current.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
  return (
    <Dialog opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={texts.title}>
      <Stack gap="md">
        <Text>{texts.text}</Text>
        <Group gap="sm">
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {texts.leave}
          </Button>
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {texts.stay}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
