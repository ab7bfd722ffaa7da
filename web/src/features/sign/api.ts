import type { components } from '../../api/schema';

/**
 * The public signing calls (no sign-in: the token in the link is the credential). Plain `fetch`
 * without the workspace's token or session dialogs: a customer on a phone has no session.
 */

/**
 * `GET /api/sign/{token}` (and the answer of the signing): status PENDING, SIGNED or CLOSED (no
 * longer out for signing); the signer's name masked for a person (张*三).
 */
export type SignView = components['schemas']['SigningData'];
/** `POST /api/sign/{token}`. */
export type SignBody = components['schemas']['SignBody'];

/** Why a call failed: the envelope's code (or the HTTP status), message and field errors. */
export class SignError extends Error {
  readonly code: number;
  readonly fields: Record<string, string>;
  constructor(code: number, msg: string, fields: Record<string, string> = {}) {
    super(msg);
    this.name = 'SignError';
    this.code = code;
    this.fields = fields;
  }
}

const base = (token: string) => `/api/sign/${encodeURIComponent(token)}`;

interface Envelope {
  result?: boolean;
  code?: number;
  msg?: string;
  data?: unknown;
}

async function envelope<T>(reply: Response): Promise<T> {
  let body: Envelope | null;
  try {
    body = (await reply.json()) as Envelope | null;
  } catch {
    throw new SignError(reply.status || 0, '');
  }
  if (body?.result === true) return body.data as T;
  const data = body?.data as { fields?: Record<string, string> } | null | undefined;
  throw new SignError(body?.code ?? reply.status, body?.msg ?? '', data?.fields ?? {});
}

export const signApi = {
  view: async (token: string): Promise<SignView> => envelope<SignView>(await fetch(base(token))),
  /** Signing again answers the SIGNED view. */
  sign: async (token: string, body: SignBody): Promise<SignView> =>
    envelope<SignView>(await fetch(base(token), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })),
  /** The PDF being signed, as an object URL (revoke it when done). */
  file: async (token: string): Promise<string> => {
    const reply = await fetch(`${base(token)}/file`);
    if (!reply.ok || (reply.headers.get('content-type') ?? '').includes('json')) throw new SignError(reply.status, '');
    return URL.createObjectURL(await reply.blob());
  },
};

/** A link that does not exist (or no longer does: a new link was sent, the contract was voided): HTTP 404. */
export function isInvalidLink(error: unknown): boolean {
  return error instanceof SignError && (error.code === 404 || error.code === 410);
}

/** The contract is no longer out for signing (409): the page reloads its state (CLOSED, or SIGNED). */
export function isNoLongerSigning(error: unknown): boolean {
  return error instanceof SignError && error.code === 409;
}
