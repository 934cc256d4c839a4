/**
 * The seat-plan viewer for other features (the box office), loaded lazily as a chunk of its own — hence an
 * entry apart from the page's (public-page.ts), so that importing one does not load the other.
 */
export { default } from './seat-plan-viewer';
