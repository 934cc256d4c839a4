/*
 * Runs before the first paint: a blocking script in <head> (src/build/first-paint.ts adds it to index.html;
 * a file, because the CSP allows no inline script).
 * - What the gateway cannot know, because the browser keeps it, is put in place so the prerendered first
 *   screen looks the way the app will draw it: the colour scheme, as Mantine's ColorSchemeScript sets it
 *   (same storage key; 'auto' follows the system), and the choice itself (for the icon that shows it); on
 *   the sign-in form, the focus in the email field.
 * - It starts the app (index.html only preloads its entry, `data-foyer-app`) once that screen is painted.
 *   A module script of the page, fetched before the page is parsed, would run first, and its 0.7 s of
 *   evaluation on a 4× slower CPU would hold the paint back.
 */
(() => {
  /*
   * A style sheet that fails to load (a dropped connection, a server busy for a moment) is asked for once more, at
   * the same URL. Nothing else would ask again: the browser never does, and Vite's loader of the lazy pages' style
   * sheets skips one whose <link> is in the page already, so one failed request left the page unstyled for good.
   * The same element leaves the page and comes back, which loads it anew: whoever waits for it (Vite's loader
   * does) sees it load. Its first error stops here; a second one goes on to them (a route's error then offers a
   * reload). This script comes before every style sheet in index.html, so it sees each of their errors.
   */
  const loadedAgain = new WeakSet();
  document.addEventListener(
    'error',
    (event) => {
      const link = event.target;
      if (!(link instanceof HTMLLinkElement) || link.rel !== 'stylesheet' || loadedAgain.has(link)) return;
      const { parentNode, nextSibling } = link;
      if (!parentNode) return;
      loadedAgain.add(link);
      event.stopImmediatePropagation();
      link.remove();
      parentNode.insertBefore(link, nextSibling);
    },
    true,
  );

  try {
    const stored = localStorage.getItem('mantine-color-scheme-value');
    const choice = stored === 'light' || stored === 'dark' ? stored : 'auto';
    const scheme = choice === 'auto' ? (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light') : choice;
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
    // For the prerendered colour scheme button, which shows the choice (src/web/app/shell/app-layout.css).
    document.documentElement.setAttribute('data-foyer-color-scheme', choice);
  } catch {
    // No storage: MantineProvider decides when the app starts.
  }

  const fillSignInForm = () => {
    const email = document.querySelector('#root input[name="email"]');
    if (!email) return;
    email.focus();
    // Never sent by the browser itself (a GET, with the password in the URL), should its disabled button not
    // stop it: only the app signs in.
    email.form?.addEventListener('submit', (event) => event.preventDefault());
  };

  const startApp = () => {
    const entry = document.querySelector('link[data-foyer-app]');
    if (!entry) return;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.href;
    document.head.append(script);
  };

  // When the document is parsed: the first screen is there.
  document.addEventListener(
    'readystatechange',
    () => {
      fillSignInForm();
      // Without a drawn screen, or in a hidden tab (no frames there), nothing is worth waiting for.
      if (document.getElementById('root')?.hasChildNodes() && document.visibilityState === 'visible') {
        requestAnimationFrame(() => setTimeout(startApp, 0));
      } else {
        startApp();
      }
    },
    { once: true },
  );
})();
