import { runService, type ServiceDefinition } from '@rr/kit';
import { startAdServing } from './ad-serving';
import { AdServingConfig } from './config';

export const adServingService: ServiceDefinition<typeof AdServingConfig> = { name: 'ad-serving', configSchema: AdServingConfig, database: true, start: startAdServing };

if (require.main === module) {
  void runService(adServingService).catch((err: Error) => {
    // The logger may not exist yet (bad configuration): the one place stderr is written directly.
    process.stderr.write(`ad-serving failed to start: ${err.message}\n`);
    process.exit(1);
  });
}
