/**
 * The per-workplace download and the updater's feed (docs/downloads.md). Not catalogue operations: they answer
 * with files, not JSON records, and live outside /api/v1.
 *
 * - `GET  /downloads`                          releases on offer per platform (owner/admin); how to publish when none.
 * - `GET  /downloads/provisioning-key`         the public key provisioning files are signed with (public).
 * - `POST /downloads/{workplaceId}/enrollment` "Add a till": a fresh code, its link and its signed provisioning file.
 * - `GET  /downloads/{workplaceId}/{platform}` the installer, named with a fresh one-time code; its signed
 *                                              provisioning file travels in the `kassa-provisioning` header.
 * - `GET  /releases/{file}`                    RELEASES_DIR as electron-updater's generic feed (public, read-only).
 *
 * Order of checks on a download: caller (401/403), platform (400), workplace (404), a published installer (404),
 * the service's configured address (503 in production without PUBLIC_URL) —
 * all before a code is made, so a refused download spends nothing.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createEnrollmentCode, type EnrollmentCodeRecord } from '../../app/sync/enrollment.js';
import { badRequest, forbidden, notFound, OperationError, unauthorized } from '../../shared/errors.js';
import { uuidv7 } from '../../shared/ids.js';
import {
  enrollLink,
  installerNameWithCode,
  isPlatform,
  PLATFORMS,
  provisioningFileName,
  PROVISIONING_EXTENSION,
} from '../../shared/provisioning/provisioning.js';
import type { Principal } from '../auth/principal.js';
import { listenOrigin } from '../config.js';
import { errorBody } from '../errors.js';
import type { PlatformServices } from '../platform/platform-handler.js';
import { audit } from '../platform/support.js';
import { syncKeys } from '../sync/keys.js';
import { provisioningSigner, type ProvisioningSigner } from './provisioning-signer.js';
import { findInstaller, HOW_TO_PUBLISH, isReleaseFileName, releaseFile } from './releases.js';

/** Response headers of a download that carry its provisioning file (same origin: no CORS exposure needed). */
export const PROVISIONING_HEADER = 'kassa-provisioning';
export const PROVISIONING_NAME_HEADER = 'kassa-provisioning-file-name';
export const ENROLLMENT_CODE_HEADER = 'kassa-enrollment-code';
export const ENROLLMENT_EXPIRES_HEADER = 'kassa-enrollment-expires-at';

async function manager(services: PlatformServices, request: FastifyRequest): Promise<Principal> {
  const principal = await services.principals.resolve(request.headers.authorization);
  if (!principal) throw unauthorized();
  if (principal.actor.kind !== 'user' || (principal.actor.role !== 'OWNER' && principal.actor.role !== 'ADMIN')) {
    throw forbidden('Only the business owner or an administrator may download tills');
  }
  return principal;
}

function workplaceIdOf(request: FastifyRequest): string {
  const id = (request.params as { workplaceId?: string }).workplaceId ?? '';
  if (id.length === 0 || id.length > 100) throw notFound('Workplace not found');
  return id;
}

/** What a download answers (503) in production while PUBLIC_URL is not set; logged once at start. */
export const PUBLIC_URL_MISSING =
  'PUBLIC_URL is not configured: this service cannot tell a till where to connect. The operator must set PUBLIC_URL to the https address tills reach this service at (e.g. https://kassa.example.com) and restart it.';

/**
 * The address tills are told to enroll with, from configuration only — never the request's Host header, which
 * whoever sends the request chooses, and which would then be signed into the file. PUBLIC_URL; in development
 * without it, the address the service listens on (the bound port when it listens on port 0); in production
 * without it, none (the download answers 503 with PUBLIC_URL_MISSING).
 */
export function serviceAddress(config: { publicUrl?: string; production: boolean; host: string; port: number }, bound: unknown): string | null {
  if (config.publicUrl) return config.publicUrl;
  if (config.production) return null;
  const port = typeof bound === 'object' && bound !== null && 'port' in bound && typeof bound.port === 'number' ? bound.port : config.port;
  return listenOrigin(config.host, port);
}

interface IssuedCode {
  readonly record: EnrollmentCodeRecord;
  readonly businessId: string;
  readonly businessName: string;
  readonly workplaceName: string;
}

/** One transaction: the code (tenant-scoped: another business's workplace is 404) and its audit entry. */
async function issueCode(services: PlatformServices, principal: Principal, workplaceId: string, purpose: string): Promise<IssuedCode> {
  const now = new Date();
  return services.writes.transaction(async (tx) => {
    const record = await createEnrollmentCode(
      tx,
      { businessId: principal.businessId, actorId: principal.actor.id, now, newId: uuidv7 },
      workplaceId,
      syncKeys(services.config.jwtSecret).enrollmentCode,
    );
    const workplace = await tx.selectFrom('workplaces').select('name').where('business_id', '=', principal.businessId).where('id', '=', workplaceId).executeTakeFirstOrThrow();
    const business = await tx.selectFrom('businesses').select('name').where('id', '=', principal.businessId).executeTakeFirst();
    const details = { id: record.id, workplace_id: workplaceId, expires_at: record.expires_at, via: purpose };
    await audit(tx, { businessId: principal.businessId, userId: principal.actor.id, type: 'AUTH', action: 'CREATE_ENROLLMENT_CODE', details }, now.toISOString());
    return { record, businessId: principal.businessId, businessName: business?.name ?? '', workplaceName: workplace.name };
  });
}

async function requireWorkplace(services: PlatformServices, principal: Principal, workplaceId: string): Promise<void> {
  const found = await services.db
    .selectFrom('workplaces')
    .select('id')
    .where('business_id', '=', principal.businessId)
    .where('id', '=', workplaceId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!found) throw notFound('Workplace not found');
}

