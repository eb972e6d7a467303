export * from './driver.machine.ts';
export * from './driver.actors.ts';
export * from './driver.selectors.ts';
export * from './driver.queue.ts';
