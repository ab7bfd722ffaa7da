import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface RouteBudget {
  /** Shown in the report. */
  route: string;
  /** The route's lazy page module, relative to the project root (e.g. 'src/features/login/LoginPage.tsx'). */
  page: string;
  /** Largest allowed first load: HTML + JS + CSS, gzip level 6. */
  maxKiB: number;
}

/**
 * Prints what the first load of a route costs over the wire (index.html, the entry chunk, the
 * route's page chunk, their static imports and CSS, gzip level 6) and fails the build when it
 * exceeds the budget.
 */
export function routeBudget(budget: RouteBudget): Plugin {
  return {
    name: 'beehive:route-budget',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = new Set<string>();
      const addChunk = (fileName: string) => {
        const chunk = bundle[fileName];
        if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) addChunk(imported);
      };
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const page = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(budget.page));
      if (!entry || !page) {
        this.error(`route budget: cannot find the entry or the chunk of ${budget.page}`);
      }
      addChunk(entry.fileName);
      addChunk(page.fileName);
      if (bundle['index.html']) files.add('index.html');

      let total = 0;
      const lines: string[] = [];
      for (const fileName of [...files].sort()) {
        const output = bundle[fileName];
        if (!output) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const size = gzipSync(source, { level: 6 }).length;
        total += size;
        lines.push(`  ${(size / 1024).toFixed(2).padStart(8)} KiB  ${fileName}`);
      }
      const summary = `${budget.route} first load: ${(total / 1024).toFixed(2)} KiB gzip (budget ${budget.maxKiB} KiB)`;
      this.info(`${summary}\n${lines.join('\n')}`);
      if (total > budget.maxKiB * 1024) this.error(`over budget: ${summary}`);
    },
  };
}
