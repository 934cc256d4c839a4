import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineMessages, interpolate, LocaleProvider, useLocale, useMessages } from './i18n';

const messages = defineMessages(
  { hello: 'Hallo {name}', count: '{n} stoelen' },
  { hello: 'Hello {name}', count: '{n} seats' },
);

function Greeting() {
  const t = useMessages(messages);
  const { setLocale } = useLocale();
  return (
    <button type="button" onClick={() => setLocale('en-GB')}>
      {t('hello', { name: 'Anna' })} · {t('count', { n: 3 })}
    </button>
  );
}

describe('i18n', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(interpolate('{a} en {b}', { a: 1 })).toBe('1 en {b}');
    expect(interpolate('geen', undefined)).toBe('geen');
  });

  it('speaks Dutch by default, switches to English, remembers it and sets the document language', () => {
    localStorage.clear();
    const first = render(
      <LocaleProvider>
        <Greeting />
      </LocaleProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Hallo Anna · 3 stoelen');
    expect(document.documentElement.lang).toBe('nl');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('Hello Anna · 3 seats');
    expect(document.documentElement.lang).toBe('en');
    first.unmount();
    render(
      <LocaleProvider>
        <Greeting />
      </LocaleProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Hello Anna');
  });

  it('keeps the language of the cookie when the storage lost it (the gateway drew the first screen in it)', () => {
    localStorage.clear();
    // biome-ignore lint/suspicious/noDocumentCookie: the app itself writes this cookie so (jsdom has no Cookie Store).
    document.cookie = 'foyer-locale=en-GB; Path=/';
    render(
      <LocaleProvider>
        <Greeting />
      </LocaleProvider>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('Hello Anna');
    expect(document.documentElement.lang).toBe('en');
    // biome-ignore lint/suspicious/noDocumentCookie: as above.
    document.cookie = 'foyer-locale=; Max-Age=0; Path=/';
  });
});
