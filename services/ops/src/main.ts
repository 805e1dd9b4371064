import { runService, type ServiceDefinition } from '@rr/kit';
import { OpsConfig } from './config';
import { startOps } from './ops';

export const opsService: ServiceDefinition<typeof OpsConfig> = { name: 'ops', configSchema: OpsConfig, database: true, start: startOps };

if (require.main === module) {
  void runService(opsService).catch((err: Error) => {
    // The logger may not exist yet (bad configuration): the one place stderr is written directly.
    process.stderr.write(`ops failed to start: ${err.message}\n`);
    process.exit(1);
  });
}
