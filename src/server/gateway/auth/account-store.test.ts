import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../db/database';
import { createTestGateway, DEMO_PEOPLE, type TestGateway } from '../../testing/test-gateway';
import { embeddedService } from '../service-connection';
import { accountNames, roleMembers } from './account-store';

/** `db` with a count of the statements sent through it. */
function counted(db: Database): { db: Queryable; statements: () => number } {
  let statements = 0;
  const counting: Queryable = {
    query: (sql, params) => {
      statements += 1;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
  return { db: counting, statements: () => statements };
}

describe('the account store, as other concerns read it', () => {
  let gateway: TestGateway;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    const stub = new Hono();
    stub.all('*', (c) => c.json([]));
    gateway = await createTestGateway({
      service: embeddedService(stub),
      organisations: [{ clientName: 'demo', apiKey: 'stub-key-for-accounts', people: DEMO_PEOPLE }],
    });
    const { rows } = await gateway.db.query<{ id: string; email: string }>('select id, email from gateway.accounts');
    for (const row of rows) ids.set(row.email, Number(row.id));
  });
  afterAll(() => gateway.close());

  const idOf = (email: string) => ids.get(email) as number;

  it('names a set of accounts in one query, in order of name, leaving unknown ids out', async () => {
    const { db, statements } = counted(gateway.db);
    const wanted = DEMO_PEOPLE.map((person) => idOf(person.email));
    const names = await accountNames(db, [...wanted, ...wanted, 987_654_321]);
    expect(statements()).toBe(1);
    expect([...names.values()]).toEqual(
      [...DEMO_PEOPLE]
        .sort((a, b) => (a.name < b.name ? -1 : 1))
        .map((person) => ({ name: person.name, email: person.email })),
    );
    expect(names.get(idOf('manager@demo.test'))?.name).toBe('Max Manager');
  });

  it('asks nothing for no ids', async () => {
    const { db, statements } = counted(gateway.db);
    expect((await accountNames(db, [])).size).toBe(0);
    expect(statements()).toBe(0);
  });

  it("counts a role's enabled members, 0 for a role nobody holds", async () => {
    const { rows } = await gateway.db.query<{ id: string; key: string }>('select id, key from gateway.roles');
    const roleIds = new Map(rows.map((row) => [row.key, Number(row.id)]));
    const manager = roleIds.get('manager') as number;
    await gateway.db.query('update gateway.accounts set disabled_at = now() where id = $1', [
      idOf('manager@demo.test'),
    ]);
    const members = await roleMembers(gateway.db, [...roleIds.values()]);
    expect(members.get(roleIds.get('administrator') as number)).toBe(1);
    expect(members.get(manager)).toBe(0);
  });
});
