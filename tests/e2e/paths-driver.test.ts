/**
 * Model-based paths in Chromium of the driver's app (machines/driver): a phone at 375 × 812 with its position granted
 * and emulated, against the real server (tests/model/ui/driver.ui.ts).
 */
import { definePathsSuite } from './pathsSuite.ts';

definePathsSuite('driver', (id) => id === 'driver');
