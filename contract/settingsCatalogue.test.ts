import { describe, expect, it } from 'vitest';
import { demoSettings } from '../server/db/seed/demo.ts';
import { DERIVED_SETTING_NAMES, SETTING_NAMES } from './settings.ts';
import { SETTING_GROUPS, SETTINGS_CATALOGUE, settingProblem, styleUrlOrigin } from './settingsCatalogue.ts';

describe('settings catalogue', () => {
  it('has exactly one entry for every setting the site reads, each in a known group with a label and one-line explanation', () => {
    const derived: readonly string[] = DERIVED_SETTING_NAMES;
    expect(SETTINGS_CATALOGUE.map((entry) => entry.name).sort()).toEqual(SETTING_NAMES.filter((name) => !derived.includes(name)).sort());
    const groups = new Set(SETTING_GROUPS.map((group) => group.id));
    for (const entry of SETTINGS_CATALOGUE) {
      expect(groups.has(entry.group), entry.name).toBe(true);
      expect(entry.label.length, entry.name).toBeGreaterThan(2);
      expect(entry.explanation, entry.name).not.toContain('\n');
    }
  });

  it('accepts every value the demo seeds', () => {
    for (const [name, value] of Object.entries(demoSettings('AIzaBrowserKey'))) expect(settingProblem(name, value), name).toBeNull();
  });

  it.each([
    ['MEET_AND_GREET', '0', null],
    ['MEET_AND_GREET', '9999.99', null],
    ['MEET_AND_GREET', '£12', 'MEET_AND_GREET: a price in pounds and pence from £0 to £10000, for example 12.50'],
    ['WHEEL_CHAIR', '1', null],
    ['WHEEL_CHAIR', '2', 'WHEEL_CHAIR: wheelchair access is never charged (Equality Act 2010): 1 offers the option free of charge, 0 hides it'],
    ['RETENTION_MONTHS', '12', null],
    ['RETENTION_MONTHS', '121', 'RETENTION_MONTHS: whole months from 12 to 120'],
    ['IS_QUOTATION', 'enable', null],
    ['ROUND_OFF', 'Yes', "ROUND_OFF: 'yes' or 'no'"],
    ['Company_Name', 'Cabs <&> Co', null],
    ['Company_Name', 'x'.repeat(121), 'Company_Name: at most 120 characters'],
    ['VAT_NUMBER', '', null],
    ['FROM_EMAIL', 'a@b.test, c@d.test', 'FROM_EMAIL: one e-mail address'],
    ['FLIGHT_LOOKUP_BUDGET', '0', null],
    ['FLIGHT_LOOKUP_BUDGET', '51', 'FLIGHT_LOOKUP_BUDGET: a whole number from 0 to 50'],
    ['AIRPORT_WAIT_DOMESTIC_MINUTES', '241', 'AIRPORT_WAIT_DOMESTIC_MINUTES: whole minutes from 0 to 240'],
    ['FLIGHT_CHECK_START_MINUTES', '10', 'FLIGHT_CHECK_START_MINUTES: whole minutes from 30 to 1440'],
    // Set by the server from AEROAPI_KEY, never by the owner.
    ['FLIGHT_TRACKING', 'enable', 'FLIGHT_TRACKING: not a setting of this site'],
  ])('%s = %j → %s', (name, value, problem) => {
    expect(settingProblem(name, value)).toBe(problem);
  });
});

describe('the street map style URL (MAP_STYLE_URL, kind url)', () => {
  it('takes blank or an absolute https address, and refuses anything else with the owner\'s words', () => {
    expect(settingProblem('MAP_STYLE_URL', '')).toBeNull();
    expect(settingProblem('MAP_STYLE_URL', 'https://tiles.openfreemap.org/styles/liberty')).toBeNull();
    for (const bad of ['http://tiles.example.test/style.json', 'javascript:alert(1)', 'data:application/json,{}', 'tiles.example.test/style.json', 'https://user:secret@tiles.example.test/s.json', 'https://tiles.example.test/\u0000.json', `https://tiles.example.test/${'x'.repeat(600)}`]) {
      expect(settingProblem('MAP_STYLE_URL', bad), bad.slice(0, 60)).toBe('MAP_STYLE_URL: an https:// address, or blank');
    }
  });

  it('gives the console policy the style\'s origin only for a valid address', () => {
    expect(styleUrlOrigin('https://tiles.example.test:8443/styles/plain.json?key=abc')).toBe('https://tiles.example.test:8443');
    expect(styleUrlOrigin('  ')).toBeNull();
    expect(styleUrlOrigin(null)).toBeNull();
    expect(styleUrlOrigin('http://tiles.example.test/style.json')).toBeNull();
    expect(styleUrlOrigin("https://x.test/a'; script-src *")).toBe('https://x.test');
  });
});
