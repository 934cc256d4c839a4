-- Several entries of one chain in one statement (issue 32): the forwarded calls of twenty desks arrive
-- together, and each append used to be a transaction of its own holding the chain's head (004) through its
-- commit, so the appends took turns one commit at a time. Entries that come while an append is on its way are
-- appended together by this function (audit-trail.ts, recordAuditGrouped): one head lock and one commit for
-- all of them. Each entry is appended by gateway.audit_append, in the order given; the chain is unchanged.
-- `p_entries`: a JSON array of objects with the arguments of gateway.audit_append by name; returns the ids.
create function gateway.audit_append_batch(p_entries jsonb) returns bigint[] language plpgsql volatile as $$
declare
  entry jsonb;
  ids bigint[] := '{}';
begin
  for entry in select e.value from jsonb_array_elements(p_entries) with ordinality as e(value, n) order by e.n loop
    ids := ids || gateway.audit_append(
      (entry->>'organisationId')::bigint, (entry->>'at')::timestamptz, (entry->>'accountId')::bigint,
      entry->>'person', entry->>'role', entry->>'action', entry->>'method', entry->>'path',
      (entry->>'status')::integer, (entry->>'orderId')::bigint, (entry->>'customerId')::bigint, entry->>'cartId',
      nullif(entry->'details', 'null'::jsonb), entry->>'hashedText');
  end loop;
  return ids;
end
$$;
