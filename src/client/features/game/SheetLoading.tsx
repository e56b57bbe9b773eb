import { useLingui } from '@lingui/react/macro';
import { Spinner } from '../../ui';

/** A sheet's list on its way (its code, or its first rows). */
export function SheetLoading() {
  const { t } = useLingui();
  return (
    <div className="sheet-loading">
      <Spinner label={t`Loading`} />
    </div>
  );
}
