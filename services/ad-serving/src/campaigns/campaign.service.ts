import { randomBytes } from 'node:crypto';
import { AppError, type Bus, type Logger, type Mailer } from '@rr/kit';
import type { AdBannerSize, AdCampaignBody, AdCampaignStatus, AdCampaignView } from '@rr/proto';
import { MAX_BANNER_BYTES, checkBanner, type BannerProblem } from '../domain/banner-check';
import type { BannerRepository } from '../repositories/banner.repository';
import type { CampaignRecord, CampaignRepository } from '../repositories/campaign.repository';
import type { CreditRepository } from '../repositories/credit.repository';
import type { LiveState } from '../serving/live-state';
import type { SessionUser } from '../http/auth';
import { reviewMail } from './review-mail';

const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url')}`;
const EDITABLE: AdCampaignStatus[] = ['draft', 'rejected'];

export type CampaignDeps = {
  campaigns: CampaignRepository;
  banners: BannerRepository;
  credit: CreditRepository;
  live: LiveState;
  bus: Bus;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
  /** The serving set reads the approved campaigns again (after a review or a pause). */
  refresh: () => Promise<void>;
};

/** Campaigns from draft to review to serving: the advertiser's steps and the administrator's. */
export class CampaignService {
  constructor(private readonly d: CampaignDeps) {}

  async create(user: SessionUser, body: AdCampaignBody): Promise<CampaignRecord> {
    if (!(await this.d.credit.findAdvertiser(user.id))) throw new AppError('FORBIDDEN', 'accept the advertising terms first (become an advertiser)');
    const now = new Date();
    return this.d.campaigns.create({
      _id: newId('cmp'), advertiserId: user.id, advertiserEmail: user.email, locale: user.locale, ...fieldsOf(body),
      status: 'draft', reason: null, banners: { desktop: null, mobile: null }, reviewedBy: null, reviewedAt: null, createdAt: now, updatedAt: now,
    });
  }

  async own(user: SessionUser, id: string): Promise<CampaignRecord> {
    const c = await this.d.campaigns.findById(id);
    if (!c || c.advertiserId !== user.id) throw new AppError('NOT_FOUND', `campaign ${id} not found`);
    return c;
  }

  async update(user: SessionUser, id: string, body: AdCampaignBody): Promise<CampaignRecord> {
    const c = await this.own(user, id);
    if (!EDITABLE.includes(c.status)) throw new AppError('CAMPAIGN_CONFLICT', `campaign ${id} is ${c.status}; only a draft or a rejected campaign can be changed`);
    return (await this.d.campaigns.update(id, { ...fieldsOf(body), status: 'draft', reason: null }))!;
  }

  /** Stores a banner after checking its bytes; a new upload sends the campaign back to draft. */
  async upload(user: SessionUser, id: string, size: AdBannerSize, bytes: Buffer): Promise<CampaignRecord> {
    const c = await this.own(user, id);
    if (!EDITABLE.includes(c.status)) throw new AppError('CAMPAIGN_CONFLICT', `campaign ${id} is ${c.status}; banners can change only in a draft or a rejected campaign`);
    const checked = checkBanner(bytes, size);
    if (!checked.ok) throw bannerError(checked.problem, size);
    const bannerId = `${newId('bnr')}.${checked.type}`;
    await this.d.banners.create({ _id: bannerId, campaignId: id, advertiserId: user.id, size, contentType: checked.contentType, bytes, createdAt: new Date() });
    return (await this.d.campaigns.update(id, { banners: { ...c.banners, [size]: bannerId }, status: 'draft', reason: null }))!;
  }

  async submit(user: SessionUser, id: string): Promise<CampaignRecord> {
    const c = await this.own(user, id);
    if (!EDITABLE.includes(c.status)) throw new AppError('CAMPAIGN_CONFLICT', `campaign ${id} is ${c.status} and cannot be submitted again`);
    if (!c.banners.desktop || !c.banners.mobile) throw new AppError('CAMPAIGN_CONFLICT', 'upload both banners (520×250 and 320×150) before submitting');
    if (c.endsAt.getTime() <= Date.now()) throw new AppError('VALIDATION_FAILED', 'the campaign period has already ended', { fields: { endsAt: 'in the past' } });
    return this.move(c, 'submitted', null);
  }

