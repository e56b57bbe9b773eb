import { useMemo } from 'react';
import { useParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { verifyRound, type VerifyResult } from '../../../shared/game';
import type { GameRound } from '../../../shared/api/types';
import { ErrorCode } from '../../../shared/errors';
import { ApiError } from '../../api';
import { failureText } from '../../i18n';
import { useQuery } from '../../data';
import { EmptyState, Icon, Page, SyncedSection } from '../../ui';
import { DrawNumbers } from './DrawNumbers';
import { gameInfoQuery, roundProofQuery } from './gameApi';
import { RulesBody } from './RulesSheet';
import { numbersOf, proofOf } from './model';
import { pathTo } from '../../routing/paths';
import { VerifyRoundForm } from './VerifyRoundForm';
import './game.css';

type CheckResult = 'pass' | 'fail' | 'skip';

function Check({ id, result, label, detail }: { id: string; result: CheckResult; label: string; detail?: string }) {
  return (
    <li className={`check is-${result}`} data-testid={`check-${id}`} data-result={result}>
      <Icon name={result === 'pass' ? 'check' : result === 'fail' ? 'close' : 'info'} size={20} />
      <div>
        <p className="check-label">{label}</p>
        {detail && <p className="check-detail">{detail}</p>}
      </div>
    </li>
  );
}

function Field({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="proof-field">
      <dt>{label}</dt>
      <dd className="mono" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * A round's fairness proof (DESIGN.md section 3), for any drawn round of the room (getRound): the
 * commitment published before the round, the seed revealed after it, the chain's anchor, and a
 * re-check done here in the browser with the same verifyRound the server's tests use: the seed
 * hashes to the commitment, the numbers follow from the seed and the round, and the commitment
 * links to the chain (the seed of the round before, or the anchor). Cached once seen.
 */
export default function FairnessPage() {
  const { t } = useLingui();
  const params = useParams<{ roomid: string; seqno: string }>();
  const roomid = /^\d+$/.test(params.roomid ?? '') ? Number(params.roomid) : 0;
  const seqno = decodeURIComponent(params.seqno ?? '');
  const synced = useQuery(roomid > 0 && seqno !== '' ? roundProofQuery(roomid, seqno) : null);
  const refusal = synced.error instanceof ApiError && synced.error.kind === 'refused' ? synced.error : null;

  return (
    <Page title={t`Fairness proof`} backTo={pathTo('activity', { id: roomid })} className="fairness-page">
      {refusal && synced.data === undefined ? (
        <ProofRefused refusal={refusal} seqno={seqno} />
      ) : (
        <SyncedSection
          synced={synced}
          unavailableTitle={t`The proof cannot be loaded`}
          unavailableText={t`It will show once the app can reach the server.`}
        >
          {(answer) => <Proof round={answer.round} previousSeed={answer.previousSeed} />}
        </SyncedSection>
      )}
      {roomid > 0 && <VerifyRoundForm roomid={roomid} />}
      {roomid > 0 && <RoomRules roomid={roomid} />}
    </Page>
  );
}

/**
 * What the verified numbers mean for an order: the room's rules, odds, chances and returns, the
 * same figures as the room's rules sheet (RulesBody), from the room's last answer (cached, so they
 * read offline too). Nothing while the room is unknown.
 */
function RoomRules({ roomid }: { roomid: number }) {
  const { t } = useLingui();
  const room = useQuery(gameInfoQuery(roomid)).data?.info.room;
  if (!room) return null;
  return (
    <section className="card fairness-rules" aria-labelledby="fairness-rules-title" data-testid="fairness-rules">
      <h2 id="fairness-rules-title" className="card-title">
        {t`Rules and returns`}
      </h2>
      <RulesBody room={room} />
    </section>
  );
}

/**
 * Why there is no proof to show. getRound answers an unknown round number with the spec's 1028,
 * whose words ("no active round") are the room's; here the number was asked for, so the page says
 * there is no such round. A round not drawn yet (3002) is explained: its check runs after the draw.
 */
function ProofRefused({ refusal, seqno }: { refusal: ApiError; seqno: string }) {
  const { t } = useLingui();
  const { code } = refusal;
  if (code === ErrorCode.NoActiveActivity) {
    return (
      <EmptyState
        title={t`No round ${seqno} in this room`}
        text={t`Check the round number: it is the day and the round of that day, such as 20261124-0001.`}
        icon="info"
      />
    );
  }
  return (
    <>
      <EmptyState title={failureText(refusal)} icon="info" />
      {code === ErrorCode.RoundNotDrawn && <HowItWorks />}
    </>
  );
}

/** What the check is (shown with a proof, and before one exists). */
function HowItWorks() {
  const { t } = useLingui();
  return (
    <p className="proof-how text-muted" data-testid="proof-how">
      {t`How it works: each round's seed comes from a SHA-256 hash chain made in advance. Its hash is published before the round opens. After the draw the seed is revealed; the three numbers are the first bytes below 250 of HMAC-SHA256(seed, round id), each taken mod 10.`}
    </p>
  );
}

function Proof({ round, previousSeed }: { round: GameRound; previousSeed: string | null }) {
  const proof = useMemo(() => proofOf(round, previousSeed), [round, previousSeed]);
  const result = proof ? verifyRound(proof) : undefined;
  const expected = result?.expected ? result.expected.join(', ') : '';
  return (
    <>
      <ProofCard round={round} previousSeed={previousSeed ?? undefined} />
      <Verdict result={result} expected={expected} />
      <HowItWorks />
    </>
  );
}

/** The round's published and revealed values. */
function ProofCard({ round, previousSeed }: { round: GameRound; previousSeed: string | undefined }) {
  const { t } = useLingui();
  const numbers = numbersOf(round);
  const roundSeqno = round.seqno;
  return (
    <section className="card proof" aria-labelledby="proof-title">
      <h2 id="proof-title" className="card-title">
        {t`Round ${roundSeqno}`}
      </h2>
      {numbers && <DrawNumbers numbers={numbers} sum={round.sum ?? numbers[0] + numbers[1] + numbers[2]} />}
      <dl className="proof-fields">
        <Field label={t`Round id`} value={String(round.id)} testId="proof-round" />
        <Field
          label={t`Commitment (SHA-256 of the seed, published before the round)`}
          value={round.commitment}
          testId="proof-commitment"
        />
        <Field label={t`Revealed seed`} value={round.seed ?? t`Revealed after the draw`} testId="proof-seed" />
        <Field label={t`Chain anchor`} value={round.anchor} testId="proof-anchor" />
        {previousSeed && <Field label={t`Seed of the round before`} value={previousSeed} testId="proof-previous" />}
      </dl>
    </section>
  );
}

/** The three checks run in the browser, or why they have not run yet. */
function Verdict({ result, expected }: { result: VerifyResult | undefined; expected: string }) {
  const { t } = useLingui();
  return (
    <>
      {result ? (
        <section
          className={`card verdict ${result.ok ? 'is-pass' : 'is-fail'}`}
          data-testid="fairness-verdict"
          data-ok={String(result.ok)}
          aria-labelledby="verdict-title"
        >
          <h2 id="verdict-title" className="verdict-title" role="status">
            <Icon name={result.ok ? 'shield' : 'alert'} size={24} />
            {result.ok ? t`Verified in your browser` : t`Verification failed`}
          </h2>
          <ul className="checks">
            <Check
              id="commitment"
              result={result.commitmentMatches ? 'pass' : 'fail'}
              label={
                result.commitmentMatches
                  ? t`The seed's SHA-256 equals the commitment.`
                  : t`The seed's SHA-256 does not equal the commitment.`
              }
            />
            <Check
              id="numbers"
              result={result.numbersMatch ? 'pass' : 'fail'}
              label={
                result.numbersMatch
                  ? t`The numbers follow from the seed and the round id.`
                  : t`The numbers do not follow from the seed and the round id.`
              }
              detail={!result.numbersMatch && expected ? t`The seed gives ${expected}.` : undefined}
            />
            <Check
              id="chain"
              result={result.chainLinks === null ? 'skip' : result.chainLinks ? 'pass' : 'fail'}
              label={
                result.chainLinks === null
                  ? t`Chain link not checked: the round before has no revealed seed.`
                  : result.chainLinks
                    ? t`The commitment is the seed of the round before: the chain links.`
                    : t`The commitment does not link to the round before.`
              }
            />
          </ul>
        </section>
      ) : (
        <section className="card verdict" data-testid="fairness-verdict" data-ok="pending">
          <p className="text-muted">{t`The seed is revealed after the draw; the check runs then.`}</p>
        </section>
      )}
    </>
  );
}
