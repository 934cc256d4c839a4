-- The orders analysis finds an order by the start of its key (reports/order-report.ts, text search): a
-- pattern index, so that a key prefix is a range of the index and not a walk over every mirrored order.
create index mirror_orders_key_prefix on gateway.mirror_orders (organisation_id, order_key text_pattern_ops);
