export * from './contact.actors.ts';
export * from './contact.form.ts';
export * from './contact.machine.ts';
