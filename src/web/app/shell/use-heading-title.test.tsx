import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { titleFor, useHeadingTitle } from './use-heading-title';

function Main({ heading }: { heading: string | null }) {
  const ref = useRef<HTMLElement>(null);
  useHeadingTitle(ref);
  return <main ref={ref}>{heading === null ? <p>Laden…</p> : <h1>{heading}</h1>}</main>;
}

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('the tab title', () => {
  it('is the main heading and the app name; the app name alone without a heading', () => {
    expect(titleFor('Klanten')).toBe('Klanten · Foyer');
    expect(titleFor('  Lieke\n  van ’t Hof ')).toBe('Lieke van ’t Hof · Foyer');
    expect(titleFor('')).toBe('Foyer');
    expect(titleFor(null)).toBe('Foyer');
  });

  it('follows the heading as the page loads and changes, and is the app name again once the shell is gone', async () => {
    const { rerender, unmount } = render(<Main heading={null} />);
    expect(document.title).toBe('Foyer');
    rerender(<Main heading="Bestelling 53001" />);
    await nextFrame();
    expect(document.title).toBe('Bestelling 53001 · Foyer');
    rerender(<Main heading="Klanten" />);
    await nextFrame();
    expect(document.title).toBe('Klanten · Foyer');
    unmount();
    expect(document.title).toBe('Foyer');
  });
});
