import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { tr } from '../i18n/tr';

/** "Açık Masalar · Sofra", "Hesap · Masa 5 · Sofra": the screen first, so a tab or window list tells them apart. */
export const pageTitle = (screen: string) => `${screen} · ${tr.appName}`;

const DetailContext = createContext<(detail: string | null) => void>(() => {});

/**
 * Names the page after the screen shown: `title` comes from the one list of a role's screens (the
 * sidebar's), and a screen inside it (an adisyon, its Hesap) may name itself more precisely with
 * useScreenTitle while it is open.
 */
export function PageTitle({ title, children }: { title: string; children: ReactNode }) {
  const [detail, setDetail] = useState<string | null>(null);
  useEffect(() => {
    document.title = pageTitle(detail ?? title);
  }, [detail, title]);
  return <DetailContext.Provider value={setDetail}>{children}</DetailContext.Provider>;
}

/** While this screen is open the page is named `title` (e.g. "Hesap · Masa 5") instead of its sidebar item. */
export function useScreenTitle(title: string | null) {
  const setDetail = useContext(DetailContext);
  useEffect(() => {
    if (title === null) return;
    setDetail(title);
    return () => setDetail(null);
  }, [title, setDetail]);
}
