import { createTheme } from '@mantine/core';

/**
 * System fonts (nothing to download before the first paint) and a primary shade dark enough for white
 * text at 4.5:1 in both schemes.
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 8 },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
});
