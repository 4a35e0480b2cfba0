import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WEIGHT_BARCODE_SETTINGS,
  readWeightBarcodeSettings,
  ruleForPrefix,
  weightBarcodeSettingsOrDefault,
} from './weight-barcode-settings.js';

describe('weight barcode settings', () => {
  it('defaults every prefix from 20 to 29 to item code and weight in grams', () => {
    expect(DEFAULT_WEIGHT_BARCODE_SETTINGS.rules).toHaveLength(1);
    for (let prefix = 20; prefix <= 29; prefix += 1) {
      expect(ruleForPrefix(DEFAULT_WEIGHT_BARCODE_SETTINGS, `${prefix}00001004355`)?.layout).toMatchObject({ measure: 'weight', codeLength: 5 });
    }
    expect(ruleForPrefix(DEFAULT_WEIGHT_BARCODE_SETTINGS, '4006381333931')).toBeUndefined();
    expect(weightBarcodeSettingsOrDefault(null)).toEqual({ ok: true, settings: DEFAULT_WEIGHT_BARCODE_SETTINGS });
  });

  it('reads stored JSON with one layout per group of prefixes', () => {
    const read = readWeightBarcodeSettings(
      JSON.stringify({ rules: [{ prefixes: ['22'], layout: 'PP CCCCCC WWWW K' }, { prefixes: ['23', '24'], layout: 'PP CCCCC $$$.$$ K' }] }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(ruleForPrefix(read.settings, '2212345601234')?.layout).toMatchObject({ measure: 'weight', codeLength: 6 });
    expect(ruleForPrefix(read.settings, '2400012012345')?.layout).toMatchObject({ measure: 'price', priceDecimals: 2 });
    expect(ruleForPrefix(read.settings, '2000012012345')).toBeUndefined();
  });

  it('lets a business turn weight barcodes off with no rules', () => {
    const read = weightBarcodeSettingsOrDefault('{"rules":[]}');
    expect(read.ok && ruleForPrefix(read.settings, '2200001004350')).toBeUndefined();
  });

  it('names the field and the problem for each bad setting', () => {
    const cases: Array<[string, string[]]> = [
      ['not json', ['must be JSON text like {"rules":[{"prefixes":["22"],"layout":"PP CCCCC WWWWW K"}]}']],
      ['[]', ['must be an object with "rules"']],
      ['{"rules":[],"enabled":true}', ['has no field "enabled"']],
      ['{"rules":["22"]}', ['rules.0: must be an object with "prefixes" and "layout"']],
      ['{}', ['rules: must be a list of rules']],
      ['{"rules":[{"prefixes":["19","2a",22],"layout":"PP CCCCC WWWWW K"}]}', ['rules.0.prefixes.0: must be two digits from 20 to 29', 'rules.0.prefixes.1: must be two digits from 20 to 29', 'rules.0.prefixes.2: must be a string']],
      ['{"rules":[{"prefixes":[],"layout":"PP CCCCC WWWW K"}]}', ['rules.0.prefixes: should not be empty', 'rules.0.layout: must have 13 digit positions (an EAN-13), not 12']],
      ['{"rules":[{"prefixes":["22"],"layout":"PP CCCCC WWWWW K"},{"prefixes":["22"],"layout":"PP CCCCC $$$$$ K"}]}', ['rules.1.prefixes.0: prefix 22 appears more than once']],
      ['{"rules":[{"prefixes":["22"],"layout":"PP CCCCC WWWWW K","scale":"x"}]}', ['rules.0: has no field "scale"']],
    ];
    for (const [json, problems] of cases) {
      expect(readWeightBarcodeSettings(json), json).toEqual({ ok: false, problems });
    }
  });
});
