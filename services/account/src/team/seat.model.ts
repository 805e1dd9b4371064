import { Schema, type Connection, type Model } from 'mongoose';

/** One member's seat on an owner's plan; `_id` is the member (a person sits on one plan at most). */
export type SeatRecord = { _id: string; ownerId: string; email: string; addedAt: Date };

const seatSchema = new Schema<SeatRecord>({ _id: String, ownerId: String, email: String, addedAt: Date }, { versionKey: false, collection: 'team_seats' });
// An owner's members, oldest first (the cap counts them; a lower plan keeps the oldest).
seatSchema.index({ ownerId: 1, addedAt: 1 });

export const seatModel = (c: Connection): Model<SeatRecord> => (c.models.TeamSeat as Model<SeatRecord>) ?? c.model<SeatRecord>('TeamSeat', seatSchema);