/** The file names its business and workplace: the service refuses it at enrollment with a code of any other. */
async function signedFile(signer: ProvisioningSigner, server: string, issued: IssuedCode): Promise<string> {
  const { record, businessId, businessName, workplaceName } = issued;
  return signer.sign(
    {
      server,
      code: record.code,
      business: { id: businessId, name: businessName },
      workplace: { id: record.workplace_id, name: workplaceName },
      exp: Math.floor(Date.parse(record.expires_at) / 1000),
    },
    new Date(),
  );
}

/** A quoted Content-Disposition file name plus its RFC 5987 form (names are ASCII by construction; both kept). */
function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function registerDownloadRoutes(app: FastifyInstance, services: PlatformServices): Promise<void> {
  const signer = await provisioningSigner(services.config);
  const releasesDir = services.config.releasesDir;
  const address = () => serviceAddress(services.config, app.server.address());
  if (address() === null) app.log.warn(PUBLIC_URL_MISSING);
  const noAddress = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(503).send(errorBody(request, 503, PUBLIC_URL_MISSING, { code: 'PUBLIC_URL_MISSING' }));

  app.get('/downloads/provisioning-key', async (_request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return { keys: [signer.publicJwk] };
  });

  app.get('/downloads', async (request) => {
    await manager(services, request);
    const platforms = [];
    for (const platform of PLATFORMS) {
      const installer = await findInstaller(releasesDir, platform);
      if (installer) platforms.push({ platform, file_name: installer.fileName, size: installer.size, version: installer.version });
    }
    return {
      releases_dir_configured: releasesDir !== undefined,
      platforms,
      ...(platforms.length === 0 ? { how_to_publish: HOW_TO_PUBLISH } : {}),
      feed_url: address() === null ? null : `${address()}/releases/`,
    };
  });

  app.post('/downloads/:workplaceId/enrollment', async (request, reply) => {
    const principal = await manager(services, request);
    const workplaceId = workplaceIdOf(request);
    const server = address();
    if (server === null) return noAddress(request, reply);
    const issued = await issueCode(services, principal, workplaceId, 'console');
    const file = await signedFile(signer, server, issued);
    void reply.code(201).header('cache-control', 'no-store');
    return {
      code: issued.record.code,
      expires_at: issued.record.expires_at,
      workplace_id: workplaceId,
      workplace_name: issued.workplaceName,
      server,
      link: enrollLink(server, issued.record.code),
      provisioning: { file_name: `Kassa.${issued.record.code}.${PROVISIONING_EXTENSION}`, content: file },
    };
  });

  app.get('/downloads/:workplaceId/:platform', async (request: FastifyRequest, reply: FastifyReply) => {
    const principal = await manager(services, request);
    const platform = (request.params as { platform?: string }).platform;
    if (!isPlatform(platform)) throw badRequest(`platform must be one of ${PLATFORMS.join(', ')}`);
    const workplaceId = workplaceIdOf(request);
    await requireWorkplace(services, principal, workplaceId);
    const installer = await findInstaller(releasesDir, platform);
    if (!installer) throw new OperationError(404, `No ${platform} installer has been published. ${HOW_TO_PUBLISH}`, { code: 'NO_RELEASE' });
    const server = address();
    if (server === null) return noAddress(request, reply);
    // Never through a link, even one that replaced the file since it was chosen (releases.ts: only regular files).
    const opened = await open(installer.path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
    if (!opened) throw new OperationError(404, `No ${platform} installer has been published. ${HOW_TO_PUBLISH}`, { code: 'NO_RELEASE' });
    const issued = await issueCode(services, principal, workplaceId, `download:${platform}`).catch(async (error: unknown) => {
      await opened.close();
      throw error;
    });
    const file = await signedFile(signer, server, issued);
    const name = installerNameWithCode(installer.fileName, issued.record.code);
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', String(installer.size))
      .header('content-disposition', attachment(name))
      .header('cache-control', 'no-store')
      .header(PROVISIONING_HEADER, file)
      .header(PROVISIONING_NAME_HEADER, provisioningFileName(name))
      .header(ENROLLMENT_CODE_HEADER, issued.record.code)
      .header(ENROLLMENT_EXPIRES_HEADER, issued.record.expires_at)
      .send(opened.createReadStream());
  });

  await app.register(async (feed) => {
    const noRelease = (request: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).send(errorBody(request, 404, releasesDir ? `No such file in the published release. ${HOW_TO_PUBLISH}` : `RELEASES_DIR is not configured. ${HOW_TO_PUBLISH}`));
    feed.setNotFoundHandler(noRelease);
    if (!releasesDir) {
      feed.get('/*', noRelease);
      return;
    }
    // A symbolic link in the folder (to a file or a folder anywhere) is answered like a file that is not there,
    // before @fastify/static, which would follow it; the answer never says where it points.
    feed.addHook('preHandler', async (request, reply) => {
      const name = (request.params as { '*'?: string })['*'] ?? '';
      if (!(await releaseFile(releasesDir, name))) return noRelease(request, reply);
    });
    await feed.register(fastifyStatic, {
      root: releasesDir,
      prefix: '/',
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      // Only files directly in the folder, by names electron-builder writes (no sub-folders, no dot files).
      allowedPath: (pathName) => isReleaseFileName(decodeURIComponent(pathName.replace(/^\//, ''))),
      // The channel files change with every release; installers are named by version and may be cached.
      setHeaders: (response, path) => {
        if (path.endsWith('.yml')) void response.header('cache-control', 'no-cache');
      },
    });
  }, { prefix: '/releases' });
}
