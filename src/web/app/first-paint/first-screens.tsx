import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PERMISSIONS } from '@/contract/staff';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { SignInPage } from '../../features/sign-in/sign-in-page';
import { LOCALES, type Locale } from '../../lib/format';
import { type Language, languageOf } from '../../lib/i18n';
import { type Session, sessionKey } from '../../lib/session';
import { StaticRenderContext } from '../../lib/static-render';
import { Providers } from '../providers';
import { AppLayout } from '../shell/app-layout';

export interface FirstScreens {
  signIn: Record<Language, string>;
  dashboard: Record<Language, string>;
}

/**
 * The two first screens rendered by the real components, at build time (src/build/first-paint.ts): the
 * sign-in page, and the signed-in shell with the dashboard in its loading state, in each language. The
 * gateway serves them inside #root, so the page paints before its code has run; the app then replaces them
 * with its own render of the same screen (main.tsx). The shell shows `personName` where the signed-in
 * person's name goes, for the gateway to fill in.
 */
export function renderFirstScreens(personName: string): FirstScreens {
  const screens: FirstScreens = { signIn: { nl: '', en: '' }, dashboard: { nl: '', en: '' } };
  for (const locale of LOCALES) {
    screens.signIn[languageOf(locale)] = signIn(locale);
    screens.dashboard[languageOf(locale)] = dashboard(locale, personName);
  }
  return screens;
}

function signIn(locale: Locale): string {
  return render(
    locale,
    '/sign-in',
    new QueryClient(),
    <Routes>
      <Route path="/sign-in" element={<SignInPage />} />
    </Routes>,
  );
}

function dashboard(locale: Locale, personName: string): string {
  const queryClient = new QueryClient();
  // A person who sees every area: the gateway draws this screen only for such a person (static-app.ts).
  const session: Session = {
    clientName: '',
    person: { id: 0, email: '', name: personName },
    role: { key: '', name: '' },
    permissions: [...PERMISSIONS],
    totpEnabled: false,
    mustEnrolTotp: false,
  };
  queryClient.setQueryData(sessionKey, session);
  return render(
    locale,
    '/',
    queryClient,
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<DashboardPage />} />
      </Route>
    </Routes>,
  );
}

function render(locale: Locale, path: string, queryClient: QueryClient, screen: ReactNode): string {
  return renderToString(
    <StaticRenderContext.Provider value={true}>
      <Providers queryClient={queryClient} locale={locale}>
        <MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>
      </Providers>
    </StaticRenderContext.Provider>,
  );
}
