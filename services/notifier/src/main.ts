import { runService } from '@rr/kit';
import { NotifierConfig } from './config';
import { startNotifier } from './notifier';

void runService({ name: 'notifier', configSchema: NotifierConfig, database: true, start: (ctx) => startNotifier(ctx) }).catch((err: Error) => {
  process.stderr.write(`notifier failed to start: ${err.message}\n`);
  process.exit(1);
});
