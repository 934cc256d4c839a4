import type { Database } from '../../db/database';
import { createAccount, hashPassword } from '../auth';
import type { Organisations } from '../connection';
import { findRoleByKey } from '../permissions';

/** The demo sign-ins that README, the start banner, the tests and the tools rely on (DESIGN.md). */
export const DEMO_PASSWORD = 'foyer-demo-2026';

export const DEMO_ORGANISATIONS = [
  {
    clientName: 'demo',
    apiKey: 'demo-partner-key',
    people: [
      { email: 'boxoffice@demo.test', name: 'Bo Kassa', role: 'box-office' },
      { email: 'marketing@demo.test', name: 'Mira Marketing', role: 'marketing' },
      { email: 'manager@demo.test', name: 'Max Manager', role: 'manager' },
      { email: 'accounting@demo.test', name: 'Bea Boekhouding', role: 'accounting' },
      { email: 'admin@demo.test', name: 'Ada Admin', role: 'administrator' },
    ],
  },
  {
    clientName: 'harbour',
    apiKey: 'harbour-partner-key',
    people: [{ email: 'admin@harbour.test', name: 'Hugo Haven', role: 'administrator' }],
  },
] as const;

/**
 * Connects the embedded demo clients and creates one account per preset role, once: only on a gateway
 * store without organisations. Returns whether it did.
 */
export interface OrganisationWithPeople {
  clientName: string;
  apiKey: string;
  /** People by preset role key; all get the same password hash. */
  people: readonly { email: string; name: string; role: string }[];
}

/** Connects organisations with their people, in one transaction (the demo seed, and the tests' own). */
export async function connectWithPeople(
  db: Database,
  organisations: Organisations,
  list: readonly OrganisationWithPeople[],
  passwordHash: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (const organisation of list) {
      const organisationId = await organisations.connect(tx, organisation.clientName, organisation.apiKey);
      for (const person of organisation.people) {
        const role = await findRoleByKey(tx, organisationId, person.role);
        if (!role) throw new Error(`preset ${person.role} missing`);
        await createAccount(tx, {
          organisationId,
          email: person.email,
          displayName: person.name,
          roleId: role.id,
          passwordHash,
        });
      }
    }
  });
}

export async function seedDemoAccounts(db: Database, organisations: Organisations): Promise<boolean> {
  if ((await organisations.count()) > 0) return false;
  // One hash for all five: their password is public anyway, and it saves 0.4 s of the first start.
  await connectWithPeople(db, organisations, DEMO_ORGANISATIONS, await hashPassword(DEMO_PASSWORD));
  return true;
}
