import { describe, expect, it } from 'vitest';
import type { DevicePrinter } from '@/contract/sales-points';
import { type DeviceNavigator, deviceGranted, sendToDevice, type UsbDeviceLike } from './device-sender';

const USB: DevicePrinter = {
  connection: 'usb',
  vendorId: 0x04b8,
  productId: 0x0202,
  paperWidth: 80,
  language: 'esc-pos',
};
const SERIAL: DevicePrinter = { connection: 'serial', baudRate: 19200, paperWidth: 58, language: 'esc-pos' };
const JOB = Uint8Array.from({ length: 10_000 }, (_, index) => index % 251);

/** A receipt printer as WebUSB shows it: interface 0 with a bulk IN and a bulk OUT endpoint (number 2). */
function usbPrinter(transferStatus: 'ok' | 'stall' = 'ok') {
  const calls: string[] = [];
  const received: number[] = [];
  const usbInterface = {
    interfaceNumber: 0,
    claimed: false,
    alternate: {
      endpoints: [
        { endpointNumber: 1, direction: 'in' as const, type: 'bulk' as const },
        { endpointNumber: 2, direction: 'out' as const, type: 'bulk' as const },
      ],
    },
  };
  const device: UsbDeviceLike = {
    vendorId: 0x04b8,
    productId: 0x0202,
    opened: false,
    configuration: null,
    async open() {
      calls.push('open');
      this.opened = true;
    },
    async selectConfiguration(value) {
      calls.push(`configuration ${value}`);
      this.configuration = { interfaces: [usbInterface] };
    },
    async claimInterface(interfaceNumber) {
      calls.push(`claim ${interfaceNumber}`);
      usbInterface.claimed = true;
    },
    async transferOut(endpointNumber, data) {
      calls.push(`out ${endpointNumber} ${data.length}`);
      received.push(...data);
      return { status: transferStatus };
    },
  };
  return { device, calls, received };
}

function usbNavigator(devices: UsbDeviceLike[]): DeviceNavigator {
  return {
    usb: {
      getDevices: async () => devices,
      requestDevice: async () => {
        throw new DOMException('No device selected.', 'NotFoundError');
      },
    },
  };
}

/** A serial port whose writable collects what is written; `failWith` makes the write fail as a pulled cable does. */
function serialPort(failWith?: DOMException) {
  const received: number[] = [];
  const opens: number[] = [];
  const port = {
    writable: null as WritableStream<Uint8Array> | null,
    async open({ baudRate }: { baudRate: number }) {
      opens.push(baudRate);
      port.writable = new WritableStream<Uint8Array>({
        write(chunk) {
          if (failWith) throw failWith;
          received.push(...chunk);
        },
      });
    },
  };
  const nav: DeviceNavigator = { serial: { getPorts: async () => [port], requestPort: async () => port } };
  return { nav, received, opens };
}

describe('sending a print job to a USB printer', () => {
  it('opens the device, takes its interface and sends every byte to the bulk OUT endpoint, in chunks', async () => {
    const printer = usbPrinter();
    await sendToDevice(USB, JOB, usbNavigator([printer.device]));
    expect(printer.calls).toEqual(['open', 'configuration 1', 'claim 0', 'out 2 4096', 'out 2 4096', 'out 2 1808']);
    expect(printer.received).toEqual([...JOB]);
    // The next job uses the open device as it is.
    await sendToDevice(USB, JOB.subarray(0, 10), usbNavigator([printer.device]));
    expect(printer.calls.slice(6)).toEqual(['out 2 10']);
  });

  it('says so when the printer is not connected, stalls, or the browser has no WebUSB', async () => {
    const other = { ...usbPrinter().device, productId: 0x0e15 };
    expect(await deviceGranted(USB, usbNavigator([other]))).toBe(false);
    await expect(sendToDevice(USB, JOB, usbNavigator([other]))).rejects.toThrow(
      /USB printer 04b8:0202 is not connected to this computer/,
    );
    await expect(sendToDevice(USB, JOB, usbNavigator([usbPrinter('stall').device]))).rejects.toThrow(
      'The USB printer stopped taking the job (stall): check it and retry.',
    );
    const unplugged = usbPrinter().device;
    unplugged.transferOut = async () => {
      throw new DOMException('A transfer error has occurred.', 'NetworkError');
    };
    await expect(sendToDevice(USB, JOB, usbNavigator([unplugged]))).rejects.toThrow(
      'The USB printer was disconnected: plug it in and retry.',
    );
    await expect(sendToDevice(USB, JOB, {})).rejects.toThrow(/This browser has no WebUSB/);
  });
});

describe('sending a print job to a serial printer', () => {
  it('opens the port at the sales point’s speed once and writes the bytes', async () => {
    const port = serialPort();
    expect(await deviceGranted(SERIAL, port.nav)).toBe(true);
    await sendToDevice(SERIAL, JOB, port.nav);
    await sendToDevice(SERIAL, JOB.subarray(0, 5), port.nav);
    expect(port.opens).toEqual([19200]);
    expect(port.received).toEqual([...JOB, ...JOB.subarray(0, 5)]);
  });

  it('reports the device’s error, and a port never allowed here', async () => {
    const pulled = serialPort(new DOMException('The device has been lost.', 'NetworkError'));
    await expect(sendToDevice(SERIAL, JOB, pulled.nav)).rejects.toThrow(
      'The serial printer was disconnected: plug it in and retry.',
    );
    const none: DeviceNavigator = { serial: { getPorts: async () => [], requestPort: async () => Promise.reject() } };
    expect(await deviceGranted(SERIAL, none)).toBe(false);
    await expect(sendToDevice(SERIAL, JOB, none)).rejects.toThrow(/No serial port is allowed here yet/);
    await expect(sendToDevice(SERIAL, JOB, {})).rejects.toThrow(/This browser has no WebSerial/);
  });
});
