/**
 * The prize application use case (issue 12, spec 7 `POST /prizes/change/to/presents`): one
 * transaction across the users (the visitor's lock), prizes (stock, the application),
 * campaigns (is the rally over), stamps (the balance and the spend ledger) and idempotency
 * (the stored answer) domains. The questionnaire a prize may require joins it in the next
 * step of issue 12.
 */
import type { Knex } from 'knex';
import type { Locale } from '../contracts/common';
import type { ApplyResult } from '../contracts/prizes';
import { isUniqueViolation, jstDate } from '../db/dialect';
import { BusinessRuleError, ConflictError } from '../http/errors';
import { campaignById } from '../domains/campaigns';
import { remember, replayOf, requestHash } from '../domains/idempotency';
import { assertNotApplied, prizeToApply, rallyIsOver, recordApplication } from '../domains/prizes';
import { spendStamps, stampBalance } from '../domains/stamps';
import { lockVisitor } from '../domains/users';

/**
 * Spec 7 `POST /prizes/change/to/presents`: the visitor spends the stamp points a published
 * prize needs (red 1, gold 10) in its rally and applies for it. An exchange prize takes one
 * from its stock and the application is the win (status won); a lottery application is an
 * entry (status applied) for the draw.
 *
 * In ONE transaction: the visitor's row lock (PostgreSQL; SQLite runs one write transaction
 * at a time), so two applications of one visitor never both see the same balance; the checks
 * below; the stock taken by a conditional update (`stock > 0`); the application (unique per
 * visitor and prize); the spend appended to the stamp ledger; the answer stored under the
 * Idempotency-Key, so the same key with the same body answers the first answer again,
 * changing nothing. On any error nothing is spent.
 *
 * @returns HTTP status and body (200 `{data: {application, stockLeft, balance}}`)
 * @throws UnauthorizedError INVALID_TOKEN (401) the visitor no longer exists
 * @throws NotFoundError PRIZE_NOT_FOUND (404) unknown or unpublished prize
 * @throws BusinessRuleError RALLY_OVER (422) the prize's rally ended before today (JST)
 * @throws ConflictError ALREADY_APPLIED (409) the visitor applied for this prize before
 * @throws BusinessRuleError NOT_ENOUGH_STAMPS (422, `missing` points) balance left below stamps needed
 * @throws ConflictError OUT_OF_STOCK (409) no exchange stock left
 * @throws BusinessRuleError IDEMPOTENCY_KEY_REUSED (422) the key came with another request
 */
export async function applyForPrize(
  db: Knex,
  cmd: { prizeId: number; userId: number; idempotencyKey: string; now: Date; locale: Locale },
): Promise<{ status: number; body: unknown }> {
  const hash = requestHash({ scope: 'prize.apply', prizeId: cmd.prizeId });
  const prior = await replayOf(db, cmd.userId, cmd.idempotencyKey, hash);
  if (prior) return { status: prior.status, body: prior.body };

  try {
    return await db.transaction(async (trx) => {
      await lockVisitor(trx, cmd.userId);
      const prize = await prizeToApply(trx, cmd.prizeId);
      const campaign = await campaignById(trx, prize.campaignId, cmd.locale);
      if (!campaign || rallyIsOver(campaign, jstDate(cmd.now))) throw new BusinessRuleError('RALLY_OVER');
      await assertNotApplied(trx, cmd.userId, prize.id);
      const before = await stampBalance(trx, cmd.userId, prize.campaignId);
      if (before.left < prize.stampsNeeded)
        throw new BusinessRuleError('NOT_ENOUGH_STAMPS', { missing: prize.stampsNeeded - before.left });
      const { application, stockLeft } = await recordApplication(trx, { prize, userId: cmd.userId, now: cmd.now });
      await spendStamps(trx, {
        userId: cmd.userId,
        campaignId: prize.campaignId,
        applicationId: application.id,
        value: prize.stampsNeeded,
        now: cmd.now,
      });
      const result: ApplyResult = {
        application,
        stockLeft,
        balance: {
          earned: before.earned,
          spent: before.spent + prize.stampsNeeded,
          left: before.left - prize.stampsNeeded,
        },
      };
      const answer = { status: 200, body: { data: result } };
      await remember(trx, {
        userId: cmd.userId,
        key: cmd.idempotencyKey,
        scope: 'prize.apply',
        requestHash: hash,
        ...answer,
        now: cmd.now,
      });
      return answer;
    });
  } catch (err) {
    const conflict = isUniqueViolation(err) || (err instanceof ConflictError && err.code === 'ALREADY_APPLIED');
    if (!conflict) throw err;
    // A parallel request with this very key may have won: then answer what it stored.
    const winner = await replayOf(db, cmd.userId, cmd.idempotencyKey, hash);
    if (winner) return { status: winner.status, body: winner.body };
    throw new ConflictError('ALREADY_APPLIED');
  }
}
