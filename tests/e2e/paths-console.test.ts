/** Model-based paths in Chromium of the operator console's statecharts. */
import { definePathsSuite } from './pathsSuite.ts';

definePathsSuite('console', (id) => id.startsWith('console'));
