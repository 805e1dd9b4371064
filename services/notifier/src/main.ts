import { runService, type ServiceDefinition } from '@rr/kit';
import { NotifierConfig } from './config';
import { startNotifier } from './notifier';

export const notifierService: ServiceDefinition<typeof NotifierConfig> = { name: 'notifier', configSchema: NotifierConfig, database: true, start: (ctx) => startNotifier(ctx) };

if (require.main === module) {
  void runService(notifierService).catch((err: Error) => {
    // The logger may not exist yet (bad configuration): the one place stderr is written directly.
    process.stderr.write(`notifier failed to start: ${err.message}\n`);
    process.exit(1);
  });
}
