import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useConfig } from '../../data';
import { appVersion, checkForUpdate, type UpdateCheck } from '../../pwa';
import { EmptyState, Icon, Page, StaleBadge } from '../../ui';
import type { AppVersionEntry } from '../../../shared/api/types';
import './version.css';

function VersionRow({ platform, entry }: { platform: string; entry: AppVersionEntry }) {
  const { t } = useLingui();
  const version = entry.version;
  return (
    <li className="version-row" data-testid={`version-${platform.toLowerCase()}`}>
      <div>
        <p className="version-platform">{platform}</p>
        <p className="version-number">{version ? t`Version ${version}` : t`No release yet`}</p>
      </div>
      {entry.url && (
        <a
          className="btn btn-secondary btn-small"
          href={entry.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t`Download for ${platform}`}
        >
          <Icon name="download" size={18} />
          {t`Download`}
        </a>
      )}
    </li>
  );
}

type CheckState = { kind: 'idle' } | { kind: 'checking' } | { kind: 'done'; result: UpdateCheck };

/** This installed web app: its version and a check for a newer one (the update prompt offers the reload). */
function WebAppCard() {
  const { t } = useLingui();
  const [check, setCheck] = useState<CheckState>({ kind: 'idle' });
  const version = appVersion();

  async function onCheck() {
    if (check.kind === 'checking') return;
    setCheck({ kind: 'checking' });
    const result = await checkForUpdate().catch((): UpdateCheck => 'offline');
    setCheck({ kind: 'done', result });
  }

  const results: Record<UpdateCheck, { text: string; tone: 'ok' | 'warn' | 'new' }> = {
    'update-available': { text: t`A new version is ready. Reload the app to use it.`, tone: 'new' },
    'up-to-date': { text: t`You have the latest version.`, tone: 'ok' },
    offline: { text: t`Could not reach the server. Connect to the internet and try again.`, tone: 'warn' },
    failed: { text: t`The server could not answer the update check. Try again later.`, tone: 'warn' },
    unsupported: {
      text: t`This browser does not install the app, so there is nothing to update: reloading the page gets the latest version.`,
      tone: 'warn',
    },
  };
  const shown = check.kind === 'done' ? results[check.result] : null;

  return (
    <section className="card version-app" aria-labelledby="version-app-title">
      <div className="version-app-head">
        <div>
          <h2 id="version-app-title" className="version-platform">
            {t`This app`}
          </h2>
          <p className="version-number" data-testid="app-version">
            {t`Version ${version}`}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => void onCheck()}
          disabled={check.kind === 'checking'}
          aria-busy={check.kind === 'checking' || undefined}
        >
          {check.kind === 'checking' ? (
            <span className="spinner spinner-inline" aria-hidden="true" />
          ) : (
            <Icon name="refresh" size={18} />
          )}
          {check.kind === 'checking' ? t`Checking…` : t`Check for updates`}
        </button>
      </div>
      <p className={`version-check version-check-${shown?.tone ?? 'none'}`} role="status" data-testid="update-status">
        {shown?.text ?? ''}
      </p>
    </section>
  );
}

/** Version page (/my_update): this web app's version and update check, then the Android and iOS entries of app config. */
export default function VersionPage() {
  const { t } = useLingui();
  const config = useConfig();
  const versions = config.data?.versions;
  return (
    <Page title={t`App version`} className="version-page">
      <WebAppCard />
      <h2 className="section-title">{t`Mobile apps`}</h2>
      <StaleBadge status={config.status} updatedAt={config.updatedAt} validating={config.isValidating} />
      {versions ? (
        <ul className="card version-list">
          <VersionRow platform="Android" entry={versions.android} />
          <VersionRow platform="iOS" entry={versions.ios} />
        </ul>
      ) : (
        <EmptyState title={t`No versions published`} icon="download" />
      )}
    </Page>
  );
}
