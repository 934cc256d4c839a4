-- Buyers' contact details in scheduled exports (issue 33, the accounting preset): a schedule saved by a person
-- without customers:contact writes its orders and waiting-list files without them, and a person without it is
-- listed (and may download) only files that hold none. What exists keeps what it was made with.
alter table gateway.export_schedules add column buyer_contact boolean not null default true;
alter table gateway.export_files add column buyer_contact boolean not null default true;
update gateway.export_files set buyer_contact = false where kind not in ('orders', 'waitinglist');
