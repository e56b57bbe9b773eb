import { useState } from 'react';
import { Link } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import type { BankCard } from '../../../shared/api/types';
import { MessageKey, refuse } from '../../../shared/errors';
import { isBrowserOnline, useQuery } from '../../data';
import { messageOf } from '../../i18n';
import { EmptyState, Icon, Page, Spinner, SyncedSection, confirmDialog, navigate, toast } from '../../ui';
import { cardSummary, cardTypeName, isBankType } from './cards';
import { bankCardsQuery, deleteBankCard, failureText, refreshBankCards } from './walletApi';
import './wallet.css';

/** Withdrawal accounts (/banklist): type, and username, bank, account for a bank, else the address. */
export default function BankListPage() {
  const { t, i18n } = useLingui();
  const cards = useQuery(bankCardsQuery);
  const [deleting, setDeleting] = useState<number | null>(null);

  async function onDelete(card: BankCard) {
    if (deleting !== null) return;
    if (!isBrowserOnline()) {
      toast.warn(messageOf(refuse(MessageKey.Offline)));
      return;
    }
    const type = cardTypeName(i18n, card.type);
    const summary = cardSummary(card);
    const confirmed = await confirmDialog({
      title: t`Delete this account?`,
      message: t`${type}: ${summary}. You can add it again later.`,
      confirmLabel: t`Delete`,
      cancelLabel: t`Keep it`,
      tone: 'danger',
    });
    if (!confirmed) return;
    setDeleting(card.id);
    try {
      await deleteBankCard(card.id);
      toast.success(t`Account deleted`);
    } catch {
      // Refusals were toasted by the API client in the member's language.
    } finally {
      setDeleting(null);
      await refreshBankCards();
    }
  }

  const add = (
    <Link href="/bankadd" className="icon-btn" aria-label={t`Add account`} data-testid="bank-add-link">
      <Icon name="plus" />
    </Link>
  );

  return (
    <Page title={t`Withdrawal accounts`} backTo="/my_set" actions={add} className="wallet-page">
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
              <button type="button" className="btn btn-primary" onClick={() => navigate('/bankadd')}>
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
              {list.map((card) => {
                const type = cardTypeName(i18n, card.type);
                const summary = cardSummary(card);
                return (
                  <li key={card.id} className="bank-card card" data-testid="bank-card" data-card-id={card.id}>
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
                            <dd data-testid="bank-card-account">{card.account}</dd>
                          </div>
                        </dl>
                      ) : (
                        <dl className="bank-card-fields">
                          <div>
                            <dt>{t`Wallet address`}</dt>
                            <dd className="wallet-mono" data-testid="bank-card-address">
                              {card.address}
                            </dd>
                          </div>
                        </dl>
                      )}
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
              })}
            </ul>
            <Link href="/bankadd" className="btn btn-secondary btn-block bank-add-more">
              <Icon name="plus" size={20} />
              {t`Add another account`}
            </Link>
          </>
        )}
      </SyncedSection>
    </Page>
  );
}
