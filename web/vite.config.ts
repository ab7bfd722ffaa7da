import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { routeBudget } from './tools/routeBudget.ts';

export default defineConfig({
  plugins: [
    react(),
    // Product requirement: the sign-in page's first load stays within 150 KiB over the wire.
    routeBudget({ route: '/login', page: 'src/features/login/LoginPage.tsx', maxKiB: 150 }),
  ],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
