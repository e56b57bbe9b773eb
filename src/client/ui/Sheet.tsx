import { lazy, Suspense, useState, type ReactNode } from 'react';

export interface SheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

const SheetMotion = lazy(() => import('./SheetMotion'));

/**
 * A bottom sheet (SheetMotion.tsx). Its code and the animation engine load the first time it
 * opens, not with the screen that holds it closed: the fund log's filter, say, would otherwise put
 * framer-motion on that screen's first load. Once opened it stays mounted, so closing animates.
 */
export function Sheet(props: SheetProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SheetMotion {...props} />
    </Suspense>
  );
}
