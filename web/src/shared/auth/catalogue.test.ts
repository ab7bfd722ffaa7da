import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from './catalogue.gen';

/** Every source file of the app (tests and the generated list itself excluded). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
  });
}

describe('the permission list generated from the server', () => {
  it('holds the catalogue', () => {
    expect(ALL_PERMISSIONS.length).toBeGreaterThan(100);
    expect(ALL_PERMISSIONS).toContain('admin:customer:table');
    expect(ALL_PERMISSIONS).toContain('capital:order:table');
  });

  it('knows every permission the app names', () => {
    const root = join(__dirname, '..', '..');
    const known = new Set<string>(ALL_PERMISSIONS);
    const unknown: string[] = [];
    for (const file of sources(root)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/['"`]((?:admin|capital):[A-Za-z_]+:[A-Za-z_]+)['"`]/g)) {
        if (!known.has(match[1])) unknown.push(`${relative(root, file)}: ${match[1]}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});
