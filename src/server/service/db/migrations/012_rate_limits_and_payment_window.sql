-- Throttles shared by every process on one database (issue 19): hits per bucket, client address and fixed
-- window. A row is one counter; old windows are deleted by the periodic sweep (domain/payment-window.ts).
create table rate_limit_hits (
  bucket        text not null,
  address       text not null,
  window_start  timestamptz not null,
  hits          int not null,
  primary key (bucket, address, window_start)
);
create index rate_limit_hits_window on rate_limit_hits (window_start);

-- An order awaiting an online payment lapses at this instant (PAYMENT_WINDOW_SECONDS after checkout) unless
-- it was paid: status cancel/cancelled, seats released into deletedSeats. Null for every other order
-- (desk sales, and orders made before this migration, which keep their own time_out).
alter table orders add column payment_due_at timestamptz;
create index orders_payment_due on orders (payment_due_at) where payment_due_at is not null and status = 'res';
