import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { clearRoles } from '../../shared/auth/permissions';
import { AFTER_LOGIN_STATE, safeRedirect } from '../../shared/auth/redirect';
import { getToken, setToken, setUserInfo } from '../../shared/auth/token';
import { addResources } from '../../shared/i18n';
import { usePageTitle } from '../../shared/i18n/usePageTitle';
import type { AccountKind, LoginSession } from './api';
import { BeeLogo } from './BeeLogo';
import { useAppTitle, useBranding } from '../../shared/branding/branding';
import { FormField } from './FormField';
import { LanguageSwitch } from './LanguageSwitch';
import { loginResources } from './locales';
import { loadLoginApi, useLoginForm, type FieldError, type FieldName, type LoginMethod } from './useLoginForm';
import './LoginPage.css';

addResources('login', loginResources);

const KINDS: AccountKind[] = ['admin', 'capital'];

function focusField(field: FieldName | undefined): void {
  if (field) document.getElementById(`login-${field}`)?.focus();
}

/**
 * The sign-in page: plain React and CSS, no antd, so that the first load stays small. Administrators
 * sign in with a password or an SMS code, capital-provider users with a password only.
 */
export function LoginPage() {
  const { t } = useTranslation(['login', 'common']);
  const appTitle = useAppTitle();
  const branding = useBranding();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Read once: after a successful sign-in the token exists but the redirect target must win.
  const [signedIn] = useState(() => Boolean(getToken()));
  usePageTitle(t('login:pageTitle'));

  const form = useLoginForm((session: LoginSession) => {
    setToken(session.token);
    setUserInfo({
      username: session.username,
      expirationTime: session.expirationTime,
      refreshToken: session.refreshToken,
      authorities: session.authorities,
      ...(session.userId !== undefined ? { userId: session.userId } : {}),
      ...(session.name?.trim() ? { name: session.name } : {}),
    });
    // The roles of this sign-in are loaded by the guard; a target the new user may not see becomes '/'.
    clearRoles();
    void navigate(safeRedirect(searchParams.get('redirect')), { replace: true, state: AFTER_LOGIN_STATE });
  });

  if (signedIn) return <Navigate to="/" replace />;

  const errorText = (field: FieldName): string | undefined => {
    const error: FieldError | undefined = form.errors[field];
    if (!error) return undefined;
    return error === 'required' ? t(`login:${field}Required`) : error.server;
  };
  const methods: LoginMethod[] = form.kind === 'admin' ? ['account', 'sms'] : ['account'];

  return (
    <div className="bh-login">
      <div className="bh-login__top">
        <LanguageSwitch />
      </div>
      <main className="bh-login__main">
        <section className="bh-login__card" aria-labelledby="login-title">
          <header className="bh-login__brand">
            {branding.logoUrl ? <img className="bh-login__logo" src={branding.logoUrl} alt="" /> : <BeeLogo />}
            <h1 id="login-title">{appTitle}</h1>
            <p>{t('login:subtitle')}</p>
          </header>

          <div className="bh-segmented" role="radiogroup" aria-label={t('login:accountType')}>
            {KINDS.map((kind) => (
              <label key={kind} className={`bh-segmented__item${form.kind === kind ? ' is-active' : ''}`}>
                <input
                  type="radio"
                  name="login-kind"
                  value={kind}
                  checked={form.kind === kind}
                  onChange={() => form.setKind(kind)}
                />
                <span>{t(`login:${kind}`)}</span>
              </label>
            ))}
          </div>

          <div className="bh-tabs" role="tablist" aria-label={t('login:loginMethod')}>
            {methods.map((method) => (
              <button
                key={method}
                id={`login-tab-${method}`}
                type="button"
                role="tab"
                aria-selected={form.method === method}
                aria-controls="login-panel"
                className={`bh-tabs__tab${form.method === method ? ' is-active' : ''}`}
                onClick={() => form.setMethod(method)}
              >
                {t(method === 'account' ? 'login:accountTab' : 'login:smsTab')}
              </button>
            ))}
          </div>

          <form
            id="login-panel"
            role="tabpanel"
            aria-labelledby={`login-tab-${form.method}`}
            className="bh-login__form"
            noValidate
            onInput={() => void loadLoginApi().catch(() => undefined)}
            onSubmit={(event) => {
              event.preventDefault();
              void form.submit().then(focusField);
            }}
          >
            {form.method === 'account' ? (
              <>
                <FormField
                  id="login-username"
                  name="username"
                  label={t('login:username')}
                  placeholder={t('login:usernamePlaceholder')}
                  autoComplete="username"
                  autoFocus
                  required
                  value={form.values.username}
                  error={errorText('username')}
                  onChange={(event) => form.change('username', event.target.value)}
                  onBlur={() => form.blur('username')}
                />
                <PasswordField form={form} error={errorText('password')} />
              </>
            ) : (
              <>
                <FormField
                  id="login-mobile"
                  name="mobile"
                  type="tel"
                  inputMode="tel"
                  label={t('login:mobile')}
                  placeholder={t('login:mobilePlaceholder')}
                  autoComplete="tel"
                  autoFocus
                  required
                  maxLength={20}
                  value={form.values.mobile}
                  error={errorText('mobile')}
                  onChange={(event) => form.change('mobile', event.target.value)}
                  onBlur={() => form.blur('mobile')}
                  addon={
                    <button
                      type="button"
                      className="bh-login__send"
                      disabled={form.sending || form.countdown > 0}
                      onClick={() => void form.sendCode().then(focusField)}
                    >
                      {form.countdown > 0
                        ? t('login:resendIn', { seconds: form.countdown })
                        : form.sending
                          ? t('login:sendingCode')
                          : t('login:sendCode')}
                    </button>
                  }
                />
                <FormField
                  id="login-code"
                  name="code"
                  inputMode="numeric"
                  label={t('login:code')}
                  placeholder={t('login:codePlaceholder')}
                  autoComplete="one-time-code"
                  required
                  maxLength={6}
                  value={form.values.code}
                  error={errorText('code')}
                  onChange={(event) => form.change('code', event.target.value)}
                  onBlur={() => form.blur('code')}
                />
                <p className="bh-login__hint" aria-live="polite">
                  {form.codeSent ? t('login:codeSent') : ''}
                </p>
              </>
            )}

            {form.offline && (
              <p className="bh-login__alert" role="alert">
                {t('common:request.serverError')}
              </p>
            )}
            <button type="submit" className="bh-login__submit" disabled={form.busy} aria-busy={form.busy}>
              {form.busy && <span className="bh-login__spinner" aria-hidden="true" />}
              {form.busy ? t('login:submitting') : t('login:submit')}
            </button>
          </form>
        </section>
      </main>
    </div>
  );
}

function PasswordField({ form, error }: { form: ReturnType<typeof useLoginForm>; error: string | undefined }) {
  const { t } = useTranslation('login');
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      id="login-password"
      name="password"
      type={visible ? 'text' : 'password'}
      label={t('password')}
      placeholder={t('passwordPlaceholder')}
      autoComplete="current-password"
      required
      value={form.values.password}
      error={error}
      onChange={(event) => form.change('password', event.target.value)}
      onBlur={() => form.blur('password')}
      suffix={
        <button
          type="button"
          className="bh-field__toggle"
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 5c-5 0-9.27 3.11-11 7.5C2.73 16.89 7 20 12 20s9.27-3.11 11-7.5C21.27 8.11 17 5 12 5Zm0 12.5a5 5 0 1 1 0-10 5 5 0 0 1 0 10Zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6Z"
            />
            {visible ? null : <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M3 3l18 18" />}
          </svg>
        </button>
      }
    />
  );
}
