-- The seller's blind first count of a shift: the drawer and the terminal's total, counted before the close screen
-- showed what was expected. Kept here when it is made, not in the page: a reload of the close page made a new
-- "first" count after the expected amounts had been seen. Made once, while the shift is open, and never changed.
alter table gateway.shifts
  add column blind_cash_cents bigint,
  add column blind_card_cents bigint,
  add column blind_counted_at timestamptz,
  add constraint shifts_blind_count_whole check (
    (blind_counted_at is null and blind_cash_cents is null and blind_card_cents is null)
    or (blind_counted_at is not null and blind_cash_cents >= 0 and blind_card_cents >= 0)
  );

create function gateway.shifts_blind_count_kept() returns trigger language plpgsql as $$
begin
  if (new.blind_cash_cents, new.blind_card_cents, new.blind_counted_at)
       is distinct from (old.blind_cash_cents, old.blind_card_cents, old.blind_counted_at)
     and (old.blind_counted_at is not null or old.status <> 'open') then
    raise exception 'shift %: its blind count is made once, while it is open', old.id using errcode = 'check_violation';
  end if;
  return new;
end
$$;
create trigger shifts_blind_count_kept before update on gateway.shifts
  for each row execute function gateway.shifts_blind_count_kept();
