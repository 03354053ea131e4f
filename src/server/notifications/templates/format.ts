import { resolveTimeZone } from '../../../domain/calendar-day';
import { FORMAT_LOCALE, type Locale } from '../../../domain/locale';

/**
 * The eight ASE areas' Spanish names, the same as the web's `common.area.*` messages (a unit test
 * keeps them equal): the server may not import the web catalogues, and a message names its area.
 */
export const SPANISH_AREA_NAMES: Readonly<Record<string, string>> = {
  A1: 'Reparación de motores',
  A2: 'Transmisión automática',
  A3: 'Tren motriz manual',
  A4: 'Suspensión y dirección',
  A5: 'Frenos',
  A6: 'Sistema eléctrico',
  A7: 'Calefacción y aire acondicionado',
  A8: 'Rendimiento del motor',
};

/** "A5 Brakes" / "A5 Frenos": the area's code and its name in the reader's language. */
export function areaName(locale: Locale, code: string, english: string): string {
  const name = locale === 'es' ? (SPANISH_AREA_NAMES[code] ?? english) : english;
  return `${code} ${name}`;
}

/**
 * A day as the reader writes it ("Dec 5, 2026", "5 dic 2026"). A calendar date (`2026-12-05`) is that day
 * wherever the reader is; an instant is the day it falls on in the reader's time zone.
 */
export function formatDay(value: string, locale: Locale, timeZone: string): string {
  const calendarDate = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(calendarDate ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(FORMAT_LOCALE[locale], {
    dateStyle: 'medium',
    timeZone: calendarDate ? 'UTC' : resolveTimeZone(timeZone),
  }).format(date);
}
