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
