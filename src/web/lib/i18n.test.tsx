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

  it('chooses a count’s plural form by the language’s rules, with an exact count first', () => {
    const members = '{count, plural, =0 {geen leden} one {# actief lid} other {# actieve leden}} in {role}';
    expect(interpolate(members, { count: 0, role: 'Kassa' })).toBe('geen leden in Kassa');
    expect(interpolate(members, { count: 1, role: 'Kassa' })).toBe('1 actief lid in Kassa');
    expect(interpolate(members, { count: 2, role: 'Kassa' })).toBe('2 actieve leden in Kassa');
    // Formatted counts keep their format; the category is the whole number's.
    expect(interpolate('{n, plural, one {# record} other {# records}}', { n: '1,234' }, 'en')).toBe('1,234 records');
    expect(interpolate('{n, plural, one {# record} other {# records}}', { n: 1 }, 'en')).toBe('1 record');
    // Without the value the text stays as written.
    expect(interpolate('{n, plural, one {#} other {#}}', {})).toBe('{n, plural, one {#} other {#}}');
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
