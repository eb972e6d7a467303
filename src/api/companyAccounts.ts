/** The corporate area's company account calls (contract/companyAccounts.ts, issue 34), with the passenger's bearer token. */
import type { CreditNote, Invoice } from '../../contract/invoices.ts';
import { CHANGE_LINK_API, type ChangeLinkResponse, type CompanyBookingItem, type CompanyBookingsQuery, type CompanyRole, type MyCompanyAccount } from '../../contract/companyAccounts.ts';
import type { PassengerLoginResponse } from '../../contract/accounts.ts';
import { apiClient, type CallOptions } from './client.ts';
import { callApi } from './apiError.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET /corporate/account: the member's account and role, or null (not a member). */
export async function getMyCompanyAccount(token: string, { signal }: CallOptions = {}): Promise<MyCompanyAccount | null> {
  return callApi(async () => (await apiClient()<{ success: true; account: MyCompanyAccount | null }>('/corporate/account', { headers: bearer(token), signal })).account);
}

export async function inviteMember(token: string, input: { email: string; role: CompanyRole }, { signal }: CallOptions = {}): Promise<string> {
  return callApi(async () => (await apiClient()<{ success: true; message: string }>('/corporate/members', { method: 'POST', body: input, headers: bearer(token), signal })).message);
}

export async function removeMember(token: string, passengerId: number, { signal }: CallOptions = {}): Promise<string> {
  return callApi(async () => (await apiClient()<{ success: true; message: string }>(`/corporate/members/${passengerId}`, { method: 'DELETE', headers: bearer(token), signal })).message);
}

export async function getCompanyBookings(token: string, filter: CompanyBookingsQuery, { signal }: CallOptions = {}): Promise<CompanyBookingItem[]> {
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== ''));
  return callApi(async () => (await apiClient()<{ success: true; data: CompanyBookingItem[] }>('/corporate/bookings', { query, headers: bearer(token), signal })).data);
}

export async function previewInvitation(token: string, { signal }: CallOptions = {}) {
  return (await apiClient()<{ success: true; invitation: { email: string; account_name: string; role: CompanyRole; existing_account: boolean } }>('/corporate/invitation', { method: 'POST', body: { token }, signal })).invitation;
}

export function acceptInvitation(input: { token: string; password: string }, { signal }: CallOptions = {}): Promise<PassengerLoginResponse> {
  return apiClient()<PassengerLoginResponse>('/corporate/invitation/accept', { method: 'POST', body: input, signal });
}

/** GET /corporate/invoices: the account's invoices and credit notes (account admins; a booker's is a 403). */
export async function getCompanyInvoices(token: string, { signal }: CallOptions = {}): Promise<{ invoices: Invoice[]; credit_notes: CreditNote[] }> {
  const { invoices, credit_notes } = await apiClient()<{ success: true; invoices: Invoice[]; credit_notes: CreditNote[] }>('/corporate/invoices', { headers: bearer(token), signal });
  return { invoices, credit_notes };
}

/** POST /corporate/bookings/change-link: a short-lived manage link (the manage page's path) for a booking the member may see. */
export function issueChangeLink(bookingNumber: string, token: string, { signal }: CallOptions = {}): Promise<ChangeLinkResponse> {
  return callApi(() => apiClient()<ChangeLinkResponse>(CHANGE_LINK_API, { method: 'POST', body: { booking_number: bookingNumber }, headers: bearer(token), signal }));
}
