/** Creates, over the HTTP API, the business and records the benchmark scenarios use. */
export interface Api {
  post(path: string, body: unknown): Promise<any>;
  get(path: string): Promise<any>;
}

export function apiClient(baseUrl: string, token?: string): Api {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(`${baseUrl}/api/v1${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const parsed = await response.json();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(parsed)}`);
    return parsed;
  }
  return { post: (path, body) => call('POST', path, body), get: (path) => call('GET', path) };
}

export interface BenchFixtures {
  token: string;
  warehouseId: string;
  measureId: string;
  pointId: string;
  supplierId: string;
  userId: string;
  clientId: string;
  itemIds: string[];
  stockRowId: string;
}

export async function createFixtures(baseUrl: string): Promise<BenchFixtures> {
  const anonymous = apiClient(baseUrl);
  const login = `bench-${Date.now()}`;
  const registered = await anonymous.post('/auth/register', { login, password: 'bench-password', businessName: 'Bench', name: 'Bench' });
  const { access_token: token } = await anonymous.post('/auth/login', { login, password: 'bench-password' });
  const api = apiClient(baseUrl, token);
  const warehouse = await api.post('/warehouses/create', { name: 'Main' });
  const measure = await api.post('/measurements/create', { name: 'pcs' });
  const point = await api.post('/business-config/points/create', { name: 'Shop' });
  const supplier = await insertSupplier(api);
  const client = await api.post('/clients/create', { full_name: 'Regular' });
  const itemIds: string[] = [];
  for (let index = 0; index < 10; index += 1) {
    const item = await api.post('/item-modifier/items/create', { name: `Item ${index}`, measurement: 'pcs', price: '12.5', type: 'ITEM' });
    itemIds.push(item.id);
  }
  const stockRow = await api.post('/stock-quantity/create', {
    itemId: itemIds[0],
    warehouseId: warehouse.id,
    stock_quantity: '0',
    price: '12.5',
    measureId: measure.id,
    dateFrom: new Date().toISOString(),
  });
  return {
    token,
    warehouseId: warehouse.id,
    measureId: measure.id,
    pointId: point.id,
    supplierId: supplier.id,
    userId: registered.userId,
    clientId: client.id,
    itemIds,
    stockRowId: stockRow.id,
  };
}

/** Suppliers come with a later issue; until then the receipt's `clientId` is a client (also allowed). */
async function insertSupplier(api: Api): Promise<{ id: string }> {
  try {
    return await api.post('/suppliers/create', { name: 'Supplier' });
  } catch {
    return api.post('/clients/create', { full_name: 'Supplier as client' });
  }
}

/** Seeds `count` items with bounded concurrency (for the items/all scenario). */
export async function seedItems(baseUrl: string, token: string, count: number): Promise<void> {
  const api = apiClient(baseUrl, token);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      await api.post('/item-modifier/items/create', { name: `Seeded ${index}`, measurement: 'pcs', price: '1.25', type: 'ITEM', shtrix: `478${String(index).padStart(10, '0')}` });
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}
