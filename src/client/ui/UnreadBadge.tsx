import { useLingui } from '@lingui/react/macro';

/**
 * How many messages the member has not read yet: a small count drawn beside (or on) what leads to
 * them, and said in words to a screen reader as part of that link's or tab's name. Nothing when 0.
 */
export function UnreadBadge({ count, className = '' }: { count: number | undefined; className?: string }) {
  const { t } = useLingui();
  if (!count || count <= 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <>
      <span className={`unread-badge ${className}`.trim()} aria-hidden="true" data-testid="unread-badge">
        {shown}
      </span>
      {/* Its own word in the name of what holds it: "Messages, 2 unread" rather than "Messages2". */}
      <span className="visually-hidden">{`, ${t`${count} unread`}`}</span>
    </>
  );
}
