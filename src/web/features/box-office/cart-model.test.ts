import { describe, expect, it } from 'vitest';
import type { PartnerCart, PartnerCartItem } from '../../lib/schemas/partner-cart';
import {
  cartLines,
  cartTotalCents,
  donationItem,
  goodsItem,
  heldSeatIdsOf,
  holdsSeats,
  parseAmount,
  quantityItem,
  type RankPrice,
  seatIdsNamedIn,
  seatItems,
  totalWithFee,
  withoutSeatSuffix,
} from './cart-model';

const prices: RankPrice[] = [
  { priceId: '4047', rankId: 5, name: 'Normaal', amount: 89.5 },
  { priceId: '4048', rankId: 5, name: 'Jongeren t/m 26', amount: 84.5 },
  { priceId: '4056', rankId: 6, name: 'Normaal', amount: 69.5 },
];

const item = (extra: Partial<PartnerCartItem>): PartnerCartItem => ({
  itemType: 'ticket',
  itemId: '1',
  eventId: 113,
  priceId: '4047',
  priceName: 'Normaal',
  description: 'Chef’Special',
  amount: 89.5,
  ...extra,
});

describe('seatItems', () => {
  const seats = [
    { seatId: '3038', rankId: 5 },
    { seatId: '3039', rankId: 5 },
    { seatId: '4838', rankId: 6 },
  ];

  it('gives each seat its rank’s regular price unless a price is chosen for all (by name) or per seat', () => {
    expect(seatItems(113, seats, prices, { perSeat: new Map(), forAllName: null }).items.map((i) => i.priceId)).toEqual(
      ['4047', '4047', '4056'],
    );
    // "For all" applies where it belongs to the seat's rank; a per-seat choice wins.
    // "For all" applies in each rank that has a price of that name; a per-seat choice wins.
    const withYouth = [...prices, { priceId: '4057', rankId: 6, name: 'Jongeren t/m 26', amount: 64.5 }];
    const chosen = seatItems(113, seats, withYouth, {
      perSeat: new Map([['3039', '4047']]),
      forAllName: 'Jongeren t/m 26',
    });
    expect(chosen.items).toEqual([
      { priceId: '4048', rankId: 5, eventId: 113, seatId: '3038', numberOfTickets: 1 },
      { priceId: '4047', rankId: 5, eventId: 113, seatId: '3039', numberOfTickets: 1 },
      { priceId: '4057', rankId: 6, eventId: 113, seatId: '4838', numberOfTickets: 1 },
    ]);
    // A name a rank lacks falls back to that rank's regular price.
    const partly = seatItems(113, seats, prices, { perSeat: new Map(), forAllName: 'Jongeren t/m 26' });
    expect(partly.items.map((item) => item.priceId)).toEqual(['4048', '4048', '4056']);
  });

  it('reports seats of a rank without a price instead of inventing one', () => {
    const result = seatItems(113, [{ seatId: '9', rankId: 99 }], prices, { perSeat: new Map(), forAllName: null });
    expect(result).toEqual({ items: [], unpriced: ['9'] });
  });
});

describe('items by quantity, goods and donations', () => {
  it('builds the add-items of spec 4.2', () => {
    expect(quantityItem(116, { priceId: '4157', rankId: 9, name: 'Normaal', amount: 54.5 }, 4)).toEqual({
      priceId: '4157',
      rankId: 9,
      eventId: 116,
      numberOfTickets: 4,
    });
    expect(goodsItem(160, { priceId: '5610', rankId: 10, name: 'Normaal', amount: 25 }, 2, 'voucher')).toEqual({
      priceId: '5610',
      rankId: 10,
      eventId: 160,
      numberOfTickets: 2,
      itemType: 'voucher',
    });
    expect(donationItem(12.5)).toEqual({ priceId: 'donation', rankId: 0, amount: 12.5, itemType: 'donation' });
  });
});

