import type { Context } from 'hono';
import { localDate, localTime } from '@/server/time';
import type { Client, ServiceEnv } from '../../context';
import { centsToDecimalString } from '../../domain/money';
import {
  applyPaymentAction,
  isPayable,
  type OrderDocument,
  type OrderDocumentLine,
  orderDocument,
} from '../../domain/payments';
import type { ServiceApp } from '../route-kit';

/**
 * Plain HTML pages of an order, outside the JSON interface (so not in the OpenAPI document): the payment
 * page of online methods, and the tickets and receipt pages whose URLs the order status gives. No script
 * at all; forms post back to the page. Every value is escaped, and each response carries its own strict
 * Content-Security-Policy. `form-action` also names the origin of the order's redirectURL, because
 * browsers apply it to the redirect that follows the form post. Errors stay JSON `{ message }` like the
 * rest of the service.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const euro = (cents: number) => `€ ${centsToDecimalString(cents)}`;

function redirectOrigin(order: OrderDocument): string | null {
  if (!order.redirectUrl) return null;
  try {
    const origin = new URL(order.redirectUrl).origin;
    return /^https?:\/\/[A-Za-z0-9.\-[\]:]+$/.test(origin) ? origin : null;
  } catch {
    return null;
  }
}

function htmlResponse(c: Context<ServiceEnv>, title: string, body: string, order: OrderDocument): Response {
  const formOrigin = redirectOrigin(order);
  c.header(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'${formOrigin ? ` ${formOrigin}` : ''}`,
  );
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  // The order key is in the URL: never hand it to another site, never cache the page.
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5; color: #1a1a1a; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { text-align: left; padding: .4rem .5rem; border-bottom: 1px solid #ccc; }
td.amount, th.amount { text-align: right; }
.actions { display: flex; gap: .75rem; flex-wrap: wrap; margin-top: 1.5rem; }
button { font: inherit; padding: .6rem 1.2rem; border-radius: .3rem; border: 2px solid #1a4d8f; background: #fff; color: #1a4d8f; cursor: pointer; }
button.primary { background: #1a4d8f; color: #fff; }
button:focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
.status { font-weight: 600; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`,
    200,
  );
}

function lineLabel(line: OrderDocumentLine, client: Client): string {
  const when = line.startsAt
    ? ` — ${localDate(line.startsAt, client.timeZone)} ${localTime(line.startsAt, client.timeZone).slice(0, 5)}`
    : '';
  const seat = line.rowNr > 0 ? `, row ${line.rowNr}, seat ${line.seatNr}` : '';
  return `${line.eventName}${when}${line.hallName ? `, ${line.hallName}` : ''}${line.rankName ? ` (${line.rankName}${seat})` : seat}`;
}

function linesTable(order: OrderDocument, client: Client, caption: string): string {
  const rows = order.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(lineLabel(line, client))}</td><td>${escapeHtml(line.priceName)}</td><td class="amount">${escapeHtml(euro(line.amountCents))}</td></tr>`,
    )
    .join('\n');
  const extra = [
    order.feeCents > 0
      ? `<tr><td colspan="2">Transaction fee</td><td class="amount">${escapeHtml(euro(order.feeCents))}</td></tr>`
      : '',
    order.donationCents > 0
      ? `<tr><td colspan="2">Donation</td><td class="amount">${escapeHtml(euro(order.donationCents))}</td></tr>`
      : '',
  ].join('');
  return `<table>
<caption>${escapeHtml(caption)}</caption>
<thead><tr><th scope="col">Item</th><th scope="col">Price</th><th scope="col" class="amount">Amount</th></tr></thead>
<tbody>
${rows}
${extra}
</tbody>
<tfoot><tr><th scope="row" colspan="2">Total</th><td class="amount">${escapeHtml(euro(order.amountCents))}</td></tr></tfoot>
</table>`;
}

const STATUS_TEXT: Record<string, string> = {
  none: 'Not paid yet',
  pending: 'Payment pending',
  paid: 'Paid',
  partial: 'Partly paid',
  cancelled: 'Cancelled',
};

function statusLine(order: OrderDocument): string {
  const text = STATUS_TEXT[order.paymentStatus] ?? order.paymentStatus;
  return `<p>Order <strong>${escapeHtml(order.orderKey)}</strong> — status: <span class="status">${escapeHtml(text)}</span></p>`;
}

function paymentPage(order: OrderDocument, client: Client): string {
  const actions = isPayable(order)
    ? `<form method="post">
<p>Payment method: ${escapeHtml(order.paymentMethod)}</p>
<div class="actions">
<button type="submit" name="action" value="pay" class="primary">Pay ${escapeHtml(euro(order.amountCents))}</button>
<button type="submit" name="action" value="later">Pay later</button>
<button type="submit" name="action" value="cancel">Cancel order</button>
</div>
</form>`
    : `<p>This order can no longer be changed here.</p>`;
  return `<h1>Payment — ${escapeHtml(client.displayName)}</h1>
${statusLine(order)}
${linesTable(order, client, 'Your order')}
${actions}`;
}

function ticketsPage(order: OrderDocument, client: Client): string {
  if (order.paymentStatus !== 'paid') {
    const why =
      order.paymentStatus === 'cancelled'
        ? 'This order was cancelled; it has no tickets.'
        : 'The tickets become available once the order is paid.';
    return `<h1>Tickets — ${escapeHtml(client.displayName)}</h1>\n${statusLine(order)}\n<p>${escapeHtml(why)}</p>`;
  }
  const tickets = order.lines
    .map(
      (line) => `<li><article aria-label="Ticket ${line.id}">
<h2>${escapeHtml(line.eventName)}</h2>
<p>${escapeHtml(lineLabel(line, client))}</p>
<p>${escapeHtml(line.priceName)} — ${escapeHtml(euro(line.amountCents))}</p>
<p>Ticket number: <strong>${escapeHtml(`${order.orderKey}-${line.id}`)}</strong></p>
</article></li>`,
    )
    .join('\n');
  return `<h1>Tickets — ${escapeHtml(client.displayName)}</h1>
${statusLine(order)}
<ul>
${tickets}
</ul>`;
}

function receiptPage(order: OrderDocument, client: Client): string {
  const date = `${localDate(order.orderDate, client.timeZone)} ${localTime(order.orderDate, client.timeZone).slice(0, 5)}`;
  return `<h1>Receipt — ${escapeHtml(client.displayName)}</h1>
${statusLine(order)}
<p>Order date: ${escapeHtml(date)}${order.customerName ? ` — ${escapeHtml(order.customerName)}` : ''}</p>
<p>Payment method: ${escapeHtml(order.paymentMethod)}</p>
${linesTable(order, client, 'Receipt')}`;
}

/** The posted `action` field, whatever it is (checked by the domain once the order is known). */
async function postedAction(c: Context<ServiceEnv>): Promise<unknown> {
  try {
    return (await c.req.parseBody()).action;
  } catch {
    return undefined;
  }
}

