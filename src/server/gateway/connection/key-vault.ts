import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { loadSecret } from './secret-file';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Seals secrets the gateway must be able to read back (the organisation's API key, TOTP secrets) with
 * AES-256-GCM under a key derived from the master key. Each sealed value is bound to a context string (the
 * client name, the account id): a sealed key copied onto another row does not open. Layout:
 * version (1 byte) | IV (12) | auth tag (16) | ciphertext.
 */
export class KeyVault {
  readonly #sealKey: Buffer;
  readonly #master: Buffer;

  constructor(masterSecret: string) {
    this.#master = Buffer.from(masterSecret, 'utf8');
    this.#sealKey = this.derive('foyer/seal/v1');
  }

  /** A 32-byte key for another purpose (e.g. signing session cookies), independent of the sealing key. */
  derive(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#master, Buffer.alloc(0), purpose, 32));
  }

  seal(plain: string, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#sealKey, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  }

  /** The plain value; throws when the value was changed, sealed for another context or under another key. */
  open(sealed: Uint8Array, context: string): string {
    const bytes = Buffer.from(sealed);
    if (bytes[0] !== VERSION || bytes.length < 1 + IV_BYTES + TAG_BYTES) throw new Error('unknown sealed format');
    const iv = bytes.subarray(1, 1 + IV_BYTES);
    const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.#sealKey, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  }
}

/**
 * The master key: FOYER_MASTER_KEY when set, else one generated once into DATA_DIR/master-key (mode 0600).
 * Whoever has it and a copy of the database can read the organisation's API key, so a backup of the
 * database must not travel with DATA_DIR/master-key (README, "Backups").
 */
export async function loadKeyVault(config: {
  FOYER_MASTER_KEY?: string | undefined;
  DATA_DIR: string;
}): Promise<KeyVault> {
  return new KeyVault(
    await loadSecret({ given: config.FOYER_MASTER_KEY, dataDir: config.DATA_DIR, fileName: 'master-key' }),
  );
}
