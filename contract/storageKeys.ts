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
  corporateToken: 'corporateToken',
  corporateDetails: 'corporateDetails',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
