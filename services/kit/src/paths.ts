import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root, found by walking up from this file, so scripts and services agree wherever
 * they run: from sources (services/kit/src) or from a bundle (.run/build/<name>).
 */
export const REPO_ROOT = repoRootAbove(__dirname);

function repoRootAbove(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'proto/package.json')) && existsSync(path.join(at, 'services/kit'))) return at;
    if (path.dirname(at) === at) return path.resolve(__dirname, '../../..');
  }
}

/**
 * The open-data municipality list, never copied into the repository: beside the checkout in
 * `../shared/data/` where the workplace provides it, else where set-up downloaded it.
 */
export function municipalitiesCsvPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MUNICIPALITIES_CSV) return env.MUNICIPALITIES_CSV;
  const shared = path.resolve(REPO_ROOT, '../shared/data/cz-municipalities.csv');
  return existsSync(shared) ? shared : path.resolve(REPO_ROOT, '.cache/data/cz-municipalities.csv');
}
