import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ApiPath } from '../../../shared/api/paths';
import type { LedgerHead } from '../../../shared/api/types';
import { isoDate } from '../../../shared/serverDay';
import { useSession } from '../../api';
import { defineQuery, useQuery } from '../../data';
import { checkLiability, newestProofFile } from '../../data/ledger';
import { db } from '../../data/db';
import { useLedger } from '../../data/useLedger';
import { formatDateTime, formatMoney, formatServerDay } from '../../i18n';
import { copyText } from '../../lib/copyText';
import { pathTo } from '../../routing/paths';
import { Icon, Page, Spinner } from '../../ui';
import { LedgerWarning } from './LedgerWarning';
import './wallet.css';

/**
 * The signed ledger, explained (docs/ledger.md): what the fund log's marks check and what this
 * device holds, the member's balance at the newest head checked among what the operator owes, and
 * how to check a row without the app (the newest proof copied in the form docs/ledger.md's script
 * reads). Every figure is checked here, in the browser, from what the device holds.
 */
export default function LedgerPage() {
  const { t } = useLingui();
  const ledger = useLedger(undefined);
  const { latest } = ledger;
  return (
    <Page title={t`Signed ledger`} backTo={pathTo('income')} className="ledger-page">
      <LedgerWarning conflicts={ledger.conflicts} explain={false} />
      <section className="card ledger-held" data-testid="ledger-held">
        <h2 className="card-title">{t`On this device`}</h2>
        {!ledger.ready ? (
          <Spinner label={t`Loading`} />
        ) : latest ? (
          <HeldHeads latest={latest} count={ledger.heads} />
        ) : (
          <p className="text-muted" data-testid="ledger-none">
            {t`No signed day yet. The server signs the ledger when a day ends (00:00 UTC+8); the marks appear on the fund log after that.`}
          </p>
        )}
      </section>
      {latest && <BalanceCounted latest={latest} keys={ledger.keys} />}
      <WhatIsChecked />
      <CheckWithoutApp />
    </Page>
  );
}

function HeldHeads({ latest, count }: { latest: LedgerHead; count: number }) {
  const { t } = useLingui();
  const day = formatServerDay(isoDate(latest.day));
  const signedAt = formatDateTime(latest.closedAt);
  const key = latest.keyId.slice(0, 16);
  return (
    <dl className="ledger-figures">
      <div>
        <dt>{t`Signed days held`}</dt>
        <dd data-testid="ledger-head-count">{count}</dd>
      </div>
      <div>
        <dt>{t`Newest`}</dt>
        <dd data-testid="ledger-newest-day">{t`${day} (signed ${signedAt})`}</dd>
      </div>
      <div>
        <dt>{t`Signing key`}</dt>
        <dd className="ledger-hex">{key}…</dd>
      </div>
    </dl>
  );
}

/** The member's balance at the newest held head, on its path to what the operator owes, checked here. */
function BalanceCounted({ latest, keys }: { latest: LedgerHead; keys: ReadonlyMap<string, Uint8Array> }) {
  const { t } = useLingui();
  const { member } = useSession();
  const synced = useQuery(member ? defineQuery(ApiPath.ledgerLiability, { seq: latest.seq }) : null);
  const answer = synced.data;
  const day = formatServerDay(isoDate(latest.day));
  let body;
  if (!answer) {
    body = synced.error ? (
      <p className="text-muted">{t`You held no balance when the ledger of ${day} was signed, or it cannot be asked now.`}</p>
    ) : (
      <Spinner label={t`Loading`} />
    );
  } else {
    const verdict = checkLiability(answer, latest, keys);
    const balance = formatMoney(answer.balanceCents);
    const total = formatMoney(answer.head.liabilitiesCents);
    const members = answer.head.liabilitiesCount;
    body = (
      <p className={`ledger-verdict is-${verdict}`} data-testid="ledger-balance" data-verdict={verdict}>
        <Icon name={verdict === 'counted' ? 'shield' : 'alert'} size={18} />
        <span>
          {verdict === 'counted'
            ? t`Your balance of ${balance} at the close of ${day} is counted in the ${total} the operator owed ${members} members. Checked on this device.`
            : t`Your balance of ${balance} at the close of ${day} could not be checked against the signed ledger.`}
        </span>
      </p>
    );
  }
  return (
    <section className="card" aria-labelledby="ledger-balance-title">
      <h2 id="ledger-balance-title" className="card-title">
        {t`Your balance among what is owed`}
      </h2>
      {body}
    </section>
  );
}

function WhatIsChecked() {
  const { t } = useLingui();
  return (
    <section className="card ledger-explained" aria-labelledby="ledger-what-title">
      <h2 id="ledger-what-title" className="card-title">
        {t`What is checked`}
      </h2>
      <ul>
        <li>{t`Every change to a balance is a row of the fund log. When a server day ends, the server puts that day's rows in a Merkle tree (SHA-256, as certificate transparency logs do) and signs its root with its ledger key (Ed25519).`}</li>
        <li>{t`Each day's signed head holds the head of the day before, so no past day can change without every later head changing.`}</li>
        <li>{t`A row is marked once this device has checked its path to a signed root, and that the row signed is the row you see: same amount, balance, time and kind. A row whose check fails is marked in red.`}</li>
        <li>{t`This device keeps the heads and proofs it checked, so the marks are checked again with the network off. If the server later answers another head for a day this device holds, it is shown in red and never replaced.`}</li>
        <li>{t`With each head, every member's balance is a leaf of a sum tree whose root is what the operator owes in total; your own path shows your balance is counted and no sum on it is negative.`}</li>
      </ul>
    </section>
  );
}

/** The newest kept proof, copied as docs/ledger.md's script reads it. */
function CheckWithoutApp() {
  const { t } = useLingui();
  const owner = useSession().member ?? '';
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed' | 'none'>('idle');
  async function copy() {
    const file = await newestProofFile(db, owner);
    if (file === null) return setCopied('none');
    setCopied((await copyText(file)) ? 'copied' : 'failed');
  }
  return (
    <section className="card ledger-explained" aria-labelledby="ledger-own-title">
      <h2 id="ledger-own-title" className="card-title">
        {t`Check it without the app`}
      </h2>
      <p>
        {t`The operator publishes how a row and a head are written as bytes, and a short Node script that checks a row's proof with nothing else installed (docs/ledger.md). Copy your newest checked row's proof, save it as proof.json and run the script on it.`}
      </p>
      <button
        type="button"
        className="btn btn-secondary btn-block"
        onClick={() => void copy()}
        data-testid="ledger-copy"
      >
        <Icon name="copy" size={18} />
        {t`Copy the newest proof`}
      </button>
      <p className="text-muted" role="status" data-testid="ledger-copy-status">
        {copied === 'copied'
          ? t`Copied.`
          : copied === 'failed'
            ? t`This browser did not allow copying.`
            : copied === 'none'
              ? t`No row of yours is checked on this device yet: open the fund log first.`
              : ''}
      </p>
    </section>
  );
}
