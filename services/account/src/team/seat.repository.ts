import type { Connection, Model } from 'mongoose';
import { seatModel, type SeatRecord } from './seat.model';

const isDuplicateKey = (err: unknown) => (err as { code?: number }).code === 11000;

export class SeatRepository {
  private readonly seats: Model<SeatRecord>;

  constructor(connection: Connection) {
    this.seats = seatModel(connection);
  }

  async init(): Promise<void> {
    await this.seats.init();
  }

  /** The seat claimed for the member; false when the member already sits on a plan. */
  async claim(seat: SeatRecord): Promise<boolean> {
    try {
      await this.seats.create(seat);
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  findByMember(memberId: string): Promise<SeatRecord | null> {
    return this.seats.findById(memberId).lean<SeatRecord>().exec();
  }

  /** An owner's members, oldest first (at most the largest plan's seats). */
  listForOwner(ownerId: string): Promise<SeatRecord[]> {
    return this.seats.find({ ownerId }).sort({ ownerId: 1, addedAt: 1 }).limit(100).lean<SeatRecord[]>().exec();
  }

  async release(memberId: string): Promise<boolean> {
    return (await this.seats.deleteOne({ _id: memberId })).deletedCount === 1;
  }
}
