import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from './languages';

/**
 * Every dictionary of the web app (the `common` one of each language and every namespace's
 * `{ zh, en, es, ja }`): each language quotes with its own marks and spaces as it writes.
 */
const modules = import.meta.glob(['/src/**/locales.ts', '/src/shared/i18n/locales/*.ts'], { eager: true }) as Record<string, Record<string, unknown>>;

function texts(value: unknown, path: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([path, value]);
  else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) texts(child, path ? `${path}.${key}` : key, out);
  return out;
}

/** [file, language, key, text] of every text of every dictionary. */
const ALL: [string, Language, string, string][] = Object.entries(modules).flatMap(([file, module]) =>
  Object.entries(module).flatMap(([name, value]) => {
    if (!value || typeof value !== 'object') return [];
    const byLanguage = LANGUAGES.every((lang) => lang in value)
      ? LANGUAGES.map((lang) => [lang, (value as Record<string, unknown>)[lang]] as const)
      : (LANGUAGES as readonly string[]).includes(name)
        ? [[name as Language, value] as const]
        : [];
    return byLanguage.flatMap(([lang, dictionary]) => texts(dictionary, '', []).map(([key, text]) => [file, lang, key, text] as [string, Language, string, string]));
  }),
);

/** Marks a language does not quote with: Chinese “…”, English “…”, Spanish «…» or “…”, Japanese 「…」. */
const FOREIGN_QUOTES: Record<Language, RegExp> = { zh: /[「」«»]/, en: /[「」«»]/, es: /[「」]/, ja: /[“”«»]/ };

describe('quotation marks and spaces in every dictionary', () => {
  it('reads every namespace', () => {
    const files = new Set(ALL.map(([file]) => file));
    expect(files.size).toBeGreaterThan(20);
    for (const lang of LANGUAGES) expect(ALL.some(([, l, key]) => l === lang && key === 'organization.empty'), lang).toBe(true);
  });

  it.each(LANGUAGES)('%s quotes with its own marks', (lang) => {
    const wrong = ALL.filter(([, l, , text]) => l === lang && FOREIGN_QUOTES[lang].test(text)).map(([file, , key, text]) => `${file} ${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it('English and Spanish use no full-width punctuation', () => {
    const wrong = ALL.filter(([, l, , text]) => (l === 'en' || l === 'es') && /[，。：；（）！？、【】]/.test(text)).map(([file, l, key, text]) => `${file} ${l} ${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it('no text has two spaces in a row or a space just inside its quotes', () => {
    const wrong = ALL.filter(([, , , text]) => / {2}|[“「«] | [”」»]/.test(text)).map(([file, l, key, text]) => `${file} ${l} ${key}: ${text}`);
    expect(wrong).toEqual([]);
  });
});
