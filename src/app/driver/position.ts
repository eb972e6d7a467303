/**
 * The phone's position while on duty (issue 32): Geolocation watchPosition, sent to POST /api/driver/positions at
 * most every 10 s unless the phone moved 50 m or more since the last one sent. Refused (or no geolocation): the app
 * carries on and says what the office will miss; it never asks again by itself.
 */
import { useEffect, useState } from 'react';
import { reportPosition } from '../../api/driver.ts';

export const POSITION_EVERY_MS = 10_000;
export const POSITION_EVERY_M = 50;
export const LOCATION_OFF_TEXT = 'Location is off: the office and your passenger will not see where you are or when you will arrive.';

/** Metres between two points (haversine). */
export function metresBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** True when a fix is worth sending: the first, 10 s after the last sent, or 50 m from it. */
export function worthSending(last: { lat: number; lng: number; at: number } | null, next: { lat: number; lng: number; at: number }): boolean {
  return last === null || next.at - last.at >= POSITION_EVERY_MS || metresBetween(last, next) >= POSITION_EVERY_M;
}

/** Watches the position while `active`; answers whether the phone refused it. */
export function usePositionReports(active: boolean): { refused: boolean } {
  const [refused, setRefused] = useState(false);
  useEffect(() => {
    if (!active) return;
    if (!('geolocation' in navigator)) {
      setRefused(true);
      return;
    }
    let last: { lat: number; lng: number; at: number } | null = null;
    const id = navigator.geolocation.watchPosition(
      (fix) => {
        setRefused(false);
        const next = { lat: fix.coords.latitude, lng: fix.coords.longitude, at: fix.timestamp || Date.now() };
        if (!worthSending(last, next)) return;
        last = next;
        void reportPosition({ lat: next.lat, lng: next.lng, accuracy_m: Math.min(100_000, Math.max(0, fix.coords.accuracy)), recorded_at: new Date(next.at).toISOString() }).catch(() => {
          // A lost fix is not worth a message: the next one goes.
        });
      },
      (error) => {
        if (error.code === error.PERMISSION_DENIED) setRefused(true);
      },
      { enableHighAccuracy: true, maximumAge: 5_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  }, [active]);
  return { refused };
}
