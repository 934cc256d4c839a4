import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../app/session';
import { apiClient } from '../../lib/api-client';
import type { Customer } from '../../lib/schemas/customer';
import { renderWithApp } from '../../testing/render';
import { disposeCustomerDirectory } from './customer-directory';
import { parseLookup, pickerMode } from './customer-lookup';
import { CustomerPicker, quickCreateDefaults } from './customer-picker';

function apiCustomer(id: number, first: string, last: string, email: string, phone = '') {
  return {
    customerId: id,
    customerExternalId: null,
    email,
    customerSalutation: '',
    customerFirstName: first,
    customerLastName: last,
    customerPreposition: '',
    customerAddress: '',
    customerHouseNr: '',
    customerZip: '',
    customerCity: 'Utrecht',
    customerCountry: 'NL',
    customerPhone: phone,
    customerCredit: '0.00',
    customerPrefs: null,
    lastChanged: '2026-11-01T10:00:00+01:00',
    customerTags: null,
  };
}

const seeded = [
  apiCustomer(1, 'Jan', 'Jansen', 'jan@jansen.nl', '0612345678'),
  apiCustomer(2, 'Piet', 'Bakker', 'piet@bakker.nl', '0201234567'),
  apiCustomer(3, 'Anna', 'Jansma', 'anna@jansma.nl'),
];
const elsewhere = apiCustomer(4, 'Els', 'Nieuw', 'els@elders.nl');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The gateway, as far as the picker uses it: the export, findByEmail, create. */
function fakeGateway() {
  const created: unknown[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.includes('/partner/export/customers')) {
      const changedSince = body?.changedSince;
      const data = changedSince ? [] : seeded;
      return json(200, { data, current_page: 1, last_page: 1, per_page: 100, total: data.length });
    }
    const byNumber = /\/partner\/customer\/(\d+)$/.exec(url);
    if (byNumber && (init?.method ?? 'GET') === 'GET') {
      const found = [...seeded, elsewhere].find((customer) => customer.customerId === Number(byNumber[1]));
      return found ? json(200, found) : json(404, { message: 'Customer not found' });
    }
    if (url.endsWith('/partner/customer/findByEmail')) {
      return body.email === elsewhere.email ? json(200, elsewhere) : json(404, { message: 'Customer not found' });
    }
    if (url.endsWith('/partner/customer') && init?.method === 'POST') {
      created.push(body);
      return json(201, { ...apiCustomer(99, body.customerFirstName, body.customerLastName, body.email), ...body });
    }
    return json(404, { message: 'unexpected call' });
  });
  return { fetch, created };
}

function Host({ onChange }: { onChange: (customer: Customer | null) => void }) {
  const [value, setValue] = useState<Customer | null>(null);
  return (
    <CustomerPicker
      value={value}
      onChange={(customer) => {
        setValue(customer);
        onChange(customer);
      }}
    />
  );
}

const reader = ['events:read', 'customers:lookup', 'customers:read'];
const seller = ['events:read', 'sales:sell', 'customers:lookup'];

function renderPicker(onChange: (customer: Customer | null) => void, permissions: string[] = reader) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKey, { clientName: 'demo', permissions });
  return renderWithApp(
    <QueryClientProvider client={client}>
      <Host onChange={onChange} />
    </QueryClientProvider>,
  );
}

