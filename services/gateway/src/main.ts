import { runService } from '@rr/kit';
import { gatewayService } from './service';

runService(gatewayService).catch((err: Error) => {
  process.stderr.write(`gateway failed to start: ${err.message}\n`);
  process.exit(1);
});
