import { ActionIcon, type MantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconContrast, IconMoon, IconSun } from '../../components/icons';
import { useMessages } from '../../lib/i18n';
import { appMessages } from '../messages';

const ORDER: MantineColorScheme[] = ['light', 'dark', 'auto'];

/**
 * One button cycling light → dark → system (kept by Mantine in localStorage). A button rather than a menu:
 * one tap on a touchscreen, and no popover code in the first load.
 */
export function ColorSchemeMenu() {
  const t = useMessages(appMessages);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const labels: Record<MantineColorScheme, string> = {
    light: t('colorSchemeLight'),
    dark: t('colorSchemeDark'),
    auto: t('colorSchemeAuto'),
  };
  const next = ORDER[(ORDER.indexOf(colorScheme) + 1) % ORDER.length] ?? 'auto';
  const icon = colorScheme === 'light' ? <IconSun /> : colorScheme === 'dark' ? <IconMoon /> : <IconContrast />;
  const label = `${t('colorScheme')}: ${labels[colorScheme]}`;
  return (
    <ActionIcon
      variant="default"
      size={34}
      aria-label={label}
      title={`${label} → ${labels[next]}`}
      onClick={() => setColorScheme(next)}
      className="foyer-touch-target"
      data-testid="color-scheme-toggle"
    >
      {icon}
    </ActionIcon>
  );
}
