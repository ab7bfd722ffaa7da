import md5 from 'blueimp-md5';
import { request } from '../../shared/api/request';
import type { AccountKind } from '../../shared/auth/account';

/** Sign-in calls (the product specification). Every attempt fetches a fresh one-time `uid` ticket first. */

export type { AccountKind };

export interface LoginTicket {
  uid: string;
  /** Seconds the ticket stays valid. */
  expiresIn: number;
}

export interface LoginSession {
  token: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expirationTime: number;
  /** The account's id: screens tell the user's own records by it (maker ≠ checker). */
  userId?: number;
  username: string;
  /** The person's name (the greeting). */
  name?: string;
  /** Absent for capital-provider accounts. */
  authorities?: string[];
}

export function fetchLoginTicket(kind: AccountKind): Promise<LoginTicket> {
  return request<LoginTicket>({ url: '/{kind}/login/uid', data: { kind } });
}

/** The password travels as the MD5 hex of what was typed (the product specification; the server stores argon2id of it). */
export async function loginWithAccount(kind: AccountKind, username: string, password: string): Promise<LoginSession> {
  const { uid } = await fetchLoginTicket(kind);
  return request<LoginSession>({
    url: '/{kind}/login/account',
    method: 'post',
    data: { kind, uid, username, password: md5(password) },
  });
}

/** SMS sign-in exists for administrators only. */
export async function loginWithSms(mobile: string, code: string): Promise<LoginSession> {
  const { uid } = await fetchLoginTicket('admin');
  return request<LoginSession>({ url: '/admin/login/sms', method: 'post', data: { uid, mobile, code } });
}

export async function sendSmsCode(mobile: string): Promise<void> {
  const { uid } = await fetchLoginTicket('admin');
  await request<unknown>({ url: '/admin/login/code/{mobile}', method: 'form', data: { mobile, uid } });
}
