/** A Google Maps search link for an address or "lat,lng" (opens the maps app on a phone). */
export function mapsLink(query: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
