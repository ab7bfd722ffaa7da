import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Adds `<link rel="modulepreload">` for a lazy page to index.html, so the
 * browser fetches the page's chunk while it is still executing the entry instead of after it.
 * Used for /login, the page every session starts on; the cost elsewhere is a few KiB.
 */
export function preloadRoute(page: string): Plugin {
  return {
    name: 'beehive:preload-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((output) => output.type === 'chunk');
        const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(page));
        if (!chunk) throw new Error(`preloadRoute: no chunk for ${page}`);
        const tag: HtmlTagDescriptor = {
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
          injectTo: 'head',
        };
        return [tag];
      },
    },
  };
}
