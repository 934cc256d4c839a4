import { describe, expect, it } from 'vitest';
import { initialSaleState, type SaleAction, type SaleState, saleReducer, saleStage } from './sale-state';

const run = (...actions: SaleAction[]): SaleState => actions.reduce(saleReducer, initialSaleState);
const buyer = { customerId: 7 } as SaleState['customer'];

describe('saleReducer', () => {
  it('starts a new performance with its regular price, one ticket and nothing chosen', () => {
    const state = run(
      { type: 'priceChosen', priceId: 'p2' },
      { type: 'quantityChanged', quantity: 4 },
      { type: 'seatsSelected', seats: new Set(['a', 'b']) },
      { type: 'seatPriceChosen', seatId: 'a', priceId: 'child' },
      { type: 'priceForAllChosen', name: 'Adult' },
      { type: 'seatsTaken', seats: ['b'], message: 'taken' },
      { type: 'performanceChanged' },
    );
    expect(state).toEqual(initialSaleState);
  });

  it('keeps the add error and the checkout across a change of performance', () => {
    const error = new Error('offline');
    const state = run(
      { type: 'addFailed', source: 'goods', error },
      { type: 'customerChosen', customer: buyer },
      { type: 'performanceChanged' },
    );
    expect(state.addError).toEqual({ source: 'goods', error });
    expect(state.customer).toBe(buyer);
  });

  it('clears the plan message when the selection changes or an add starts', () => {
    expect(run({ type: 'planMessage', message: 'm' }, { type: 'seatsSelected', seats: new Set() }).planMessage).toBe(
      null,
    );
    const started = run(
      { type: 'planMessage', message: 'm' },
      { type: 'addFailed', source: 'tickets', error: 'x' },
      { type: 'addStarted' },
    );
    expect(started.planMessage).toBe(null);
    expect(started.addError).toBe(null);
  });

  it('one price for all seats replaces the prices chosen per seat', () => {
    const perSeat = run({ type: 'seatPriceChosen', seatId: 'a', priceId: 'child' });
    expect([...perSeat.seatPriceChoice]).toEqual([['a', 'child']]);
    const forAll = saleReducer(perSeat, { type: 'priceForAllChosen', name: 'Adult' });
    expect(forAll.forAllName).toBe('Adult');
    expect(forAll.seatPriceChoice.size).toBe(0);
  });

  it('after an add, only the unpriced seats stay chosen, with the message', () => {
    const state = run(
      { type: 'seatsSelected', seats: new Set(['a', 'b', 'c']) },
      { type: 'seatPriceChosen', seatId: 'a', priceId: 'child' },
      { type: 'seatsAdded', unpriced: ['c'], message: '1 seat has no price' },
    );
    expect([...state.selectedSeats]).toEqual(['c']);
    expect(state.seatPriceChoice.size).toBe(0);
    expect(state.planMessage).toBe('1 seat has no price');
  });

  it('seats taken meanwhile leave the selection and add to those already taken', () => {
    const state = run(
      { type: 'seatsSelected', seats: new Set(['a', 'b', 'c']) },
      { type: 'seatsTaken', seats: ['a'], message: 'first' },
      { type: 'seatsTaken', seats: ['b'], message: 'A seat was taken' },
    );
    expect([...state.selectedSeats]).toEqual(['c']);
    expect([...state.takenSeats].sort()).toEqual(['a', 'b']);
    expect(state.planMessage).toBe('A seat was taken');
  });

  it('goes to checkout only with lines in the cart, and back', () => {
    expect(run({ type: 'toCheckout', cartHasLines: false }).stage).toBe('select');
    const checkout = run({ type: 'toCheckout', cartHasLines: true });
    expect(checkout.stage).toBe('checkout');
    expect(saleReducer(checkout, { type: 'backToSelect' }).stage).toBe('select');
  });

  it('asks before a new sale, and keeps the sale when told to', () => {
    const asked = run({ type: 'newSaleAsked', confirm: 'leavePayment' });
    expect(asked.confirmNewSale).toBe('leavePayment');
    expect(saleReducer(asked, { type: 'newSaleKept' }).confirmNewSale).toBe(null);
  });

  it('keeps the cash handed over when the method changes back and forth', () => {
    const state = run(
      { type: 'methodChosen', methodId: 1 },
      { type: 'tenderedChanged', cents: 5_000 },
      { type: 'methodChosen', methodId: 2 },
      { type: 'methodChosen', methodId: 1 },
    );
    expect(state.tenderedCents).toBe(5_000);
    expect(saleReducer(state, { type: 'tenderedChanged', cents: null }).tenderedCents).toBe(null);
  });

  it('a new sale clears the checkout and the seats but keeps the performance’s price and quantity', () => {
    const state = run(
      { type: 'priceChosen', priceId: 'p2' },
      { type: 'quantityChanged', quantity: 3 },
      { type: 'priceForAllChosen', name: 'Adult' },
      { type: 'seatsSelected', seats: new Set(['a']) },
      { type: 'seatPriceChosen', seatId: 'a', priceId: 'child' },
      { type: 'seatsTaken', seats: ['b'], message: 'taken' },
      { type: 'addFailed', source: 'tickets', error: 'x' },
      { type: 'toCheckout', cartHasLines: true },
      { type: 'customerChosen', customer: buyer },
      { type: 'methodChosen', methodId: 2 },
      { type: 'tenderedChanged', cents: 5_000 },
      { type: 'newSaleAsked', confirm: 'abandonCart' },
      { type: 'newSaleStarted' },
    );
    expect(state).toEqual({ ...initialSaleState, priceId: 'p2', quantity: 3, forAllName: 'Adult' });
  });
});

describe('saleStage', () => {
  it('is done once the sale is completed, whatever the screen was', () => {
    const checkout = run({ type: 'toCheckout', cartHasLines: true });
    expect(saleStage(checkout, false)).toBe('checkout');
    expect(saleStage(checkout, true)).toBe('done');
    expect(saleStage(initialSaleState, false)).toBe('select');
  });
});
