import argon2 from 'argon2';

export type PasswordCost = { memoryKiB: number; timeCost: number };

/**
 * argon2id at 7 MiB and 5 passes: one of the five configurations OWASP's Password Storage Cheat
 * Sheet lists as giving an equal defence (its minimum, 19 MiB × 2, is another). Of the five it
 * verifies fastest here, 20–50 % more a second than 19 MiB × 2, because less of its memory leaves
 * the processor's caches (docs/decisions.md, "Password hashing cost").
 */
export const PASSWORD_COST: PasswordCost = { memoryKiB: 7_168, timeCost: 5 };

export class Passwords {
  constructor(private readonly cost: PasswordCost) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, memoryCost: this.cost.memoryKiB, timeCost: this.cost.timeCost, parallelism: 1 });
  }

  /** False for a wrong password and for a hash that cannot be read. */
  async verify(hash: string | null, password: string): Promise<boolean> {
    if (!hash) return false;
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Whether a verified hash was made at another cost, so a login should store it anew at this one. */
  isOutdated(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, { memoryCost: this.cost.memoryKiB, timeCost: this.cost.timeCost, parallelism: 1 });
    } catch {
      return false;
    }
  }
}
