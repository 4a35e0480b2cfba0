/**
 * What the sales screen loads from the till's own store (so it works offline): the items indexed for scanning and
 * search, item groups for the tiles, the Finance taxes and discounts, the weight-label settings and the manual
 * discount limit from BaseConfig, the till's point, the open shift (renderer/shift/open-shift.ts), and the modifier
 * groups each item offers (modifiers.ts).
 */
import { weightBarcodeSettingsOrDefault, WEIGHT_BARCODES_CONFIG_KEY, DEFAULT_WEIGHT_BARCODE_SETTINGS, type WeightBarcodeSettings } from '../../../shared/barcodes/weight-barcode-settings.js';
import { parseDecimal, PERCENT } from '../../../shared/decimal.js';
import type { Bridge } from '../../bridge.js';
import { loadOpenShift, type OpenShift } from '../../shift/open-shift.js';
import { buildSaleCatalogue, type SaleCatalogue } from './catalogue.js';
import type { DiscountRecord, TaxRecord } from './cart-order.js';
import { buildModifierMenus, type ModifierMenus } from './modifiers.js';

/** BaseConfig key of the largest manual discount (percent of its base) a cashier may give without a manager. */
export const DISCOUNT_LIMIT_CONFIG_KEY = 'sale.manual_discount_limit_percent';
export const DEFAULT_DISCOUNT_LIMIT = '10';

export interface ItemGroup {
  readonly id: string;
  readonly name: string;
  readonly color: string | null;
}

export interface SaleData {
  readonly catalogue: SaleCatalogue;
  readonly groups: readonly ItemGroup[];
  readonly taxes: ReadonlyMap<string, TaxRecord>;
  readonly discounts: ReadonlyMap<string, DiscountRecord>;
  readonly settings: WeightBarcodeSettings;
  /** Problems of a stored weight-label setting that could not be read (the defaults are used meanwhile). */
  readonly settingsProblems: readonly string[];
  readonly discountLimit: string;
  readonly pointId: string;
  readonly workplaceId: string;
  readonly shift: OpenShift | null;
  /** The modifier groups of the items that have any (modifiers.ts): such an item opens the picker. */
  readonly modifierMenus: ModifierMenus;
}

export async function loadSaleData(bridge: Bridge, workplaceId: string): Promise<SaleData> {
  const [items, measurements, groups, taxes, discounts, configs, workplaces, shift, modifiers, modifierGroups] = await Promise.all([
    bridge.run('ItemModifierController_findAllItems'),
    bridge.run('MeasurementController_findAllMeasurements'),
    bridge.run('ItemModifierController_findAllItemGroups'),
    bridge.run('FinanceController_findAllTaxFees'),
    bridge.run('FinanceController_findAllDiscounts'),
    bridge.run('BaseConfigController_findAll'),
    bridge.run('BusinessController_findAllWorkplaces'),
    loadOpenShift(bridge, workplaceId),
    bridge.run('ItemModifierController_findAllModifiers'),
    bridge.run('ItemModifierController_findAllModifierGroups'),
  ]);
  const live = <T extends { is_deleted?: boolean | null }>(rows: readonly T[]) => rows.filter((row) => !row.is_deleted);
  const config = (key: string) => live(configs).find((row) => row.key_name === key)?.key_value ?? null;
  const read = weightBarcodeSettingsOrDefault(config(WEIGHT_BARCODES_CONFIG_KEY));
  const limit = config(DISCOUNT_LIMIT_CONFIG_KEY);
  const limitRead = limit === null ? null : parseDecimal(limit.trim(), PERCENT);
  return {
    catalogue: buildSaleCatalogue(items, measurements),
    groups: live(groups)
      .map((group) => ({ id: group.id, name: group.name, color: group.color }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    taxes: new Map(live(taxes).map((tax) => [tax.id, tax])),
    discounts: new Map(live(discounts).map((discount) => [discount.id, discount])),
    settings: read.ok ? read.settings : DEFAULT_WEIGHT_BARCODE_SETTINGS,
    settingsProblems: read.ok ? [] : read.problems,
    discountLimit: limitRead?.ok && limitRead.units >= 0n ? limit!.trim() : DEFAULT_DISCOUNT_LIMIT,
    pointId: workplaces.find((workplace) => workplace.id === workplaceId)?.automated_point_id ?? '0',
    workplaceId,
    shift,
    modifierMenus: buildModifierMenus(modifiers, modifierGroups),
  };
}
