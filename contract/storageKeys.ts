/** localStorage keys of spec §3, exactly as spelled there. "encoded" keys hold base64 of JSON. */
export const STORAGE_KEYS = {
  appSettings: 'appSettings',
  bookingForm: 'BookingForm',
  bookingType: 'BookingType',
  hourlyRateForm: 'HourlyRateForm',
  priceDetails: 'PriceDetails',
  selectedVehicleData: 'selectedVehicleData',
  selectedVehicle: 'SelectedVehicle',
  selectionKind: 'selectionKind',
  vehicleQuantities: 'vehicleQuantities',
  calculatedDistance: 'CalculatedDistance',
  registrationData: 'registrationData',
  selectedPassenger: 'selectedPassenger',
  /** Ours (issue 19): the applied promo code's line and totals, encoded; cleared with the rest of the flow. */
  promoCode: 'PromoCode',
  /** Ours (issue 37): the visitor's own details and last trip, kept with their consent (contract/rememberedDetails.ts), encoded; the confirmation's clear keeps it. */
  rememberedDetails: 'RememberedDetails',
  corporateToken: 'corporateToken',
  corporateDetails: 'corporateDetails',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** sessionStorage keys of ours (not the spec's): kept for this tab only. */
export const SESSION_KEYS = {
  /** The "Manage your booking" link's token, so a reload of /manage-booking (its address without the token) still opens the booking. */
  manageToken: 'cabflowManageToken',
} as const;
