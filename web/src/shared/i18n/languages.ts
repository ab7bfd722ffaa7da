import Cookies from 'js-cookie';

export const LANGUAGES = ['en', 'zh', 'es', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';
export const LANGUAGE_COOKIE = 'language';

/** Each language's own name, shown in the language switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh: '中文',
  en: 'English',
  es: 'Español',
  ja: '日本語',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Spec §1: the saved setting (cookie `language`), else the browser language (`zh-TW` → zh,
 * `es-419` → es), else English.
 */
export function detectLanguage(
  saved: string | undefined = Cookies.get(LANGUAGE_COOKIE),
  browser: string | undefined = typeof navigator === 'undefined' ? undefined : navigator.language,
): Language {
  if (isLanguage(saved)) return saved;
  const lowered = (browser ?? '').toLowerCase();
  return LANGUAGES.find((lang) => lowered === lang || lowered.startsWith(`${lang}-`)) ?? FALLBACK_LANGUAGE;
}

export function saveLanguage(lang: Language): void {
  Cookies.set(LANGUAGE_COOKIE, lang);
}
