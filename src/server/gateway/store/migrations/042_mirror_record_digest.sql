-- The mirror writes a record again only when it changed (issue 32). Each record is read more than once: a sale's
-- order by the checkout's write-through and then by the next sync, a watermark's second by every sync. Written again,
-- an unchanged order replaced its lines and marked its day and its customer for the report rollups and the segments'
-- totals, which then did their work again. A record whose `lastChanged` is newer is written as before; one with the
-- same `lastChanged` (two changes within one second of a service that keeps seconds) only when it differs: a
-- customer's by its body, an order's by this digest of the record as read, its lines included (its body holds the
-- order's own fields only, and a seat swapped at the same price leaves those as they were). Null for the rows
-- written before: each is written once more.
alter table gateway.mirror_orders add column record_digest text;