export function registerPaymentPageRoutes(app: ServiceApp): void {
  app.get('/v1/:client_name/pay/:order_key', async (c) => {
    const client = c.get('client');
    const order = await orderDocument(c.get('deps').db, client, c.req.param('order_key'));
    return htmlResponse(c, `Payment ${order.orderKey}`, paymentPage(order, client), order);
  });
  app.post('/v1/:client_name/pay/:order_key', async (c) => {
    const client = c.get('client');
    const orderKey = c.req.param('order_key');
    const action = await postedAction(c);
    const { redirectUrl } = await applyPaymentAction(c.get('deps'), client, orderKey, action);
    const self = new URL(c.req.url);
    self.search = '';
    return c.redirect(redirectUrl ?? self.toString(), 303);
  });
  app.get('/v1/:client_name/tickets/:order_key', async (c) => {
    const client = c.get('client');
    const order = await orderDocument(c.get('deps').db, client, c.req.param('order_key'));
    return htmlResponse(c, `Tickets ${order.orderKey}`, ticketsPage(order, client), order);
  });
  app.get('/v1/:client_name/receipt/:order_key', async (c) => {
    const client = c.get('client');
    const order = await orderDocument(c.get('deps').db, client, c.req.param('order_key'));
    return htmlResponse(c, `Receipt ${order.orderKey}`, receiptPage(order, client), order);
  });
}
