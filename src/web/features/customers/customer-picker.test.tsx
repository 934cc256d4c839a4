import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BuyerSummary } from '@/contract/customer-search';
import { apiClient } from '../../lib/api-client';
import { sessionKey } from '../../lib/session';
import { renderWithApp } from '../../testing/render';
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

/** What the picker may show of a customer: the gateway's buyer lookup answers nothing else. */
const buyer = (customer: ReturnType<typeof apiCustomer>) => ({
  customerId: customer.customerId,
  customerFirstName: customer.customerFirstName,
  customerPreposition: customer.customerPreposition,
  customerLastName: customer.customerLastName,
  email: customer.email,
  customerPhone: customer.customerPhone,
  customerCity: customer.customerCity,
});

/**
 * The gateway, as far as the picker uses it: its buyer lookup (here a crude stand-in for the search: every
 * word is part of the name, email or number, or the digits of the phone) and customer create. `els` is only
 * found by her exact email, as one the service knows and the gateway's copy does not yet.
 */
function fakeGateway() {
  const created: unknown[] = [];
  const lookups: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://foyer.test');
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.pathname === '/api/customers/lookup') {
      const q = url.searchParams.get('q') ?? '';
      lookups.push(q);
      const digits = q.replace(/\D/g, '').replace(/^31/, '0');
      const matches = seeded.filter((customer) =>
        q
          .toLowerCase()
          .split(/\s+/)
          .every(
            (word) =>
              `${customer.customerFirstName} ${customer.customerLastName} ${customer.email} #${customer.customerId}`
                .toLowerCase()
                .includes(word) ||
              (digits.length > 5 && customer.customerPhone.includes(digits)),
          ),
      );
      const exact = q.toLowerCase() === elsewhere.email ? [elsewhere] : [];
      // Anna Jansma was merged away into Jan Jansen as a duplicate.
      const data = [...exact, ...matches].map((customer) =>
        customer.customerId === 3 ? { ...buyer(customer), mergedInto: 1 } : buyer(customer),
      );
      return json(200, {
        data,
        total: data.length,
        ...(q.includes('@') ? { emailCheck: exact.length ? 'found' : 'not-found' } : {}),
      });
    }
    if (url.pathname.endsWith('/partner/customer') && init?.method === 'POST') {
      created.push(body);
      return json(201, { ...apiCustomer(99, body.customerFirstName, body.customerLastName, body.email), ...body });
    }
    return json(404, { message: 'unexpected call' });
  });
  return { fetch, created, lookups };
}

function Host({ onChange }: { onChange: (customer: BuyerSummary | null) => void }) {
  const [value, setValue] = useState<BuyerSummary | null>(null);
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

const seller = ['events:read', 'sales:sell', 'customers:lookup'];

function renderPicker(onChange: (customer: BuyerSummary | null) => void, permissions: string[] = seller) {
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
    const chosen = onChange.mock.calls[0]?.[0] as BuyerSummary;
    expect(['Jansen', 'Jansma']).toContain(chosen.customerLastName);
    expect(screen.getByTestId('customer-picker-value')).toHaveTextContent(chosen.customerLastName);

    await user.click(screen.getByRole('button', { name: 'Andere klant' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Klant' })).toHaveFocus());
  });

  it('names a record merged away as a duplicate, and the customer to sell to instead', async () => {
    const user = userEvent.setup({ delay: null });
    renderPicker(vi.fn());
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), 'anna');
    await waitFor(() => expect(screen.getByTestId('customer-picker-option')).toHaveTextContent('Anna Jansma'));
    expect(screen.getByTestId('customer-picker-merged')).toHaveTextContent(
      'Dubbel: samengevoegd in klant 1, verkoop aan die klant',
    );
    await user.clear(screen.getByRole('combobox', { name: 'Klant' }));
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), 'jan jansen');
    await waitFor(() => expect(screen.getByTestId('customer-picker-option')).toHaveTextContent('Jan Jansen'));
    expect(screen.queryByTestId('customer-picker-merged')).toBeNull();
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
    await screen.findByText('Geen klant gevonden');
    expect(screen.queryAllByTestId('customer-picker-option')).toHaveLength(0);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe klant aanmaken' });
    expect(within(dialog).getByLabelText(/Voornaam/)).toHaveValue('Sam');
    expect(within(dialog).getByLabelText(/Tussenvoegsel/)).toHaveValue('de');
    expect(within(dialog).getByLabelText(/Achternaam/)).toHaveValue('Boer');
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
      { customerFirstName: 'Sam', customerPreposition: 'de', customerLastName: 'Boer', email: 'sam@deboer.nl' },
    ]);
  });
});

