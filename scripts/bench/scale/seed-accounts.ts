import type { Connection } from 'mongoose';
import { ROLES, type Watchdog } from '@rr/proto';
import { getGazetteer } from '@rr/gazetteer';
import { Passwords, PASSWORD_COST } from '../../../services/account/src/auth/passwords';
import { nameKeysOf } from '../../../services/account/src/domain/user-search';
import { userModel, type UserRecord } from '../../../services/account/src/users/user.model';
import { watchdogModel, type WatchdogRecord } from '../../../services/account/src/watchdogs/watchdog.model';
import { Market, seeded } from '../matcher-market';

/** Everyone seeded signs in with this password (one argon2id hash for all: hashing a million takes hours). */
export const SCALE_PASSWORD = 'scale-bench-password';
export const userEmail = (i: number) => `user${i}@scale.example`;
export const userId = (i: number) => `u_scale${i.toString(16).padStart(10, '0')}`;
export const watchdogId = (n: number) => `w_scale${n.toString(16).padStart(10, '0')}`;

const DAY = 86_400_000;
const PAYING = [ROLES.MINI, ROLES.STANDARD, ROLES.PREMIUM, ROLES.PROFI];
/** Watchdogs per person, 1–6, weighted so that a million people hold about two million. */
const HOLDINGS = [1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 6];

export type SeedProgress = (line: string) => void;
export type ActiveWatchdogSink = (watchdogs: Watchdog[]) => Promise<void>;

/**
 * Users and their watchdogs, as the account service writes them, inserted in bulk through the
 * services' own models (same collections, same indexes). Active watchdogs also go to `sink`,
 * which puts them on the compacted topic the matcher replays.
 */
export async function seedAccounts(
  db: Connection,
  counts: { users: number; watchdogs: number; activeWatchdogs: number },
  sink: ActiveWatchdogSink,
  progress: SeedProgress,
): Promise<void> {
  const users = userModel(db);
  const watchdogs = watchdogModel(db);
  await users.createIndexes();
  await watchdogs.createIndexes();
  // Seeded users carry their search keys, as new ones do: the service's one-off backfill for
  // older users is marked done, as it is on a database the service created (else its first start
  // looks for users without keys through all of them: 274 s at 1,000,000).
  await db.db!.collection<{ _id: string; at: Date }>('migrations').updateOne({ _id: 'user-search-keys' }, { $setOnInsert: { at: new Date() } }, { upsert: true });
  const passwordHash = await new Passwords(PASSWORD_COST).hash(SCALE_PASSWORD);
  const r = seeded(20261125);
  const market = new Market(getGazetteer(), r);
  const now = Date.now();
  const activeShare = counts.activeWatchdogs / counts.watchdogs;

  let watchdogNo = 0;
  let active = 0;
  const chunk = 5_000;
  let inFlight: Promise<unknown> = Promise.resolve();
  for (let first = 0; first < counts.users; first += chunk) {
    const userDocs: UserRecord[] = [];
    const watchdogDocs: WatchdogRecord[] = [];
    const activeOnes: Watchdog[] = [];
    for (let i = first; i < Math.min(first + chunk, counts.users); i++) {
      const createdAt = new Date(now - r.int(1, 730) * DAY);
      const role = r.chance(0.06) ? PAYING[r.int(0, PAYING.length - 1)] : ROLES.USER;
      const name = r.chance(0.7) ? 'Jana' : null;
      const surname = r.chance(0.7) ? `Nováková${i % 977}` : null;
      const user: UserRecord = {
        _id: userId(i), email: userEmail(i), passwordHash, name, surname, ...nameKeysOf(name, surname),
        telephone: r.chance(0.3) ? `+420${(600_000_000 + i).toString()}` : null, telephoneSource: null, timezone: 'Europe/Prague', locale: r.chance(0.85) ? 'cs' : 'en',
        role, roleExpiresAt: role === ROLES.USER ? null : new Date(now + r.int(1, 365) * DAY), state: 'Active', emailPreferences: ['notifications'],
        billing: null, blockedReason: null, createdAt, updatedAt: createdAt, lastLoginAt: null,
      };
      userDocs.push(user);
      // The last people take what is left, so the totals come out exact.
      const left = counts.watchdogs - watchdogNo;
      const peopleLeft = counts.users - i;
      const holding = i === counts.users - 1 ? left : Math.max(1, Math.min(6, Math.min(HOLDINGS[r.int(0, HOLDINGS.length - 1)], left - (peopleLeft - 1))));
      for (let k = 0; k < holding && watchdogNo < counts.watchdogs; k++, watchdogNo++) {
        const isActive = active < counts.activeWatchdogs && (r.next() < activeShare || counts.watchdogs - watchdogNo <= counts.activeWatchdogs - active);
        const criteria = market.watchdog();
        const expiresAt = role === ROLES.USER ? new Date(now + (isActive ? r.int(1, 30) : -r.int(1, 700)) * DAY) : null;
        const record: WatchdogRecord = {
          _id: watchdogId(watchdogNo), userId: user._id, email: user.email, locale: user.locale, ownerRole: role, name: null,
          criteria, status: isActive ? 'Active' : 'Disabled', disabledReason: isActive ? null : 'expired', createdAt, updatedAt: createdAt, expiresAt,
          lastEmailAt: null, sentCount: r.int(0, 40), unpublished: false,
        } as WatchdogRecord;
        watchdogDocs.push(record);
        if (isActive) {
          active++;
          activeOnes.push({
            id: record._id, userId: record.userId, email: record.email, locale: record.locale, ownerRole: record.ownerRole as Watchdog['ownerRole'], adsConsent: false, name: null,
            criteria, status: 'Active', createdAt: createdAt.toISOString(), updatedAt: createdAt.toISOString(), expiresAt: expiresAt?.toISOString() ?? null,
            lastEmailAt: null, sentCount: record.sentCount,
          });
        }
      }
    }
    // One chunk in flight while the next is made, its three writes side by side: the database
    // decodes one insert while it writes the other, and the topic fills meanwhile.
    await inFlight;
    inFlight = Promise.all([
      users.collection.insertMany(userDocs as never[], { ordered: false }),
      watchdogs.collection.insertMany(watchdogDocs as never[], { ordered: false }),
      sink(activeOnes),
    ]);
    if ((first / chunk) % 20 === 0 || first + chunk >= counts.users) {
      progress(`accounts: ${Math.min(first + chunk, counts.users).toLocaleString('en')} users, ${watchdogNo.toLocaleString('en')} watchdogs (${active.toLocaleString('en')} active)`);
    }
  }
  await inFlight;
}
