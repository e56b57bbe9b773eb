import { useLingui } from '@lingui/react/macro';
import { useConfig } from '../../data';
import { EmptyState, Icon, Page } from '../../ui';
import type { AppVersionEntry } from '../../../shared/api/types';

function VersionRow({ platform, entry }: { platform: string; entry: AppVersionEntry }) {
  const { t } = useLingui();
  const version = entry.version;
  return (
    <li className="version-row">
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

/** Version page: the Android and iOS entries of app config. */
export default function VersionPage() {
  const { t } = useLingui();
  const versions = useConfig().data?.versions;
  return (
    <Page title={t`App version`}>
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
