import { markerColour, type MapMarker } from './mapMarkers.ts';

/** A street map's or Google's marker element, drawn as the schematic draws it: colour, text, name, selected. */
export function paintPin(element: HTMLElement, marker: MapMarker) {
  element.textContent = marker.short;
  element.title = marker.title;
  element.setAttribute('aria-label', marker.title);
  element.style.background = markerColour(marker);
  element.dataset.marker = marker.key;
  element.dataset.kind = marker.kind;
  if (marker.selected) element.dataset.selected = '';
  else delete element.dataset.selected;
}
