import { Paper } from '@mantine/core';
import { type Dispatch, useEffect, useRef } from 'react';
import type { PartnerCart } from '../../lib/schemas/partner-cart';
import { BuyerAlert } from '../customer-notes/public';
import { CustomerPicker } from '../customers/public';
import { useSalesPointDefaultMethod } from '../printing/public';
import { NoShiftNotice } from '../shifts/public';
import { CheckoutPanel } from './checkout-panel';
import type { SaleAction, SaleState } from './sale-state';
import type { Checkout } from './use-checkout';
import type { SaleCart } from './use-sale-cart';

const focusPaymentMethod = () => {
  const radios = document.querySelectorAll<HTMLInputElement>('[data-testid="checkout-panel"] input[type="radio"]');
  const checked = [...radios].find((radio) => radio.checked);
  (checked ?? radios[0])?.focus();
};

/**
 * After a digit chose a payment method: the focus follows the choice when it was on the methods (or nowhere), once
 * the choice is drawn. Left on the radio chosen before, Space would choose that one again (a walkthrough's "2"
 * for Pin, then Space, paid cash). Cash goes on to the amount handed over: a seller who pressed 1 and typed 100
 * sold at the exact amount, the digits taken for payment methods.
 */
export function followPaymentChoice(): void {
  window.setTimeout(() => {
    const active = document.activeElement;
    const onMethods =
      active instanceof HTMLInputElement &&
      active.type === 'radio' &&
      active.closest('[data-testid="checkout-panel"]') !== null;
    if (!(onMethods || active === null || active === document.body)) return;
    const handedOver = document.querySelector<HTMLInputElement>('[data-testid="cash-tendered"] input');
    if (handedOver) handedOver.focus();
    else focusPaymentMethod();
  }, 0);
}

/** The checkout stage of the sale: the buyer (the customers' picker), the payment method, pay. */
export function CheckoutSection({
  sale,
  cart,
  state,
  dispatch,
  checkout,
}: {
  sale: SaleCart;
  cart: PartnerCart;
  state: SaleState;
  dispatch: Dispatch<SaleAction>;
  checkout: Checkout;
}) {
  // At a sales point, its first payment method is chosen until the seller chooses another.
  const defaultMethod = useSalesPointDefaultMethod();
  const offered = checkout.methods?.some((method) => method.paymentMethodId === defaultMethod) ?? false;
  useEffect(() => {
    if (state.methodId === null && defaultMethod !== null && offered) {
      dispatch({ type: 'methodChosen', methodId: defaultMethod });
    }
  }, [state.methodId, defaultMethod, offered, dispatch]);
  // The checkout opens below the tickets: at 1280 × 800 only the customer field showed, at the window's bottom edge,
  // its list over its label and the payment out of sight. Opened, it comes to the top of the window when it does
  // not fit where it is.
  const sectionRef = useRef<HTMLDivElement>(null);
  // Whether the last choice came from a pointer (a click or a tap) rather than the keyboard.
  const pointerChoice = useRef(false);
  useEffect(() => {
    const section = sectionRef.current;
    if (section && section.getBoundingClientRect().bottom > window.innerHeight) {
      section.scrollIntoView({ block: 'start' });
    }
  }, []);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      ref={sectionRef}
      data-testid="checkout-section"
      onPointerDownCapture={() => {
        pointerChoice.current = true;
      }}
      onKeyDownCapture={() => {
        pointerChoice.current = false;
      }}
    >
      <CheckoutPanel
        cartAmount={cart.amount}
        customerSlot={
          <>
            <CustomerPicker
              value={state.customer}
              onChange={(customer) => {
                dispatch({ type: 'customerChosen', customer });
                // Chosen: on to the payment method (arrows or 1–9), Enter pays.
                if (customer) window.setTimeout(() => focusPaymentMethod(), 0);
              }}
              autoFocus={state.customer === null}
            />
            <BuyerAlert clearance={checkout.clearance} />
          </>
        }
        customerChosen={checkout.customerId !== null}
        held={!checkout.clearance.cleared}
        methodId={sale.unansweredCheckout?.method.paymentMethodId ?? state.methodId}
        unanswered={sale.unansweredCheckout !== null}
        onMethodChange={(methodId) => {
          dispatch({ type: 'methodChosen', methodId });
          // Chosen by a click too, cash goes on to the amount handed over: left on the radio, the digits of "60"
          // chose methods 6 and 0 (a walkthrough's cash sale was charged as Bancontact). Not when arrowed to: the
          // arrows go on through the methods.
          if (pointerChoice.current) followPaymentChoice();
        }}
        tenderedCents={state.tenderedCents}
        short={checkout.short}
        onTenderedChange={(cents) => dispatch({ type: 'tenderedChanged', cents })}
        onPay={checkout.pay}
        onBack={() => dispatch({ type: 'backToSelect' })}
        pending={sale.checkout.isPending}
        error={sale.checkout.error}
        notice={<NoShiftNotice />}
      />
    </Paper>
  );
}
