/**
 * A goods receipt line's unit is its item's unit. Items name their unit in free text (`measurement`, as the
 * reference stores it): the measurement with that id, else the one with that name (case and surrounding spaces
 * ignored). One rule for the service's check (app/receipts/receipt-units.ts) and the terminal's unit picker, so
 * the picker never offers a unit the service would refuse. No unit conversions are defined in the product yet; an
 * item whose text names no measurement of the business has no known unit, and any measurement is accepted for it.
 */

export interface NamedMeasurement {
  readonly id: string;
  readonly name: string;
}

export interface MeasurementLookup {
  readonly byId: ReadonlySet<string>;
  /** Lower-cased, trimmed name → id (the first measurement with that name). */
  readonly byName: ReadonlyMap<string, string>;
}

export function measurementLookup(measurements: readonly NamedMeasurement[]): MeasurementLookup {
  const byName = new Map<string, string>();
  for (const measurement of measurements) {
    const name = measurement.name.trim().toLocaleLowerCase();
    if (!byName.has(name)) byName.set(name, measurement.id);
  }
  return { byId: new Set(measurements.map((measurement) => measurement.id)), byName };
}

/** The measurement id an item's `measurement` text names, or '' when it names none. */
export function measureIdOf(measurement: string | null | undefined, byId: ReadonlySet<string>, byName: ReadonlyMap<string, string>): string {
  const text = (measurement ?? '').trim();
  if (text === '') return '';
  if (byId.has(text)) return text;
  return byName.get(text.toLocaleLowerCase()) ?? '';
}

/**
 * Every measurement an item's `measurement` text names: the one with that id, else all with that name (two
 * measurements may share a name, and a person cannot tell them apart). Empty when it names none.
 */
export function itemUnits(measurement: string | null | undefined, measurements: readonly NamedMeasurement[]): string[] {
  const text = (measurement ?? '').trim();
  if (text === '') return [];
  if (measurements.some((candidate) => candidate.id === text)) return [text];
  const name = text.toLocaleLowerCase();
  return measurements.filter((candidate) => candidate.name.trim().toLocaleLowerCase() === name).map((candidate) => candidate.id);
}

/** Whether a line may use `measureId`: one of the item's units, or any when the item's unit is unknown. */
export function isItemUnit(units: readonly string[], measureId: string): boolean {
  return units.length === 0 || units.includes(measureId);
}
