/** A staff session as the server answers it, for the console's tests (its machine's and RouteSync's). */
import type { StaffSession } from '../../contract/staff.ts';

export const staffSession = (role: 'owner' | 'dispatcher'): StaffSession => ({
  success: true,
  staff: { id: 1, name: 'Priya Shah', email: 'owner@westwaycars.test', role },
  site: { id: 1, name: 'Westway Cars' },
  csrf_token: 'csrf-1',
  expires_at: '2030-01-01T12:00:00.000Z',
  idle_minutes: 30,
});
