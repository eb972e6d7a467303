export * from './forgotPassword.actors.ts';
export * from './forgotPassword.machine.ts';
