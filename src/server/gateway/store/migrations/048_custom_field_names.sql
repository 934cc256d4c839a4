-- The names an organisation gives its customers' seven custom fields (customerCustom1..7; the spec: "configured per
-- organisation"), shown wherever the fields are instead of "Custom field n". A field without a row has no name.
create table gateway.custom_field_names (
  organisation_id bigint not null references gateway.organisations (id) on delete cascade,
  field smallint not null check (field between 1 and 7),
  name text not null check (name = btrim(name) and length(name) between 1 and 40),
  primary key (organisation_id, field)
);
