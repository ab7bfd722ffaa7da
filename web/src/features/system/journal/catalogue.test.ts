/// <reference types="node" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemDictionaries } from '../locales';
import { ACTIONS, TARGETS, actionKey } from './catalogue';

/** The server's service crate (vitest runs in web/). */
const SERVICE_SRC = resolve(process.cwd(), '../crates/service/src');

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
