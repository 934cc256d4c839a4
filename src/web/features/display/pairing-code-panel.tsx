import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Code.css';
import { describeError } from '../../components/error-message';
import { appMessages } from '../../lib/app-messages';
import { formatTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { displayMessages } from './display-messages';
import { usePairingCode } from './display-queries';

/** The code as shown: two groups of four, easier to read out and type. */
const grouped = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** How to pair a screen, and a button that makes a pairing code for the sales point and shows it. */
export function PairingCodePanel({ salesPointId }: { salesPointId: number }) {
  const t = useMessages(displayMessages);
  const app = useMessages(appMessages);
  const { locale } = useLocale();
  const code = usePairingCode(salesPointId);
  return (
    <Stack gap="md">
      <Text size="sm">{t('screensIntro', { url: `${window.location.origin}/display` })}</Text>
      <Group>
        <Button onClick={() => code.mutate()} loading={code.isPending} data-testid="display-new-code">
          {t('newCode')}
        </Button>
        {code.data ? (
          <Stack gap={0} aria-live="polite">
            <Text fw={600}>
              {t('code')}:{' '}
              <Code fz="xl" data-testid="display-pairing-code">
                {grouped(code.data.code)}
              </Code>
            </Text>
            <Text size="sm">{t('codeExpires', { time: formatTime(code.data.expiresAt, locale) })}</Text>
          </Stack>
        ) : null}
      </Group>
      {code.isError ? (
        <Alert color="red" variant="light" role="alert">
          {describeError(code.error, app)}
        </Alert>
      ) : null}
    </Stack>
  );
}
