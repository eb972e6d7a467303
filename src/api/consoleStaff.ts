/** Staff management for owners (contract/staff.ts): list, add (a set-password link is mailed), change, a new link. */
import type { StaffCreate, StaffMember, StaffPatch } from '../../contract/staff.ts';
import { consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

export const loadStaff = async ({ signal }: CallOptions = {}) => (await consoleCall<{ success: true; staff: StaffMember[] }>('/staff', { signal })).staff;
export const createStaff = (member: StaffCreate) => consoleCall<unknown>('/staff', { method: 'POST', body: { ...member } });
export const patchStaff = (id: number, patch: StaffPatch) => consoleCall<unknown>(`/staff/${id}`, { method: 'PATCH', body: { ...patch } });
export const sendStaffPasswordLink = (id: number) => consoleCall<unknown>(`/staff/${id}/send-password-link`, { method: 'POST' });
