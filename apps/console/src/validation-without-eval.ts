import { z } from 'zod';

// The console's Content-Security-Policy admits no eval (apps/embedded/src/console-headers.ts). zod otherwise probes
// `new Function` when a schema is built, which the browser refuses and reports as a violation. It must run before
// any schema is built, so main.tsx imports this module first.
z.config({ jitless: true });
