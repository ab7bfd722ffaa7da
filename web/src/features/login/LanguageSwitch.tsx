import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../shared/i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../shared/i18n/languages';

/** Language picker of the login page; the choice is kept in the `language` cookie. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('login');
  const lang = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <label className="bh-login__language">
      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.93 6h-2.95a15.7 15.7 0 0 0-1.38-3.56A8.03 8.03 0 0 1 18.93 8ZM12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82A13.8 13.8 0 0 1 12 4.04ZM4.26 14a8.2 8.2 0 0 1 0-4h3.38a16.5 16.5 0 0 0 0 4H4.26Zm.81 2h2.95c.32 1.25.78 2.45 1.38 3.56A8 8 0 0 1 5.07 16Zm2.95-8H5.07A8 8 0 0 1 9.4 4.44 15.7 15.7 0 0 0 8.02 8ZM12 19.96A14.1 14.1 0 0 1 10.09 16h3.82A14.1 14.1 0 0 1 12 19.96ZM14.34 14H9.66a14.7 14.7 0 0 1 0-4h4.68a14.7 14.7 0 0 1 0 4Zm.26 5.56A15.6 15.6 0 0 0 15.98 16h2.95a8.03 8.03 0 0 1-4.33 3.56ZM16.36 14a16.5 16.5 0 0 0 0-4h3.38a8.2 8.2 0 0 1 0 4h-3.38Z"
        />
      </svg>
      <span className="bh-visually-hidden">{t('language')}</span>
      <select
        value={lang}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
