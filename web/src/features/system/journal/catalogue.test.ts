/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemDictionaries } from '../locales';
import { ACTIONS, DETAIL_FIELDS, LOGIN_METHODS, LOGIN_REASONS, SCREEN_FIELDS, SYSTEM_ACTORS, TARGETS, actionKey } from './catalogue';
import { actorKey } from './labels';

/** The server's service crate (vitest runs in web/). */
const SERVICE_SRC = resolve(process.cwd(), '../crates/service/src');
/** The server binary's crate (the command line acts as a system actor too). */
const SERVER_SRC = resolve(process.cwd(), '../crates/server/src');

function rustFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? rustFiles(path) : path.endsWith('.rs') ? [path] : [];
  });
}

/** Dotted lower-case literals in the service code that are not operation-log actions. */
const NOT_ACTIONS = new Set([
  'ab.pdf',
  'architecture.rs',
  'bank.name',
  'capital.name',
  'certificate.no',
  'contract.no',
  'customer.address',
  'customer.id_no',
  'customer.mobile',
  'customer.name',
  'example.com',
  'export.xlsx',
  'filter.kind',
  'filter.status',
  'insurer.name',
  'platform.name',
  'secret.key',
  'settle.date',
  'settle.type',
  'settle.waived',
  'vehicle.vin',
]);

/** Every `"a.b"`-shaped literal of the service crate: the actions it writes to the operation log. */
function serverActions(): string[] {
  const found = new Set<string>();
  for (const file of rustFiles(SERVICE_SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/"([a-z_]+(?:\.[a-z_]+)+)"/g)) {
      if (!NOT_ACTIONS.has(match[1])) found.add(match[1]);
    }
  }
  return [...found].sort();
}

const targetTypes = (): string[] => {
  const found = new Set<string>();
  for (const file of rustFiles(SERVICE_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/target_type: "([a-z_]+)"/g)) found.add(match[1]);
    // log_change(conn, me, client, "action", "target_type", ...)
    for (const match of text.matchAll(/log_change\(\s*[^,]+,\s*[^,]+,\s*[^,]+,\s*"[a-z_.]+",\s*"([a-z_]+)"/g)) found.add(match[1]);
  }
  return [...found].sort();
};

/** The names the server gives its system actors: `By::system("…")`, `Actor::System("…")`, `create_super_admin(…, "…")`. */
function systemActors(): string[] {
  const found = new Set<string>();
  for (const file of [...rustFiles(SERVICE_SRC), ...rustFiles(SERVER_SRC)]) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:By::system|Actor::System)\(\s*"([a-z-]+)"/g)) found.add(match[1]);
    for (const match of text.matchAll(/create_super_admin\([^;]*?"([a-z-]+)",\s*\)/gs)) found.add(match[1]);
  }
  return [...found].sort();
}

/** The login log's methods and reasons the sign-in code writes. */
function loginCodes(): { methods: string[]; reasons: string[] } {
  const text = readFileSync(join(SERVICE_SRC, 'auth/mod.rs'), 'utf8');
  const methods = new Set<string>();
  const reasons = new Set<string>();
  for (const match of text.matchAll(/Attempt::new\([^)]*"([a-z_]+)"/g)) methods.add(match[1]);
  for (const match of text.matchAll(/method: "([a-z_]+)"/g)) methods.add(match[1]);
  for (const match of text.matchAll(/(?:log_attempt\(|count_failure\(&attempt,)[^;"]*"([a-z_]+)"/g)) reasons.add(match[1]);
  for (const match of text.matchAll(/(?:reason: |Some\(\(|then_some\(\()"([a-z_]+)"/g)) reasons.add(match[1]);
  return { methods: [...methods].sort(), reasons: [...reasons].sort() };
}

describe('the journal names every system actor and sign-in code in words', () => {
  it('finds the system actors (the scan works) and names each', () => {
    const actors = systemActors();
    expect(actors).toEqual(expect.arrayContaining(['allocation', 'auto-accept', 'cli', 'startup']));
    expect(actors.filter((a) => !(SYSTEM_ACTORS as readonly string[]).includes(a))).toEqual([]);
  });

  it('finds the sign-in methods and reasons (the scan works) and names each', () => {
    const { methods, reasons } = loginCodes();
    expect(methods).toEqual(expect.arrayContaining(['password', 'sms', 'logout']));
    expect(reasons).toEqual(expect.arrayContaining(['ok', 'bad_credentials', 'locked', 'disabled', 'password_expired']));
    expect(methods.filter((m) => !(LOGIN_METHODS as readonly string[]).includes(m))).toEqual([]);
    expect(reasons.filter((r) => !(LOGIN_REASONS as readonly string[]).includes(r))).toEqual([]);
  });

  it.each(Object.entries(systemDictionaries))('%s has a label for each system actor, method, reason and detail key', (_lang, dictionary) => {
    const journal = dictionary.journal as unknown as Record<string, Record<string, string>>;
    for (const actor of SYSTEM_ACTORS) expect(journal.systemActors?.[actorKey(actor)], actor).toBeTruthy();
    for (const method of LOGIN_METHODS) expect(journal.methods?.[method], method).toBeTruthy();
    for (const reason of LOGIN_REASONS) expect(journal.reasons?.[reason], reason).toBeTruthy();
    expect(Object.keys(journal.fields ?? {}).sort()).toEqual([...DETAIL_FIELDS].sort());
    for (const [key, path] of Object.entries(SCREEN_FIELDS)) {
      const [section = '', name = ''] = path.split('.');
      const labels = (dictionary as unknown as Record<string, Record<string, unknown>>)[section];
      expect(typeof labels?.[name], key).toBe('string');
      expect(DETAIL_FIELDS as readonly string[]).not.toContain(key);
    }
  });
});

describe('the journal names every operation the server logs', () => {
  it('finds the server actions (the scan works)', () => {
    const actions = serverActions();
    expect(actions).toContain('admin_user.create');
    expect(actions).toContain('dictionary.item.create');
    expect(actions.length).toBeGreaterThan(60);
  });

  it('every action the server writes is named in words', () => {
    const missing = serverActions().filter((a) => !(ACTIONS as readonly string[]).includes(a));
    expect(missing).toEqual([]);
  });

  it('every target type the server writes is named in words', () => {
    const types = targetTypes();
    expect(types.length).toBeGreaterThan(15);
    expect(types.filter((t) => !(TARGETS as readonly string[]).includes(t))).toEqual([]);
  });

  it.each(Object.entries(systemDictionaries))('%s has a label for each action and target', (_lang, dictionary) => {
    const actions = dictionary.journal.actions as Record<string, string>;
    const targets = dictionary.journal.targets as Record<string, string>;
    for (const action of ACTIONS) expect(actions[actionKey(action)], action).toBeTruthy();
    for (const target of TARGETS) expect(targets[target], target).toBeTruthy();
  });
});
