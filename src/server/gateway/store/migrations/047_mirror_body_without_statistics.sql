-- No planner statistics of the mirrored records' JSON (`body`). No query compares a body whole: every filter on
-- one of its fields goes through an expression index (which keeps statistics of its own) or a column of its own,
-- so the statistics were never read, while gathering them was most of an ANALYZE: sorting 30,000 sampled
-- records of several hundred bytes each. The first full sync analyses the customers once at its end and the
-- orders a dozen times as they fill (mirror-sync.ts); at 100,000 customers on PostgreSQL that one ANALYZE took
-- 1.5 s of the sync's database time (bench:mirror, BENCH_PROFILE=1), 0.63 s and 0.48 s against 0.30 s and 0.26 s
-- without the body's statistics on a quiet server.
alter table gateway.mirror_customers alter column body set statistics 0;
alter table gateway.mirror_orders alter column body set statistics 0;
