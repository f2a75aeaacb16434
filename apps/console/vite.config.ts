import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The console is built to static files with relative asset URLs, so the same dist/ serves at the embedded API base
 * URL's `/` and from the nginx gateway. The SDK is compiled from its TypeScript source (it is CommonJS once built).
 */
export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: {
    alias: {
      '@waymark/sdk': here('../../packages/sdk/src/index.ts'),
      'node:crypto': here('./src/browser-crypto.ts'),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, reportCompressedSize: true },
  server: { proxy: { '/v1': 'http://127.0.0.1:8000', '/admin/v1': 'http://127.0.0.1:8000' } },
});
