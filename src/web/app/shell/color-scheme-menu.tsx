import { ActionIcon, type MantineColorScheme, useMantineColorScheme } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconContrast, IconMoon, IconSun } from '../../components/icons/shell-icons';
import { useMessages } from '../../lib/i18n';
import { useIsStaticRender } from '../../lib/static-render';
import { shellMessages } from './shell-messages';

const ORDER: MantineColorScheme[] = ['light', 'dark', 'auto'];

const ICONS: Record<MantineColorScheme, ReactNode> = {
  light: <IconSun />,
  dark: <IconMoon />,
  auto: <IconContrast />,
};

/**
 * Prerendered for the first paint, the choice is not known (the browser keeps it): all three icons, of which
 * CSS shows the chosen one (app-layout.css; before-paint.js marks the choice on <html>), and a label without
 * the choice.
 */
function StaticColorSchemeButton() {
  const t = useMessages(shellMessages);
  return (
    <ActionIcon variant="default" size={34} aria-label={t('colorScheme')} className="foyer-touch-target">
      {ORDER.map((scheme) => (
        <span key={scheme} className="foyer-color-scheme-icon" data-scheme={scheme}>
          {ICONS[scheme]}
        </span>
      ))}
    </ActionIcon>
  );
}

/**
 * One button cycling light → dark → system (kept by Mantine in localStorage). A button rather than a menu:
 * one tap on a touchscreen, and no popover code in the first load.
 */
export function ColorSchemeMenu() {
  const t = useMessages(shellMessages);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  if (useIsStaticRender()) return <StaticColorSchemeButton />;
  const labels: Record<MantineColorScheme, string> = {
    light: t('colorSchemeLight'),
    dark: t('colorSchemeDark'),
    auto: t('colorSchemeAuto'),
  };
  const next = ORDER[(ORDER.indexOf(colorScheme) + 1) % ORDER.length] ?? 'auto';
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
      {ICONS[colorScheme]}
    </ActionIcon>
  );
}
