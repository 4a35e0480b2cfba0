/**
 * A business's weight and price barcode settings: which EAN-13 prefixes (20–29, GS1's restricted-circulation
 * range) its scales print, and the layout of each. Stored per business as JSON in one BaseConfig row under
 * `WEIGHT_BARCODES_CONFIG_KEY` (docs/api.md, "Weight and price barcodes"); a business without that row uses
 * `DEFAULT_WEIGHT_BARCODE_SETTINGS`. The same schema checks the row when it is written (service and till alike)
 * and when the till reads it, so a bad setting is refused at the door, never discovered at the checkout.
 */
import { z } from 'zod';
import { parseWeightBarcodeLayout, WEIGHT_LAYOUT_5_DIGIT_CODE, type WeightBarcodeLayout } from './weight-barcode-layout.js';

export const WEIGHT_BARCODES_CONFIG_KEY = 'barcodes.weight';

const RESTRICTED_PREFIX = /^2\d$/;
/** More rules than prefixes cannot be useful; the bound keeps a stored value small. */
const MAX_RULES = 10;

/** An object schema's message: names unknown fields (a typo must not be ignored silently), else states the shape. */
const objectError = (shape: string) => (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys' ? `has no field ${(issue.keys ?? []).map((key) => `"${key}"`).join(', ')}` : `must be an object with ${shape}`;

const prefix = z.string({ error: 'must be a string' }).regex(RESTRICTED_PREFIX, { error: 'must be two digits from 20 to 29' });

const layout = z.string({ error: 'must be a string' }).transform((text, context): WeightBarcodeLayout => {
  const parsed = parseWeightBarcodeLayout(text);
  if (parsed.ok) return parsed.layout;
  context.issues.push({ code: 'custom', message: parsed.problem, input: text });
  return z.NEVER;
});

const rule = z.strictObject(
  {
    prefixes: z.array(prefix, { error: 'must be a list of prefixes' }).min(1, { error: 'should not be empty' }),
    layout,
  },
  { error: objectError('"prefixes" and "layout"') },
);

export const WeightBarcodeSettings = z
  .strictObject({ rules: z.array(rule, { error: 'must be a list of rules' }).max(MAX_RULES, { error: `must have at most ${MAX_RULES} rules` }) }, { error: objectError('"rules"') })
  .superRefine((settings, context) => {
    const seen = new Set<string>();
    settings.rules.forEach((candidate, ruleIndex) => {
      candidate.prefixes.forEach((text, prefixIndex) => {
        if (seen.has(text)) {
          context.addIssue({ code: 'custom', path: ['rules', ruleIndex, 'prefixes', prefixIndex], message: `prefix ${text} appears more than once` });
        }
        seen.add(text);
      });
    });
  });
export type WeightBarcodeSettings = z.output<typeof WeightBarcodeSettings>;
export type WeightBarcodeSettingsInput = z.input<typeof WeightBarcodeSettings>;

/** Every restricted prefix read as item code + weight in grams, the label most scales in use print. */
export const DEFAULT_WEIGHT_BARCODE_SETTINGS_INPUT: WeightBarcodeSettingsInput = {
  rules: [{ prefixes: ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29'], layout: WEIGHT_LAYOUT_5_DIGIT_CODE }],
};
export const DEFAULT_WEIGHT_BARCODE_SETTINGS: WeightBarcodeSettings = WeightBarcodeSettings.parse(DEFAULT_WEIGHT_BARCODE_SETTINGS_INPUT);

export type SettingsRead = { ok: true; settings: WeightBarcodeSettings } | { ok: false; problems: string[] };

/**
 * Reads the stored JSON text, or lists what is wrong with it as "path: problem" (e.g. `rules.0.layout: must have
 * 13 digit positions…`). Never throws.
 */
export function readWeightBarcodeSettings(json: string): SettingsRead {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { ok: false, problems: ['must be JSON text like {"rules":[{"prefixes":["22"],"layout":"PP CCCCC WWWWW K"}]}'] };
  }
  const parsed = WeightBarcodeSettings.safeParse(value);
  if (parsed.success) return { ok: true, settings: parsed.data };
  return {
    ok: false,
    problems: parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)),
  };
}

/** The settings as the till should use them: the stored row's, or the defaults when the business has none. */
export function weightBarcodeSettingsOrDefault(storedJson: string | null | undefined): SettingsRead {
  if (storedJson === null || storedJson === undefined) return { ok: true, settings: DEFAULT_WEIGHT_BARCODE_SETTINGS };
  return readWeightBarcodeSettings(storedJson);
}

/** The rule whose prefixes include the first two digits of `ean13`, if any. */
export function ruleForPrefix(settings: WeightBarcodeSettings, ean13: string): WeightBarcodeSettings['rules'][number] | undefined {
  const codePrefix = ean13.slice(0, 2);
  return settings.rules.find((candidate) => candidate.prefixes.includes(codePrefix));
}
