import { haversineKm } from './distance.ts';
import { gazetteer, type GazetteerAirport, type GazetteerPlace } from './gazetteer.ts';
import { findPostcode, outwardCodesStartingWith, type PostcodeHit } from './postcodes.ts';
import { GENERIC_WORDS, isDistinctive, normalise, STREET_WORDS } from './text.ts';
import type { GeoPoint, Place, PlaceKind, ResolveContext, SavedAddressLike, SuggestContext } from './types.ts';

/**
 * Address text → a place, offline. In order:
 * 1. the operator's saved addresses: the same text, or every word of the text in one saved address ("Heathrow
 *    Terminal 5"), or every word of a saved address in the text;
 * 2. an airport, when the text says it is one ("Manchester Airport", "Gatwick Airport South Terminal") or is its code ("LHR");
 * 3. a postcode district we know (every London district, TW, UB, HA, KT): "SW1A 1AA", "London SW19";
 * 4. a GeoNames place named in the text, preferring a whole comma-separated part, the earlier part, the longer name, and
 *    not a word that starts a street name ("Church Road"); a name several places share is settled by a county or nation
 *    in the text, then by another place in the text ("Richmond, London"), then by closeness to the operator's base;
 * 5. a postcode whose district we do not know: its area's post town ("OX4 1AA" → Oxford);
 * 6. an airport named without the word ("Heathrow", "Stansted").
 * Unknown → null. Without a base, central London (spec §9's fallback position) breaks ties.
 */

export const DEFAULT_BASE: GeoPoint = { lat: 51.5074, lon: -0.1278 };

/** An operator's saved address at an airport gets the nearest airport's IATA code within this distance. */
const AIRPORT_RADIUS_KM = 8;
/** A place named alongside a postcode area must lie this close to the area's post town. */
const POSTCODE_AREA_RADIUS_KM = 60;

const AIRPORT_WORDS = new Set(['airport', 'aerodrome', 'airfield']);
/** Words that say which part of an airport, not which airport. */
const AIRPORT_NOISE = new Set(['airport', 'aerodrome', 'airfield', 'international', 'terminal', 'terminals', 'north', 'south', 'arrivals', 'departures', 'the', 'uk']);

const nearestFirst = (origin: GeoPoint) => (a: GeoPoint, b: GeoPoint) => haversineKm(origin, a) - haversineKm(origin, b);

export function nearestAirport(point: GeoPoint, maxKm = AIRPORT_RADIUS_KM): GazetteerAirport | null {
  let best: GazetteerAirport | null = null;
  let bestKm = maxKm;
  for (const airport of gazetteer().airports) {
    const km = haversineKm(point, airport);
    if (km <= bestKm) {
      best = airport;
      bestKm = km;
    }
  }
  return best;
}

function savedKind(kind: string): PlaceKind {
  return kind === 'airport' || kind === 'station' || kind === 'hotel' ? kind : 'saved';
}

function savedPlace(saved: SavedAddressLike): Place {
  const kind = savedKind(saved.kind);
  return {
    label: saved.address,
    lat: saved.lat,
    lon: saved.lon,
    kind,
    source: 'saved',
    precision: 'address',
    iata: kind === 'airport' ? (nearestAirport(saved)?.iata ?? null) : null,
    savedAddressId: saved.id,
    estimated: false,
  };
}

function airportPlace(airport: GazetteerAirport): Place {
  return {
    label: airport.iata ? `${airport.name} (${airport.iata})` : airport.name,
    lat: airport.lat,
    lon: airport.lon,
    kind: 'airport',
    source: 'airports',
    precision: 'airport',
    iata: airport.iata,
    savedAddressId: null,
    estimated: true,
  };
}

function postcodePlace(hit: PostcodeHit): Place {
  return {
    label: `${hit.matched}, ${hit.locality}`,
    lat: hit.lat,
    lon: hit.lon,
    kind: 'postcode',
    source: 'postcodes',
    precision: hit.precision,
    iata: null,
    savedAddressId: null,
    estimated: true,
  };
}

const NATION_NAMES: Record<string, string> = { ENG: 'England', SCT: 'Scotland', WLS: 'Wales', NIR: 'Northern Ireland' };

