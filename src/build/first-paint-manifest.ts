/**
 * What the build leaves for the gateway's static first paint (src/build/first-paint.ts writes it, the
 * gateway's static-app.ts reads it): each first screen prerendered per language, with the files it needs.
 */
export interface Preloads {
  /** Style sheets the screen needs at its first paint beyond index.html's own (paths from the site root). */
  stylesheets: string[];
  /** The screen's code beyond the entry's, to fetch along with it (`<link rel="modulepreload">`). */
  modules: string[];
}

export interface FirstScreen extends Preloads {
  /** The screen's markup for inside #root, by language (`nl`, `en`). */
  markup: Record<string, string>;
}

export interface FirstPaintManifest {
  signIn: FirstScreen;
  /** The signed-in shell with the dashboard loading; its client name is CLIENT_PLACEHOLDER. */
  dashboard: FirstScreen;
  /**
   * Any other page of a signed-in visitor: nothing drawn (its content is not known before its code runs), but the
   * shell's code and style sheets and every area's routes fetched along with the entry, not after it has run.
   */
  signedInPage: Preloads;
}

/** The manifest's file name in the build's output directory. */
export const FIRST_PAINT_MANIFEST = 'first-paint.json';

/** Stands for the signed-in client's name in the prerendered shell; the gateway puts the real one in. */
export const CLIENT_PLACEHOLDER = 'FOYER-FIRST-PAINT-CLIENT';
