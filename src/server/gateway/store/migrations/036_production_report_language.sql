-- A production's scheduled report is read by a promoter in the language they scheduled it in (the app's), not
-- always in English: its printable page's language. Ordinary exports have no page and keep the default.
alter table gateway.export_schedules add column language text not null default 'en' check (language in ('nl', 'en'));
