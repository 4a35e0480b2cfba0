/**
 * The console's calls of the download endpoints (docs/downloads.md). They are public endpoints of the service like
 * the API — documented, token-authenticated, same origin — but not catalogue operations (they answer with files),
 * so they are called here with fetch and the session's token rather than through `api.call`.
 *
 * Decision (docs/downloads.md, "How the console gets the provisioning file"): a download's answer carries its
 * provisioning file in the `kassa-provisioning` header (and its name in `kassa-provisioning-file-name`); the console
 * saves both files, side by side. "Add a till" (POST …/enrollment) returns the same kind of file in its JSON.
 */
import { PLATFORMS, type Platform } from '../../../shared/provisioning/provisioning.js';

export { PLATFORMS, type Platform };

export interface Releases {
  readonly releases_dir_configured: boolean;
  readonly platforms: readonly { platform: Platform; file_name: string; size: number; version: string | null }[];
  readonly how_to_publish?: string;
  /** Null in production while PUBLIC_URL is not configured (downloads then answer 503 naming it). */
  readonly feed_url: string | null;
}

export interface NewTill {
  readonly code: string;
  readonly expires_at: string;
  readonly workplace_id: string;
  readonly workplace_name: string;
  readonly server: string;
  readonly link: string;
  readonly provisioning: { readonly file_name: string; readonly content: string };
}

export class DownloadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Fetch = (url: string, init: { method: string; headers: Record<string, string> }) => Promise<Response>;

async function answer(response: Response): Promise<Response> {
  if (response.ok) return response;
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  throw new DownloadError(response.status, typeof body.message === 'string' ? body.message : `HTTP ${response.status}`);
}

export function downloadsApi(token: () => string | undefined, fetcher: Fetch = (url, init) => fetch(url, init)) {
  const headers = () => ({ authorization: `Bearer ${token() ?? ''}` });
  return {
    async releases(): Promise<Releases> {
      return (await answer(await fetcher('/downloads', { method: 'GET', headers: headers() }))).json() as Promise<Releases>;
    },
    async addTill(workplaceId: string): Promise<NewTill> {
      return (await answer(await fetcher(`/downloads/${encodeURIComponent(workplaceId)}/enrollment`, { method: 'POST', headers: headers() }))).json() as Promise<NewTill>;
    },
    /** The installer (named with its fresh code) and its provisioning file, as two files to save side by side. */
    async installer(workplaceId: string, platform: Platform): Promise<{ installer: File; provisioning: File; code: string }> {
      const response = await answer(await fetcher(`/downloads/${encodeURIComponent(workplaceId)}/${platform}`, { method: 'GET', headers: headers() }));
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `Kassa-${platform}`;
      const provisioningName = response.headers.get('kassa-provisioning-file-name') ?? 'Kassa.kassa';
      return {
        installer: new File([await response.blob()], name, { type: 'application/octet-stream' }),
        provisioning: new File([response.headers.get('kassa-provisioning') ?? ''], provisioningName, { type: 'application/octet-stream' }),
        code: response.headers.get('kassa-enrollment-code') ?? '',
      };
    },
  };
}

/** Saves a file through the browser's download (an object URL on a temporary link). */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
