import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useRef } from 'react';
import type { IssuedLink } from '@/contract/people';
import { formatDateTime } from '../../lib/format';
import { useLocale, useMessages } from '../../lib/i18n';
import { staffMessages } from './staff-messages';

/**
 * A one-time link as the administrator hands it over: selectable, with a copy button and how long it works.
 * Foyer has no mail server, so this dialog is the only place the link is ever shown.
 */
export function IssuedLinkView({
  link,
  name,
  onClose,
  replacesEarlier = true,
}: {
  link: IssuedLink;
  name: string;
  onClose: () => void;
  /** False for a first invitation: there is no earlier link to stop working. */
  replacesEarlier?: boolean;
}) {
  const t = useMessages(staffMessages);
  const { locale } = useLocale();
  const clipboard = useClipboard({ timeout: 4000 });
  const input = useRef<HTMLInputElement>(null);
  return (
    <Stack gap="md" data-testid="issued-link">
      <Text size="sm">{t('linkIntro', { name })}</Text>
      <TextInput
        ref={input}
        label={t('linkLabel')}
        value={link.link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        className="foyer-staff-link"
        description={
          link.expiresAt ? t('linkExpires', { date: formatDateTime(link.expiresAt, locale) }) : t('linkNoExpiry')
        }
        data-testid="issued-link-url"
      />
      {replacesEarlier ? (
        <Text size="sm" c="dimmed">
          {t('linkReplaces', { name })}
        </Text>
      ) : null}
      {clipboard.error ? (
        <Alert color="orange" variant="light" role="alert">
          {t('copyFailed')}
        </Alert>
      ) : null}
      <Group gap="sm">
        <Button
          onClick={() => {
            clipboard.copy(link.link);
            input.current?.select();
          }}
          color={clipboard.copied ? 'teal' : undefined}
        >
          {clipboard.copied ? t('copied') : t('copy')}
        </Button>
        <Button variant="default" onClick={onClose}>
          {t('close')}
        </Button>
      </Group>
      <span className="foyer-visually-hidden" role="status">
        {clipboard.copied ? t('copied') : ''}
      </span>
    </Stack>
  );
}
