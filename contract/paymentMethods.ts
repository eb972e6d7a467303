/** The booking's payment_method values and their display (spec §9); without the schemas, for the screens that show them. */
export const PAYMENT_METHODS = ['car', 'card', 'account'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Display of payment_method values (spec §9). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { car: 'Pay to driver', card: 'Pay by Card', account: 'On account' };

/** How a booking whose total is £0 (a promo code made it free) shows its payment, instead of its method's label. */
export const NOTHING_TO_PAY = 'Nothing to pay';

/** The payment line of a booking: 'Nothing to pay' at £0, else its method's label (spec §9). */
export const paymentLabel = (method: PaymentMethod, totalPence: number): string => (totalPence === 0 ? NOTHING_TO_PAY : PAYMENT_METHOD_LABELS[method]);

/** The payment step's sentence under 'Pay now by card' (issue 32): the card is saved for the driver's extras after the trip. */
export const CARD_EXTRAS_NOTICE = 'Waiting time and extras added by the driver (parking, tolls) may be charged to this card after the trip.';
