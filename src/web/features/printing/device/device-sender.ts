import type { DevicePrinter } from '@/contract/sales-points';

/**
 * Sends a print job's bytes to a printer on the seller's machine: by USB (WebUSB, the printer's bulk OUT
 * endpoint) or a serial port (WebSerial, at the sales point's speed). Loaded with a dynamic import only when the
 * seller's sales point has such a printer. The interfaces below are the parts of WebUSB and WebSerial used here
 * (TypeScript's DOM library has neither), so tests can hand in doubles.
 */

export interface UsbEndpointLike {
  endpointNumber: number;
  direction: 'in' | 'out';
  type: 'bulk' | 'interrupt' | 'isochronous';
}

export interface UsbInterfaceLike {
  interfaceNumber: number;
  claimed: boolean;
  alternate: { endpoints: UsbEndpointLike[] };
}

export interface UsbDeviceLike {
  vendorId: number;
  productId: number;
  opened: boolean;
  configuration: { interfaces: UsbInterfaceLike[] } | null;
  open(): Promise<void>;
  selectConfiguration(value: number): Promise<void>;
  claimInterface(interfaceNumber: number): Promise<void>;
  transferOut(endpointNumber: number, data: Uint8Array): Promise<{ status: 'ok' | 'stall' | 'babble' }>;
}

export interface SerialPortLike {
  writable: WritableStream<Uint8Array> | null;
  open(options: { baudRate: number }): Promise<void>;
}

export interface DeviceNavigator {
  usb?: {
    getDevices(): Promise<UsbDeviceLike[]>;
    requestDevice(options: { filters: { vendorId?: number; productId?: number }[] }): Promise<UsbDeviceLike>;
  };
  serial?: {
    getPorts(): Promise<SerialPortLike[]>;
    requestPort(): Promise<SerialPortLike>;
  };
}

/** A job the device did not take, with the reason as the seller reads it (reported to the gateway as is). */
export class DeviceError extends Error {}

/** Bytes per USB transfer: printers' endpoints buffer little, and a stall then names the failing part. */
const USB_CHUNK = 4096;
/** A serial write that makes no progress this long failed (flow control held, cable pulled). */
const SERIAL_STALL_MS = 10_000;

const navigatorOf = () => navigator as unknown as DeviceNavigator;

const hex4 = (id: number) => id.toString(16).padStart(4, '0');

/** The granted USB device with the printer's ids, or null (never picked on this machine, or unplugged). */
async function usbDeviceOf(printer: Extract<DevicePrinter, { connection: 'usb' }>, nav: DeviceNavigator) {
  const devices = (await nav.usb?.getDevices()) ?? [];
  return (
    devices.find((device) => device.vendorId === printer.vendorId && device.productId === printer.productId) ?? null
  );
}

/**
 * Whether the printer can be sent to without asking the seller: a USB device with its ids, or a serial port,
 * granted to this site before (the browser remembers). False: the seller connects it once (`connectDevice`).
 */
export async function deviceGranted(printer: DevicePrinter, nav: DeviceNavigator = navigatorOf()): Promise<boolean> {
  if (printer.connection === 'usb') return (await usbDeviceOf(printer, nav)) !== null;
  return ((await nav.serial?.getPorts()) ?? []).length > 0;
}

/**
 * Asks the browser's device picker for the printer (on a click: the browser requires one), so later jobs need
 * no question. Throws DeviceError when the seller picks none.
 */
export async function connectDevice(printer: DevicePrinter, nav: DeviceNavigator = navigatorOf()): Promise<void> {
  try {
    if (printer.connection === 'usb') {
      await nav.usb?.requestDevice({ filters: [{ vendorId: printer.vendorId, productId: printer.productId }] });
    } else await nav.serial?.requestPort();
  } catch (error) {
    throw describedError(error, printer);
  }
}

/** The picker for the sales point's settings: any USB device, answered with its ids. */
export async function pickUsbPrinter(
  nav: DeviceNavigator = navigatorOf(),
): Promise<{ vendorId: number; productId: number }> {
  if (!nav.usb) throw new DeviceError('This browser has no WebUSB: choose the printer in Chrome or Edge.');
  const device = await nav.usb.requestDevice({ filters: [] });
  return { vendorId: device.vendorId, productId: device.productId };
}