/** 'Richmond, North Yorkshire'; a place without a county in GeoNames gets its nation ('Newport, Wales'). */
export function gazetteerPlaceLabel(place: GazetteerPlace): string {
  const region = place.county && place.county !== place.name ? place.county : NATION_NAMES[place.nation];
  return region ? `${place.name}, ${region}` : place.name;
}

function localityPlace(place: GazetteerPlace): Place {
  return {
    label: gazetteerPlaceLabel(place),
    lat: place.lat,
    lon: place.lon,
    kind: 'place',
    source: 'gazetteer',
    precision: 'locality',
    iata: null,
    savedAddressId: null,
    estimated: true,
  };
}

/** A position from the browser's geolocation (the hourly form's locate icon). */
export function placeFromLocation(point: GeoPoint, label = 'Current location'): Place {
  return { label, lat: point.lat, lon: point.lon, kind: 'location', source: 'device', precision: 'device', iata: null, savedAddressId: null, estimated: true };
}

// ─── 1. Saved addresses ───────────────────────────────────────────────────────────────────────────

function matchSaved(norm: string, tokens: string[], savedAddresses: readonly SavedAddressLike[]): Place | null {
  if (savedAddresses.length === 0) return null;
  const queryWords = new Set(tokens);
  const hasDistinctive = tokens.some(isDistinctive);
  let best: { saved: SavedAddressLike; score: number } | null = null;
  for (const saved of savedAddresses) {
    const savedNorm = normalise(saved.address);
    if (savedNorm === norm) return savedPlace(saved);
    const savedWords = savedNorm.split(' ');
    const savedSet = new Set(savedWords);
    let score = 0;
    if (hasDistinctive && tokens.every((token) => savedSet.has(token))) {
      // All the query's words are in this address: the fewer other words it has, the better it fits.
      score = 1 + tokens.length / savedWords.length;
    } else if (savedWords.length >= 2 && savedWords.every((word) => queryWords.has(word))) {
      // The query holds the whole saved address (e.g. with ", UK" added).
      score = 1;
    }
    if (score === 0) continue;
    const better = !best || score > best.score || (score === best.score && Boolean(saved.popular) && !best.saved.popular);
    if (better) best = { saved, score };
  }
  return best ? savedPlace(best.saved) : null;
}

// ─── 2 and 6. Airports ────────────────────────────────────────────────────────────────────────────

/** An IATA code in capitals in a short or airport text ('LHR', 'LHR T5', 'STN airport'), or a lone code ('lhr'). */
function airportByCode(raw: string, tokens: string[]): Place | null {
  const { byIata } = gazetteer();
  const codes = tokens.length <= 3 || tokens.some((token) => AIRPORT_WORDS.has(token)) ? [...raw.matchAll(/\b[A-Z]{3}\b/g)].map((match) => match[0]) : [];
  if (tokens.length === 1 && tokens[0].length === 3) codes.push(tokens[0].toUpperCase());
  for (const code of codes) {
    const airport = byIata.get(code);
    if (airport) return airportPlace(airport);
  }
  return null;
}

/** The airport whose name and town share the most words with the text. */
function matchAirport(tokens: string[], base: GeoPoint, explicit: boolean): Place | null {
  const { airports } = gazetteer();
  const words = tokens.filter((token) => !AIRPORT_NOISE.has(token) && !/^(t\d|\d+)$/.test(token));
  let best: { airport: GazetteerAirport; score: number } | null = null;
  for (const airport of airports) {
    const matched = words.filter((word) => airport.tokens.has(word));
    // Without the word "airport" in the text, a generic word ("London", "City") alone names no airport.
    if (matched.length === 0 || (!explicit && !matched.some(isDistinctive))) continue;
    const score = matched.length;
    const better =
      !best ||
      score > best.score ||
      (score === best.score &&
        (airport.nameTokens < best.airport.nameTokens ||
          (airport.nameTokens === best.airport.nameTokens && haversineKm(base, airport) < haversineKm(base, best.airport))));
    if (better) best = { airport, score };
  }
  return best ? airportPlace(best.airport) : null;
}

// ─── 4. Places ────────────────────────────────────────────────────────────────────────────────────

interface NameMatch {
  key: string;
  candidates: GazetteerPlace[];
  part: number;
  start: number;
  length: number;
  wholePart: boolean;
  beforeStreetWord: boolean;
}

