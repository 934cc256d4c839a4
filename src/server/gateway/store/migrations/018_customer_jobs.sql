-- Customer jobs (issue 30, items 2 and 3): work on many customers through the service's API — tag a segment,
-- keep a segment's tag in step, anonymise a retention batch — done in the background, resumable, one call per
-- customer. A job lists its customers as items; an item is marked `sending` before its call and `done` after,
-- so a job taken over after a crash checks a `sending` item (a read) before it calls again.
create table gateway.customer_jobs (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  -- What the job does (an action of the registry, e.g. add-tag), and its parameters (e.g. { "tag": "Vriend" }).
  kind text not null,
  params jsonb not null default '{}',
  -- Where it comes from: a person tagging a segment, an auto tag's run, a retention batch, or by hand.
  origin text not null check (origin in ('segment', 'auto-tag', 'retention', 'manual')),
  origin_id bigint,
  -- planned and running jobs are taken by a runner; paused ones wait for a person; the rest are over.
  state text not null default 'planned'
    check (state in ('planned', 'running', 'paused', 'done', 'failed', 'cancelled')),
  -- How many items it has (fixed when made); the other counts are read from the items.
  total integer not null default 0,
  created_by bigint references gateway.accounts on delete set null,
  created_by_person text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  last_error text,
  -- Which runner holds it, until when: two instances never run one job (see customer-jobs-store.ts).
  lease_holder text,
  lease_expires_at timestamptz
);
create index customer_jobs_recent on gateway.customer_jobs (organisation_id, id desc);
create index customer_jobs_runnable on gateway.customer_jobs (id) where state in ('planned', 'running');
create index customer_jobs_origin on gateway.customer_jobs (organisation_id, origin, origin_id, id desc);

create table gateway.customer_job_items (
  job_id bigint not null references gateway.customer_jobs on delete cascade,
  customer_id bigint not null,
  -- The action done on this customer; a job keeping a tag in step adds to some and removes from others.
  action text not null,
  state text not null default 'pending' check (state in ('pending', 'sending', 'done', 'skipped', 'failed')),
  attempts integer not null default 0,
  error text,
  finished_at timestamptz,
  primary key (job_id, customer_id)
);
create index customer_job_items_open on gateway.customer_job_items (job_id, customer_id)
  where state in ('pending', 'sending');

-- Auto tags: a saved segment keeps one tag in step after each mirror sync. `segment_id` is the segments
-- concern's id (no foreign key: the segments' table is theirs); `synced_mark` is the mirror's lastCompleteSync
-- the last run answered to, so "after each sync" holds across instances and restarts.
create table gateway.auto_tags (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  segment_id bigint not null,
  tag text not null,
  change_limit integer not null check (change_limit > 0),
  paused boolean not null default false,
  synced_mark timestamptz,
  lease_holder text,
  lease_expires_at timestamptz,
  updated_by bigint references gateway.accounts on delete set null,
  updated_by_person text,
  updated_at timestamptz not null default now(),
  primary key (organisation_id, segment_id)
);

-- One row per auto-tag run: its diff as planned (who gains, who loses, how many over the limit) and its job.
create table gateway.auto_tag_runs (
  id bigserial primary key,
  organisation_id bigint not null,
  segment_id bigint not null,
  tag text not null,
  job_id bigint references gateway.customer_jobs on delete set null,
  synced_mark timestamptz,
  gains integer not null,
  losses integer not null,
  -- Changes left for the next run because of the limit.
  held_back integer not null,
  at timestamptz not null default now(),
  foreign key (organisation_id, segment_id) references gateway.auto_tags on delete cascade
);
create index auto_tag_runs_recent on gateway.auto_tag_runs (organisation_id, segment_id, id desc);
