import { PROMO_MESSAGES, promoProblem, type AppliedPromo, type PromoCode, type PromoCreate, type PromoPatch } from '../../../contract/promoCodes.ts';
import type { Db, Queryable } from '../../adapters/db/index.ts';
import { DomainError } from '../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.ts';
import { changedOnly, pick } from '../audit/changes.ts';
import { londonParts } from '../pricing/londonTime.ts';
import { evaluatePromo } from '../pricing/promo.ts';
import { createPromosRepository, unknownCategories } from './repository.ts';

/** What a priced booking keeps of its code (stored with a card payment's submission, so the webhook can book it). */
export interface BookingPromo extends AppliedPromo {
  promoId: number;
}

/**
 * The visitor's code on a priced booking: `totalPence` is every vehicle's price before the discount, `now` the
 * server's clock (the validity window is in London dates). A refusal is a DomainError with the contract's message.
 */
export async function applyPromo(db: Queryable, siteId: number, code: string, booking: { totalPence: number; vehicleId: number; now: Date }): Promise<BookingPromo> {
  const rule = await createPromosRepository(db).rule(siteId, code);
  if (!rule) throw new DomainError('promo', PROMO_MESSAGES.invalid);
  const verdict = evaluatePromo(rule, { totalPence: booking.totalPence, vehicleId: booking.vehicleId, today: londonParts(booking.now).date });
  if (!verdict.ok) throw new DomainError('promo', verdict.message, {}, verdict.kind);
  return { ...verdict.applied, promoId: rule.id };
}

/** The owner's promo codes: each change one transaction with its audit row (before and after). */
export function createPromosService(db: Db) {
  async function checkCategories(tx: Queryable, siteId: number, ids: number[]) {
    const unknown = await unknownCategories(tx, siteId, ids);
    if (unknown.length > 0) throw new DomainError('invalid_input', `No such vehicle category on this site: ${unknown.join(', ')}`);
  }

  return {
    list: (siteId: number) => createPromosRepository(db).list(siteId),

    async create(actor: Actor, siteId: number, input: PromoCreate): Promise<PromoCode> {
      return db.transaction(async (tx) => {
        await checkCategories(tx, siteId, input.categories);
        const promo = await createPromosRepository(tx).insert(siteId, input);
        if (!promo) throw new DomainError('conflict', PROMO_MESSAGES.codeTaken);
        await recordAudit(tx, actor, { siteId, action: 'promo.create', entityType: 'promo_code', entityId: promo.id, before: null, after: promo });
        return promo;
      });
    },

    async update(actor: Actor, siteId: number, id: number, patch: PromoPatch): Promise<PromoCode> {
      return db.transaction(async (tx) => {
        const repository = createPromosRepository(tx);
        const before = await repository.get(siteId, id, true);
        if (!before) throw new DomainError('not_found', PROMO_MESSAGES.notFound);
        const problem = promoProblem({ ...before, ...patch });
        if (problem) throw new DomainError('invalid_input', problem);
        if (patch.categories) await checkCategories(tx, siteId, patch.categories);
        // Categories are a list: compared by value, so an edit that changes nothing writes nothing.
        const changes = changedOnly(before, patch) as PromoPatch;
        if (changes.categories && JSON.stringify(changes.categories) === JSON.stringify(before.categories)) delete changes.categories;
        if (Object.keys(changes).length === 0) return before;
        await repository.update(siteId, id, changes);
        const after = (await repository.get(siteId, id))!;
        await recordAudit(tx, actor, { siteId, action: after.active || !before.active ? 'promo.update' : 'promo.switch_off', entityType: 'promo_code', entityId: id, before: pick(before, changes), after: pick(after, changes) });
        return after;
      });
    },
  };
}