// Typing through a combobox in jsdom is slow on a busy machine; the default 5 s is not enough there.
describe('CustomerPicker', { timeout: 30_000 }, () => {
  let gateway: ReturnType<typeof fakeGateway>;
  beforeEach(() => {
    gateway = fakeGateway();
    vi.stubGlobal('fetch', gateway.fetch);
    apiClient.setClientName('demo');
  });
  afterEach(() => {
    disposeCustomerDirectory();
    vi.unstubAllGlobals();
    apiClient.setClientName(null);
  });

  it('finds by part of a name and chooses with the keyboard', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPicker(onChange);
    const input = screen.getByRole('combobox', { name: 'Klant' });
    await user.type(input, 'jans');
    await waitFor(() => expect(screen.getAllByTestId('customer-picker-option')).toHaveLength(2));
    // The best match is highlighted: Enter takes it. Arrow down moves to the next.
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const chosen = onChange.mock.calls[0]?.[0] as Customer;
    expect(['Jansen', 'Jansma']).toContain(chosen.customerLastName);
    expect(screen.getByTestId('customer-picker-value')).toHaveTextContent(chosen.customerLastName);

    await user.click(screen.getByRole('button', { name: 'Andere klant' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Klant' })).toHaveFocus());
  });

  it('finds a phone typed in another format', async () => {
    const user = userEvent.setup({ delay: null });
    renderPicker(vi.fn());
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), '06-1234 5678');
    await waitFor(() => expect(screen.getByTestId('customer-picker-option')).toHaveTextContent('Jan Jansen'));
  });

  it('asks the service about an exact email it does not hold yet', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPicker(onChange);
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), elsewhere.email);
    // jsdom does not run Mantine's transitions, so the dropdown stays display:none: keys work, clicks do not.
    await waitFor(() => expect(screen.getByTestId('customer-picker-option')).toHaveTextContent('Els Nieuw'));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ customerId: 4 }));
  });

  it('creates a customer inline from what was typed, and chooses them', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPicker(onChange);
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), 'Sam de Boer');
    // Nobody matches: the one option is to create, highlighted, so Enter takes it.
    await waitFor(() =>
      expect(screen.getByTestId('customer-picker-create')).toHaveTextContent('Nieuwe klant: Sam de Boer'),
    );
    await waitFor(() => expect(screen.queryAllByTestId('customer-picker-option')).toHaveLength(0));
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe klant aanmaken' });
    expect(within(dialog).getByLabelText(/Voornaam/)).toHaveValue('Sam');
    expect(within(dialog).getByLabelText(/Achternaam/)).toHaveValue('de Boer');
    // The name came along: typing goes on in the email, not on the dialog's close button.
    await waitFor(() => expect(within(dialog).getByLabelText(/E-mail/)).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Klant aanmaken' }));
    // Email is required on create: the form says so and sends nothing.
    expect(await within(dialog).findByText('Verplicht veld.')).toBeInTheDocument();
    expect(gateway.created).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/E-mail/), 'sam@deboer.nl');
    await user.click(within(dialog).getByRole('button', { name: 'Klant aanmaken' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ customerId: 99 })));
    expect(gateway.created).toEqual([
      { customerFirstName: 'Sam', customerLastName: 'de Boer', email: 'sam@deboer.nl' },
    ]);
  });
});

const exportCalls = (fetch: ReturnType<typeof fakeGateway>['fetch']) =>
  fetch.mock.calls.filter(([input]) => String(input).includes('/partner/export/customers'));

