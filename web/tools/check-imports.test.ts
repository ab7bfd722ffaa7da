import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { aliasesOf, checkTree, findViolations, scanImports } from './check-imports.mjs';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const script = join(web, 'tools', 'check-imports.mjs');

describe('check-imports (the import rule)', () => {
  it('finds every import form, with its line, and ignores comments', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import './side.css';",
      'export { c } from "./c";',
      "export * from './d';",
      'const e = () => import(\'./e\');',
      'import {',
      '  f,',
      "} from './f';",
      "// import { g } from './commented';",
      "/* export * from './block'; */",
      "const url = 'http://example.org/x';",
    ].join('\n');
    expect(scanImports(text)).toEqual([
      { spec: './a', line: 1 },
      { spec: '../b', line: 2 },
      { spec: './side.css', line: 3 },
      { spec: './c', line: 4 },
      { spec: './d', line: 5 },
      { spec: './e', line: 6 },
      { spec: './f', line: 9 },
    ]);
  });

  it('reports each rule broken, with file, line and target, and lets the allowed imports be', () => {
    const files = [
      { path: 'src/layout/Sidebar.tsx', text: "import { x } from 'react';\nimport { routeTable } from '../app/routes';" },
      { path: 'src/layout/Sidebar.test.tsx', text: "const m = await import('/src/app/RedirectRoute');" },
      { path: 'src/layout/Navbar.tsx', text: "import { trailOf } from '../shared/routing/table';" },
      { path: 'src/features/customer/Page.tsx', text: "import { formatYuan } from '../partner/money';\nimport { a } from './api';" },
      { path: 'src/features/customer/deep/X.tsx', text: "export { y } from '../../../features/system/shared';" },
      { path: 'src/features/customer/deep/Y.tsx', text: "import { ok } from '../../../shared/format/money';" },
      { path: 'src/shared/format/money.ts', text: "\n\nimport type { Row } from '../../features/capital/api';" },
      { path: 'src/shared/detail/D.tsx', text: "import { SHELL_NS } from '../../layout/locales';\nimport { A } from '@/app/x';" },
      { path: 'src/app/routes.tsx', text: "import { CustomerPage } from '../features/customer/CustomerPage';\nimport { AppLayout } from '../layout/AppLayout';" },
    ];
    const found = findViolations(files, { '/src/': 'src/', '@/': 'src/' });
    expect(found.map((v) => `${v.file}:${v.line} ${v.target}`)).toEqual([
      'src/layout/Sidebar.tsx:2 src/app/routes',
      'src/layout/Sidebar.test.tsx:1 src/app/RedirectRoute',
      'src/features/customer/Page.tsx:1 src/features/partner/money',
      'src/features/customer/deep/X.tsx:1 src/features/system/shared',
      'src/shared/format/money.ts:3 src/features/capital/api',
      'src/shared/detail/D.tsx:1 src/layout/locales',
      'src/shared/detail/D.tsx:2 src/app/x',
    ]);
    expect(found[0]?.rule).toBe('src/layout must not import src/app');
  });

  it('reads the aliases of tsconfig.json', () => {
    const root = tempTree({ 'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '~/*': ['./src/*'] } } }) });
    expect(aliasesOf(root)).toEqual({ '/src/': 'src/', '~/': 'src/' });
  });

  it('the script fails (exit 1) on a tree that breaks the rule, naming the import', () => {
    const root = tempTree({
      'src/layout/Sidebar.tsx': "import { ok } from '../shared/x';\nimport { routeTable } from '../app/routes';\n",
      'src/shared/x.ts': 'export const ok = 1;\n',
    });
    const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("src/layout/Sidebar.tsx:2: import '../app/routes' (src/app/routes): src/layout must not import src/app");
  });

  it('the workspace itself keeps the rule', () => {
    const lines: string[] = [];
    expect(checkTree(web, (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual([]);
  });
});

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  temps.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
