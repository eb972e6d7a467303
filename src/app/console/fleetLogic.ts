/** The drivers and vehicles registers: the register machine given the fleet calls (src/api/consoleFleet.ts). */
import { fromPromise } from 'xstate';
import type { Driver, DriverCreate, DriverPatch, Vehicle, VehicleCreate, VehiclePatch } from '../../../contract/fleet.ts';
import type { Choice } from '../../../machines/consoleBoard/index.ts';
import { createRegisterMachine, type RegisterChange } from '../../../machines/consoleRegister/index.ts';
import { loadCatalogChoices } from './catalogChoices.ts';
import { createDriver, createVehicle, inviteDriver, loadDrivers, loadVehicles, patchDriver, patchVehicle } from '../../api/consoleFleet.ts';

export const driversLogic = createRegisterMachine<Driver>().provide({
  actors: {
    load: fromPromise(({ signal }) => loadDrivers({ signal })),
    save: fromPromise(async ({ input }: { input: RegisterChange }) => {
      if (input.kind === 'add') {
        const driver = await createDriver(input.driver as DriverCreate);
        return `${driver.name} added.`;
      }
      if (input.kind === 'edit') {
        const driver = await patchDriver(input.id as number, input.patch as DriverPatch);
        return `${driver.name} saved.`;
      }
      // The driver's app (issue 32): a set-password link by mail; the server's "Invitation sent".
      if (input.kind === 'invite') return inviteDriver(input.id as number, input.email as string);
      const driver = await patchDriver(input.id as number, { active: input.active as boolean });
      return `${driver.name} is ${driver.active ? 'active again' : 'inactive'}.`;
    }),
  },
});

export const vehiclesLogic = createRegisterMachine<Vehicle>().provide({
  actors: {
    load: fromPromise(({ signal }) => loadVehicles({ signal })),
    save: fromPromise(async ({ input }: { input: RegisterChange }) => {
      if (input.kind === 'add') {
        const vehicle = await createVehicle(input.vehicle as VehicleCreate);
        return `${vehicle.registration} added.`;
      }
      if (input.kind === 'edit') {
        const vehicle = await patchVehicle(input.id as number, input.patch as VehiclePatch);
        return `${vehicle.registration} saved.`;
      }
      const vehicle = await patchVehicle(input.id as number, { active: input.active as boolean });
      return `${vehicle.registration} is ${vehicle.active ? 'active again' : 'inactive'}.`;
    }),
  },
});

/** The site's vehicle categories, for a new vehicle's category. */
export const categoriesLogic = createRegisterMachine<Choice>().provide({
  actors: { load: fromPromise(async ({ signal }) => (await loadCatalogChoices({ signal })).categories) },
});
