import { BaseConfig, runService } from '@rr/kit';

/**
 * billing: its process, database and health are in place so deployments and /api/health know it;
 * its handlers come with the billing issue (see README.md).
 */
void runService({
  name: 'billing',
  configSchema: BaseConfig,
  database: true,
  start: async ({ log }) => {
    log.info('no handlers yet');
  },
}).catch((err) => {
  process.stderr.write(`billing failed to start: ${(err as Error).message}\n`);
  process.exit(1);
});
