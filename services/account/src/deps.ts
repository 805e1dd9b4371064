import type { Bus, Logger } from '@rr/kit';
import type { Connection } from 'mongoose';
import type { AccountConfig } from './config';
import type { MagicLinkRepository } from './auth/magic-link.repository';
import type { Passwords } from './auth/passwords';
import type { SessionTokens } from './auth/session-token';
import type { RateLimiter } from './domain/rate-limiter';
import type { AccountMails } from './mail/account-mails';
import type { PlaceDirectory } from './places/place-directory';
import type { EmailBlockRepository } from './users/email-block.repository';
import type { UserRepository } from './users/user.repository';
import type { WatchdogPublisher } from './watchdogs/watchdog.publisher';
import type { WatchdogRepository } from './watchdogs/watchdog.repository';
import type { ContactRepository } from './contact/contact.repository';
import type { AuditRepository } from './admin/audit.repository';
import type { DailyStatsRepository } from './admin/daily-stats.repository';
import type { MemberRepository } from './sharing/member.repository';

/** Everything the use cases need, built once in service.ts; side effects live behind these. */
export type AccountDeps = {
  config: AccountConfig;
  log: Logger;
  bus: Bus;
  db: Connection;
  users: UserRepository;
  blocks: EmailBlockRepository;
  magic: MagicLinkRepository;
  watchdogs: WatchdogRepository;
  publisher: WatchdogPublisher;
  contacts: ContactRepository;
  mails: AccountMails;
  passwords: Passwords;
  tokens: SessionTokens;
  places: PlaceDirectory;
  limiter: RateLimiter;
  audit: AuditRepository;
  stats: DailyStatsRepository;
  /** Invitees of shared watchdogs. */
  members: MemberRepository;
};
