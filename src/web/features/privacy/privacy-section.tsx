import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { isAnonymisedEmail } from '@/contract/privacy-limits';
import { SectionCard } from '../../components/section-card';
import { languageOf, useLocale, useMessages } from '../../lib/i18n';
import { privacyMessages } from './privacy-messages';

// Loaded when opened: it brings the request's schemas (zod), which the customer page does not need otherwise.
const AnonymiseDialog = lazy(async () => ({ default: (await import('./anonymise-dialog')).AnonymiseDialog }));

/** The package's downloads: plain links, the browser saves the attachment with the session cookie. */
const packageUrls = (customerId: number, language: 'nl' | 'en') => ({
  json: `/api/privacy/customers/${customerId}/package.json`,
  letter: `/api/privacy/customers/${customerId}/package.html?lang=${language}`,
});

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
          {/* Its label wraps on a phone rather than being cut ("Brief om te printen downl…" at 390 px). */}
          <Button
            component="a"
            href={urls.letter}
            download
            variant="default"
            data-testid="privacy-package-letter"
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          >
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
            <Button variant="default" onClick={() => setConfirming(true)} data-testid="privacy-anonymise">
              {t('anonymise')}
            </Button>
          </Group>
        )}
      </Stack>
      {confirming ? (
        <Suspense fallback={null}>
          <AnonymiseDialog
            customerId={customerId}
            email={email}
            onClose={() => setConfirming(false)}
            onAnonymised={onAnonymised}
          />
        </Suspense>
      ) : null}
    </SectionCard>
  );
}
