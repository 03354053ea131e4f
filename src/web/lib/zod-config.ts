import { z } from 'zod';

/**
 * Zod probes `new Function` once to decide whether it may compile fast object parsers. The page's
 * Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') refuses it, and although Zod catches the
 * error, Chrome records a CSP violation in the Issues panel (issue 21). The client parses little, so it runs
 * Zod without that JIT. Imported first by main.tsx, before any schema is built; the server keeps the JIT.
 */
z.config({ jitless: true });
