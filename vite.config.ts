import { constants as zlibConstants } from 'node:zlib';
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The message catalogues (`src/web/i18n/catalogues/<locale>/<namespace>.json`) compiled to react-intl's
 * message ASTs at build time, so the built app formats without parsing and leaves the ICU message parser
 * out of its entry: with every message an AST, the parser is replaced by its `no-parser` stub
 * (`resolve.alias` below). A message that does not parse fails the build. The dev server, the tests and the
 * homepage's prerender (which runs at build time) keep the JSON as it is, with the parser.
 */
function precompiledMessages(): Plugin {
  return {
    name: 'torqueprep:precompiled-messages',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    enforce: 'pre',
    transform(code, id) {
      if (!/\/i18n\/catalogues\/[a-z]{2}\/[\w-]+\.json$/.test(id)) return null;
      const catalogue = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(catalogue).map(([key, message]) => [key, parseMessage(message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  resolve: {
    alias:
      command === 'build' && !isSsrBuild
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  plugins: [
    precompiledMessages(),
    react(),
    tailwindcss(),
    // Installable app with a service worker (ADR 0025): the app shell is precached, study guides the
    // technician opened are kept for reading offline; tests stay online-only. A new version waits for the
    // user's "Reload to update" instead of replacing the app under them.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'TorquePrep — ASE Certification Prep',
        short_name: 'TorquePrep',
        description: 'Practice tests, study guides and shop training for ASE A1–A8.',
        lang: 'en',
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        background_color: '#f8fafc',
        theme_color: '#1d4ed8',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The password-strength dictionaries are large and needed only on the sign-up and password forms.
        globIgnores: ['**/password-strength-*.js', 'home*.html'],
        navigateFallback: '/index.html',
        // The dashboards' HTML carries the signed-in user's first data (ADR 0054): asked of the server each time
        // (never stored), with the precached shell only when it cannot answer (offline).
        navigateFallbackDenylist: [/^\/api\//, /^\/$/, /^\/(app|manager)(\?|$)/],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, request }) =>
              request.mode === 'navigate' && (url.pathname === '/app' || url.pathname === '/manager'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/index.html' } },
          },
          {
            // A study guide read once reads again offline (network first, so it is never stale online).
            urlPattern: ({ url, request }) =>
              request.method === 'GET' && url.pathname.startsWith('/api/v1/study-guides/'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'study-guides',
              networkTimeoutSeconds: 5,
              expiration: { maxEntries: 16, maxAgeSeconds: 60 * 60 * 24 * 30 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Who is signed in, so the app opens offline for the study guides (cleared at sign-out).
            urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname === '/api/v1/session',
            handler: 'NetworkFirst',
            options: { cacheName: 'session', networkTimeoutSeconds: 5, cacheableResponse: { statuses: [200] } },
          },
        ],
      },
    }),
    // Brotli and gzip beside every text asset, served as they are by @fastify/static (ADR 0022); the
    // prerendered homepages are compressed the same way by scripts/prerender.ts.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|mjs|css|html|json|svg|txt|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // .vite/manifest.json: which chunks each route loads, for bench/page-weight.ts's per-route table.
    manifest: true,
    rolldownOptions: {
      // Feature modules only declare components, hooks and constants, so one whose exports a chunk does not use
      // stays out of it even when the feature's index.ts re-exports it (docs/decisions/0053-feature-boundaries.md).
      treeshake: { moduleSideEffects: (id: string) => !/\/src\/web\/features\/.+\.tsx?$/.test(id) },
      output: {
        // The shell in one file: the entry and everything it imports statically (a group takes its modules'
        // dependencies with it). Rolldown otherwise splits out each module the shell shares with a lazy page:
        // 26 files, each gzip stream starting cold, 9 KB more in all, and a request each.
        codeSplitting: { groups: [{ name: 'index', test: /src\/web\/main\.tsx$/ }] },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3001' },
  },
}));
