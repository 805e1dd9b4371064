import type { Logger, RawRecord } from '@rr/kit';
import { deadLetterOf } from '../domain/dead-letter';
import type { DeadLetterRepository } from '../repositories/dead-letter.repository';

/** Group `ops.dead-letter-index`: every message of every `<topic>.dlq`, from the beginning, into the index. */
export const DEAD_LETTER_GROUP = 'ops.dead-letter-index';

export function onDeadLetters(letters: DeadLetterRepository, log: Logger) {
  return async (records: RawRecord[]): Promise<void> => {
    const added = await letters.index(records.map(deadLetterOf));
    if (added) log.info({ topic: records[0]?.topic, added }, 'dead letters indexed');
  };
}
