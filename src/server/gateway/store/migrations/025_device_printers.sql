-- USB and serial printers on the seller's machine (issue 31 item 2): a sales point's printer may be reached by
-- the seller's browser (WebUSB, WebSerial) instead of the gateway. The printer's jsonb says how
-- ("connection": "network" | "usb" | "serial"); the printers set before say nothing, so they say "network" now.
update gateway.sales_points
   set receipt_printer = receipt_printer || '{"connection": "network"}'
 where receipt_printer is not null and not receipt_printer ? 'connection';
update gateway.sales_points
   set ticket_printer = ticket_printer || '{"connection": "network"}'
 where ticket_printer is not null and not ticket_printer ? 'connection';
update gateway.print_jobs
   set printer = printer || '{"connection": "network"}'
 where not printer ? 'connection';

-- Who sends a job: the gateway (network printers) or the seller's browser, which claims it with a lease of its
-- own (the tab's random token, so only the tab that holds it reports the outcome; two tabs never both print).
alter table gateway.print_jobs
  add column sent_by text not null default 'gateway' check (sent_by in ('gateway', 'browser')),
  add column lease_token uuid;
