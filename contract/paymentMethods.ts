/** The booking's payment_method values and their display (spec §9); without the schemas, for the screens that show them. */
export const PAYMENT_METHODS = ['car', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Display of payment_method values (spec §9). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { car: 'Pay to driver', card: 'Pay by Card' };
