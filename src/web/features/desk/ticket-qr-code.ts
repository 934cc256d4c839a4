/**
 * The QR code of an order key as an SVG data URL: the same string in every browser and in Node (the browser
 * test regenerates it to compare with the printed one), and sharp at any print resolution. A quiet zone of
 * four modules, as scanners expect. The qrcode package loads in its own chunk, only when tickets are shown.
 */
export const TICKET_QR_OPTIONS = { type: 'svg', margin: 4, errorCorrectionLevel: 'M' } as const;

export async function ticketQrDataUrl(orderKey: string): Promise<string> {
  const qrcode = await import('qrcode');
  const svg = await qrcode.toString(orderKey, TICKET_QR_OPTIONS);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
