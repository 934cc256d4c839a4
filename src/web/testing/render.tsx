import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { theme } from '../app/theme';
import { LocaleProvider } from '../lib/i18n';

/** Renders UI as the app does (Mantine, locale, a router at `url`); returns the router to read the URL. */
export function renderWithApp(ui: ReactNode, { url = '/' }: { url?: string } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [url] });
  const result = render(
    <MantineProvider theme={theme}>
      <LocaleProvider initialLocale="nl-NL">
        <RouterProvider router={router} />
      </LocaleProvider>
    </MantineProvider>,
  );
  return { ...result, router };
}
