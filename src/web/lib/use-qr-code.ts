import { useEffect, useState } from 'react';

/**
 * Draws `text` as a QR code into an image URL (a data: URL: the CSP allows `img-src data:`). Each caller's
 * drawing imports the qrcode package itself, so it loads in its own chunk, only when a code is shown.
 */
export type DrawQr = (text: string) => Promise<string>;

/**
 * The QR code of `text`: `image` is null while it is drawn (and when there is no text), `failed` says the
 * drawing failed. A newer text replaces the answer of an older one that is still being drawn. `draw` must be
 * stable (a function of the module, not of the render).
 */
export function useQrCode(text: string | null, draw: DrawQr): { image: string | null; failed: boolean } {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setImage(null);
    setFailed(false);
    if (text === null) return;
    let current = true;
    draw(text).then(
      (drawn) => {
        if (current) setImage(drawn);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [text, draw]);
  return { image, failed };
}
