import { describe, expectTypeOf, it } from 'vitest';
import type * as Contract from '@/contract/customer';
import type * as EventContract from '@/contract/event';
import type * as HallContract from '@/contract/hall';
import type * as OrderContract from '@/contract/order';
import type * as CartContract from '@/contract/partner-cart';
import type * as PaymentContract from '@/contract/payment-method';
import type * as ProductionContract from '@/contract/production';
import type * as SeatingContract from '@/contract/seating';
import type { Customer } from './customer';
import type { Hall } from './hall';
import type { Order, OrderExport, OrderSeat } from './order';
import type { PartnerCart, PartnerCartItem } from './partner-cart';
import type { EventPrice, PartnerEvent } from './partner-event';
import type { PaymentMethod } from './payment-method';
import type { Production } from './production';
import type { SeatPlan, SeatPlanSection } from './seat-plan';

/** The fields a reader returns that its contract type does not have (never, when it reads only real fields). */
type Invented<Reader, Of> = Exclude<keyof Reader, keyof Of>;

describe('every lenient reader names only fields of its contract type', () => {
  it('holds at compile time (npm run typecheck)', () => {
    expectTypeOf<Invented<Customer, Contract.Customer>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<PartnerEvent, EventContract.PartnerEvent>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<EventPrice, EventContract.PartnerEventPrice>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<Hall, HallContract.Hall>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<Order, OrderContract.Order>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<OrderExport, OrderContract.OrderExport>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<OrderSeat, OrderContract.OrderSeat>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<PartnerCart, CartContract.PartnerCart>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<PartnerCartItem, CartContract.PartnerCartItem>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<PaymentMethod, PaymentContract.PaymentMethod>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<Production, ProductionContract.Production>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<SeatPlan, SeatingContract.SeatPlan>>().toEqualTypeOf<never>();
    expectTypeOf<Invented<SeatPlanSection, SeatingContract.SeatPlanSection>>().toEqualTypeOf<never>();
  });
});
