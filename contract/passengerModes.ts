/** The booking's passenger modes (spec §5 Details step); without the schemas, for the browser's home bundle (no zod). */
export const PASSENGER_MODES = ['guest_login', 'new_client', 'existing_client'] as const;
export type PassengerMode = (typeof PASSENGER_MODES)[number];
