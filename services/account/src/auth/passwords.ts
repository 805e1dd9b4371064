import argon2 from 'argon2';

export type PasswordCost = { memoryKiB: number; timeCost: number };

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
}
