-- A production's scheduled sales report (issue 33 item 4): a schedule of the export scheduler (its lease,
-- its time of day) that writes the promoter dashboard's figures as a CSV file and a printable HTML page into
-- EXPORT_DIR. Its rows carry the production; ordinary exports have none (and the exports page lists only
-- those). Whose scope the report is cut to is its creator's, read again at each run.
alter table gateway.export_schedules add column production_id bigint;
alter table gateway.export_schedules drop constraint export_schedules_kind_check;
alter table gateway.export_schedules add constraint export_schedules_kind_check
  check (kind in ('customers', 'orders', 'waitinglist', 'clienttypes', 'production-sales'));
alter table gateway.export_schedules add constraint export_schedules_production_check
  check ((kind = 'production-sales') = (production_id is not null));

alter table gateway.export_files add column production_id bigint;
create index export_files_of_production on gateway.export_files (organisation_id, production_id, created_at desc)
  where production_id is not null;
