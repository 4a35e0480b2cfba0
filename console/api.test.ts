import { describe, expect, it } from 'vitest';
import { ApiError, createApi, parseProblem, type FetchLike } from './api.js';
import { translator } from './i18n/index.js';
import { describeError } from './lib/problems.js';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

function fakeService(status: number, body: unknown, headers: Record<string, string> = {}) {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, ...init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  };
  return { sent, fetch };
}

describe('the console api client', () => {
  it('calls an operation by its operationId: the catalogue gives the method and the /api/v1 path, the session the token', async () => {
    const service = fakeService(200, [{ id: 'p1' }]);
    const api = createApi({ token: () => 'token-1', fetch: service.fetch });
    expect(await api.call('BusinessController_findAllPoints')).toEqual([{ id: 'p1' }]);
    expect(service.sent).toEqual([{ url: '/api/v1/business-config/points/all', method: 'GET', headers: { accept: 'application/json', authorization: 'Bearer token-1' } }]);
  });

  it('fills path parameters encoded, sends the body as JSON, and sends no token before sign-in', async () => {
    const service = fakeService(200, { id: 'a/b' });
    const api = createApi({ token: () => undefined, fetch: service.fetch });
    await api.call('BusinessController_updatePoint', { params: { id: 'a/b' }, body: { name: 'Bahor' } });
    expect(service.sent[0]).toEqual({
      url: '/api/v1/business-config/points/update/a%2Fb',
      method: 'PATCH',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: '{"name":"Bahor"}',
    });
  });

  it('refuses an operation the catalogue does not list, or a call missing its path parameter, without sending anything', async () => {
    const service = fakeService(200, {});
    const api = createApi({ token: () => 't', fetch: service.fetch });
    // @ts-expect-error: not an operationId of the catalogue
    await expect(api.call('Console_backDoor')).rejects.toThrow('Console_backDoor is not an operation of the catalogue');
    await expect(api.call('BusinessController_removePoint', { params: {} })).rejects.toThrow('needs the path parameter "id"');
    expect(service.sent).toEqual([]);
  });

  it('turns a 400 into an ApiError whose problems name the field, and says them in the user language with the field label', async () => {
    const service = fakeService(400, { statusCode: 400, message: ['password must be at least 6 characters', 'property zzz should not exist', 'Business name is taken?'] });
    const api = createApi({ token: () => undefined, fetch: service.fetch });
    const error = await api.call('AuthController_register', { body: { login: 'a', password: 'b', businessName: 'c', name: 'd' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.kind).toBe('invalid');
    expect(apiError.forField('password')).toEqual([{ field: 'password', text: 'must be at least 6 characters' }]);
    const ru = describeError(apiError, translator('ru'), { password: 'register.password' });
    expect(ru.fields.password).toEqual(['не короче 6 символов']);
    expect(ru.general).toContain('zzz: не является полем этой формы');
    const uz = describeError(apiError, translator('uz'), { password: 'register.password' });
    expect(uz.fields.password).toEqual(['kamida 6 ta belgi bo‘lishi kerak']);
  });

  it('names a field the form does not show by its label when it has one, and by the service name otherwise', () => {
    const error = new ApiError('invalid', 400, [parseProblem('name should not be empty'), parseProblem('items.0.price must be a decimal string like "12.50"')]);
    const described = describeError(error, translator('en'), { name: 'register.name' });
    expect(described.fields.name).toEqual(['is required']);
    expect(described.general).toEqual(['items.0.price: must be a number like 12.50']);
  });

  it('says a taken name in words, a dangling reference under its field, and another conflict in the service’s words', () => {
    const en = translator('en');
    const taken = new ApiError('conflict', 409, [parseProblem('A record with the same unique key already exists')]);
    expect(describeError(taken, en).general).toEqual(['A record with the same name or code already exists.']);
    const dangling = new ApiError('invalid', 400, [parseProblem('automated_point_id must be an existing point')]);
    expect(describeError(dangling, translator('ru'), { automated_point_id: 'field.point' }).fields.automated_point_id).toEqual(['ссылается на то, чего нет']);
    const busy = new ApiError('conflict', 409, [parseProblem('The settlement has open orders: close or void them before closing it')]);
    expect(describeError(busy, en).general).toEqual(['The settlement has open orders: close or void them before closing it']);
  });

  it('signs out on a 401 to a signed-in call, and says the session ended', async () => {
    let signedOut = 0;
    const service = fakeService(401, { statusCode: 401, message: 'Unauthorized' });
    const api = createApi({ token: () => 'expired', onUnauthorized: () => (signedOut += 1), fetch: service.fetch });
    const error = (await api.call('EmployeeController_findAll').catch((caught: unknown) => caught)) as ApiError;
    expect(error.kind).toBe('unauthorized');
    expect(signedOut).toBe(1);
    expect(describeError(error, translator('en')).general).toEqual(['Your session has ended. Sign in again.']);
  });

  it('says an unreachable service, a rate limit with its wait, and a service fault in words, never a stack trace', async () => {
    const offline = createApi({ token: () => undefined, fetch: async () => { throw new TypeError('Failed to fetch'); } });
    const unreachable = (await offline.call('AuthController_login', { body: { login: 'a', password: 'b' } }).catch((caught: unknown) => caught)) as ApiError;
    expect(describeError(unreachable, translator('en')).general).toEqual(['The service cannot be reached. Check the connection and try again.']);

    const limited = createApi({ token: () => undefined, fetch: fakeService(429, { message: 'Too many' }, { 'retry-after': '30' }).fetch });
    const tooMany = (await limited.call('AuthController_login', { body: { login: 'a', password: 'b' } }).catch((caught: unknown) => caught)) as ApiError;
    expect(describeError(tooMany, translator('ru')).general).toEqual(['Слишком много попыток. Повторите через 30 с.']);

    const broken = createApi({ token: () => 't', fetch: fakeService(500, { message: 'Internal server error' }).fetch });
    const fault = (await broken.call('EmployeeController_findAll').catch((caught: unknown) => caught)) as ApiError;
    expect(describeError(fault, translator('uz')).general).toEqual(['Xizmat buni bajara olmadi (500). Keyinroq qayta urining.']);
  });

  it('reads a line as naming a field only when a dotted name is followed by a validation verb', () => {
    expect(parseProblem('login must be at least 3 characters')).toEqual({ field: 'login', text: 'must be at least 3 characters' });
    expect(parseProblem('items.0.quantity must have at most 3 decimal places')).toEqual({ field: 'items.0.quantity', text: 'must have at most 3 decimal places' });
    expect(parseProblem('Invalid credentials')).toEqual({ text: 'Invalid credentials' });
    expect(parseProblem('Point not found')).toEqual({ text: 'Point not found' });
  });
});
