import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { takeOverFirstScreen } from './first-paint/take-over';
import { Providers } from './providers';
import { queryClient, router } from './router';

const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

/** Resolves once the router has matched the first page and loaded its code (route `lazy`, loaders). */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export function start(container: HTMLElement): void {
  const root = createRoot(container);
  if (!container.hasChildNodes()) {
    root.render(app);
    return;
  }
  // The gateway drew the first screen already (src/build/first-paint.ts; first-paint/before-paint.js started
  // the app once it was painted). React's first commit replaces it; it waits until the router can render the
  // real page, so the screen never blanks in between.
  void routerReady().then(() => takeOverFirstScreen(container, () => flushSync(() => root.render(app))));
}
