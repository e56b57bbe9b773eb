import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { BankCard } from '../../../shared/api/types';
import { useQuery } from '../../data';
import { EmptyState, Icon, Page, Spinner, SyncedSection, navigate } from '../../ui';
import { cardSummary, cardTypeName, isBankType, isDefective, maskedNumber } from './cards';
import { DefectNote } from './DefectNote';
import { useDeleteBankCard } from './useDeleteBankCard';
import { failureText } from '../../i18n';
import { bankCardsQuery } from './walletApi';
import { pathTo } from '../../routing/paths';
import './wallet.css';

/**
 * Withdrawal accounts (/banklist): type, and username, bank, account for a bank, else the address;
 * the account number and the address masked (only the add page shows them whole). An address that
 * fails its network's checksum (saved before it was checked) says that no withdrawal goes to it.
 */
export default function BankListPage() {
  const { t } = useLingui();
  const cards = useQuery(bankCardsQuery);
  const { deleting, onDelete } = useDeleteBankCard();

  const add = (
    <Link href={pathTo('bankAdd')} className="icon-btn" aria-label={t`Add account`} data-testid="bank-add-link">
      <Icon name="plus" />
    </Link>
  );

  return (
    <Page title={t`Withdrawal accounts`} backTo={pathTo('settings')} actions={add} className="wallet-page">
      <SyncedSection
        synced={cards}
        unavailableTitle={t`Accounts unavailable`}
        unavailableText={cards.error ? failureText(cards.error) : undefined}
        loading={
          <div className="wallet-loading">
            <Spinner label={t`Loading`} />
          </div>
        }
        empty={
          <EmptyState
            title={t`No accounts yet`}
            text={t`Add a bank account or a USDT address to withdraw to.`}
            icon="card"
            action={
              <button type="button" className="btn btn-primary" onClick={() => navigate(pathTo('bankAdd'))}>
                <Icon name="plus" size={20} />
                {t`Add account`}
              </button>
            }
          />
        }
      >
        {(list) => (
          <>
            <ul className="bank-list" aria-label={t`Saved accounts`}>
              {list.map((card) => (
                <BankCardRow key={card.id} card={card} deleting={deleting} onDelete={onDelete} />
              ))}
            </ul>
            <Link href={pathTo('bankAdd')} className="btn btn-secondary btn-block bank-add-more">
              <Icon name="plus" size={20} />
              {t`Add another account`}
            </Link>
          </>
        )}
      </SyncedSection>
    </Page>
  );
}

/** One saved account: its type and fields, and its delete button. */
function BankCardRow({
  card,
  deleting,
  onDelete,
}: {
  card: BankCard;
  deleting: number | null;
  onDelete: (card: BankCard) => Promise<void>;
}) {
  const { t, i18n } = useLingui();
  const type = cardTypeName(i18n, card.type);
  const summary = cardSummary(card);
  return (
    <li className="bank-card card" data-testid="bank-card" data-card-id={card.id}>
      <div className="bank-card-body">
        <span className="bank-card-type" data-testid="bank-card-type">
          {type}
        </span>
        {isBankType(card.type) ? (
          <dl className="bank-card-fields">
            <div>
              <dt>{t`Real name`}</dt>
              <dd data-testid="bank-card-username">{card.username}</dd>
            </div>
            <div>
              <dt>{t`Bank`}</dt>
              <dd data-testid="bank-card-bank">{card.bank}</dd>
            </div>
            <div>
              <dt>{t`Account number`}</dt>
              <dd data-testid="bank-card-account">{maskedNumber(card)}</dd>
            </div>
            {card.branch && (
              <div>
                <dt>{t`Branch`}</dt>
                <dd data-testid="bank-card-branch">{card.branch}</dd>
              </div>
            )}
          </dl>
        ) : (
          <dl className="bank-card-fields">
            <div>
              <dt>{t`Wallet address`}</dt>
              <dd className="wallet-mono" data-testid="bank-card-address">
                {maskedNumber(card)}
              </dd>
            </div>
          </dl>
        )}
        {isDefective(card) && <DefectNote />}
      </div>
      <button
        type="button"
        className="icon-btn bank-card-delete"
        aria-label={t`Delete ${type} ${summary}`}
        data-testid="bank-card-delete"
        disabled={deleting !== null}
        onClick={() => void onDelete(card)}
      >
        {deleting === card.id ? <Spinner /> : <Icon name="trash" />}
      </button>
    </li>
  );
}
