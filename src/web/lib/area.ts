import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { NavigateFunction, RouteObject } from 'react-router';
import type { Permission } from '../../contract/staff';
import type { Localized } from './i18n';

/**
 * How a feature plugs into the app: one `AppArea` per feature folder (features/<area>/<area>-area.ts),
 * listed once in app/areas.ts. The shell builds the navigation, the command palette and the shortcuts
 * overlay from these, and the router mounts the routes (lazily loaded) inside the signed-in layout.
 * An area module must stay light: it imports page components only through `lazy`.
 */
export interface AppArea {
  id: string;
  /**
   * The permissions that open this area (any one of them); absent: everyone signed in. A person without
   * them does not see the area in the navigation, the palette or the shortcuts, and its routes show
   * "no access". A route may ask for other permissions in `handle: { requires }` (see RouteAccess).
   */
  requires?: readonly Permission[];
  /**
   * Routes under the signed-in layout; use `lazy` so each area loads only when visited. A route's `loader`
   * may start its queries (`queryClient.prefetchQuery`) so data and code load in parallel.
   */
  routes: (deps: AreaDeps) => RouteObject[];
  /** The area's entry in the navbar (and a "go to" command); absent for areas without a page of their own. */
  nav?: AreaNav;
  commands?: AppCommand[];
  /**
   * Commands made from what is typed in the command palette (e.g. "Open order 12345" for `12345`); called
   * on every keystroke, so it must be cheap and must not fetch. Return [] when the text means nothing here.
   */
  searchCommands?: (query: string) => AppCommand[];
  shortcuts?: AppShortcut[];
}

export interface AreaDeps {
  queryClient: QueryClient;
  /**
   * Starts loading data for a route as soon as it matches, once the session is confirmed (route loaders
   * run in parallel with the session check of the signed-in layout). Fire-and-forget: the page's own
   * queries pick the data up, and show errors as usual.
   */
  prefetch: (start: (queryClient: QueryClient) => void | Promise<void>) => void;
}

export interface AreaNav {
  path: string;
  label: Localized;
  description?: Localized;
  icon: ReactNode;
  /** Matches nested paths too (`/events/12` highlights Events). */
  end?: boolean;
  /** Second key of the `g` + key navigation sequence (`g d` → Dashboard). */
  goKey?: string;
}

export interface CommandContext {
  navigate: NavigateFunction;
}

/** A route's own permissions, in its `handle`, where they differ from its area's. */
export interface RouteAccess {
  requires?: readonly Permission[];
}

export interface AppCommand {
  id: string;
  /** Shown only to people whose role allows any of these (absent: everyone who sees the area). */
  requires?: readonly Permission[];
  label: Localized;
  description?: Localized;
  keywords?: string[];
  run: (context: CommandContext) => void;
}

export interface AppShortcut {
  /** Keys pressed together, e.g. `['mod', 'K']`, or in sequence with `then`: `['g', 'then', 'd']`. */
  keys: string[];
  label: Localized;
}