describe('parseAmount', () => {
  it('reads Dutch and English amounts', () => {
    expect(parseAmount('12,50')).toBe(12.5);
    expect(parseAmount('12.5')).toBe(12.5);
    expect(parseAmount('€ 7')).toBe(7);
    expect(parseAmount('1.250,00')).toBe(1250);
    expect(parseAmount('1,250.75')).toBe(1250.75);
  });

  it('refuses what is not an amount to donate', () => {
    for (const text of ['', 'abc', '0', '0,00', '-5', '100001', '1,2,3', '12,5055', '1.2345']) {
      expect([text, parseAmount(text)]).toEqual([text, null]);
    }
    // Three digits after a separator group thousands.
    expect(parseAmount('1,234')).toBe(1234);
  });
});

describe('cart reading', () => {
  const cart: Pick<PartnerCart, 'cartItems'> = {
    cartItems: [
      item({ itemId: 'a', seatId: '3038', rowNr: 1, seatNr: 1, amount: 89.5 }),
      item({ itemId: 'b', seatId: '3039', rowNr: 1, seatNr: 2, amount: 84.5, priceName: 'Jongeren t/m 26' }),
      item({ itemId: 'c', eventId: 116, amount: 218, numberOfTickets: 4 }),
      item({ itemId: 'd', itemType: 'donation', eventId: null, priceId: 'donation', amount: 0.1 }),
      item({ itemId: 'e', itemType: 'donation', eventId: null, priceId: 'donation', amount: 0.2 }),
    ],
  };

  it('knows whether seats are held and which ones, per event', () => {
    expect(holdsSeats(cart)).toBe(true);
    expect(holdsSeats({ cartItems: cart.cartItems.filter((i) => i.itemType === 'donation') })).toBe(false);
    expect(holdsSeats(undefined)).toBe(false);
    expect([...heldSeatIdsOf(cart, 113)]).toEqual(['3038', '3039']);
    expect(heldSeatIdsOf(cart, 116).size).toBe(0);
  });

  it('adds up in cents and adds the fee of the payment method', () => {
    expect(cartTotalCents(cart)).toBe(8950 + 8450 + 21800 + 10 + 20);
    expect(totalWithFee(0.1, 0.2)).toBe(0.3);
    expect(totalWithFee(392.3, 1.5)).toBe(393.8);
  });

  it('shows one line per item with seat and ticket count', () => {
    const lines = cartLines(cart);
    expect(lines[0]).toMatchObject({ itemId: 'a', seat: { rowNr: 1, seatNr: 1 }, tickets: 1 });
    expect(lines[2]).toMatchObject({ itemId: 'c', seat: null, tickets: 4 });
  });

  it("leaves out a seat line's English seat ending (the panel names the seat), and only that", () => {
    const seat = { rowNr: 2, seatNr: 4 };
    expect(withoutSeatSuffix('Annie M.G. – Rang 1 – row 2, seat 4', seat)).toBe('Annie M.G. – Rang 1');
    expect(withoutSeatSuffix('Annie M.G. - row 2, seat 4', seat)).toBe('Annie M.G.');
    expect(withoutSeatSuffix('Annie M.G. – row 2, seat 41', seat)).toBe('Annie M.G. – row 2, seat 41');
    expect(withoutSeatSuffix('Annie M.G. – Rang 1', seat)).toBe('Annie M.G. – Rang 1');
    expect(withoutSeatSuffix('row 2, seat 4', seat)).toBe('row 2, seat 4');
    const [line] = cartLines({ cartItems: [item({ description: 'Gala – row 2, seat 4', rowNr: 2, seatNr: 4 })] });
    expect(line?.description).toBe('Gala');
  });
});

describe('seatIdsNamedIn', () => {
  it('finds the chosen seats a 409 names, whole numbers only', () => {
    expect(seatIdsNamedIn('Seat 3038 is no longer available.', ['3038', '3039', '303'])).toEqual(['3038']);
    expect(seatIdsNamedIn('Seats are no longer available.', ['3038'])).toEqual([]);
  });
});
