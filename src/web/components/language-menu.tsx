import { Button, Group } from '@mantine/core';
import { appMessages } from '../lib/app-messages';
import { LOCALES, type Locale } from '../lib/format';
import { useLocale, useMessages } from '../lib/i18n';

const SHORT: Record<Locale, { label: string; name: string; lang: string }> = {
  'nl-NL': { label: 'NL', name: 'Nederlands', lang: 'nl' },
  'en-GB': { label: 'EN', name: 'English', lang: 'en' },
};

/** NL | EN as two pressed/unpressed buttons: short enough for the header on a 1024-px screen. */
export function LanguageMenu() {
  const { locale, setLocale } = useLocale();
  const t = useMessages(appMessages);
  return (
    <Group gap={0} role="group" aria-label={t('language')} wrap="nowrap">
      {LOCALES.map((option, index) => (
        <Button
          key={option}
          size="xs"
          h={34}
          px={10}
          variant={option === locale ? 'filled' : 'default'}
          aria-pressed={option === locale}
          title={SHORT[option].name}
          lang={SHORT[option].lang}
          onClick={() => setLocale(option)}
          className="foyer-touch-target"
          style={{
            borderTopLeftRadius: index === 0 ? undefined : 0,
            borderBottomLeftRadius: index === 0 ? undefined : 0,
            borderTopRightRadius: index === LOCALES.length - 1 ? undefined : 0,
            borderBottomRightRadius: index === LOCALES.length - 1 ? undefined : 0,
          }}
        >
          {SHORT[option].label}
        </Button>
      ))}
    </Group>
  );
}
