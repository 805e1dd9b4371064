import { BaseConfig, runService } from '@rr/kit';

/**
 * ad-serving: its process, database and health are in place so deployments and /api/health know it;
 * its handlers come with the ad-serving issue (see README.md).
 */
void runService({
  name: 'ad-serving',
  configSchema: BaseConfig,
  database: true,
  start: async ({ log }) => {
    log.info('no handlers yet');
  },
}).catch((err) => {
  process.stderr.write(`ad-serving failed to start: ${(err as Error).message}\n`);
  process.exit(1);
});
