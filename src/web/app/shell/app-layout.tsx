import { ActionIcon, Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Kbd.css';
import './app-layout.css';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { IconClose, IconMenu, IconSearch } from '../../components/icons/shell-icons';
import { LanguageMenu } from '../../components/language-menu';
import { ScannerHost } from '../../features/scanner/scanner-host';
import { useLocalized, useMessages } from '../../lib/i18n';
import { isMac, keyLabel } from '../../lib/keys';
import { notify, onNotificationsNeeded } from '../../lib/notify';
import { can, sessionKey, sessionQuery, signOut } from '../../lib/session';
import { ColorSchemeMenu } from './color-scheme-menu';
import { OfflineBanner } from './offline-banner';
import { shellMessages } from './shell-messages';
import { SignOutButton } from './sign-out-button';
import { useAppShortcuts } from './use-app-shortcuts';
import { useHeadingTitle } from './use-heading-title';
import { currentNavPath, visibleAreas } from './visible-areas';

// Loaded on first use: the palette and the overlay (with the areas' commands and shortcuts), and toasts are not
// needed to show a page.
const loadCommandPalette = () => import('./command-palette');
const CommandPalette = lazy(async () => ({ default: (await loadCommandPalette()).CommandPalette }));
/** Pointing at or focusing the palette's button starts loading it: the click then finds it (nearly) there. */
const preloadCommandPalette = () => void loadCommandPalette().catch(() => {});
const ShortcutsOverlay = lazy(async () => ({ default: (await import('./shortcuts-overlay')).ShortcutsOverlay }));
const NotificationsHost = lazy(async () => ({ default: (await import('./notifications-host')).NotificationsHost }));

/** The signed-in frame: header, navigation per area, the page, the command palette and the shortcuts overlay. */
export function AppLayout() {
  const t = useMessages(shellMessages);
  const localized = useLocalized();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: session } = useSuspenseQuery(sessionQuery);
  // Only what the person's role opens: navigation, palette, shortcuts and the overlay's list.
  const areas = useMemo(() => visibleAreas(session), [session]);
  const { pathname } = useLocation();
  const currentNav = currentNavPath(areas, pathname);
  const [navOpened, nav] = useDisclosure(false);
  const [helpOpened, help] = useDisclosure(false);
  const mainRef = useRef<HTMLElement>(null);
  useHeadingTitle(mainRef);

  const signOutMutation = useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionKey, null);
      void navigate('/sign-in', { replace: true });
    },
    onError: () => void notify({ color: 'red', message: t('signOutFailed') }),
  });

  const [helpLoaded, setHelpLoaded] = useState(false);
  const openHelp = useCallback(() => {
    setHelpLoaded(true);
    help.open();
  }, [help]);

  const { mutate: signOutNow } = signOutMutation;
  const requestSignOut = useCallback(() => signOutNow(), [signOutNow]);

  useAppShortcuts({ areas, navigate, openHelp });

  // Until the palette is loaded, its shortcut is caught here; from then on Spotlight handles it itself. A layout
  // effect, so that the key works as soon as the shell shows: a passive effect may run only after the first paint,
  // and in one CI run a Ctrl+K pressed once the page's heading showed opened nothing.
  const [paletteOpenRequests, setPaletteOpenRequests] = useState(0);
  const openPalette = useCallback(() => setPaletteOpenRequests((count) => count + 1), []);
  const paletteLoaded = paletteOpenRequests > 0;
  useLayoutEffect(() => {
    if (paletteLoaded) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openPalette();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [paletteLoaded, openPalette]);

  const [notificationsNeeded, setNotificationsNeeded] = useState(false);
  useEffect(() => onNotificationsNeeded(() => setNotificationsNeeded(true)), []);

  /*
   * A CSS grid (app-layout.css) rather than Mantine's AppShell: the same header, navbar and main with the
   * same semantics, without AppShell's resize, aside and footer machinery (and the scroll-lock package its
   * header pulls in) on every signed-in first load.
   */
  return (
    <div className="foyer-shell" data-nav-open={navOpened || undefined}>
      <a href="#main" className="foyer-skip-link">
        {t('skipToContent')}
      </a>
      <header className="foyer-shell-header">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size={34}
              onClick={nav.toggle}
              hiddenFrom="sm"
              aria-expanded={navOpened}
              aria-controls="foyer-navigation"
              aria-label={navOpened ? t('closeNavigation') : t('openNavigation')}
            >
              {navOpened ? <IconClose /> : <IconMenu />}
            </ActionIcon>
            <Text component={NavLink} to="/" fw={800} size="lg" td="none" className="foyer-brand">
              Foyer
            </Text>
            <UnstyledButton
              onClick={openPalette}
              onPointerEnter={preloadCommandPalette}
              onFocus={preloadCommandPalette}
              className="foyer-search-button foyer-touch-target"
              aria-label={`${t('commandPalette')} (${keyLabel('mod')}+K)`}
              visibleFrom="xs"
            >
              <Group gap="xs" wrap="nowrap">
                <IconSearch size={16} />
                {/* Below `sm` the header has room for the icon and the shortcut only; the button keeps its name. */}
                <Text size="sm" c="dimmed" span visibleFrom="sm">
                  {t('searchOrJump')}
                </Text>
                <Kbd size="xs">{isMac() ? '⌘K' : 'Ctrl K'}</Kbd>
              </Group>
            </UnstyledButton>
            {/* On a phone there is no keyboard shortcut to show: the icon alone opens the palette. */}
            <ActionIcon
              variant="subtle"
              color="gray"
              size={34}
              onClick={openPalette}
              onPointerEnter={preloadCommandPalette}
              onFocus={preloadCommandPalette}
              hiddenFrom="xs"
              aria-label={t('commandPalette')}
              data-testid="phone-search-button"
            >
              <IconSearch size={18} />
            </ActionIcon>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text
              component={NavLink}
              to="/account"
              size="sm"
              c="dimmed"
              visibleFrom="md"
              data-testid="signed-in-person"
              title={t('yourAccount')}
              className="foyer-account-link"
            >
              {t('signedInAs', { name: session?.person.name ?? '' })}
            </Text>
            <LanguageMenu />
            <ColorSchemeMenu />
            <SignOutButton onSignOut={requestSignOut} pending={signOutMutation.isPending} />
          </Group>
        </Group>
      </header>
      <nav id="foyer-navigation" className="foyer-shell-nav" aria-label={t('mainNavigation')}>
        <div className="foyer-shell-nav-links">
          {areas.map((area) =>
            area.nav ? (
              <Link
                key={area.id}
                to={area.nav.path}
                aria-current={area.nav.path === currentNav ? 'page' : undefined}
                onClick={nav.close}
                className="foyer-nav-link foyer-touch-target"
              >
                {area.nav.icon}
                <span>{localized(area.nav.label)}</span>
              </Link>
            ) : null,
          )}
        </div>
        <Text component={NavLink} to="/account" size="xs" c="dimmed" pt="sm" hiddenFrom="md" onClick={nav.close}>
          {t('signedInAs', { name: session?.person.name ?? '' })}
        </Text>
      </nav>
      <main id="main" ref={mainRef} tabIndex={-1} className="foyer-shell-main">
        <OfflineBanner />
        <Outlet />
      </main>
      <Suspense fallback={null}>
        {paletteLoaded ? (
          <CommandPalette
            areas={areas}
            session={session}
            openRequests={paletteOpenRequests}
            onShowShortcuts={openHelp}
            onSignOut={requestSignOut}
          />
        ) : null}
        {helpLoaded ? (
          <ShortcutsOverlay opened={helpOpened} onClose={help.close} areas={areas} session={session} />
        ) : null}
        {notificationsNeeded ? <NotificationsHost /> : null}
      </Suspense>
      {/* The barcode scanner opens orders anywhere in the app, for those who may open them. */}
      {can(session, ['sales:sell', 'orders:read', 'reports:read']) ? <ScannerHost /> : null}
    </div>
  );
}
