import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export interface SheetProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

type SheetComponent = ComponentType<SheetProps>;

let loading: Promise<SheetComponent> | null = null;

/** SheetMotion's code, asked for once; a failed load (offline before the service worker kept it) is asked again next time. */
function loadSheet(): Promise<SheetComponent> {
  loading ??= import('./SheetMotion').then(
    (module) => module.default,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

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