  /** The advertiser pauses a running campaign (a written cancellation takes effect this way too). */
  async pauseOwn(user: SessionUser, id: string): Promise<CampaignRecord> {
    const c = await this.own(user, id);
    if (c.status !== 'approved') throw new AppError('CAMPAIGN_CONFLICT', `campaign ${id} is ${c.status}, not running`);
    const moved = await this.move(c, 'paused', null);
    await this.d.refresh();
    return moved;
  }

  async review(admin: SessionUser, id: string, outcome: 'approved' | 'rejected' | 'paused', reason: string | null): Promise<CampaignRecord> {
    const c = await this.d.campaigns.findById(id);
    if (!c) throw new AppError('NOT_FOUND', `campaign ${id} not found`);
    const allowed: Record<typeof outcome, AdCampaignStatus[]> = { approved: ['submitted', 'paused'], rejected: ['submitted'], paused: ['approved'] };
    if (!allowed[outcome].includes(c.status)) throw new AppError('CAMPAIGN_CONFLICT', `campaign ${id} is ${c.status}; it cannot be ${outcome}`);
    if (outcome !== 'approved' && !reason) throw new AppError('VALIDATION_FAILED', 'give the advertiser a reason', { fields: { reason: 'required' } });
    const moved = await this.move(c, outcome, reason, admin.id);
    await this.d.refresh();
    await this.d.mailer.send(reviewMail(moved, outcome, reason, this.d.publicUrl))
      .catch((err: Error) => this.d.log.warn({ err, campaignId: id }, 'review e-mail not sent; the advertiser sees the outcome on the campaigns page'));
    return moved;
  }

  view(c: CampaignRecord, withAdvertiser = false): AdCampaignView {
    const url = (id: string | null) => (id ? `${this.d.publicUrl.replace(/\/$/, '')}/a/b/${id}` : null);
    return {
      id: c._id, name: c.name, alt: c.alt, targetUrl: c.targetUrl, targeting: c.targeting, startsAt: c.startsAt.toISOString(), endsAt: c.endsAt.toISOString(),
      pricing: c.pricing, budget: c.budget, status: c.status, reason: c.reason, banners: { desktop: url(c.banners.desktop), mobile: url(c.banners.mobile) },
      spent: this.d.live.totals.get(c._id)?.spent ?? 0, createdAt: c.createdAt.toISOString(), ...(withAdvertiser ? { advertiserEmail: c.advertiserEmail } : {}),
    };
  }

  private async move(c: CampaignRecord, status: AdCampaignStatus, reason: string | null, reviewer?: string): Promise<CampaignRecord> {
    const moved = (await this.d.campaigns.update(c._id, { status, reason, ...(reviewer ? { reviewedBy: reviewer, reviewedAt: new Date() } : {}) }))!;
    this.d.live.remember(moved);
    await this.d.bus.publish('ad-campaign.changed', c._id, {
      campaignId: c._id, advertiserId: c.advertiserId, status, reason, startsAt: c.startsAt.toISOString(), endsAt: c.endsAt.toISOString(), at: new Date().toISOString(),
    }).catch((err: Error) => this.d.log.warn({ err, campaignId: c._id }, 'ad-campaign.changed not published'));
    return moved;
  }
}

function fieldsOf(b: AdCampaignBody) {
  return { name: b.name, alt: b.alt, targetUrl: b.targetUrl, targeting: b.targeting, startsAt: new Date(b.startsAt), endsAt: new Date(b.endsAt), pricing: b.pricing, budget: b.pricing === 'weekly' ? null : b.budget };
}

/** The upload's problem in words, naming what was found and what the slot needs. */
function bannerError(p: BannerProblem, size: AdBannerSize): AppError {
  const message = {
    'too-heavy': () => `the banner has ${Math.ceil((p as { bytes: number }).bytes / 1024)} kB; at most ${MAX_BANNER_BYTES / 1024} kB`,
    'not-an-image': () => 'the file is not an image; upload a PNG, JPEG or GIF',
    'type-not-allowed': () => `${(p as { type: string }).type.toUpperCase()} is not accepted; upload a PNG, JPEG or GIF`,
    'wrong-size': () => {
      const w = p as Extract<BannerProblem, { code: 'wrong-size' }>;
      return `the ${size} banner must be exactly ${w.expected.width}×${w.expected.height} px; this one is ${w.width}×${w.height} px`;
    },
  }[p.code]();
  return p.code === 'too-heavy'
    ? new AppError('PAYLOAD_TOO_LARGE', message, { fields: { [size]: p.code } })
    : new AppError('VALIDATION_FAILED', message, { fields: { [size]: p.code } });
}
