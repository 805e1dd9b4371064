import { build, type Plugin } from 'esbuild';
import path from 'node:path';
import type { ProcessSpec } from './services';

const ROOT = path.resolve(__dirname, '../..');
/** Where bundles go: `.run/build/<name>/main.cjs`. */
export const BUILD_DIR = path.join(ROOT, '.run/build');

/**
 * Workspace packages (`@rr/…`, TypeScript sources) go into the bundle; npm packages are loaded
 * from node_modules as usual. A package a workspace keeps in its own node_modules (another major
 * version than the root's, e.g. the normaliser's lru-cache) is required by its path: from
 * `.run/build/` Node would find the root's copy.
 */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    const rootModules = path.join(ROOT, 'node_modules') + path.sep;
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('@rr/') || args.pluginData === 'nested-check') return undefined;
      // As required at run time (the bundle is CommonJS): the package's CommonJS entry.
      const found = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: 'require-call', pluginData: 'nested-check' });
      const nested = found.errors.length === 0 && found.path.includes(`${path.sep}node_modules${path.sep}`) && !found.path.startsWith(rootModules);
      return { path: nested ? found.path : args.path, external: true };
    });
  },
};

export const bundlePath = (name: string) => path.join(BUILD_DIR, name, 'main.cjs');

/**
 * Compiles TypeScript entry points (`entry`, relative to the repository) into one plain
 * JavaScript file each, for `node --enable-source-maps`. Services run so rather than under the
 * tsx loader: tsx is a development tool, starts slower, and makes V8 check on every typed-array
 * access whether its buffer was detached (the matcher's index is 3–8 % faster compiled).
 * Takes well under a second for the whole system.
 */
export async function bundle(targets: Array<{ name: string; entry: string }>): Promise<void> {
  await Promise.all(
    targets.map(({ name, entry }) =>
      build({
        entryPoints: [path.join(ROOT, entry)],
        outfile: bundlePath(name),
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        sourcemap: 'linked',
        logLevel: 'warning',
        plugins: [npmPackagesExternal],
      }),
    ),
  );
}

/** Every given process of the system, each from its `src/main.ts`, as the supervisor runs them. */
export function bundleProcesses(processes: ProcessSpec[]): Promise<void> {
  return bundle(processes.map((p) => ({ name: p.name, entry: path.join(p.dir, 'src/main.ts') })));
}
