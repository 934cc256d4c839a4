import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { isAnonymisedEmail } from '@/contract/privacy';
import { SectionCard } from '../../components/section-card';
import { languageOf, useLocale, useMessages } from '../../lib/i18n';
import { AnonymiseDialog } from './anonymise-dialog';
import { privacyMessages } from './privacy-messages';
import { packageUrls } from './privacy-queries';

/**
 * The customer page's privacy section (privacy:manage): the subject-access package to download, as JSON and
 * as a letter to print, and anonymising with a typed confirmation.
 */
export function PrivacySection({
  customerId,
  email,
  onAnonymised,
}: {
  customerId: number;
  email: string;
  /** Refreshes what the page shows of the customer. */
  onAnonymised: () => void;
}) {
  const t = useMessages(privacyMessages);
  const { locale } = useLocale();
  const [confirming, setConfirming] = useState(false);
  const urls = packageUrls(customerId, languageOf(locale));
  const anonymised = isAnonymisedEmail(email);

  return (
    <SectionCard title={t('sectionTitle')} id="customer-privacy">
      <Stack gap="sm">
        <Text size="sm">{t('sectionIntro')}</Text>
        <Group gap="sm">
          <Button component="a" href={urls.json} download variant="default" data-testid="privacy-package-json">
            {t('downloadJson')}
          </Button>
          <Button component="a" href={urls.letter} download variant="default" data-testid="privacy-package-letter">
            {t('downloadLetter')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('packageAudited')}
        </Text>
        {anonymised ? (
          <Alert color="gray" variant="light" data-testid="privacy-anonymised">
            {t('anonymised')}
          </Alert>
        ) : (
          <Group>
            <Button color="red.9" variant="outline" onClick={() => setConfirming(true)} data-testid="privacy-anonymise">
              {t('anonymise')}
            </Button>
          </Group>
        )}
      </Stack>
      {confirming ? (
        <AnonymiseDialog
          customerId={customerId}
          email={email}
          onClose={() => setConfirming(false)}
          onAnonymised={onAnonymised}
        />
      ) : null}
    </SectionCard>
  );
}
