#!/usr/bin/env node
// The import rule of the web workspace (README "Import rule"), checked on every `npm run lint`:
//   (a) nothing under src/layout imports from src/app;
//   (b) nothing under src/features/<a> imports from src/features/<b> (a ≠ b);
//   (c) nothing under src/shared imports from src/features, src/layout or src/app.
// Every import form counts: `import … from`, `import '…'`, `import type`, `export … from` and
// `import('…')`. Relative specifiers are resolved against the importing file; alias specifiers
// through ALIASES below (vite.config.ts and tsconfig.json declare none today; `paths` of
// tsconfig.json are read when present) and Vite's root-absolute `/src/…`. Package imports are
// not the rule's business. No dependency: plain Node.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Alias prefix → path relative to the web folder. Add an entry when vite.config.ts gains an alias. */
export const ALIASES = { '/src/': 'src/' };

const SOURCE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/** The text with comments replaced by spaces (line breaks kept, so positions and lines stay). */
export function stripComments(text) {
  let out = '';
  let i = 0;
  let quote = null;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (quote) {
      out += c;
      if (c === '\\') {
        out += next ?? '';
        i += 2;
        continue;
      }
      if (c === quote) quote = null;
      i += 1;
    } else if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') {
        out += ' ';
        i += 1;
      }
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      if (c === '"' || c === "'" || c === '`') quote = c;
      out += c;
      i += 1;
    }
  }
  return out;
}

const PATTERNS = [
  /\bfrom\s*(['"])([^'"\n]+)\1/g, // import … from '…', import type … from '…', export … from '…'
  /\bimport\s*(['"])([^'"\n]+)\1/g, // import '…' (side effect)
  /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*[,)]/g, // import('…')
];

/** The module specifiers of a source text, with their 1-based line, in order. */
export function scanImports(text) {
  const code = stripComments(text);
  const found = [];
  for (const pattern of PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const index = match.index + match[0].indexOf(match[1]);
      found.push({ spec: match[2], line: code.slice(0, index).split('\n').length, index });
    }
  }
  return found.sort((a, b) => a.index - b.index).map(({ spec, line }) => ({ spec, line }));
}

/**
 * Where a specifier points, as a path relative to the web folder ('src/app/routes'); `null` for a
 * package. `file` is relative to the web folder too, with '/' separators.
 */
export function resolveSpecifier(file, spec, aliases = ALIASES) {
  if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') {
    return posix.normalize(posix.join(posix.dirname(file), spec));
  }
  for (const [prefix, target] of Object.entries(aliases)) {
    const bare = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
    if (spec === bare) return posix.normalize(target);
    if (spec.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`)) {
      return posix.normalize(posix.join(target, spec.slice(prefix.endsWith('/') ? prefix.length : prefix.length + 1)));
    }
  }
  return null;
}

/** 'app', 'layout', 'shared', 'features/<name>' (or another top entry of src/); `null` outside src/. */
export function areaOf(path) {
  const parts = path.split('/');
  if (parts[0] !== 'src' || parts.length < 2) return null;
  if (parts[1] === 'features') return parts.length > 2 ? `features/${parts[2]}` : 'features';
  return parts[1];
}

/** Why an import from area `from` to area `to` breaks the rule; `null` when it does not. */
export function ruleBroken(from, to) {
  if (!from || !to || from === to) return null;
  if (from === 'layout' && to === 'app') return 'src/layout must not import src/app';
  if (from.startsWith('features/') && to.startsWith('features')) return `${from} must not import ${to}`;
  if (from === 'shared' && (to === 'app' || to === 'layout' || to.startsWith('features'))) return `src/shared must not import src/${to}`;
  return null;
}

/**
 * The pure check: `files` are { path (relative to the web folder, '/' separators), text }.
 * Returns every offending import: { file, line, spec, target, rule }.
 */
export function findViolations(files, aliases = ALIASES) {
  const violations = [];
  for (const { path, text } of files) {
    const from = areaOf(path);
    if (!from) continue;
    for (const { spec, line } of scanImports(text)) {
      const target = resolveSpecifier(path, spec, aliases);
      if (target === null) continue;
      const rule = ruleBroken(from, areaOf(target));
      if (rule) violations.push({ file: path, line, spec, target, rule });
    }
  }
  return violations;
}

/** Every source file under `dir` (absolute), as paths relative to `root` with '/' separators. */
export function listSources(root, dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...listSources(root, full));
    else if (SOURCE.test(name)) out.push(relative(root, full).split(sep).join('/'));
  }
  return out;
}

/** ALIASES plus the `compilerOptions.paths` of tsconfig.json ('@/*': ['src/*'] → '@/': 'src/'). */
export function aliasesOf(root) {
  const aliases = { ...ALIASES };
  try {
    const json = JSON.parse(stripComments(readFileSync(join(root, 'tsconfig.json'), 'utf8')).replace(/,(\s*[}\]])/g, '$1'));
    const options = json.compilerOptions ?? {};
    const base = options.baseUrl ?? '.';
    for (const [key, [first] = []] of Object.entries(options.paths ?? {})) {
      if (typeof first !== 'string') continue;
      aliases[key.replace(/\*$/, '')] = posix.normalize(posix.join(base, first.replace(/\*$/, '')));
    }
  } catch {
    // No readable tsconfig.json: the built-in aliases only.
  }
  return aliases;
}

/** Checks `<root>/src`; prints each offending import and returns the number found. */
export function checkTree(root, log = console.error) {
  const files = listSources(root, join(root, 'src')).map((path) => ({ path, text: readFileSync(join(root, path), 'utf8') }));
  const violations = findViolations(files, aliasesOf(root));
  for (const v of violations) log(`${v.file}:${v.line}: import '${v.spec}' (${v.target}): ${v.rule}`);
  return violations.length;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The web folder: the script's parent, or the folder given (the tests check a temporary tree).
  const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');
  const count = checkTree(root);
  if (count > 0) {
    console.error(`check-imports: ${count} import(s) break the import rule (web/README.md, "Import rule").`);
    process.exit(1);
  }
  console.log('check-imports: layout ↛ app, features ↛ other features, shared ↛ features/layout/app: OK');
}
