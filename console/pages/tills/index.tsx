/**
 * "Add a till" (docs/downloads.md): for a workplace, a fresh one-time enrollment code shown as text, as a QR code of
 * the `kassa://enroll` link and as a Code 128 barcode (the terminal's enrollment screen takes a scanner's input),
 * the link itself, and download buttons per platform whose installers carry a code of their own and a signed
 * provisioning file, so the till connects by itself. With nothing published it says how to publish a release.
 */
import { useCallback, useEffect, useState } from 'react';
import { useApi, useLanguage, useSession, useT } from '../../context.js';
import { rowsOf } from '../../components/RecordsPage.js';
import type { ConsolePage } from '../page.js';
import { code128Image, qrCodeImage } from './codes.js';
import { downloadsApi, PLATFORMS, saveFile, type NewTill, type Platform, type Releases } from './downloads-api.js';

const PLATFORM_NAMES: Record<Platform, string> = { windows: 'Windows', mac: 'macOS', linux: 'Linux' };

interface Workplace {
  readonly id: string;
  readonly name: string;
}

function NewTillPanel({ till, releases, onNewCode, onClose }: { till: NewTill; releases: Releases | undefined; onNewCode: () => void; onClose: () => void }) {
  const t = useT();
  const { session } = useSession();
  const { language } = useLanguage();
  const [qr, setQr] = useState<string>();
  const [downloaded, setDownloaded] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const barcode = code128Image(till.code);

  useEffect(() => {
    let current = true;
    void qrCodeImage(till.link).then((image) => current && setQr(image));
    return () => {
      current = false;
    };
  }, [till.link]);

  const download = async (platform: Platform) => {
    setProblem(undefined);
    try {
      const files = await downloadsApi(() => session?.token).installer(till.workplace_id, platform);
      saveFile(files.installer);
      saveFile(files.provisioning);
      setDownloaded(t('tills.downloaded', { installer: files.installer.name, file: files.provisioning.name, code: files.code }));
    } catch (error) {
      setProblem(t('tills.failed', { message: error instanceof Error ? error.message : String(error) }));
    }
  };
  const offered = new Set(releases?.platforms.map((release) => release.platform));
  const time = new Date(till.expires_at).toLocaleTimeString(language === 'en' ? 'en-GB' : language === 'ru' ? 'ru-RU' : 'uz-Latn-UZ', { hour: '2-digit', minute: '2-digit' });

  return (
    <section className="panel new-till" aria-labelledby="new-till-title" data-testid="new-till">
      <h2 id="new-till-title">{t('tills.forWorkplace', { workplace: till.workplace_name })}</h2>
      <div className="new-till-columns">
        <div>
          <h3>{t('tills.download')}</h3>
          <div className="download-buttons">
            {PLATFORMS.map((platform) => (
              <button key={platform} type="button" className="primary" disabled={!offered.has(platform)} onClick={() => void download(platform)}>
                {t('tills.downloadFor', { platform: PLATFORM_NAMES[platform] })}
                {offered.has(platform) ? null : <span className="small-note"> ({t('tills.notPublished')})</span>}
              </button>
            ))}
          </div>
          <p className="muted">{t('tills.downloadHint')}</p>
          {downloaded ? (
            <p className="success" role="status">
              {downloaded}
            </p>
          ) : null}
          {problem ? (
            <p className="error" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
        <div>
          <h3>{t('tills.orEnter')}</h3>
          <p className="enrollment-code" aria-label={t('tills.code')} data-testid="enrollment-code">
            {till.code}
          </p>
          <p className="muted">{t('tills.validUntil', { time })}</p>
          <div className="code-images">
            {qr ? <img src={qr} alt={t('tills.qr')} title={t('tills.qr')} width={132} height={132} /> : null}
            <img className="barcode" src={barcode} alt={t('tills.barcode')} title={t('tills.barcode')} />
          </div>
          <p>
            <a href={till.link} data-testid="enroll-link">
              {t('tills.openLink')}
            </a>
          </p>
        </div>
      </div>
      <div className="toolbar">
        <button type="button" onClick={onNewCode}>
          {t('tills.newCode')}
        </button>
        <button type="button" onClick={onClose}>
          {t('tills.close')}
        </button>
      </div>
    </section>
  );
}

export function Tills() {
  const t = useT();
  const api = useApi();
  const { session } = useSession();
  const [workplaces, setWorkplaces] = useState<readonly Workplace[]>();
  const [releases, setReleases] = useState<Releases>();
  const [till, setTill] = useState<NewTill>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    void api.call('BusinessController_findAllWorkplaces').then(
      (rows) => setWorkplaces(rowsOf<Workplace>(rows)),
      (error: unknown) => setProblem(t('tills.failed', { message: error instanceof Error ? error.message : String(error) })),
    );
    void downloadsApi(() => session?.token)
      .releases()
      .then(setReleases, () => undefined);
  }, [api, session, t]);

  const addTill = useCallback(
    async (workplaceId: string) => {
      setProblem(undefined);
      try {
        setTill(await downloadsApi(() => session?.token).addTill(workplaceId));
      } catch (error) {
        setProblem(t('tills.failed', { message: error instanceof Error ? error.message : String(error) }));
      }
    },
    [session, t],
  );

  const nothingPublished = releases !== undefined && releases.platforms.length === 0;
  const version = releases?.platforms.find((release) => release.version)?.version;

  return (
    <section className="tills-page">
      <p className="muted">{t('tills.intro')}</p>
      {nothingPublished ? (
        <div className="panel publish-help" role="note" data-testid="how-to-publish">
          <p>
            <strong>{t('tills.noRelease')}</strong>
          </p>
          {releases.releases_dir_configured ? null : <p>{t('tills.notConfigured')}</p>}
          <p>{t('tills.howToPublish')}</p>
        </div>
      ) : version ? (
        <p className="muted">{t('tills.release', { version })}</p>
      ) : null}
      {problem ? (
        <p className="error" role="alert">
          {problem}
        </p>
      ) : null}
      {till ? <NewTillPanel till={till} releases={releases} onNewCode={() => void addTill(till.workplace_id)} onClose={() => setTill(undefined)} /> : null}
      {workplaces === undefined ? (
        <p className="muted">{t('common.loading')}</p>
      ) : workplaces.length === 0 ? (
        <p className="muted empty">{t('tills.noWorkplaces')}</p>
      ) : (
        <table className="records">
          <thead>
            <tr>
              <th>{t('tills.workplace')}</th>
              <th className="actions">
                <span className="visually-hidden">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {workplaces.map((workplace) => (
              <tr key={workplace.id}>
                <td>{workplace.name}</td>
                <td className="actions">
                  <button type="button" className="small primary" onClick={() => void addTill(workplace.id)}>
                    {t('tills.add')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

const page: ConsolePage = { path: '/tills', titleMessageId: 'page.tills', Component: Tills };
export default page;
