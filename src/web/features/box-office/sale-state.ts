import type { BuyerSummary } from '@/contract/customer-search';
import type { SaleStage } from './sale-keys';

/** Which form added: its error is said beside that form. */
export type AddSource = 'tickets' | 'donation' | 'goods';

/**
 * One sale at the desk, from choosing tickets to paying; the cart itself is the service's (use-sale-cart.ts).
 * "Done" is not kept here: a finished sale outlives a reload (see saleStage).
 */
export interface SaleState {
  stage: 'select' | 'checkout';
  /** By quantity: the chosen price (null: the performance's first) and how many. */
  priceId: string | null;
  quantity: number;
  /** The last digit typed would have made more tickets than one line may hold: the quantity stayed. */
  quantityTooMany: boolean;
  /** On the seat plan: the chosen seats, a price (id) per seat, or one price (by name) for all of them. */
  selectedSeats: ReadonlySet<string>;
  seatPriceChoice: ReadonlyMap<string, string>;
  forAllName: string | null;
  /** Seats another seller took meanwhile (a 409), shown taken until the plan is read again. */
  takenSeats: ReadonlySet<string>;
  planMessage: string | null;
  addError: { source: AddSource; error: unknown } | null;
  /** The buyer: in memory, and only their number kept over a reload (use-checkout-draft.ts); gone with "new sale". */
  customer: BuyerSummary | null;
  methodId: number | null;
  /** Cash handed over, in cents (null: the exact amount); counted only when the method is cash. */
  tenderedCents: number | null;
  confirmNewSale: 'abandonCart' | 'leavePayment' | null;
}

export type SaleAction =
  | { type: 'performanceChanged' }
  | { type: 'priceChosen'; priceId: string }
  | { type: 'quantityChanged'; quantity: number; tooMany?: boolean }
  | { type: 'seatsSelected'; seats: ReadonlySet<string> }
  | { type: 'seatPriceChosen'; seatId: string; priceId: string }
  | { type: 'priceForAllChosen'; name: string | null }
  | { type: 'addStarted' }
  | { type: 'addFailed'; source: AddSource; error: unknown }
  | { type: 'seatsAdded'; unpriced: readonly string[]; message: string | null }
  | { type: 'seatsTaken'; seats: readonly string[]; message: string }
  | { type: 'planMessage'; message: string }
  | { type: 'toCheckout'; cartHasLines: boolean }
  | { type: 'backToSelect' }
  | { type: 'customerChosen'; customer: BuyerSummary | null }
  | { type: 'methodChosen'; methodId: number }
  | { type: 'tenderedChanged'; cents: number | null }
  | { type: 'newSaleAsked'; confirm: 'abandonCart' | 'leavePayment' }
  | { type: 'newSaleKept' }
  | { type: 'newSaleStarted' };

/** No seats chosen, priced or marked taken, and nothing said about them. */
const noSeats = {
  selectedSeats: new Set<string>(),
  seatPriceChoice: new Map<string, string>(),
  takenSeats: new Set<string>(),
  planMessage: null,
} satisfies Partial<SaleState>;

export const initialSaleState: SaleState = {
  ...noSeats,
  stage: 'select',
  priceId: null,
  quantity: 1,
  quantityTooMany: false,
  forAllName: null,
  addError: null,
  customer: null,
  methodId: null,
  tenderedCents: null,
  confirmNewSale: null,
};

export function saleReducer(state: SaleState, action: SaleAction): SaleState {
  switch (action.type) {
    // A new performance starts with its regular price, one ticket and nothing chosen.
    case 'performanceChanged':
      return { ...state, ...noSeats, priceId: null, quantity: 1, quantityTooMany: false, forAllName: null };
    case 'priceChosen':
      return { ...state, priceId: action.priceId };
    case 'quantityChanged':
      return { ...state, quantity: action.quantity, quantityTooMany: action.tooMany === true };
    case 'seatsSelected':
      return { ...state, selectedSeats: action.seats, planMessage: null };
    case 'seatPriceChosen':
      return { ...state, seatPriceChoice: new Map(state.seatPriceChoice).set(action.seatId, action.priceId) };
    case 'priceForAllChosen':
      return { ...state, forAllName: action.name, seatPriceChoice: new Map() };
    case 'addStarted':
      return { ...state, addError: null, planMessage: null };
    case 'addFailed':
      return { ...state, addError: { source: action.source, error: action.error } };
    // The seats without a price (none for their rank) stay chosen, and the message says why.
    case 'seatsAdded':
      return {
        ...state,
        selectedSeats: new Set(action.unpriced),
        seatPriceChoice: new Map(),
        planMessage: action.message,
      };
    case 'seatsTaken': {
      const gone = new Set(action.seats);
      return {
        ...state,
        takenSeats: new Set([...state.takenSeats, ...gone]),
        selectedSeats: new Set([...state.selectedSeats].filter((id) => !gone.has(id))),
        planMessage: action.message,
      };
    }
    case 'planMessage':
      return { ...state, planMessage: action.message };
    case 'toCheckout':
      return action.cartHasLines ? { ...state, stage: 'checkout' } : state;
    case 'backToSelect':
      return { ...state, stage: 'select' };
    case 'customerChosen':
      return { ...state, customer: action.customer };
    case 'methodChosen':
      return { ...state, methodId: action.methodId };
    case 'tenderedChanged':
      return { ...state, tenderedCents: action.cents };
    case 'newSaleAsked':
      return { ...state, confirmNewSale: action.confirm };
    case 'newSaleKept':
      return { ...state, confirmNewSale: null };
    // A clean screen; the performance stays chosen, and with it its price, quantity and "for all" price.
    case 'newSaleStarted':
      return {
        ...state,
        ...noSeats,
        stage: 'select',
        methodId: null,
        tenderedCents: null,
        customer: null,
        addError: null,
        confirmNewSale: null,
      };
  }
}

/** The stage the keyboard map and the screen follow: a completed sale (kept across a reload) is done. */
export function saleStage(state: SaleState, completed: boolean): SaleStage {
  return completed ? 'done' : state.stage;
}
