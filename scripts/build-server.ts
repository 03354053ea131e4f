/**
 * The server's production build (ADR 0056), part of `npm run build`: src/server/main.ts and everything it
 * imports from src/ bundled into one ES module, dist/server/main.js, which `npm start` runs with plain Node,
 * without tsx transpiling ~300 modules on every start. Packages stay external (node_modules, as installed).
 *
 * The source reads files next to itself through `import.meta` (the migrations, content/, dist/client, the
 * password checker's worker). In the bundle each module's `import.meta.dirname` and `import.meta.url` are
 * replaced by its own source path, recomputed at run time from where the bundle is, so every path resolves
 * as it does under tsx and the checkout can move. The password checker's worker is a second entry,
 * dist/server/password-strength-worker.js, which the bundled checker starts instead of its TypeScript source.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, relative, resolve } from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = resolve(root, 'dist/server/main.js');

/** The source file's path from the repository's root, as a string literal for the bundle. */
const fromRoot = (path: string) => JSON.stringify(relative(root, path).split('\\').join('/'));

const sourcePaths: Plugin = {
  name: 'source-paths',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]src[\\/].*\.tsx?$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const contents = text
        .replaceAll('import.meta.dirname', `__tpSourcePath(${fromRoot(dirname(args.path))})`)
        .replaceAll('import.meta.url', `__tpSourceUrl(${fromRoot(args.path)})`);
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * The bundle's first lines: where the repository's root is from the bundle's folder (`rootFromBundle`, as
 * `..` steps), and the password checker's worker beside it (src/server/auth/password-checker.ts).
 */
const bannerFor = (rootFromBundle: string) => `import { resolve as __tpResolve } from 'node:path';
import { pathToFileURL as __tpPathToFileURL } from 'node:url';
const __tpRoot = __tpResolve(import.meta.dirname, ${JSON.stringify(rootFromBundle)});
const __tpSourcePath = (path) => __tpResolve(__tpRoot, path);
const __tpSourceUrl = (path) => __tpPathToFileURL(__tpResolve(__tpRoot, path)).href;
const __tpPasswordWorker = __tpPathToFileURL(__tpResolve(import.meta.dirname, 'password-strength-worker.js')).href;`;

/**
 * Bundles a server entry (`src/server/main.ts`, or a benchmark's server) and the password checker's worker
 * into `outdir`, which must lie inside the repository.
 */
export async function bundleServer(entry: string, outdir: string) {
  const started = performance.now();
  await build({
    entryPoints: {
      [basename(entry).replace(/\.ts$/, '')]: entry,
      'password-strength-worker': resolve(root, 'src/server/auth/password-strength-worker.ts'),
    },
    outdir,
    define: { __TP_BUNDLED_PASSWORD_WORKER__: '__tpPasswordWorker' },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    banner: { js: bannerFor(relative(outdir, root).split('\\').join('/')) },
    plugins: [sourcePaths],
    logLevel: 'warning',
  });
  return performance.now() - started;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const ms = await bundleServer(resolve(root, 'src/server/main.ts'), dirname(SERVER_BUNDLE));
  console.log(`Built ${relative(root, SERVER_BUNDLE)} in ${Math.round(ms)} ms`);
}
