/** Every modelled machine, in the order the reports list them. */
import type { MachineModel } from '../types.ts';
import { consoleInboxModel } from './consoleInbox.model.ts';
import { consoleOutboxModel } from './consoleOutbox.model.ts';
import { bookingModel } from './booking.model.ts';
import { consoleModel } from './console.model.ts';
import { consoleBoardModel } from './consoleBoard.model.ts';
import { consoleBookingModel } from './consoleBooking.model.ts';
import { consoleCatalogueModel } from './consoleCatalogue.model.ts';
import { consolePlacesModel } from './consolePlaces.model.ts';
import { consolePromosModel } from './consolePromos.model.ts';
import { consolePricesModel } from './consolePrices.model.ts';
import { consoleRegisterModel } from './consoleRegister.model.ts';
import { consoleSettingsModel } from './consoleSettings.model.ts';
import { corporateModel } from './corporate.model.ts';
import { driverModel } from './driver.model.ts';
import { contactModel, quoteRequestModel } from './enquiries.model.ts';
import { forgotPasswordModel } from './forgotPassword.model.ts';
import { homeFormModel } from './homeForm.model.ts';
import { manageBookingModel } from './manageBooking.model.ts';
import { optionsEditorModel } from './optionsEditor.model.ts';
import { payBookingModel } from './payBooking.model.ts';
import { quoteOfferModel } from './quoteOffer.model.ts';

export const MODELS: readonly MachineModel[] = [bookingModel, forgotPasswordModel, corporateModel, quoteRequestModel, contactModel, homeFormModel, optionsEditorModel, consoleModel, consoleBoardModel, consoleBookingModel, consoleRegisterModel, consoleCatalogueModel, consolePricesModel, consolePlacesModel, consolePromosModel, consoleSettingsModel, consoleOutboxModel, consoleInboxModel, manageBookingModel, quoteOfferModel, payBookingModel, driverModel];

export const modelById = (id: string) => {
  const model = MODELS.find((m) => m.id === id);
  if (!model) throw new Error(`no model '${id}' (models: ${MODELS.map((m) => m.id).join(', ')})`);
  return model;
};
