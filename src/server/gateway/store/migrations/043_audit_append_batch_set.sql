-- A batch of one chain's entries in three statements instead of two per entry (issue 32: a sale's three calls are
-- three entries, and their head and entry inserts were six nested statements of the sale's fifty). The head is
-- held once (upserted, as gateway.audit_append does: its row lock orders the appends to a chain), the hashes are
-- chained in memory, the ids are drawn while it is held and given in the chain's order, the entries go in with one
-- insert and the head takes the last hashes. The chain is unchanged: hash = SHA-256(prev_hash || hashed text). A
-- batch of several chains (not made by recordAuditGrouped, which groups by chain) goes entry by entry as before.
create or replace function gateway.audit_append_batch(p_entries jsonb) returns bigint[] language plpgsql volatile as $$
declare
  size int := jsonb_array_length(p_entries);
  chain_id bigint := coalesce((p_entries -> 0 ->> 'organisationId')::bigint, 0);
  entry jsonb;
  previous bytea;
  prevs bytea[] := '{}';
  hashes bytea[] := '{}';
  ids bigint[] := '{}';
begin
  if size = 0 then
    return ids;
  end if;
  if exists (select 1 from jsonb_array_elements(p_entries) e
              where coalesce((e.value ->> 'organisationId')::bigint, 0) <> chain_id) then
    for entry in select e.value from jsonb_array_elements(p_entries) with ordinality as e(value, n) order by e.n loop
      ids := ids || gateway.audit_append(
        (entry->>'organisationId')::bigint, (entry->>'at')::timestamptz, (entry->>'accountId')::bigint,
        entry->>'person', entry->>'role', entry->>'action', entry->>'method', entry->>'path',
        (entry->>'status')::integer, (entry->>'orderId')::bigint, (entry->>'customerId')::bigint, entry->>'cartId',
        nullif(entry->'details', 'null'::jsonb), entry->>'hashedText');
    end loop;
    return ids;
  end if;
  -- The head, held until the transaction ends (an empty chain's is made, as a lock without entries is).
  insert into gateway.audit_heads as h (chain, prev_hash, hash) values (chain_id, null, null)
  on conflict (chain) do update set chain = h.chain
  returning h.hash into previous;
  for entry in select e.value from jsonb_array_elements(p_entries) with ordinality as e(value, n) order by e.n loop
    prevs := prevs || previous;
    previous := sha256(coalesce(previous, ''::bytea) || convert_to(entry->>'hashedText', 'UTF8'));
    hashes := hashes || previous;
  end loop;
  -- Drawn while the head is held, ascending: ids follow the chain's order, as gateway.audit_append's do.
  ids := array(select nextval('gateway.audit_entries_id_seq') as id from generate_series(1, size) order by id);
  insert into gateway.audit_entries (id, organisation_id, at, account_id, person, role, action, method, path, status,
                                     order_id, customer_id, cart_id, details, prev_hash, hash)
  select ids[e.n], (e.value->>'organisationId')::bigint, (e.value->>'at')::timestamptz,
         (e.value->>'accountId')::bigint, e.value->>'person', e.value->>'role', e.value->>'action',
         e.value->>'method', e.value->>'path', (e.value->>'status')::integer, (e.value->>'orderId')::bigint,
         (e.value->>'customerId')::bigint, e.value->>'cartId', nullif(e.value->'details', 'null'::jsonb),
         prevs[e.n], hashes[e.n]
    from jsonb_array_elements(p_entries) with ordinality as e(value, n);
  update gateway.audit_heads set prev_hash = prevs[size], hash = hashes[size] where chain = chain_id;
  return ids;
end
$$;