function describedError(error: unknown, printer: DevicePrinter): DeviceError {
  if (error instanceof DeviceError) return error;
  const what = printer.connection === 'usb' ? 'The USB printer' : 'The serial printer';
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotFoundError':
      return new DeviceError(`${what} was not chosen: connect it from the printer chip.`);
    case 'NetworkError':
      return new DeviceError(`${what} was disconnected: plug it in and retry.`);
    case 'SecurityError':
    case 'InvalidStateError':
      return new DeviceError(
        `${what} is in use by another program or tab (on Windows, its driver may hold it): ${(error as Error).message}`,
      );
    default:
      return new DeviceError(`${what}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function sendByUsb(
  printer: Extract<DevicePrinter, { connection: 'usb' }>,
  bytes: Uint8Array,
  nav: DeviceNavigator,
) {
  const device = await usbDeviceOf(printer, nav);
  if (!device) {
    throw new DeviceError(
      `USB printer ${hex4(printer.vendorId)}:${hex4(printer.productId)} is not connected to this computer (or not allowed here yet): connect it from the printer chip.`,
    );
  }
  if (!device.opened) await device.open();
  if (device.configuration === null) await device.selectConfiguration(1);
  const found = device.configuration?.interfaces.flatMap((candidate) =>
    candidate.alternate.endpoints
      .filter((endpoint) => endpoint.direction === 'out' && endpoint.type === 'bulk')
      .map((endpoint) => ({ usbInterface: candidate, endpoint })),
  )[0];
  if (!found) throw new DeviceError('This USB device has no bulk OUT endpoint: is it a printer?');
  if (!found.usbInterface.claimed) await device.claimInterface(found.usbInterface.interfaceNumber);
  for (let offset = 0; offset < bytes.length; offset += USB_CHUNK) {
    const { status } = await device.transferOut(
      found.endpoint.endpointNumber,
      bytes.subarray(offset, offset + USB_CHUNK),
    );
    if (status !== 'ok')
      throw new DeviceError(`The USB printer stopped taking the job (${status}): check it and retry.`);
  }
}

async function sendBySerial(
  printer: Extract<DevicePrinter, { connection: 'serial' }>,
  bytes: Uint8Array,
  nav: DeviceNavigator,
) {
  const [port] = (await nav.serial?.getPorts()) ?? [];
  if (!port) throw new DeviceError('No serial port is allowed here yet: connect the printer from the printer chip.');
  // An open port (a job before) stays open: opening it twice is an error.
  if (port.writable === null) await port.open({ baudRate: printer.baudRate });
  const writer = (port.writable as WritableStream<Uint8Array>).getWriter();
  let stall: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      writer.write(bytes).then(() => writer.ready),
      new Promise<never>((_, reject) => {
        // The time the bytes take at the port's speed (10 bits a byte), and then some.
        const needed = (bytes.length * 10 * 1000) / printer.baudRate;
        stall = setTimeout(
          () => reject(new DeviceError('The serial printer stopped taking the job: check it and retry.')),
          needed + SERIAL_STALL_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(stall);
    writer.releaseLock();
  }
}

/** Sends the bytes to the printer; resolves once the device took them, throws a DeviceError otherwise. */
export async function sendToDevice(
  printer: DevicePrinter,
  bytes: Uint8Array,
  nav: DeviceNavigator = navigatorOf(),
): Promise<void> {
  try {
    if (printer.connection === 'usb') {
      if (!nav.usb)
        throw new DeviceError('This browser has no WebUSB: print from the print view, or use Chrome or Edge.');
      await sendByUsb(printer, bytes, nav);
    } else {
      if (!nav.serial) {
        throw new DeviceError('This browser has no WebSerial: print from the print view, or use Chrome or Edge.');
      }
      await sendBySerial(printer, bytes, nav);
    }
  } catch (error) {
    throw describedError(error, printer);
  }
}
