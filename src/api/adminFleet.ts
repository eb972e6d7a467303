/** The drivers and vehicles registers (contract/fleet.ts). */
import type { Driver, DriverCreate, DriverPatch, Vehicle, VehicleCreate, VehiclePatch } from '../../contract/fleet.ts';
import { adminCall } from './adminClient.ts';
import type { CallOptions } from './client.ts';

export const loadDrivers = async ({ signal }: CallOptions = {}) => (await adminCall<{ success: true; drivers: Driver[] }>('/drivers', { signal })).drivers;
export const loadVehicles = async ({ signal }: CallOptions = {}) => (await adminCall<{ success: true; vehicles: Vehicle[] }>('/vehicles', { signal })).vehicles;

export const createDriver = async (driver: DriverCreate) => (await adminCall<{ success: true; driver: Driver }>('/drivers', { method: 'POST', body: { ...driver } })).driver;
export const patchDriver = async (id: number, patch: DriverPatch) => (await adminCall<{ success: true; driver: Driver }>(`/drivers/${id}`, { method: 'PATCH', body: { ...patch } })).driver;
export const createVehicle = async (vehicle: VehicleCreate) => (await adminCall<{ success: true; vehicle: Vehicle }>('/vehicles', { method: 'POST', body: { ...vehicle } })).vehicle;
export const patchVehicle = async (id: number, patch: VehiclePatch) => (await adminCall<{ success: true; vehicle: Vehicle }>(`/vehicles/${id}`, { method: 'PATCH', body: { ...patch } })).vehicle;