describe('CustomerPicker asks the gateway only', { timeout: 30_000 }, () => {
  let gateway: ReturnType<typeof fakeGateway>;
  beforeEach(() => {
    gateway = fakeGateway();
    vi.stubGlobal('fetch', gateway.fetch);
    apiClient.setClientName('demo');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    apiClient.setClientName(null);
  });

  it('asks nothing for a single character, and never the customer list', async () => {
    const user = userEvent.setup({ delay: null });
    renderPicker(vi.fn());
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), 'j');
    expect(await screen.findByText('Typ nog een teken om te zoeken')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), 'a');
    await waitFor(() => expect(screen.getAllByTestId('customer-picker-option')).toHaveLength(2));
    expect(gateway.lookups).not.toContain('j');
    const paths = gateway.fetch.mock.calls.map(([input]) => new URL(String(input), 'http://foyer.test').pathname);
    expect(paths.every((path) => path === '/api/customers/lookup')).toBe(true);
  });

  it('finds by customer number, and says so when there is none', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPicker(onChange);
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), '#3');
    await waitFor(() => expect(screen.getByTestId('customer-picker-option')).toHaveTextContent('Anna Jansma'));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ customerId: 3 }));

    await user.click(screen.getByRole('button', { name: 'Andere klant' }));
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), 'zzz');
    expect(await screen.findByText('Geen klant gevonden')).toBeInTheDocument();
    expect(screen.queryAllByTestId('customer-picker-option')).toHaveLength(0);
  });

  it('never takes a match of a text that is no longer the one typed', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPicker(onChange);
    const input = screen.getByRole('combobox', { name: 'Klant' });
    await user.type(input, 'jan');
    await waitFor(() => expect(screen.getAllByTestId('customer-picker-option')).toHaveLength(2));
    // "jans" typed and Enter at once: the answer to "jan" is still on screen, but not to be chosen.
    await user.type(input, 's{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(gateway.lookups).toContain('jans'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
  });
  it('takes the best match of the text as typed when Enter comes before its answer', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderPicker(onChange);
    await user.type(screen.getByRole('combobox', { name: 'Klant' }), 'jansm{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect((onChange.mock.calls[0]?.[0] as BuyerSummary | undefined)?.customerLastName).toBe('Jansma');
  });
});

describe('quickCreateDefaults', () => {
  it('reads what was typed as an email, a phone number or a name', () => {
    expect(quickCreateDefaults('a@b.nl')).toEqual({ email: 'a@b.nl' });
    expect(quickCreateDefaults('06-1234 5678')).toEqual({ customerPhone: '06-1234 5678' });
    expect(quickCreateDefaults('Jansen')).toEqual({ customerLastName: 'Jansen' });
    expect(quickCreateDefaults('Sam de Boer')).toEqual({
      customerFirstName: 'Sam',
      customerPreposition: 'de',
      customerLastName: 'Boer',
    });
    expect(quickCreateDefaults('Anna van der Berg')).toEqual({
      customerFirstName: 'Anna',
      customerPreposition: 'van der',
      customerLastName: 'Berg',
    });
    expect(quickCreateDefaults("Kees van 't Hek")).toMatchObject({
      customerPreposition: "van 't",
      customerLastName: 'Hek',
    });
    expect(quickCreateDefaults('Jan Vandenberg')).toEqual({ customerFirstName: 'Jan', customerLastName: 'Vandenberg' });
    // A preposition alone is no name to split: it stays the last name.
    expect(quickCreateDefaults('Piet de')).toEqual({ customerFirstName: 'Piet', customerLastName: 'de' });
    expect(quickCreateDefaults('Eva Maria Jansen')).toEqual({
      customerFirstName: 'Eva',
      customerLastName: 'Maria Jansen',
    });
    expect(quickCreateDefaults('  ')).toEqual({});
  });
});
