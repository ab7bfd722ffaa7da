import { describe, expect, it } from 'vitest';

/** Every source file under src/, by path ('/src/...'), with its text. */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

function resolvePath(from: string, spec: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

function findSource(path: string): string | undefined {
  return [`${path}.ts`, `${path}.tsx`, `${path}/index.ts`].find((candidate) => candidate in sources);
}

/** 'features/<name>' for a feature, else the first folder under src/. */
function area(path: string): string {
  const [, , top, second] = path.split('/');
  return top === 'features' ? `features/${second}` : (top ?? '');
}

const IMPORT = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;
/** Static value imports only: `import type` is erased and `import()` makes a separate chunk. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

describe('module boundaries (docs/architecture.md)', () => {
  const files = Object.keys(sources).filter((file) => !file.startsWith('/src/test/'));

  it('features never import each other; shared imports no feature or app code', () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = area(file);
      for (const [, spec = ''] of (sources[file] ?? '').matchAll(IMPORT)) {
        if (!spec.startsWith('.')) continue;
        const to = area(resolvePath(file, spec));
        const crossFeature = from.startsWith('features/') && to.startsWith('features/') && from !== to;
        const sharedUpward = from === 'shared' && (to.startsWith('features/') || to === 'app' || to === 'layout');
        if (crossFeature || sharedUpward) violations.push(`${file} → ${spec}`);
      }
    }
    expect(violations).toEqual([]);
  });

  /** The files and packages the entry reaches through static imports (what the first load carries). */
  function entryGraph() {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const [, spec = ''] of (sources[file] ?? '').matchAll(STATIC_IMPORT)) {
        if (!spec.startsWith('.')) packages.add(spec);
        else {
          const target = findSource(resolvePath(file, spec));
          if (target) visit(target);
        }
      }
    };
    visit('/src/app/main.tsx');
    return { seen, packages };
  }

  it('the entry chunk reaches no antd, icons, react-query, zustand, axios or dayjs (the /login budget)', () => {
    const { seen, packages } = entryGraph();
    expect(seen.size).toBeGreaterThan(5);
    expect([...packages].filter((p) => /^(antd|@ant-design\/|@tanstack\/|zustand|axios|dayjs)/.test(p))).toEqual([]);
  });

  it('the entry installs the token refresher and the guard, whose calls and dialogs load on demand', () => {
    const { seen } = entryGraph();
    expect(seen).toContain('/src/shared/auth/refresh.ts');
    expect(seen).toContain('/src/app/AuthGuard.tsx');
    const lazyOnly = /\/shared\/api\/request\.ts$|\/shared\/auth\/(refreshSession|rolesApi|password\/ChangePasswordDialog)\.tsx?$/;
    expect([...seen].filter((file) => lazyOnly.test(file))).toEqual([]);
  });
});
