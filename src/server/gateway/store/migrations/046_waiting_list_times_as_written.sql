-- The waiting list's times as the service wrote them. The mirror kept only the instants of `createdAt` and
-- `notifiedAt`, so its exports gave them in UTC ("2026-12-01T19:05:00.000Z") where the service's own export, and
-- every other mirrored record (kept whole as `body`), gives the venue's offset ("2026-12-01T20:05:00+01:00"): a
-- waiting-list file read beside an orders file seemed an hour off. Null for an entry mirrored before this
-- migration until the list's next reload (every quarter of an hour) writes it again; exports then fall back on
-- the instant.
alter table gateway.mirror_waiting_list add column created_text text, add column notified_text text;