describe('CustomerPicker for a seller without customers:read', { timeout: 30_000 }, () => {
  let gateway: ReturnType<typeof fakeGateway>;
  beforeEach(() => {
    gateway = fakeGateway();
    vi.stubGlobal('fetch', gateway.fetch);
    apiClient.setClientName('demo');
  });
  afterEach(() => {
    disposeCustomerDirectory();
    vi.unstubAllGlobals();
    apiClient.setClientName(null);
  });

  it('does not load the customer list, and says to search by email or customer number', async () => {
    const user = userEvent.setup({ delay: null });
    renderPicker(vi.fn(), seller);
    const input = screen.getByRole('combobox', { name: 'Klant' });
    expect(input).toHaveAccessibleDescription(/volledige e-mailadres of het klantnummer/);
    await user.type(input, 'jans');
    // A name is not something the service can look up: the picker says what it needs, and finds no one.
    expect(await screen.findByText('Typ het volledige e-mailadres of het klantnummer')).toBeInTheDocument();
    expect(screen.queryAllByTestId('customer-picker-option')).toHaveLength(0);
    expect(exportCalls(gateway.fetch)).toHaveLength(0);
  });

  it('finds the buyer by exact email and chooses with Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPicker(onChange, seller);
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), elsewhere.email);
    await waitFor(() => expect(screen.getByTestId('customer-picker-option')).toHaveTextContent('Els Nieuw'));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ customerId: 4 }));
    expect(exportCalls(gateway.fetch)).toHaveLength(0);
  });

  it('finds the buyer by customer number, and says so when there is none', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPicker(onChange, seller);
    const input = screen.getByRole('combobox', { name: 'Klant' });
    await user.type(input, '#3');
    await waitFor(() => expect(screen.getByTestId('customer-picker-option')).toHaveTextContent('Anna Jansma'));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ customerId: 3 }));

    await user.click(screen.getByRole('button', { name: 'Andere klant' }));
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), '777');
    expect(await screen.findByText('Geen klant gevonden')).toBeInTheDocument();
    expect(screen.queryAllByTestId('customer-picker-option')).toHaveLength(0);
    expect(exportCalls(gateway.fetch)).toHaveLength(0);
  });

  it('never offers the customer of a number that is no longer the one typed', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPicker(onChange, seller);
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), '3');
    await waitFor(() => expect(screen.getByTestId('customer-picker-option')).toHaveTextContent('Anna Jansma'));
    await user.keyboard('7');
    // Asking about 37 (or already answered: nobody); Anna is not offered meanwhile.
    expect(screen.queryAllByTestId('customer-picker-option')).toHaveLength(0);
    expect(await screen.findByText('Geen klant gevonden')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('still creates a customer inline from the email typed', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPicker(onChange, seller);
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), 'sam@deboer.nl');
    await waitFor(() =>
      expect(screen.getByTestId('customer-picker-create')).toHaveTextContent('Nieuwe klant: sam@deboer.nl'),
    );
    await screen.findByText('Geen klant gevonden');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe klant aanmaken' });
    expect(within(dialog).getByLabelText(/E-mail/)).toHaveValue('sam@deboer.nl');
    await user.type(within(dialog).getByLabelText(/Voornaam/), 'Sam');
    await user.type(within(dialog).getByLabelText(/Achternaam/), 'de Boer');
    await user.click(within(dialog).getByRole('button', { name: 'Klant aanmaken' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ customerId: 99 })));
    expect(exportCalls(gateway.fetch)).toHaveLength(0);
  });
});

describe('pickerMode', () => {
  const session = (permissions: string[]) => ({ permissions }) as unknown as Parameters<typeof pickerMode>[0];
  it('searches the directory with customers:read, and looks up one customer without it', () => {
    expect(pickerMode(session(reader))).toBe('directory');
    expect(pickerMode(session(['customers:read']))).toBe('directory');
    expect(pickerMode(session(seller))).toBe('lookup');
    expect(pickerMode(session(['customers:lookup']))).toBe('lookup');
    expect(pickerMode(null)).toBe('lookup');
  });
});

describe('parseLookup', () => {
  it('reads an exact email or a customer number, and nothing else', () => {
    expect(parseLookup('  Piet@Bakker.nl ')).toEqual({ kind: 'email', email: 'Piet@Bakker.nl' });
    expect(parseLookup('1234')).toEqual({ kind: 'number', customerId: 1234 });
    expect(parseLookup('#1234')).toEqual({ kind: 'number', customerId: 1234 });
    expect(parseLookup('# 42')).toEqual({ kind: 'number', customerId: 42 });
    // A phone number (leading 0), a name, half an email, zero, a number too long to be a customer's: nothing.
    expect(parseLookup('0612345678')).toEqual({ kind: 'none' });
    expect(parseLookup('Jansen')).toEqual({ kind: 'none' });
    expect(parseLookup('piet@bakker')).toEqual({ kind: 'none' });
    expect(parseLookup('0')).toEqual({ kind: 'none' });
    expect(parseLookup('12345678901')).toEqual({ kind: 'none' });
    expect(parseLookup('12a')).toEqual({ kind: 'none' });
    expect(parseLookup('')).toEqual({ kind: 'none' });
  });
});

describe('quickCreateDefaults', () => {
  it('reads what was typed as an email, a phone number or a name', () => {
    expect(quickCreateDefaults('a@b.nl')).toEqual({ email: 'a@b.nl' });
    expect(quickCreateDefaults('06-1234 5678')).toEqual({ customerPhone: '06-1234 5678' });
    expect(quickCreateDefaults('Jansen')).toEqual({ customerLastName: 'Jansen' });
    expect(quickCreateDefaults('Sam de Boer')).toEqual({ customerFirstName: 'Sam', customerLastName: 'de Boer' });
    expect(quickCreateDefaults('  ')).toEqual({});
  });
});
