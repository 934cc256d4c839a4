/** What other features use of the scanner: the box office takes a scanned customer as its sale's buyer. */
export { useScannedBuyer } from './scanned-buyer';
