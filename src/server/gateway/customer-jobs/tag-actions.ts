import type { CustomerJobAction, CustomerJobContext, CustomerJobOutcome } from './customer-job-action';
import { callService } from './customer-job-action';

/**
 * Adding and removing one tag (`params.tag`) through `POST /partner/customer/{id}/clienttypes`. That call sets
 * the customer's whole list, so the list is read first from the service (`GET …/clienttypes`), not from the
 * mirror: a tag given at the desk since the last sync would otherwise be taken away. The read also makes the
 * action a no-op for a customer already as asked (skipped, no write), and it is what `isApplied` asks.
 */

const clienttypesPath = (customerId: number) => `/partner/customer/${customerId}/clienttypes`;

/** The customer's tags as the service has them now (a list, or the legacy comma-separated text). */
async function currentTags(ctx: CustomerJobContext): Promise<string[]> {
  const answer = await callService(ctx.upstream, 'GET', clienttypesPath(ctx.customerId));
  if (Array.isArray(answer)) return answer.filter((tag): tag is string => typeof tag === 'string');
  if (typeof answer === 'string')
    return answer
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
  return [];
}

const tagOf = (ctx: CustomerJobContext): string => {
  const { tag } = ctx.params;
  if (typeof tag !== 'string' || tag === '') throw new Error('the job names no tag');
  return tag;
};

async function setTags(ctx: CustomerJobContext, before: string[], after: string[]): Promise<CustomerJobOutcome> {
  await callService(ctx.upstream, 'POST', clienttypesPath(ctx.customerId), { clienttypes: after });
  // The entry of a tag change, as the forwarder writes one (the customer's story reads them alike).
  return { changed: true, audit: { action: 'tags', details: { before, after } } };
}

export const addTagAction: CustomerJobAction = {
  kind: 'add-tag',
  requires: ['segments:manage', 'tags:write'],
  async apply(ctx) {
    const tag = tagOf(ctx);
    const before = await currentTags(ctx);
    if (before.includes(tag)) return { changed: false };
    return setTags(ctx, before, [...before, tag]);
  },
  async isApplied(ctx) {
    return (await currentTags(ctx)).includes(tagOf(ctx));
  },
};

export const removeTagAction: CustomerJobAction = {
  kind: 'remove-tag',
  requires: ['segments:manage', 'tags:write'],
  async apply(ctx) {
    const tag = tagOf(ctx);
    const before = await currentTags(ctx);
    if (!before.includes(tag)) return { changed: false };
    return setTags(
      ctx,
      before,
      before.filter((held) => held !== tag),
    );
  },
  async isApplied(ctx) {
    return !(await currentTags(ctx)).includes(tagOf(ctx));
  },
};
