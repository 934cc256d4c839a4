import type { Context } from 'hono';
import {
  type CustomerDeskNotes,
  type CustomerFlag,
  type CustomerNote,
  customerFlagsBodySchema,
  type FlagList,
  flagChangeBodySchema,
  newFlagBodySchema,
  noteBodySchema,
} from '@/contract/customer-notes';
import type { Database } from '../../db/database';
import type { GatewayEnv, SecuredRoutes } from '../access';
import { recordRequestAudit } from '../audit';
import { NotFoundError } from '../errors';
import { parseBody } from '../request-input';
import { CustomerNotesService, type NotesCaller } from './customer-notes-service';

/** Who may see a customer's notes and flags: whoever may see the customer — the box office included. */
const readers = { anyOf: ['customers:read', 'customers:lookup', 'sales:sell'] } as const;
const writers = { permission: 'notes:write' } as const;
/** The flag list: for the settings page (writers) and every reader's labels. */
const flagListReaders = { anyOf: ['customers:read', 'customers:lookup', 'sales:sell', 'notes:write'] } as const;

/** A numeric path parameter; a malformed one names nothing there is. */
const idOf = (c: Context, name: string, what: string) => {
  const text = c.req.param(name) ?? '';
  if (!/^\d{1,15}$/.test(text)) throw new NotFoundError(`No such ${what}`);
  return Number(text);
};

/** The routes of desk notes and flags (the rules: customer-notes-service.ts). */
export function registerCustomerNotesRoutes(routes: SecuredRoutes, deps: { db: Database }): void {
  const notes = new CustomerNotesService(deps.db);
  const callerOf = (c: Context<GatewayEnv>): NotesCaller => ({
    principal: c.get('principal'),
    audit: (tx, entry) => recordRequestAudit(tx, c, entry),
  });
  const customerOf = (c: Context) => idOf(c, 'customerId', 'customer');

  routes.declare('GET', '/customers/:customerId/notes', readers, async (c) =>
    c.json((await notes.deskNotes(callerOf(c), customerOf(c))) satisfies CustomerDeskNotes),
  );

  routes.declare('POST', '/customers/:customerId/notes', writers, async (c) => {
    const customerId = customerOf(c);
    const { text } = await parseBody(c, noteBodySchema);
    return c.json((await notes.addNote(callerOf(c), customerId, text)) satisfies CustomerNote, 201);
  });

  routes.declare('PATCH', '/customers/:customerId/notes/:noteId', writers, async (c) => {
    const customerId = customerOf(c);
    const noteId = idOf(c, 'noteId', 'note');
    const { text } = await parseBody(c, noteBodySchema);
    return c.json((await notes.editNote(callerOf(c), customerId, noteId, text)) satisfies CustomerNote);
  });

  routes.declare('DELETE', '/customers/:customerId/notes/:noteId', writers, async (c) => {
    await notes.deleteNote(callerOf(c), customerOf(c), idOf(c, 'noteId', 'note'));
    return c.body(null, 204);
  });

  routes.declare('PUT', '/customers/:customerId/flags', writers, async (c) => {
    const customerId = customerOf(c);
    const { flagIds } = await parseBody(c, customerFlagsBodySchema);
    return c.json({ data: (await notes.setFlags(callerOf(c), customerId, flagIds)) satisfies CustomerFlag[] });
  });

  routes.declare('GET', '/customer-flags', flagListReaders, async (c) =>
    c.json((await notes.flags(callerOf(c))) satisfies FlagList),
  );

  routes.declare('POST', '/customer-flags', writers, async (c) => {
    const body = await parseBody(c, newFlagBodySchema);
    return c.json((await notes.addFlag(callerOf(c), body)) satisfies CustomerFlag, 201);
  });

  routes.declare('PATCH', '/customer-flags/:flagId', writers, async (c) => {
    const flagId = idOf(c, 'flagId', 'flag');
    const change = await parseBody(c, flagChangeBodySchema);
    return c.json((await notes.changeFlag(callerOf(c), flagId, change)) satisfies CustomerFlag);
  });
}
