import type { Queryable } from '../../db/database';

/*
 * All SQL of the address rules: the networks of each role (gateway.role_networks; read along with every session
 * by auth's session query, which is why a change notifies the session caches — migration 029) and the count of
 * refused requests (gateway.address_refusals).
 */

/** The role's networks as the database writes them (`192.0.2.0/24`), in order. */
export async function networksOfRole(db: Queryable, roleId: number): Promise<string[]> {
  const { rows } = await db.query<{ network: string }>(
    'select network::text as network from gateway.role_networks where role_id = $1 order by network',
    [roleId],
  );
  return rows.map((row) => row.network);
}

/**
 * Replaces the role's networks. `network(inet)` clears host bits (`192.0.2.7/24` is stored as `192.0.2.0/24`),
 * and duplicates collapse into one.
 */
export async function replaceNetworksOfRole(tx: Queryable, roleId: number, networks: readonly string[]): Promise<void> {
  await tx.query('delete from gateway.role_networks where role_id = $1', [roleId]);
  if (networks.length === 0) return;
  await tx.query(
    `insert into gateway.role_networks (role_id, network)
     select distinct $1::bigint, network(entry::inet)::cidr from unnest($2::text[]) as entry
     on conflict do nothing`,
    [roleId, networks],
  );
}

/**
 * Counts one refused request of the account from the address. `firstInPeriod`: the first of a new period (one
 * conditional upsert, so two instances never both think so); `total`: every refusal of this pair so far.
 */
export async function countRefusal(
  db: Queryable,
  accountId: number,
  address: string,
  periodSeconds: number,
): Promise<{ firstInPeriod: boolean; total: number }> {
  const { rows } = await db.query<{ refusals: number; total: number }>(
    `insert into gateway.address_refusals as r (account_id, address, period_started_at, refusals, total)
     values ($1, $2, now(), 1, 1)
     on conflict (account_id, address) do update set
       refusals = case when r.period_started_at <= now() - make_interval(secs => $3) then 1 else r.refusals + 1 end,
       period_started_at = case when r.period_started_at <= now() - make_interval(secs => $3) then now()
                                else r.period_started_at end,
       total = r.total + 1
     returning refusals, total`,
    [accountId, address.slice(0, 64), periodSeconds],
  );
  const row = rows[0];
  return { firstInPeriod: row?.refusals === 1, total: row?.total ?? 1 };
}
