-- Privacy requests (issue 30, item 7; gateway/privacy). The organisation's retention period: the retention list
-- proposes customers without an order, a change or a waiting-list entry for this many years (7 until it is set).
create table gateway.privacy_settings (
  organisation_id bigint primary key references gateway.organisations (id) on delete cascade,
  retention_years integer not null default 7 check (retention_years between 1 and 30),
  updated_at timestamptz not null default now()
);

-- The retention list asks per customer whether they have a waiting-list entry since the cutoff; the subject-access
-- package lists a customer's entries.
create index mirror_waiting_list_customer on gateway.mirror_waiting_list (organisation_id, customer_id, created_at);
