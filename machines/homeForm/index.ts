export { homeFormMachine, initialTab, quoteTabShown, hourlyTabShown, type HomeFormContext, type HomeFormEvent, type HomeFormInput, type HomeFormMachine, type HomeTab, type HomeTabSettings } from './homeForm.machine.ts';
export { homeFormActors, LocationRefused } from './homeForm.actors.ts';
export * from './homeForm.form.ts';
