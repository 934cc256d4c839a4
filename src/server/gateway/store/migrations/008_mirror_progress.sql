-- Progress of a first full sync, for the app's freshness indicator ("Eerste synchronisatie: 40 %"): the
-- export's total when the sync began, and how many records the sync has written since. Kept with the state
-- (one small update per batch, in the batch's transaction) so that every instance can show it, and so that
-- a status request never counts a million mirror rows.
alter table gateway.mirror_sync_state
  add column full_sync_total bigint,
  add column full_sync_done bigint not null default 0;
