import type { Tender } from './shift';

/**
 * Where a payment method's money ends up. An online method (the checkout answered with a payment page) is
 * never in the drawer or the terminal. Shared by the gateway (a shift's sums) and the desk (change for cash). The desk methods are told apart by name, as the interface gives
 * nothing else: cash into the drawer, card into the terminal, anything else (an invoice) into neither.
 */
export function tenderOf(methodName: string | null, online: boolean): Tender {
  if (online) return 'online';
  const name = (methodName ?? '').toLowerCase();
  if (/contant|cash|\bkas\b|bargeld|espèces|efectivo/.test(name)) return 'cash';
  // A gift card or voucher pays with credit the venue holds: not a terminal payment.
  if (/cadeau|gift|voucher|\bbon\b|tegoed/.test(name)) return 'other';
  if (/\bpin|card|kaart|debit|maestro|v ?pay|terminal|automaat|contactless|contactloos/.test(name)) return 'card';
  return 'other';
}
