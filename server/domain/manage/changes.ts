// routes/bookings.ts reads isChangeIntent here; the statements of booking changes are changesRepository.ts's.
export { isChangeIntent } from './changesRepository.ts';