const NATIONS: Record<string, string> = { england: 'ENG', scotland: 'SCT', wales: 'WLS', 'northern ireland': 'NIR' };
const MAX_NAME_WORDS = 5;

function findNames(raw: string): NameMatch[] {
  const { byName } = gazetteer();
  const parts = raw.split(/[,;\n]+/).map(normalise).filter(Boolean);
  const matches: NameMatch[] = [];
  parts.forEach((part, partIndex) => {
    const words = part.split(' ');
    for (let length = Math.min(MAX_NAME_WORDS, words.length); length >= 1; length -= 1) {
      for (let start = 0; start + length <= words.length; start += 1) {
        const key = words.slice(start, start + length).join(' ');
        const candidates = byName.get(key);
        if (!candidates) continue;
        const wholePart = length === words.length;
        // A lone generic word ("Street", "West") names a place only when it is the whole part; London always does.
        if (length === 1 && GENERIC_WORDS.has(key) && key !== 'london' && !wholePart) continue;
        const next = words[start + length];
        matches.push({ key, candidates, part: partIndex, start, length, wholePart, beforeStreetWord: next !== undefined && STREET_WORDS.has(next) });
      }
    }
  });
  return matches;
}

const rankMatch = (a: NameMatch, b: NameMatch) =>
  Number(a.beforeStreetWord) - Number(b.beforeStreetWord) ||
  Number(b.wholePart) - Number(a.wholePart) ||
  a.part - b.part ||
  b.length - a.length ||
  a.start - b.start;

const containsPhrase = (haystack: string, phrase: string) => ` ${haystack} `.includes(` ${phrase} `);

function choosePlace(match: NameMatch, norm: string, others: NameMatch[], base: GeoPoint, near: GeoPoint | null): GazetteerPlace | null {
  let candidates = match.candidates;
  if (near) {
    candidates = candidates.filter((place) => haversineKm(near, place) <= POSTCODE_AREA_RADIUS_KM);
    if (candidates.length === 0) return null;
    return [...candidates].sort(nearestFirst(near))[0];
  }
  if (candidates.length === 1) return candidates[0];
  const inCounty = candidates.filter((place) => place.countyNorm && containsPhrase(norm, place.countyNorm) && place.countyNorm !== match.key);
  if (inCounty.length > 0) candidates = inCounty;
  const nations = Object.entries(NATIONS).filter(([name]) => containsPhrase(norm, name)).map(([, code]) => code);
  const inNation = candidates.filter((place) => nations.includes(place.nation));
  if (inNation.length > 0) candidates = inNation;
  if (candidates.length === 1) return candidates[0];
  // Another place named in the text is the best anchor ("Richmond, London").
  const anchor = others.find((other) => other.key !== match.key && !containsPhrase(match.key, other.key) && !containsPhrase(other.key, match.key));
  const origin = anchor ? [...anchor.candidates].sort(nearestFirst(base))[0] : base;
  return [...candidates].sort(nearestFirst(origin))[0];
}

function matchPlace(raw: string, norm: string, base: GeoPoint, near: GeoPoint | null): Place | null {
  const matches = findNames(raw).sort(rankMatch);
  for (const match of matches) {
    const place = choosePlace(match, norm, matches, base, near);
    if (place) return localityPlace(place);
  }
  return null;
}

// ─── resolvePlace ─────────────────────────────────────────────────────────────────────────────────

export function resolvePlace(text: string, context: ResolveContext = {}): Place | null {
  const raw = text.trim().slice(0, 300);
  const norm = normalise(raw);
  if (norm === '') return null;
  const tokens = norm.split(' ');
  const base = context.base ?? DEFAULT_BASE;

  const saved = matchSaved(norm, tokens, context.savedAddresses ?? []);
  if (saved) return saved;

  const byCode = airportByCode(raw, tokens);
  if (byCode) return byCode;
  if (tokens.some((token) => AIRPORT_WORDS.has(token))) {
    const airport = matchAirport(tokens, base, true);
    if (airport) return airport;
  }

  const postcode = findPostcode(raw);
  if (postcode?.precision === 'district') return postcodePlace(postcode);

  const place = matchPlace(raw, norm, base, postcode ? postcode : null);
  if (place) return place;
  if (postcode) return postcodePlace(postcode);

  return matchAirport(tokens, base, false);
}

