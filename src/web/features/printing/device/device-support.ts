import type { DevicePrinter } from '@/contract/sales-points';

/**
 * Whether this browser can reach a USB or serial printer at all (Chrome and Edge can; Firefox and Safari have
 * neither WebUSB nor WebSerial). Cheap and in the main bundle: the sender itself (device-sender.ts) is loaded
 * only when a sales point uses such a printer.
 */
export function deviceSupported(printer: Pick<DevicePrinter, 'connection'>, nav: object = navigator): boolean {
  return printer.connection === 'usb' ? 'usb' in nav : 'serial' in nav;
}
