import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { preloadRoute } from './tools/preloadRoute.ts';
import { routeBudget } from './tools/routeBudget.ts';

export default defineConfig({
  plugins: [
    react(),
    // Product requirement: the sign-in page's first load stays within 150 KiB over the wire.
    routeBudget({ route: '/login', page: 'src/features/login/LoginPage.tsx', maxKiB: 150 }),
    preloadRoute('src/features/login/LoginPage.tsx'),
  ],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically travels in one chunk. Without this group, modules
          // that lazy chunks share with the entry (React, the router, the session modules) are cut
          // into many small common chunks, which costs the first load of /login a few KiB.
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'tools/**/*.test.ts'],
    restoreMocks: true,
    // Component tests render antd forms; on a loaded 2-core machine one can take over 5 s.
    testTimeout: 20_000,
  },
});
