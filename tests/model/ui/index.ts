/** The UI side of every model, by model id. */
import { consoleInboxUi } from './consoleInbox.ui.ts';
import { consoleOutboxUi } from './consoleOutbox.ui.ts';
import { bookingUi } from './booking.ui.ts';
import { consoleUi } from './console.ui.ts';
import { consoleBoardUi } from './consoleBoard.ui.ts';
import { consoleBookingUi } from './consoleBooking.ui.ts';
import { consoleCatalogueUi } from './consoleCatalogue.ui.ts';
import { consolePlacesUi } from './consolePlaces.ui.ts';
import { consolePricesUi } from './consolePrices.ui.ts';
import { consolePromosUi } from './consolePromos.ui.ts';
import { consoleRegisterUi } from './consoleRegister.ui.ts';
import { consoleSettingsUi } from './consoleSettings.ui.ts';
import { corporateUi } from './corporate.ui.ts';
import { driverUi } from './driver.ui.ts';
import { contactUi, quoteRequestUi } from './enquiries.ui.ts';
import { forgotPasswordUi } from './forgotPassword.ui.ts';
import { homeFormUi } from './homeForm.ui.ts';
import { manageBookingUi } from './manageBooking.ui.ts';
import { optionsEditorUi } from './optionsEditor.ui.ts';
import { payBookingUi } from './payBooking.ui.ts';
import { quoteOfferUi } from './quoteOffer.ui.ts';
import type { UiMachine } from './types.ts';

export const UI_MACHINES: Record<string, UiMachine> = {
  booking: bookingUi,
  forgotPassword: forgotPasswordUi,
  corporate: corporateUi,
  quoteRequest: quoteRequestUi,
  contact: contactUi,
  homeForm: homeFormUi,
  optionsEditor: optionsEditorUi,
  console: consoleUi,
  consoleBoard: consoleBoardUi,
  consoleBooking: consoleBookingUi,
  consoleRegister: consoleRegisterUi,
  consoleCatalogue: consoleCatalogueUi,
  consolePrices: consolePricesUi,
  consolePlaces: consolePlacesUi,
  consolePromos: consolePromosUi,
  consoleSettings: consoleSettingsUi,
  consoleOutbox: consoleOutboxUi,
  consoleInbox: consoleInboxUi,
  manageBooking: manageBookingUi,
  quoteOffer: quoteOfferUi,
  payBooking: payBookingUi,
  driver: driverUi,
};
