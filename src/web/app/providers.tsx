import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Locale } from '../lib/format';
import { LocaleProvider } from '../lib/i18n';
import { cssVariablesResolver, theme } from './theme';

interface ProvidersProps {
  queryClient: QueryClient;
  /** The language to use instead of the stored choice (the prerendered first screens, one per language). */
  locale?: Locale;
  children: ReactNode;
}

export function Providers({ queryClient, locale, children }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <LocaleProvider initialLocale={locale}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </LocaleProvider>
    </MantineProvider>
  );
}
