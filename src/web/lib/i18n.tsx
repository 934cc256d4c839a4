import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { DEFAULT_LOCALE, isLocale, type Locale, warmFormatters } from './format';
import { whenIdle } from './when-idle';

/**
 * A deliberately tiny i18n: each feature defines its own Dutch and English texts next to its code with
 * `defineMessages` (the English set must have exactly the Dutch keys, checked by the compiler), and reads
 * them with `useMessages`. Placeholders are `{name}`; a count's forms are
 * `{count, plural, one {# lid} other {# leden}}` (ICU's syntax, chosen by Intl.PluralRules; `#` is the count as
 * given, `=0 {…}` an exact count). No library: the app has two languages, and this is all they need.
 */

export type Language = 'nl' | 'en';
export type Localized = Readonly<Record<Language, string>>;

export const languageOf = (locale: Locale): Language => (locale === 'en-GB' ? 'en' : 'nl');

export interface MessageSet<Keys extends string> {
  nl: Readonly<Record<Keys, string>>;
  en: Readonly<Record<Keys, string>>;
}

export function defineMessages<const Nl extends Record<string, string>>(
  nl: Nl,
  en: Readonly<Record<keyof Nl & string, string>>,
): MessageSet<keyof Nl & string> {
  return { nl, en };
}

export type Translate<Keys extends string> = (key: Keys, values?: Record<string, string | number>) => string;

/** `{name, plural, one {…} other {…}}`; a form holds no braces of its own. */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_FORM = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;
const pluralRules = new Map<Language, Intl.PluralRules>();

/** The form of `forms` for `value`: an exact `=n` first, then its plural category, then `other`. */
function pluralForm(forms: string, value: string | number, language: Language): string {
  // A count may come formatted ("1.234", "1,234"): its category is the whole number's.
  const count = typeof value === 'number' ? value : Number(value.replace(/[^\d]/g, ''));
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const byName = new Map([...forms.matchAll(PLURAL_FORM)].map(([, name, text]) => [name, text ?? '']));
  const form = byName.get(`=${count}`) ?? byName.get(rules.select(count)) ?? byName.get('other') ?? '';
  return form.replaceAll('#', String(value));
}

export function interpolate(
  template: string,
  values?: Record<string, string | number>,
  language: Language = 'nl',
): string {
  if (!values) return template;
  return template
    .replace(PLURAL, (match, name: string, forms: string) =>
      values[name] === undefined ? match : pluralForm(forms, values[name], language),
    )
    .replace(/\{(\w+)\}/g, (match, name: string) => (values[name] === undefined ? match : String(values[name])));
}

const LOCALE_STORAGE_KEY = 'foyer.locale';
/** The gateway reads it to draw the first screen in the visitor's language (src/server/gateway/static-app.ts). */
const LOCALE_COOKIE = 'foyer-locale';
const YEAR_IN_SECONDS = 365 * 24 * 60 * 60;

interface LocaleContextValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleContextValue>({ locale: DEFAULT_LOCALE, setLocale: () => {} });

function storedLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // No storage (private mode): the cookie may still say.
  }
  // The cookie mirrors the choice and may outlive the storage (cleared separately): the gateway drew the
  // first screen in its language, so the app must not switch to the default under the visitor's eyes.
  const fromCookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];
  return isLocale(fromCookie) ? fromCookie : DEFAULT_LOCALE;
}

export function LocaleProvider({ children, initialLocale }: { children: ReactNode; initialLocale?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => initialLocale ?? storedLocale());
  useEffect(() => {
    document.documentElement.lang = languageOf(locale);
    // Mirrored on every start, so a choice stored before the cookie existed reaches the gateway too. Only a
    // language other than the default needs one; the default removes it.
    const cookie =
      locale === DEFAULT_LOCALE
        ? `${LOCALE_COOKIE}=; Max-Age=0`
        : `${LOCALE_COOKIE}=${locale}; Max-Age=${YEAR_IN_SECONDS}`;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and older Firefox.
    document.cookie = `${cookie}; Path=/; SameSite=Lax`;
  }, [locale]);
  // While the first screen waits for its code and data, so its first render does not pay for Intl's setup.
  useEffect(() => whenIdle(() => warmFormatters(locale)), [locale]);
  const setLocale = useCallback((next: Locale) => {
    setLocaleState(next);
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this visit only.
    }
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

/** The texts of `messages` in `language`, for code outside components (a component reads them with useMessages). */
export function translator<Keys extends string>(messages: MessageSet<Keys>, language: Language): Translate<Keys> {
  const table = messages[language];
  return (key, values) => interpolate(table[key], values, language);
}

export function useMessages<Keys extends string>(messages: MessageSet<Keys>): Translate<Keys> {
  const { locale } = useLocale();
  const language = languageOf(locale);
  return useMemo(() => translator(messages, language), [messages, language]);
}

export function useLocalized(): (text: Localized) => string {
  const { locale } = useLocale();
  const language = languageOf(locale);
  return useCallback((text) => text[language], [language]);
}
