import { logLevel, type logCreator } from 'kafkajs';
import type { Logger } from '../logger';

/** kafkajs reports these at error level though they are routine when group members come and go. */
const ROUTINE = /rebalanc|coordinator is (loading|not available)|not the correct coordinator/i;

/** Routes kafkajs's own logging into pino. */
export function kafkaLogCreator(log: Logger): logCreator {
  const child = log.child({ component: 'kafkajs' });
  return () => ({ level, log: entry }) => {
    const { message, ...rest } = entry;
    const routine = ROUTINE.test(message) || ROUTINE.test(String((rest as { error?: string }).error ?? ''));
    if ((level === logLevel.ERROR || level === logLevel.NOTHING) && !routine) child.error(rest, message);
    else if (level === logLevel.WARN || level === logLevel.ERROR) child.warn(rest, message);
    else if (level === logLevel.INFO) child.info(rest, message);
    else child.debug(rest, message);
  };
}
