import { runService } from '@rr/kit';
import { accountService } from './service';

runService(accountService).catch((err: Error) => {
  process.stderr.write(`account failed to start: ${err.message}\n`);
  process.exit(1);
});
