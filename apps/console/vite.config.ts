import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * The console is built to static files with relative asset URLs, so the same dist/ serves at the embedded API base
 * URL's `/` and from the nginx gateway. The workspace packages are compiled from their TypeScript sources (they are
 * CommonJS once built); their types come from the declarations the build script compiles first.
 */
export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: {
    alias: {
      '@waymark/sdk': here('../../packages/sdk/src/index.ts'),
      '@waymark/contracts': here('../../packages/contracts/src/index.ts'),
      '@waymark/csv': here('../../packages/csv/src/index.ts'),
      '@waymark/gs1': here('../../packages/gs1/src/index.ts'),
      'node:crypto': here('./src/browser-crypto.ts'),
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, reportCompressedSize: true },
  server: { proxy: { '/v1': 'http://127.0.0.1:8000', '/admin/v1': 'http://127.0.0.1:8000' } },
});