// ─── nearestPlace ─────────────────────────────────────────────────────────────────────────────────

/** An operator's saved address this close to the visitor's position is where they are (a hotel lobby, a station). */
export const NEAREST_SAVED_RADIUS_KM = 0.15;
/** Beyond this from every GB place the position is not one we serve (abroad, at sea): no address. */
export const NEAREST_PLACE_RADIUS_KM = 30;

/** The operator's saved address within NEAREST_SAVED_RADIUS_KM of the point (the nearest), or null. */
export function nearestSavedPlace(point: GeoPoint, savedAddresses: readonly SavedAddressLike[] = []): Place | null {
  let best: SavedAddressLike | null = null;
  let bestKm = NEAREST_SAVED_RADIUS_KM;
  for (const saved of savedAddresses) {
    const km = haversineKm(point, saved);
    if (km <= bestKm) {
      best = saved;
      bestKm = km;
    }
  }
  return best ? savedPlace(best) : null;
}

/**
 * A position → the nearest address we can name, offline ("Use my location"): an operator's saved address within
 * 150 m, else the nearest GeoNames place within 30 km (its label resolves back to it), else null.
 */
export function nearestPlace(point: GeoPoint, context: ResolveContext = {}): Place | null {
  const saved = nearestSavedPlace(point, context.savedAddresses);
  if (saved) return saved;
  let best: GazetteerPlace | null = null;
  let bestKm = NEAREST_PLACE_RADIUS_KM;
  for (const place of gazetteer().places) {
    const km = haversineKm(point, place);
    if (km <= bestKm) {
      best = place;
      bestKm = km;
    }
  }
  return best ? localityPlace(best) : null;
}

// ─── suggestPlaces ────────────────────────────────────────────────────────────────────────────────

/**
 * Suggestions while the visitor types: saved addresses containing the text (spec §5: case-insensitive substring),
 * postcode districts, airports and GeoNames places whose name (or a word of it) starts with the text, nearest first.
 * Each suggestion's label resolves back to the same place.
 */
export function suggestPlaces(query: string, limit = 8, context: SuggestContext = {}): Place[] {
  const norm = normalise(query);
  if (norm.length < 2) return [];
  const origin = context.near ?? context.base ?? DEFAULT_BASE;
  const results: Place[] = [];
  const seen = new Set<string>();
  const add = (place: Place) => {
    const key = place.label.toLowerCase();
    if (seen.has(key) || results.length >= limit) return;
    seen.add(key);
    results.push(place);
  };

  // Saved addresses: every word typed appears in the address ('heathrow terminal 5' finds 'Heathrow Airport Terminal 5, …').
  const words = norm.split(' ').filter(Boolean);
  for (const saved of context.savedAddresses ?? []) {
    const address = normalise(saved.address);
    if (words.every((word) => address.includes(word))) add(savedPlace(saved));
  }

  const postcode = findPostcode(query.trim());
  if (postcode?.full) add(postcodePlace(postcode));
  for (const district of outwardCodesStartingWith(query.trim(), 4)) {
    add({ label: `${district.code}, ${district.locality}`, lat: district.lat, lon: district.lon, kind: 'postcode', source: 'postcodes', precision: 'district', iata: null, savedAddressId: null, estimated: true });
  }

  const { airports, places } = gazetteer();
  const startsWord = (haystack: string) => haystack.startsWith(norm) || haystack.includes(` ${norm}`);
  const airportHits = airports.filter((airport) => startsWord(normalise(`${airport.name} ${airport.city}`)) || airport.iata?.toLowerCase() === norm);
  for (const airport of airportHits.sort((a, b) => Number(!a.iata) - Number(!b.iata) || haversineKm(origin, a) - haversineKm(origin, b)).slice(0, 3)) {
    add(airportPlace(airport));
  }

  const rank = (place: GazetteerPlace) => (place.norm === norm ? 0 : place.norm.startsWith(norm) ? 1 : 2);
  const placeHits = places.filter((place) => startsWord(place.norm));
  placeHits.sort((a, b) => rank(a) - rank(b) || haversineKm(origin, a) - haversineKm(origin, b));
  for (const place of placeHits) {
    if (results.length >= limit) break;
    add(localityPlace(place));
  }
  return results;
}
