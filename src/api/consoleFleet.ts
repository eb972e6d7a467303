/** The drivers and vehicles registers (contract/fleet.ts). */
import type { Driver, DriverCreate, DriverPatch, Vehicle, VehicleCreate, VehiclePatch } from '../../contract/fleet.ts';
import { consoleCall } from './consoleClient.ts';
import type { CallOptions } from './client.ts';

export const loadDrivers = async ({ signal }: CallOptions = {}) => (await consoleCall<{ success: true; drivers: Driver[] }>('/drivers', { signal })).drivers;
export const loadVehicles = async ({ signal }: CallOptions = {}) => (await consoleCall<{ success: true; vehicles: Vehicle[] }>('/vehicles', { signal })).vehicles;

export const createDriver = async (driver: DriverCreate) => (await consoleCall<{ success: true; driver: Driver }>('/drivers', { method: 'POST', body: { ...driver } })).driver;
export const patchDriver = async (id: number, patch: DriverPatch) => (await consoleCall<{ success: true; driver: Driver }>(`/drivers/${id}`, { method: 'PATCH', body: { ...patch } })).driver;
export const createVehicle = async (vehicle: VehicleCreate) => (await consoleCall<{ success: true; vehicle: Vehicle }>('/vehicles', { method: 'POST', body: { ...vehicle } })).vehicle;
export const patchVehicle = async (id: number, patch: VehiclePatch) => (await consoleCall<{ success: true; vehicle: Vehicle }>(`/vehicles/${id}`, { method: 'PATCH', body: { ...patch } })).vehicle;

/** POST /api/admin/drivers/:id/invite { email }: a set-password link for the driver's app, by mail (issue 32). */
export const inviteDriver = async (id: number, email: string) => (await consoleCall<{ success: true; message: string }>(`/drivers/${id}/invite`, { method: 'POST', body: { email } })).message;
