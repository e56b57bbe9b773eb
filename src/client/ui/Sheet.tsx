import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { chunkLoader } from '../lib/chunkLoader';

export interface SheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

type SheetComponent = ComponentType<SheetProps>;

/** SheetMotion's code: asked for once, and again next time should it not arrive. */
const loadSheet = chunkLoader((): Promise<SheetComponent> => import('./SheetMotion').then((module) => module.default));

/**
 * A bottom sheet (SheetMotion.tsx). Its code and the animation engine load the first time it
 * opens, not with the screen that holds it closed: the fund log's filter, say, would otherwise put
 * framer-motion on that screen's first load. Once there it stays mounted, so closing animates.
 * Should its code not arrive, the sheet closes again (a tap later tries again) rather than taking
 * the screen down with it.
 */
export function Sheet(props: SheetProps) {
  const [Loaded, setLoaded] = useState<SheetComponent | null>(null);
  const { open, onClose } = props;
  useEffect(() => {
    if (!open || Loaded) return;
    let current = true;
    loadSheet().then(
      (component) => current && setLoaded(() => component),
      () => current && onClose(),
    );
    return () => {
      current = false;
    };
  }, [open, Loaded, onClose]);
  return Loaded ? <Loaded {...props} /> : null;
}
