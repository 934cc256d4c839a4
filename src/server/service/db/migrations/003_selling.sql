-- Selling reads these on every add and checkout.

-- "Best available": walk a rank's seats best first and stop after the first free ones, instead of sorting
-- every seat of a 20,000-seat arena on each add.
create index seats_hall_rank_quality on seats (hall_id, rank_id, quality, section_id, row_nr, seat_nr);

-- General-admission places and ticket-type usage count the ticket lines of live carts per event.
create index cart_items_event on cart_items (event_id) where item_type = 'ticket';

-- Cancelling an order releases its sold seats.
create index seat_claims_order on seat_claims (order_id) where order_id is not null;
