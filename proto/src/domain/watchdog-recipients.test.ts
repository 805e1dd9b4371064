import { exampleWatchdog } from '../examples';
import type { Delivery } from './delivery';
import { recipientsOfWatchdog } from './watchdog-recipients';

const digest: Delivery = { mode: 'digest', schedule: { timeZone: 'Europe/Prague', digestTimes: ['08:00'], quietHours: null } };
const member = (email: string) => ({ email, locale: 'cs' as const, userId: null, delivery: digest });

describe('the recipients of a watchdog and their delivery', () => {
  it('gives the owner and the invitees their own delivery on a tier with digests (Mini: one invitee)', () => {
    const watchdog = { ...exampleWatchdog, email: 'Owner@Example.cz', ownerRole: 3, delivery: digest, members: [member('Partner@example.cz'), member('third@example.cz')] };
    expect(recipientsOfWatchdog(watchdog)).toEqual([
      { email: 'owner@example.cz', delivery: digest, member: false },
      { email: 'partner@example.cz', delivery: digest, member: true },
    ]);
  });

  it('drops digests and quiet hours (and invitees) on a free tier, as the matcher does', () => {
    const watchdog = { ...exampleWatchdog, ownerRole: 0, delivery: digest, members: [member('partner@example.cz')] };
    expect(recipientsOfWatchdog(watchdog)).toEqual([{ email: 'ahoj@example.cz', delivery: undefined, member: false }]);
  });
});
