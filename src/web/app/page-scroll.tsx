import { type Location, Outlet, ScrollRestoration } from 'react-router';

/**
 * Scroll positions are remembered per path, not per history entry: a page not seen before opens at its top
 * (without this it kept the previous page's position), a path seen before (Back, its menu link) where it
 * was left, and a list's own query string changing (filters, sort, page, mostly with `replace`) keeps the
 * position instead of jumping to the top at every keystroke or filter.
 */
function scrollKey(location: Location): string {
  return location.pathname;
}

/**
 * The root route's frame. ScrollRestoration needs the data router, so it lives here rather than in the
 * shell (AppLayout is also rendered at build time in a MemoryRouter, for the first paint).
 */
export function PageScroll() {
  return (
    <>
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
    </>
  );
}
