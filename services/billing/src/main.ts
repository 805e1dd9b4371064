import { runService } from '@rr/kit';
import { billingService } from './service';

runService(billingService).catch((err: Error) => {
  process.stderr.write(`billing failed to start: ${err.message}\n`);
  process.exit(1);
});
