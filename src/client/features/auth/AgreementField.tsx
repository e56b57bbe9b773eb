import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import type { Article } from '../../../shared/api/types';
import { ApiPath } from '../../api';
import { ARTICLE_CATEGORY, articleContent, articleTitle } from '../../../shared/content';
import { defineQuery, useQuery } from '../../data';
import { useLocale } from '../../i18n';
import { CheckboxField, EmptyState, Sheet, SyncedSection } from '../../ui';
import { ArticleHtml } from '../../ui/ArticleHtml';

/** The operator publishes the agreement as an article (category 27); the newest one is the one in force. */
const agreementQuery = defineQuery(ApiPath.oneClassArticle, { type: ARTICLE_CATEGORY.Agreement });

/** The agreement's checkbox, with the text one tap away in a sheet. */
export function AgreementField({
  input,
  onAgree,
  error,
}: {
  /** The form's registration of the checkbox. */
  input: UseFormRegisterReturn;
  /** "I agree" under the text: the box ticked. */
  onAgree: () => void;
  error: string | null;
}) {
  const { t } = useLingui();
  const [reading, setReading] = useState(false);
  return (
    <>
      <CheckboxField label={t`I have read and agree to the member agreement`} error={error} {...input} />
      <button type="button" className="btn btn-ghost btn-small agreement-open" onClick={() => setReading(true)}>
        {t`Read the member agreement`}
      </button>
      <AgreementSheet
        open={reading}
        onClose={() => setReading(false)}
        onAgree={() => {
          onAgree();
          setReading(false);
        }}
      />
    </>
  );
}

/**
 * The member agreement, read before registering: the newest article of its category in the
 * member's language, loaded when the sheet opens. "I agree" ticks the box and closes the sheet.
 */
function AgreementSheet({ open, onClose, onAgree }: { open: boolean; onClose: () => void; onAgree: () => void }) {
  const { t } = useLingui();
  return (
    <Sheet
      open={open}
      title={t`Member agreement`}
      onClose={onClose}
      testId="agreement"
      footer={
        <button type="button" className="btn btn-primary btn-block" onClick={onAgree}>
          {t`I agree`}
        </button>
      }
    >
      <AgreementText />
    </Sheet>
  );
}

function AgreementText() {
  const { t } = useLingui();
  const locale = useLocale();
  const articles = useQuery(agreementQuery, { maxAgeMs: 30_000 });
  return (
    <SyncedSection
      synced={articles}
      unavailableTitle={t`Agreement unavailable`}
      empty={
        <EmptyState
          title={t`The agreement is not published yet`}
          text={t`Please contact customer service before you register.`}
          icon="book"
        />
      }
    >
      {(list: Article[]) => (
        <div className="agreement-text">
          <h3 className="agreement-title">{articleTitle(list[0], locale)}</h3>
          <ArticleHtml html={articleContent(list[0], locale)} />
        </div>
      )}
    </SyncedSection>
  );
}
