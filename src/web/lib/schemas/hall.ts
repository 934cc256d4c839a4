import type { Hall } from '@/contract/hall';
import { fields, integer, parser, string, text, Unreadable } from '../read';

/** A hall (spec 2.13), the contract's type, read leniently and by hand (lib/read.ts): the dashboard reads halls. */
export type { Hall };

function readHall(value: unknown, field = 'hall'): Hall {
  const raw = fields(value, field);
  return {
    hallId: integer(raw.hallId, `${field}.hallId`),
    hallName: string(raw.hallName, `${field}.hallName`),
    hallAddress: text(raw.hallAddress, `${field}.hallAddress`),
    hallZip: text(raw.hallZip, `${field}.hallZip`),
    hallCity: text(raw.hallCity, `${field}.hallCity`),
    hallPhone: text(raw.hallPhone, `${field}.hallPhone`),
    hallUrl: text(raw.hallUrl, `${field}.hallUrl`),
  };
}

export const hallSchema = parser((value) => readHall(value));
export const hallListSchema = parser((value) => {
  if (!Array.isArray(value)) throw new Unreadable('halls: not a list');
  return value.map((hall, index) => readHall(hall, `halls[${index}]`));
});
