import { useRef, useState } from 'react';
import { fieldErrors, isApiError } from '../../shared/api/errors';
import type { AccountKind, LoginSession } from './api';
import { useCountdown } from './useCountdown';

export type LoginMethod = 'account' | 'sms';
export type FieldName = 'username' | 'password' | 'mobile' | 'code';
/** `required` for an empty required field (translated when shown), else the server's message. */
export type FieldError = 'required' | { server: string };

export const SMS_RESEND_SECONDS = 60;

/**
 * The sign-in calls, with the request layer, axios and MD5, are fetched when the user starts typing
 * rather than with the page, which keeps the first load of /login small.
 */
export function loadLoginApi() {
  return import('./api');
}

const FIELDS: Record<LoginMethod, FieldName[]> = {
  account: ['username', 'password'],
  sms: ['mobile', 'code'],
};

const EMPTY: Record<FieldName, string> = { username: '', password: '', mobile: '', code: '' };

function serverErrors(error: unknown, only: readonly FieldName[]): Partial<Record<FieldName, FieldError>> {
  const byField = fieldErrors(error);
  return Object.fromEntries(only.filter((f) => byField[f]).map((f) => [f, { server: byField[f] }]));
}

/** State and rules of the login form; `onSuccess` receives the new session. */
export function useLoginForm(onSuccess: (session: LoginSession) => void) {
  const [kind, setKindState] = useState<AccountKind>('admin');
  const [method, setMethodState] = useState<LoginMethod>('account');
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, FieldError>>>({});
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [codeSent, setCodeSent] = useState(false);
  /** A failure the request layer could not report (the sign-in code itself failed to download). */
  const [offline, setOffline] = useState(false);
  const [countdown, startCountdown] = useCountdown(SMS_RESEND_SECONDS);
  /**
   * Fields the user has typed in. Only those are checked on blur: the account field has autofocus,
   * and a session dialog taking the focus must not mark it as missing (submit checks them all).
   */
  const edited = useRef(new Set<FieldName>());

  /** Marks empty required fields; returns the first one, if any. */
  const requireFilled = (fields: readonly FieldName[]): FieldName | undefined => {
    const missing = fields.filter((field) => !values[field].trim());
    if (missing.length > 0) {
      setErrors((current) => ({ ...current, ...Object.fromEntries(missing.map((f) => [f, 'required'])) }));
    }
    return missing[0];
  };

  return {
    kind,
    method,
    values,
    errors,
    busy,
    sending,
    codeSent,
    countdown,
    offline,
    /** SMS sign-in is for administrators only: choosing capital falls back to the password tab. */
    setKind(next: AccountKind) {
      setKindState(next);
      if (next === 'capital') setMethodState('account');
      setErrors({});
    },
    setMethod(next: LoginMethod) {
      if (next === 'sms' && kind !== 'admin') return;
      setMethodState(next);
      setErrors({});
    },
    change(field: FieldName, value: string) {
      edited.current.add(field);
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
    blur(field: FieldName) {
      if (edited.current.has(field) && !values[field].trim()) setErrors((current) => ({ ...current, [field]: 'required' }));
    },
    /** Validates and signs in; resolves to the first invalid field, if any (for focusing it). */
    async submit(): Promise<FieldName | undefined> {
      if (busy) return undefined;
      const invalid = requireFilled(FIELDS[method]);
      if (invalid) return invalid;
      setBusy(true);
      setOffline(false);
      try {
        const api = await loadLoginApi();
        const session =
          method === 'account'
            ? await api.loginWithAccount(kind, values.username.trim(), values.password)
            : await api.loginWithSms(values.mobile.trim(), values.code.trim());
        onSuccess(session);
        return undefined; // stays busy while the next page loads
      } catch (error) {
        // The request layer has already shown the server's message.
        setErrors(serverErrors(error, FIELDS[method]));
        setOffline(!isApiError(error));
        setBusy(false);
        return undefined;
      }
    },
    async sendCode(): Promise<FieldName | undefined> {
      if (sending || countdown > 0) return undefined;
      const invalid = requireFilled(['mobile']);
      if (invalid) return invalid;
      setSending(true);
      setOffline(false);
      try {
        const api = await loadLoginApi();
        await api.sendSmsCode(values.mobile.trim());
        setCodeSent(true);
        startCountdown();
      } catch (error) {
        setErrors((current) => ({ ...current, ...serverErrors(error, ['mobile']) }));
        setOffline(!isApiError(error));
      } finally {
        setSending(false);
      }
      return undefined;
    },
  };
}
