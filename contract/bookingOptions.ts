/**
 * The booking options (spec §2 Booking summary panel, §3 Booking form, §4 the options editor): the field names of a
 * BookingForm that the options editor changes after the quote. One list for the browser (the booking flow saves and
 * re-prices them) and the server (it prices a submission's options from them). Zod-free on purpose: the booking
 * machine's chunk imports it, and contract/booking.ts (which needs zod) re-exports it.
 */

/** The priced options of each leg: sent to the vehicle re-pricing and priced again by the server at booking time. */
export const SELECTED_OPTION_FIELDS = [
  'meet_and_greet',
  'baby_seats',
  'booster_seats',
  'special_luggage',
  'wheel_chair',
  'waiting_min',
  'return_meet_and_greet',
  'return_baby_seats',
  'return_booster_seats',
  'return_special_luggage',
  'return_wheel_chair',
  'return_waiting_min',
] as const;

export type SelectedOptionField = (typeof SELECTED_OPTION_FIELDS)[number];

/** The party's luggage, which the editor also changes (the chosen vehicle must still carry it; it is not priced). */
export const LUGGAGE_OPTION_FIELDS = ['luggages', 'hand_luggages', 'return_luggages', 'return_hand_luggages'] as const;

/** Everything the options editor may change; nothing else of the form is touched by its Save. */
export const TRIP_OPTION_FIELDS = [...SELECTED_OPTION_FIELDS, ...LUGGAGE_OPTION_FIELDS] as const;
