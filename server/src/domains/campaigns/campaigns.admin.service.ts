import type { Knex } from 'knex';
import type { Locale } from '../../contracts/common';
import type { CampaignDetail, CampaignInput } from '../../contracts/campaigns';
import { lockTableForWrite } from '../../db/dialect';
import { ConflictError, NotFoundError } from '../../http/errors';
import { recordAudit, type AuditActor } from '../audit';
import { findAllCampaigns, findOverlapping, insertCampaign, updateCampaign } from './campaigns.repo';

/** Spec 7 `GET /campaigns`: every stamp rally, latest first, texts in the locale and in all locales. */
export async function listCampaigns(db: Knex, locale: Locale): Promise<CampaignDetail[]> {
  return findAllCampaigns(db, locale);
}

/**
 * Spec 7 `GET /campaigns/{id}`.
 * @throws NotFoundError CAMPAIGN_NOT_FOUND
 */
export async function getCampaign(db: Knex, id: number, locale: Locale): Promise<CampaignDetail> {
  const [campaign] = await findAllCampaigns(db, locale, id);
  if (!campaign) throw new NotFoundError('CAMPAIGN_NOT_FOUND');
  return campaign;
}

/** A rally as the audit log stores it: the same shape before and after, so one changed field is one change. */
function auditView(c: CampaignDetail) {
  return { name: c.texts.name, description: c.texts.description, startsOn: c.startsOn, endsOn: c.endsOn };
}

/**
 * Creates (no `id`) or updates a stamp rally (issue 6). Two rallies may not share a JST day:
 * the check runs with the campaigns table locked for writing, so two parallel saves cannot
 * both pass it. The audit entry holds the rally as stored before and after the write.
 * @throws ConflictError CAMPAIGN_OVERLAP (409); NotFoundError CAMPAIGN_NOT_FOUND
 */
export async function saveCampaign(
  db: Knex,
  actor: AuditActor,
  input: CampaignInput,
  a: { id?: number; now: Date; locale: Locale },
): Promise<CampaignDetail> {
  const id = await db.transaction(async (trx) => {
    await lockTableForWrite(trx, 'campaigns');
    const before = a.id === undefined ? null : await getCampaign(trx, a.id, a.locale);
    if ((await findOverlapping(trx, input.startsOn, input.endsOn, a.id)).length)
      throw new ConflictError('CAMPAIGN_OVERLAP');
    const savedId = a.id ?? (await insertCampaign(trx, input, a.now));
    if (a.id !== undefined) await updateCampaign(trx, a.id, input, a.now);
    await recordAudit(trx, actor, {
      action: a.id === undefined ? 'create' : 'update',
      entity: 'campaign',
      entityId: savedId,
      before: before && auditView(before),
      after: auditView(await getCampaign(trx, savedId, a.locale)),
      now: a.now,
    });
    return savedId;
  });
  return getCampaign(db, id, a.locale);
}
