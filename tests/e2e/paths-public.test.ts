/** Model-based paths in Chromium of the public site's statecharts (booking, accounts, enquiries, manage page, quote offer). */
import { definePathsSuite } from './pathsSuite.ts';

definePathsSuite('public', (id) => !id.startsWith('console') && id !== 'driver');
