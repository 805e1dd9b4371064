import path from 'node:path';
import { BUILD_DIR, bundleProcesses } from './system/bundle';
import { systemProcesses } from './system/services';

/** `npm run build:services`: every process of the system compiled to `.run/build/<name>/main.cjs` (the image runs these). */
async function main() {
  const processes = systemProcesses({});
  await bundleProcesses(processes);
  process.stdout.write(`compiled ${processes.map((p) => p.name).join(', ')} into ${path.relative(process.cwd(), BUILD_DIR)}/\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
