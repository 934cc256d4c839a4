/** What other features may load of the USB/serial sender, lazily (the sales points' settings choose a USB printer). */
export { pickUsbPrinter } from './device/device-sender';
