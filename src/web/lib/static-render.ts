import { createContext, useContext } from 'react';

/**
 * True while a screen is rendered ahead of time for the static first paint (first-screens.tsx), at build
 * time. Such markup is served to every visitor for as long as the build lives, so a component shows nothing
 * there that depends on the moment or the visitor's device (today's date, for one): it keeps the room for it
 * and leaves it to the live render.
 */
export const StaticRenderContext = createContext(false);

export const useIsStaticRender = (): boolean => useContext(StaticRenderContext);
