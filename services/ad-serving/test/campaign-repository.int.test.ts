import mongoose from 'mongoose';
import { testEnv } from '@rr/kit/testing';
import { CampaignRepository, type CampaignRecord } from '../src/repositories/campaign.repository';

/** The serving set reads every running campaign: paging by (end, id) must neither drop nor repeat one. */
const env = testEnv();
let connection: mongoose.Connection;
let campaigns: CampaignRepository;

const NOW = new Date('2026-11-25T12:00:00.000Z');
const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

function campaign(id: string, endsAt: Date, status: CampaignRecord['status'] = 'approved'): CampaignRecord {
  return {
    _id: id, advertiserId: 'u1', advertiserEmail: 'a@example.cz', locale: 'cs', name: id, alt: id, targetUrl: 'https://example.cz',
    targeting: { regions: [], districts: [], adTypes: [], realEstateTypes: [] } as unknown as CampaignRecord['targeting'],
    startsAt: day(-10), endsAt, pricing: 'per-view', budget: null, status, reason: null,
    banners: { desktop: 'b1', mobile: 'b2' } as CampaignRecord['banners'], reviewedBy: null, reviewedAt: null, createdAt: NOW, updatedAt: NOW,
  };
}

beforeAll(async () => {
  connection = await mongoose.createConnection(env.mongoUrl, { dbName: `rr-ad-serving-repo${env.dbSuffix}` }).asPromise();
  campaigns = new CampaignRepository(connection);
  await campaigns.init();
  // Ties on the end date across page boundaries, an ended campaign and one of another status.
  for (const [id, end] of [['c5', 3], ['c1', 1], ['c3', 2], ['c2', 2], ['c4', 2], ['c6', 3], ['c7', 9]] as const) await campaigns.create(campaign(id, day(end)));
  await campaigns.create(campaign('ended', day(-1)));
  await campaigns.create(campaign('waiting', day(5), 'submitted'));
});

afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

describe('campaign repository', () => {
  it.each([1, 2, 3, 1_000])('reads every running campaign of a status in pages of %i, in order of end and id', async (pageSize) => {
    const running = await campaigns.allByStatusEndingAfter('approved', NOW, pageSize);
    expect(running.map((c) => c._id)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
  });
});
