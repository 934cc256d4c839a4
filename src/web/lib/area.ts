import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { NavigateFunction, RouteObject } from 'react-router';
import type { Permission } from '../../contract/staff';
import type { Localized } from './i18n';

/**
 * How a feature plugs into the app, in three parts, each listed once in app/:
 * - the area (`Area`, features/<area>/<area>-area.ts): its id, who may open it and where its navigation leads.
 *   Both halves below name it, so they agree.
 * - its routes (`AreaRoutes`, features/<area>/<area>-routes.ts, listed in app/area-routes.ts): what the router
 *   needs. The dashboard's are in every first load (the sign-in page's too); the others join the router on the
 *   first visit to one of them (app/router.tsx). They must stay light: they import page components only
 *   through `lazy`, and query modules only inside loaders.
 * - its menu (`AreaMenu`, features/<area>/<area>-menu.tsx, listed in app/areas.ts): its navigation entry, with
 *   its label and icon. Only the signed-in shell draws it, so it loads with the shell, not with the sign-in page,
 *   and without the routes.
 * - its commands (`AreaCommands`, features/<area>/<area>-commands.ts, listed in app/area-commands.ts): what the
 *   command palette offers of it (a description of its page, its commands) and its shortcuts for the shortcuts
 *   overlay. Both load on first use, so these load with them, not with every signed-in first screen.
 */
export interface Area {
  id: string;
  /**
   * The permissions that open this area (any one of them); absent: everyone signed in. A person without
   * them does not see the area in the navigation, the palette or the shortcuts, and its routes show
   * "no access". A route may ask for other permissions in `handle: { requires }` (see RouteAccess).
   */
  requires?: readonly Permission[];
  /**
   * The area's own page: where its navigation entry leads, and where `/` sends a person whose first area
   * this is (when the dashboard is not theirs). Absent for areas without a navigation entry.
   */
  home?: string;
  /**
   * The area keeps to a promoter's productions (its gateway routes answer within a scope): the only areas a
   * person of a scoped role sees (`Session.scoped`).
   */
  withinScope?: boolean;
}

/** An area's routes for the router. */
export interface AreaRoutes extends Area {
  /**
   * Routes under the signed-in layout; use `lazy` so each area loads only when visited. A route's `loader`
   * may start its queries (`queryClient.prefetchQuery`) so data and code load in parallel.
   */
  routes: (deps: AreaDeps) => RouteObject[];
}

/** What the signed-in shell draws of an area: its navigation entry. */
export interface AreaMenu {
  /** The area this belongs to: its id, who may open it, and its home (where `nav` leads). */
  area: Area;
  /** The area's entry in the navbar (and a "go to" command), leading to `area.home`; needs a `home`. */
  nav?: AreaNav;
}

/** What the command palette and the shortcuts overlay offer of an area. */
export interface AreaCommands {
  /** The area these belong to (the same one as its menu's). */
  area: Area;
  /** What the area's page is for, under the palette's "go to" command for its navigation entry. */
  description?: Localized;
  commands?: AppCommand[];
  /**
   * Commands made from what is typed in the command palette (e.g. "Open order 12345" for `12345`); called
   * on every keystroke, so it must be cheap and must not fetch. Return [] when the text means nothing here.
   */
  searchCommands?: (query: string) => AppCommand[];
  /**
   * Who else is offered the search commands, without the area itself: a page of the area they may open from
   * elsewhere (the box office opens an order by its number, which the orders area does not open to it).
   */
  searchRequires?: readonly Permission[];
  shortcuts?: AppShortcut[];
}

/** An area as the shell shows it to one person (app/shell/visible-areas.ts): its navigation entry and its path. */
export interface VisibleArea {
  id: string;
  nav?: AreaNav & { path: string };
}

/**
 * An area's commands as the palette offers them to one person (app/shell/visible-commands.ts): only those their
 * role allows.
 */
export interface VisibleCommands extends Omit<AreaCommands, 'area'> {
  id: string;
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
  label: Localized;
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
